"""Monte Carlo estimates of the opening-hand odds, vectorised with numpy over trials on class counts.

Hands are dealt as random card-position sets packed in 64-bit words (Floyd's sampling, one numpy pass per card in
the hand; as many words as the deck needs, so a 100-card deck is no slower in kind than a 60-card one), reduced to
matched counts and class counts by popcount. Mulligans redraw only the trials that need it.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from deckcli.odds.bestpolicy import Policy, best_policy
from deckcli.odds.classes import CardCounts, DeckClasses, split_classes
from deckcli.odds.conditions import Condition
from deckcli.odds.rules import OpeningRules, draw_rules

#: Trials per chunk: bounds memory and paces the progress callback; results depend only on seed and trials.
CHUNK = 1 << 19
_MASK_BITS = 64


def _popcount(values: np.ndarray) -> np.ndarray:
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(values)
    table = np.array([bin(i).count("1") for i in range(256)], dtype=np.uint8)  # numpy < 2
    return table[values.view(np.uint8).reshape(-1, 8)].sum(axis=1, dtype=np.uint8)


class HandSampler:
    """Deals ``n``-card hands from a deck's classes as bit masks, each class on a run of bits (a deck of up to 64
    cards in one word, a larger one in as many as it needs), so a condition's matched count is a popcount per
    word; reports per-condition matched counts and class counts."""

    def __init__(self, classes: DeckClasses):
        self.counts = np.asarray(classes.counts, dtype=np.int64)
        self.size = int(self.counts.sum())
        self.signatures = np.array(classes.signatures, dtype=np.int64).reshape(len(self.counts), -1)
        self.words = max(1, -(-self.size // _MASK_BITS))
        masks, start = [], 0
        for c in classes.counts:
            masks.append(((1 << c) - 1) << start)
            start += c
        self.class_masks = [self._split(m) for m in masks]
        self.condition_masks = []
        for i in range(len(classes.conditions)):
            bits = 0
            for mask, signature in zip(masks, classes.signatures):
                if signature[i]:
                    bits |= mask
            self.condition_masks.append(self._split(bits))

    def _split(self, bits: int) -> list[np.uint64]:
        """A mask over the deck's card positions as its 64-bit words, lowest first."""
        return [np.uint64((bits >> (_MASK_BITS * w)) & ((1 << _MASK_BITS) - 1)) for w in range(self.words)]

    def deal(self, rng: np.random.Generator, n: int, trials: int) -> np.ndarray:
        """``trials`` random hands as bit masks: one word per hand, or a row of words for a deck over 64 cards."""
        if self.words == 1:
            return _floyd(rng, self.size, n, trials)
        return _floyd_words(rng, self.size, n, trials, self.words)

    def _count(self, hands: np.ndarray, mask: list[np.uint64]) -> np.ndarray:
        if self.words == 1:
            return _popcount(hands & mask[0])
        total = _popcount(hands[:, 0] & mask[0]).astype(np.int64)
        for w in range(1, self.words):
            if mask[w]:
                total += _popcount(hands[:, w] & mask[w])
        return total

    def matched(self, hands: np.ndarray) -> list[np.ndarray]:
        """Per condition, how many matching cards each dealt hand holds."""
        return [self._count(hands, mask) for mask in self.condition_masks]

    def meeting(self, hands: np.ndarray, judge: Judge) -> np.ndarray:
        """Whether each dealt hand meets every condition."""
        return judge.meets(self.matched(hands), len(hands))

    def histograms(self, hands: np.ndarray, n: int) -> list[np.ndarray]:
        """Per condition, how many dealt hands hold each matched count ``0..n``."""
        return [np.bincount(counts, minlength=n + 1)[: n + 1] for counts in self.matched(hands)]

    def class_counts(self, hands: np.ndarray) -> np.ndarray:
        """Each dealt hand as class counts (trials x classes)."""
        out = np.empty((len(hands), len(self.class_masks)), dtype=np.int64)
        for i, mask in enumerate(self.class_masks):
            out[:, i] = self._count(hands, mask)
        return out


def matched_from_counts(signatures: np.ndarray, hands: np.ndarray) -> list[np.ndarray]:
    """Per condition, matched counts of class-count rows."""
    product = hands @ signatures
    return [product[:, i] for i in range(signatures.shape[1])]


def _floyd(rng: np.random.Generator, size: int, n: int, trials: int) -> np.ndarray:
    """``trials`` uniform random ``n``-subsets of ``range(size)`` as bit masks (Floyd's algorithm, vectorised)."""
    one = np.uint64(1)
    hands = np.zeros(trials, dtype=np.uint64)
    bits = np.empty(trials, dtype=np.uint64)
    taken = np.empty(trials, dtype=bool)
    for j in range(size - n, size):
        picks = rng.integers(0, j + 1, size=trials, dtype=np.uint64)
        np.left_shift(one, picks, out=bits)
        np.not_equal(hands & bits, 0, out=taken)
        bits[taken] = one << np.uint64(j)
        hands |= bits
    return hands


def _floyd_words(rng: np.random.Generator, size: int, n: int, trials: int, words: int) -> np.ndarray:
    """:func:`_floyd` for a deck over 64 cards: each hand a row of ``words`` 64-bit words."""
    one, six = np.uint64(1), np.uint64(6)
    low_bits = np.uint64(_MASK_BITS - 1)
    hands = np.zeros((trials, words), dtype=np.uint64)
    rows = np.arange(trials)
    for j in range(size - n, size):
        picks = rng.integers(0, j + 1, size=trials, dtype=np.uint64)
        word = (picks >> six).astype(np.intp)
        bits = one << (picks & low_bits)
        taken = (hands[rows, word] & bits) != 0
        word[taken] = j // _MASK_BITS
        bits[taken] = one << np.uint64(j % _MASK_BITS)
        hands[rows, word] |= bits
    return hands


def draw_from(rng: np.random.Generator, pools: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """For each row, draw ``draws[row]`` cards without replacement from class counts ``pools[row]``."""
    out = np.zeros_like(pools)
    remaining = pools.sum(axis=1)
    left = draws.astype(np.int64)
    for i in range(pools.shape[1] - 1):
        good = pools[:, i]
        remaining = remaining - good
        got = rng.hypergeometric(good, remaining, left)
        out[:, i] = got
        left = left - got
    out[:, -1] = left
    return out


@dataclass
class SimResult:
    """Estimated probabilities, their standard errors, and per-condition histograms of the opening hand."""

    trials: int
    seed: int
    hand_size: int
    mulligan: str
    on_the_play: bool
    conditions: list[Condition]
    successes_opening: int
    successes_with_mulligan: int
    histograms: list[list[int]] = field(default_factory=list)

    @property
    def p_opening(self) -> float:
        return self.successes_opening / self.trials if self.trials else 0.0

    @property
    def p_with_mulligan(self) -> float:
        return self.successes_with_mulligan / self.trials if self.trials else 0.0

    @staticmethod
    def _stderr(p: float, trials: int) -> float:
        return math.sqrt(p * (1 - p) / trials) if trials else 0.0

    @property
    def stderr_opening(self) -> float:
        return self._stderr(self.p_opening, self.trials)

    @property
    def stderr_with_mulligan(self) -> float:
        return self._stderr(self.p_with_mulligan, self.trials)

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` object: trials, p_opening, p_with_mulligan, stderr_opening, stderr_with_mulligan, extras."""
        return {
            "trials": self.trials,
            "p_opening": self.p_opening,
            "p_with_mulligan": self.p_with_mulligan,
            "stderr_opening": self.stderr_opening,
            "stderr_with_mulligan": self.stderr_with_mulligan,
            "seed": self.seed,
            "hand_size": self.hand_size,
            "mulligan": self.mulligan,
            "on_the_play": self.on_the_play,
            "conditions": [c.text for c in self.conditions],
            "histograms": [
                {"condition": c.text, "filter": str(c.filter), "counts": counts}
                for c, counts in zip(self.conditions, self.histograms)
            ],
        }


class Judge:
    """Whether per-condition matched counts meet every condition."""

    def __init__(self, conditions: Sequence[Condition]):
        self.bounds = [(c.low, c.high) for c in conditions]

    def meets(self, matched: Sequence[np.ndarray], trials: int) -> np.ndarray:
        ok = np.ones(trials, dtype=bool)
        for (low, high), counts in zip(self.bounds, matched):
            if low > 0:
                ok &= counts >= low
            if high is not None:
                ok &= counts <= high
        return ok


def simulate(
    cards: CardCounts,
    conditions: Sequence[Condition],
    opening: Mapping[str, Any] | OpeningRules,
    trials: int = 100_000,
    seed: int | None = None,
    on_the_play: bool = True,
    progress: Callable[[int], None] | None = None,
    policy: Policy | None = None,
) -> SimResult:
    """Deal ``trials`` opening hands (and mulligans) and count how often they meet every condition.

    The same ``seed`` and ``trials`` give the same result; ``progress(n)`` is called after each chunk of ``n``.
    """
    rules = draw_rules(opening)
    classes = split_classes(cards, conditions)
    hand = min(rules.hand_size, classes.size)
    if seed is None:
        seed = secrets.randbits(32)
    rng = np.random.default_rng(seed)
    sampler = HandSampler(classes)
    judge = Judge(conditions)
    partial = rules.mulligan == "partial-redraw"
    if partial and policy is None:
        policy = best_policy(classes, hand)
    redraw = rules.redraws(on_the_play)
    histograms = np.zeros((len(conditions), hand + 1), dtype=np.int64)
    ok_open = ok_mull = 0
    done = 0
    while done < trials:
        size = min(CHUNK, trials - done)
        hands = sampler.deal(rng, hand, size)
        ok = sampler.meeting(hands, judge)
        for i, counts in enumerate(sampler.histograms(hands, hand)):
            histograms[i] += counts
        kept = int(ok.sum())
        ok_open += kept
        ok_mull += kept
        failed = np.flatnonzero(~ok)
        if len(failed) and partial:
            assert policy is not None
            final = _partial_redraw(rng, classes, policy, sampler.class_counts(hands[failed]))
            ok_mull += int(judge.meets(matched_from_counts(sampler.signatures, final), len(failed)).sum())
        elif len(failed) and redraw:
            ok_mull += int(sampler.meeting(sampler.deal(rng, hand, len(failed)), judge).sum())
        done += size
        if progress is not None:
            progress(size)
    return SimResult(
        trials=trials,
        seed=seed,
        hand_size=hand,
        mulligan=rules.mulligan,
        on_the_play=on_the_play,
        conditions=list(conditions),
        successes_opening=ok_open,
        successes_with_mulligan=ok_mull,
        histograms=[row.tolist() for row in histograms],
    )


def kept_counts(classes: DeckClasses, policy: Policy, hands: np.ndarray) -> np.ndarray:
    """The policy's kept class counts for each hand row (looked up once per distinct hand)."""
    if len(hands) == 0:
        return hands.copy()
    radix = np.cumprod([1, *[c + 1 for c in classes.counts[:-1]]]).astype(np.int64)
    keys = hands @ radix
    _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
    kept = np.array([policy.keep(tuple(int(v) for v in hands[i])).kept for i in first], dtype=np.int64)
    return kept[inverse.reshape(-1)]


def _partial_redraw(rng: np.random.Generator, classes: DeckClasses, policy: Policy, hands: np.ndarray) -> np.ndarray:
    """Apply the best discard policy to each hand (class counts) and draw replacements from the rest."""
    kept = kept_counts(classes, policy, hands)
    discards = hands.sum(axis=1) - kept.sum(axis=1)
    rest = np.asarray(classes.counts, dtype=np.int64) - hands
    return kept + draw_from(rng, rest, discards)
