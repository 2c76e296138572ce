"""Hands drawn straight from the exact distribution of their class compositions: one uniform number and a binary
search per hand, whatever the deck size.

An ``n``-card hand's class composition ``(k_1, ..., k_c)`` has probability ``prod C(count_i, k_i) / C(size, n)``
(multivariate hypergeometric). When a deck has few compositions (few classes, small hands: the usual case, the
classes being the cards' signatures over the conditions), Walker's alias table of that distribution is built
once and a hand is drawn as its index in O(1) (a uniform slot, a biased coin); whether it meets the conditions
and its matched counts are then look-ups, and the histograms a count of indices.
"""

from __future__ import annotations

from math import comb

import numpy as np

from deckcli.odds.classes import DeckClasses
from deckcli.odds.policy import hand_compositions

#: The most compositions the sampler tabulates (beyond it, building the table costs more than dealing bit masks).
MOST = 1 << 16


def composition_count(counts: tuple[int, ...], n: int) -> int:
    """How many class compositions an ``n``-card hand has (coefficient of x**n in prod (1 + ... + x**count))."""
    ways = [1] + [0] * n
    for count in counts:
        ways = [sum(ways[j - k] for k in range(min(count, j) + 1)) for j in range(n + 1)]
    return ways[n]


class CompositionSampler:
    """Deals ``n``-card hands as indices into the deck's table of compositions (see the module's docstring)."""

    def __init__(self, classes: DeckClasses, n: int, compositions: np.ndarray):
        self.n = n
        self.counts = np.asarray(classes.counts, dtype=np.int64)
        self.signatures = np.array(classes.signatures, dtype=np.int64).reshape(len(self.counts), -1)
        self.compositions = compositions
        ways = np.ones(len(compositions), dtype=np.float64)
        for i, count in enumerate(classes.counts):
            ways *= np.array([comb(count, k) for k in range(count + 1)], dtype=np.float64)[compositions[:, i]]
        self.keep, self.alias = _alias(ways / ways.sum())
        self.table = compositions @ self.signatures  # per composition, each condition's matched count
        self._meets: tuple[object, np.ndarray] | None = None

    @classmethod
    def of(cls, classes: DeckClasses, n: int) -> CompositionSampler | None:
        """The sampler, or None when the deck has too many compositions for a table."""
        if n <= 0 or composition_count(classes.counts, n) > MOST:
            return None
        return cls(classes, n, hand_compositions(classes.counts, n))

    def deal(self, rng: np.random.Generator, n: int, trials: int) -> np.ndarray:
        """``trials`` random hands, as indices into the composition table."""
        if n != self.n:
            raise ValueError(f"this sampler deals {self.n}-card hands")
        slots = rng.integers(0, len(self.keep), size=trials)
        return np.where(rng.random(trials) < self.keep[slots], slots, self.alias[slots])

    def meeting(self, hands: np.ndarray, judge) -> np.ndarray:
        """Whether each dealt hand meets every condition (``judge`` asked once per composition)."""
        if self._meets is None or self._meets[0] is not judge:
            self._meets = (judge, judge.meets([self.table[:, i] for i in range(self.table.shape[1])], len(self.table)))
        return self._meets[1][hands]

    def histograms(self, hands: np.ndarray, n: int) -> list[np.ndarray]:
        """Per condition, how many dealt hands hold each matched count ``0..n``."""
        dealt = np.bincount(hands, minlength=len(self.table))
        return [
            np.bincount(self.table[:, i], weights=dealt, minlength=n + 1)[: n + 1].astype(np.int64)
            for i in range(self.table.shape[1])
        ]

    def matched(self, hands: np.ndarray) -> list[np.ndarray]:
        """Per condition, how many matching cards each dealt hand holds."""
        found = self.table[hands]
        return [found[:, i] for i in range(found.shape[1])]

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
