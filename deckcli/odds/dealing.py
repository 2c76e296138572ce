"""How ``simulate`` deals hands: as bit masks over the deck's card positions, or from the exact distribution of
the hands' class compositions, whichever is cheaper for the deck (:func:`sampler_for`; both deal exactly uniform
hands, and one seed deals the same hands with the same sampler).

The composition table is the quick one (one uniform number per hand, whatever the deck size: bench_simulate.py's
100-card deck within 1.5x of the 60-card one, where bit masks, a word per 64 cards, take 3.7x), but only while a deck
has few compositions (few classes, small hands); bit masks deal any deck (Floyd's sampling, one numpy pass per card
in the hand), reduced to matched counts and class counts by popcount.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from deckcli.cards.conditions import Condition
from deckcli.odds.classes import DeckClasses
from deckcli.odds.codes import composition_rows, composition_ways

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
        self.size = classes.size
        self.signatures = np.array(classes.signatures, dtype=np.int64).reshape(len(classes.classes), -1)
        self.words = max(1, -(-self.size // _MASK_BITS))
        starts = np.cumsum([0, *classes.counts]).tolist()
        masks = [((1 << c) - 1) << start for c, start in zip(classes.counts, starts)]
        self.class_masks = [self._split(m) for m in masks]
        self.condition_masks = [  # the classes' runs are apart: their sum is their union
            self._split(sum(m for m, signature in zip(masks, classes.signatures) if signature[i]))
            for i in range(len(classes.conditions))
        ]

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
        return np.column_stack([self._count(hands, mask) for mask in self.class_masks]).astype(np.int64)


def sampler_for(classes: DeckClasses, n: int) -> HandSampler | CompositionSampler:
    """The cheaper sampler for ``n``-card hands of this deck: compositions from their exact distribution when the
    deck has few of them, else bit masks."""
    sampler = CompositionSampler.of(classes, n)
    return sampler if sampler is not None else HandSampler(classes)


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


#: The most compositions the sampler tabulates (beyond it, building the table costs more than dealing bit masks).
MOST = 1 << 16


def composition_count(counts: tuple[int, ...], n: int) -> int:
    """How many class compositions an ``n``-card hand has (coefficient of x**n in prod (1 + ... + x**count))."""
    ways = [1] + [0] * n
    for count in counts:
        ways = [sum(ways[j - k] for k in range(min(count, j) + 1)) for j in range(n + 1)]
    return ways[n]


class CompositionSampler:
    """Deals ``n``-card hands as indices into the deck's table of class compositions, drawn from their exact
    distribution (Walker's alias table: a uniform slot and a biased coin per hand); whether a hand meets and its
    matched counts are then look-ups, and the histograms a count of indices."""

    def __init__(self, classes: DeckClasses, n: int, compositions: np.ndarray):
        self.n = n
        self.signatures = np.array(classes.signatures, dtype=np.int64).reshape(len(classes.classes), -1)
        self.compositions = compositions
        ways = composition_ways(classes.counts, compositions, np.float64)
        self.keep, self.alias = _alias(ways / ways.sum())
        self.table = compositions @ self.signatures  # per composition, each condition's matched count
        self._meets: tuple[object, np.ndarray] | None = None

    @classmethod
    def of(cls, classes: DeckClasses, n: int) -> CompositionSampler | None:
        """The sampler, or None when the deck has too many compositions for a table."""
        if n <= 0 or composition_count(classes.counts, n) > MOST:
            return None
        return cls(classes, n, composition_rows(classes.counts, n))

    def deal(self, rng: np.random.Generator, n: int, trials: int) -> np.ndarray:
        """``trials`` random hands, as indices into the composition table."""
        if n != self.n:
            raise ValueError(f"this sampler deals {self.n}-card hands")
        slots = rng.integers(0, len(self.keep), size=trials)
        return np.where(rng.random(trials) < self.keep[slots], slots, self.alias[slots])

    def meeting(self, hands: np.ndarray, judge) -> np.ndarray:
        """Whether each dealt hand meets every condition (``judge`` asked once per composition)."""
        if self._meets is None or self._meets[0] is not judge:
            self._meets = (judge, judge.meets(list(self.table.T), len(self.table)))
        return self._meets[1][hands]

    def histograms(self, hands: np.ndarray, n: int) -> list[np.ndarray]:
        """Per condition, how many dealt hands hold each matched count ``0..n``."""
        dealt = np.bincount(hands, minlength=len(self.table))
        return [
            np.bincount(column, weights=dealt, minlength=n + 1)[: n + 1].astype(np.int64) for column in self.table.T
        ]

    def matched(self, hands: np.ndarray) -> list[np.ndarray]:
        """Per condition, how many matching cards each dealt hand holds."""
        return list(self.table[hands].T)

    def class_counts(self, hands: np.ndarray) -> np.ndarray:
        """Each dealt hand as class counts (trials x classes)."""
        return self.compositions[hands]


def _alias(p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias table of the distribution ``p`` (Vose's construction): slot ``i`` keeps ``i`` with
    probability ``keep[i]``, else gives ``alias[i]``."""
    size = len(p)
    scaled = p * size
    keep, alias = np.ones(size), np.arange(size)
    small = [i for i in range(size) if scaled[i] < 1.0]
    large = [i for i in range(size) if scaled[i] >= 1.0]
    scaled = scaled.tolist()
    while small and large:
        less, more = small.pop(), large.pop()
        keep[less], alias[less] = scaled[less], more
        scaled[more] += scaled[less] - 1.0
        (small if scaled[more] < 1.0 else large).append(more)
    return keep, alias  # slots left in either list keep themselves (probability 1, up to rounding)
