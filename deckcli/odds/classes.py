"""Split a deck into classes of cards that match the same conditions' filters.

Cards with the same signature (which filters they match) are interchangeable for every condition, so a
hand is a multivariate hypergeometric draw over the class counts; that is what makes exact odds cheap.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from deckcli.cards.conditions import Condition

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

    @cached_property
    def class_of(self) -> dict[int, int]:
        """The class of each of the deck's cards, by the card's identity (the mapping the deck was split from)."""
        return {id(card): i for i, c in enumerate(self.classes) for card, _ in c.cards}

    def composition(self, hand: Iterable[Mapping[str, Any]]) -> list[int]:
        """The class counts of a hand of the deck's own cards."""
        counts = [0] * len(self.classes)
        for card in hand:
            counts[self.class_of[id(card)]] += 1
        return counts

    def meets(self, class_counts: Iterable[int]) -> bool:
        """Whether a hand with these class counts meets every condition."""
        return all(c.holds(m) for c, m in zip(self.conditions, self.matched(class_counts)))


def split_classes(cards: CardCounts, conditions: Sequence[Condition]) -> DeckClasses:
    """Group the cards (``(card_dict, count)`` pairs) by which conditions' filters they match.

    Each comparison's answer is remembered per plain card value (the cards of a deck share most values: kinds,
    costs, colours), keyed by the value and its type (``True``, ``1`` and ``1.0`` stay apart; a string is its own
    key); a list value or a card name goes to the filter itself."""
    groups: dict[tuple[bool, ...], list[tuple[Mapping[str, Any], int]]] = {}
    tests: list[tuple[Any, list[tuple[str, Any, dict[Any, bool]]] | None]] = [
        (
            c.filter,
            None
            if c.filter.card_name is not None
            else [(comparison.field, comparison.matches, {}) for comparison in c.filter.comparisons],
        )
        for c in conditions
    ]
    for card, count in cards:
        if count <= 0:
            continue
        signature = []
        for flt, comparisons in tests:
            if comparisons is None:
                signature.append(bool(flt.matches(card)))
                continue
            hit: bool | None = True
            for field, matches, seen in comparisons:
                actual = card.get(field)
                kind = type(actual)
                key = actual if kind is str else (kind, actual) if kind in _PLAIN else None  # None: never remembered
                hit = seen.get(key)
                if hit is None:
                    hit = bool(matches(card))
                    if key is not None:
                        seen[key] = hit
                if not hit:
                    break
            signature.append(bool(hit))
        groups.setdefault(tuple(signature), []).append((card, count))
    classes = tuple(
        CardClass(signature, sum(n for _, n in members), tuple(members)) for signature, members in groups.items()
    )
    return DeckClasses(classes, tuple(conditions))


#: Card value types a comparison's answer is remembered for (hashable, and equal only when the same).
_PLAIN = frozenset((int, float, bool, type(None)))
