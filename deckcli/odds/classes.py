"""Split a deck into classes of cards that match the same conditions' filters.

Cards with the same signature (which filters they match) are interchangeable for every condition, so a
hand is a multivariate hypergeometric draw over the class counts; that is what makes exact odds cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from deckcli.odds.conditions import Condition

CardCounts = Sequence[tuple[Mapping[str, Any], int]]


@dataclass(frozen=True)
class CardClass:
    """Interchangeable cards: ``signature[i]`` says whether they match condition ``i``'s filter."""

    signature: tuple[bool, ...]
    count: int
    cards: tuple[tuple[Mapping[str, Any], int], ...]


@dataclass(frozen=True)
class DeckClasses:
    """The draw deck as classes, in the order their first card appears in the deck (its counts, signatures, size
    and caps worked out once: the counts ask for them often)."""

    classes: tuple[CardClass, ...]
    conditions: tuple[Condition, ...]

    @cached_property
    def counts(self) -> tuple[int, ...]:
        return tuple(c.count for c in self.classes)

    @cached_property
    def signatures(self) -> tuple[tuple[bool, ...], ...]:
        return tuple(c.signature for c in self.classes)

    @cached_property
    def size(self) -> int:
        return sum(self.counts)

    @cached_property
    def caps(self) -> tuple[int, ...]:
        """Per condition, the matched count to track up to: its ``cap``, but never above the deck size."""
        return tuple(min(c.cap, self.size) for c in self.conditions)

    def matching(self, condition_index: int) -> int:
        """How many cards of the deck match condition ``condition_index``'s filter."""
        return sum(c.count for c in self.classes if c.signature[condition_index])

    def matched(self, class_counts: Iterable[int]) -> list[int]:
        """Per condition, how many cards a hand with these class counts holds that match its filter."""
        totals = [0] * len(self.conditions)
        for cls, k in zip(self.classes, class_counts):
            if k:
                for i, hit in enumerate(cls.signature):
                    if hit:
                        totals[i] += k
        return totals

    def meets(self, class_counts: Iterable[int]) -> bool:
        """Whether a hand with these class counts meets every condition."""
        return all(c.holds(m) for c, m in zip(self.conditions, self.matched(class_counts)))


def split_classes(cards: CardCounts, conditions: Sequence[Condition]) -> DeckClasses:
    """Group the cards (``(card_dict, count)`` pairs) by which conditions' filters they match."""
    groups: dict[tuple[bool, ...], list[tuple[Mapping[str, Any], int]]] = {}
    matches = _matcher()
    for card, count in cards:
        if count <= 0:
            continue
        signature = tuple(matches(c.filter, card) for c in conditions)
        groups.setdefault(signature, []).append((card, count))
    classes = tuple(
        CardClass(signature, sum(n for _, n in members), tuple(members)) for signature, members in groups.items()
    )
    return DeckClasses(classes, tuple(conditions))


#: Card values a comparison's answer is remembered for (plain values: hashable, and equal only when the same).
_PLAIN = (str, int, float, bool, type(None))


def _matcher():
    """``Filter.matches`` that compares each (comparison, card value) once: the cards of a deck share most values
    (kinds, costs, colours), and every filter of every condition meets every card."""
    seen: dict[tuple, bool] = {}

    def matches(flt, card: Mapping[str, Any]) -> bool:
        if flt.card_name is not None:
            return bool(flt.matches(card))
        for comparison in flt.comparisons:
            actual = card.get(comparison.field)
            if not isinstance(actual, _PLAIN):
                hit = comparison.matches(card)
            else:
                key = (id(comparison), type(actual), actual)
                hit = seen.get(key)
                if hit is None:
                    hit = seen[key] = bool(comparison.matches(card))
            if not hit:
                return False
        return True

    return matches
