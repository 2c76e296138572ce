"""A deck's distribution over one card field (cost, colour, faction, kind, ...), with opening-hand odds per bucket."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb
from typing import Any

from deckcli.odds.classes import CardCounts

NONE_BUCKET = "(none)"


def p_at_least_one(deck_size: int, matching: int, hand_size: int) -> Fraction:
    """The exact chance that a hand of ``hand_size`` holds at least one of ``matching`` cards."""
    hand = min(hand_size, deck_size)
    if deck_size == 0:
        return Fraction(0)
    return 1 - Fraction(comb(deck_size - matching, hand), comb(deck_size, hand))


def _values(card: Mapping[str, Any], by: str) -> list[Any]:
    value = card.get(by)
    if value is None or value == "":
        return [None]
    if isinstance(value, (list, tuple)):
        return list(value) or [None]
    return [value]


def _order(value: Any) -> tuple:
    if value is None:
        return (2, "")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (0, value)
    return (1, str(value).casefold())


def distribution(cards: CardCounts, by: str, hand_size: int) -> list[dict[str, Any]]:
    """Rows of ``bucket, count, percent, p_opening`` (at least one in the opening hand), buckets in order.

    A card whose field holds a list counts in each of its values' buckets; a card without it in ``(none)``.
    """
    totals: dict[Any, int] = {}
    deck_size = 0
    for card, count in cards:
        if count <= 0:
            continue
        deck_size += count
        for value in _values(card, by):
            key = value.casefold() if isinstance(value, str) else value
            totals.setdefault(key, 0)
            totals[key] += count
    labels = {}
    for card, _ in cards:
        for value in _values(card, by):
            labels.setdefault(value.casefold() if isinstance(value, str) else value, value)
    rows = []
    for key in sorted(totals, key=lambda k: _order(labels[k])):
        n = totals[key]
        rows.append(
            {
                "bucket": NONE_BUCKET if labels[key] is None else labels[key],
                "count": n,
                "percent": 100.0 * n / deck_size if deck_size else 0.0,
                "p_opening": float(p_at_least_one(deck_size, n, hand_size)),
            }
        )
    return rows
