"""The sfb best partial-redraw policy: for every opening hand (by class composition), the part to keep that
maximises the exact chance of meeting the conditions after drawing one replacement per discard from the rest;
among parts with that chance, the one giving round 2's hand the best chance, then the one keeping more cards.

Counted for every hand at once from the whole deck's counts (:mod:`deckcli.odds.bestkeeps`, numpy, loaded only
here), over the conditions some hand can fail. Computed once per deck shape, so ``odds`` and ``simulate`` in one
run share it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

from deckcli.odds.classes import CardClass, DeckClasses


@dataclass(frozen=True)
class Keep:
    """The best choice for one hand: class counts to keep, and the chance of success after the redraw."""

    kept: tuple[int, ...]
    p_success: Fraction


@dataclass
class Policy:
    """The best partial-redraw policy: ``table[hand class counts]`` and the resulting overall probability."""

    hand_size: int
    table: Mapping[tuple[int, ...], Keep]
    p_with_mulligan: Fraction

    def keep(self, hand: Sequence[int]) -> Keep:
        return self.table[tuple(hand)]


def best_policy(classes: DeckClasses, hand_size: int) -> Policy:
    """The exact best partial-redraw policy for every opening hand, and the probability it achieves."""
    key = (classes.counts, classes.signatures, tuple((c.low, c.high) for c in classes.conditions), hand_size)
    if key not in _POLICIES:
        if len(_POLICIES) >= 8:
            _POLICIES.clear()
        _POLICIES[key] = _compute_policy(classes, hand_size)
    return _POLICIES[key]


#: Policies already computed, by deck shape (class counts, signatures, condition bounds, hand size).
_POLICIES: dict[tuple, Policy] = {}


def _compute_policy(classes: DeckClasses, hand_size: int) -> Policy:
    """The policy itself: every hand's best keep, and the overall chance as one exact sum over the hands."""
    n = min(hand_size, classes.size)
    from deckcli.odds.bestkeeps import best_keeps

    keeps = best_keeps(_asked(classes, n), n)
    return Policy(n, KeepTable(keeps), Fraction(keeps.total, keeps.denominator * comb(classes.size, n)))


def _asked(classes: DeckClasses, n: int) -> DeckClasses:
    """The classes with only the conditions some hand of ``n`` cards can fail (the same classes, in the same order:
    the policy's hands are theirs)."""
    asked = [i for i, c in enumerate(classes.conditions) if c.low > 0 or (c.high is not None and c.high < n)]
    if len(asked) == len(classes.conditions):
        return classes
    return DeckClasses(
        tuple(CardClass(tuple(c.signature[i] for i in asked), c.count, c.cards) for c in classes.classes),
        tuple(classes.conditions[i] for i in asked),
    )


class KeepTable(Mapping):
    """Hand composition -> :class:`Keep`, made from the counted arrays on first use (``odds`` alone needs only
    the overall probability, not a :class:`Fraction` per hand)."""

    def __init__(self, keeps: Any):
        self._keeps = keeps
        self._table: dict[tuple[int, ...], Keep] | None = None

    def _built(self) -> dict[tuple[int, ...], Keep]:
        if self._table is None:
            k = self._keeps
            self._table = {
                tuple(hand): Keep(tuple(kept), Fraction(good, ways))
                for hand, kept, good, ways in zip(k.hands.tolist(), k.kept.tolist(), k.good.tolist(), k.ways.tolist())
            }
        return self._table

    def __getitem__(self, hand: tuple[int, ...]) -> Keep:
        return self._built()[hand]

    def __iter__(self) -> Iterator[tuple[int, ...]]:
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._keeps.hands)
