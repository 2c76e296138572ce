"""Monte Carlo estimates of the opening-hand odds, vectorised with numpy over trials on class counts.

Hands are dealt by :mod:`deckcli.odds.dealing`; mulligans redraw only the trials that need it.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from deckcli.cards.conditions import Condition
from deckcli.legality.opening import OpeningRules
from deckcli.odds.bestpolicy import Policy, best_policy
from deckcli.odds.classes import CardCounts, DeckClasses, split_classes
from deckcli.odds.dealing import Judge, sampler_for
from deckcli.odds.rules import draw_rules

if TYPE_CHECKING:
    from deckcli.odds.report import OddsResult

#: Trials per chunk: bounds memory and paces the progress callback; results depend only on seed and trials.
CHUNK = 1 << 19


def draw_from(rng: np.random.Generator, pools: np.ndarray, draws: np.ndarray) -> np.ndarray:
    """For each row, draw ``draws[row]`` cards without replacement from class counts ``pools[row]``."""
    out = np.zeros_like(pools)
    remaining = pools.sum(axis=1)
    left = draws.astype(np.int64)
    for i in range(pools.shape[1] - 1):
        remaining = remaining - pools[:, i]
        out[:, i] = got = rng.hypergeometric(pools[:, i], remaining, left)
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
    #: Each estimate and its standard error, from its successes.
    p_opening: float = field(init=False)
    stderr_opening: float = field(init=False)
    p_with_mulligan: float = field(init=False)
    stderr_with_mulligan: float = field(init=False)

    def __post_init__(self) -> None:
        self.p_opening, self.stderr_opening = _estimate(self.successes_opening, self.trials)
        self.p_with_mulligan, self.stderr_with_mulligan = _estimate(self.successes_with_mulligan, self.trials)

    def as_dict(self, exact: OddsResult | None = None) -> dict[str, Any]:
        """The ``--json`` object: trials, p_opening, p_with_mulligan, stderr_opening, stderr_with_mulligan, extras;
        with the ``exact`` odds of the same deck, their two figures and notes after them."""
        data = {
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
        if exact is not None:
            data.update(
                exact_opening=float(exact.p_opening),
                exact_with_mulligan=float(exact.p_with_mulligan),
                notes=exact.notes,
            )
        return data


def _estimate(successes: int, trials: int) -> tuple[float, float]:
    """The share of trials that succeeded, and its standard error."""
    p = successes / trials if trials else 0.0
    return p, math.sqrt(p * (1 - p) / trials) if trials else 0.0


def simulate(
    cards: CardCounts,
    conditions: Sequence[Condition],
    opening: Mapping[str, Any] | OpeningRules | None,
    trials: int = 100_000,
    seed: int | None = None,
    on_the_play: bool = True,
    progress: Callable[[int], None] | None = None,
    policy: Policy | None = None,
) -> SimResult:
    """Deal ``trials`` opening hands (and mulligans) and count how often they meet every condition; the same
    ``seed`` and ``trials`` give the same result. ``progress(n)`` is called after each chunk of ``n``."""
    rules = draw_rules(opening)
    classes = split_classes(cards, conditions)
    hand = min(rules.hand_size, classes.size)
    if seed is None:
        seed = secrets.randbits(32)
    rng = np.random.default_rng(seed)
    if rules.mulligan == "partial-redraw":
        redraw: Policy | bool = policy or best_policy(classes, hand)
    else:
        redraw = rules.redraws(on_the_play)
    sampler, judge = sampler_for(classes, hand), Judge(conditions)
    histograms = np.zeros((len(conditions), hand + 1), dtype=np.int64)
    ok_open = ok_mull = 0
    for size, opened, kept in _dealt_chunks(rng, classes, sampler, judge, (hand, trials), redraw, histograms):
        ok_open, ok_mull = ok_open + opened, ok_mull + kept
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


def _dealt_chunks(
    rng, classes, sampler, judge, hand_and_trials: tuple[int, int], redraw: Policy | bool, histograms
) -> Iterator[tuple[int, int, int]]:
    """Deal the hands a chunk at a time (their matched counts added to ``histograms``): per chunk its size, how many
    meet the conditions, and how many after the mulligan (``redraw``: the best partial redraw's policy, else whether a
    missing hand is redrawn). A generator, so a chunk's arrays live until the next chunk's replace them: a function
    per chunk freed them at its end and the next chunk's came back slower, 23 M hands/s against 31 M (bench_simulate)."""
    hand, trials = hand_and_trials
    for done in range(0, trials, CHUNK):
        size = min(CHUNK, trials - done)
        hands = sampler.deal(rng, hand, size)
        ok = sampler.meeting(hands, judge)
        for i, counts in enumerate(sampler.histograms(hands, hand)):
            histograms[i] += counts
        met, failed = int(ok.sum()), np.flatnonzero(~ok)
        if not len(failed) or redraw is False:
            yield size, met, met
        elif isinstance(redraw, Policy):
            final = _partial_redraw(rng, classes, redraw, sampler.class_counts(hands[failed]))
            yield size, met, met + int(judge.meets(list((final @ sampler.signatures).T), len(failed)).sum())
        else:
            yield size, met, met + int(sampler.meeting(sampler.deal(rng, hand, len(failed)), judge).sum())


def _partial_redraw(rng: np.random.Generator, classes: DeckClasses, policy: Policy, hands: np.ndarray) -> np.ndarray:
    """Apply the best discard policy to each hand (class counts) and draw replacements from the rest."""
    kept = policy.kept_rows(hands)
    discards = hands.sum(axis=1) - kept.sum(axis=1)
    rest = np.asarray(classes.counts, dtype=np.int64) - hands
    return kept + draw_from(rng, rest, discards)
