"""A deck's distribution over one card field (cost, colour, faction, kind, ...), with opening-hand odds per bucket."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.names import closest
from deckcli.odds.classes import CardCounts
from deckcli.odds.hypergeometric import p_at_least_one
from deckcli.odds.rules import OpeningRules

NONE_BUCKET = "(none)"


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
    labels: dict[Any, Any] = {}
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


@dataclass
class Curves:
    """A deck's distributions: the draw deck's size, the opening hand's size, and one table per field."""

    deck_size: int
    hand_size: int
    tables: dict[str, list[dict[str, Any]]]


def check_fields(fields: Sequence[str], known: Iterable[str]) -> None:
    """Raise an InputError naming the first field no card schema has, with the closest known field."""
    known = list(known)
    for name in fields:
        if name not in known:
            hint = closest(name, {k: k for k in known}, 1)
            suggestion = f"; did you mean {hint[0]!r}?" if hint else ""
            raise InputError(f"unknown card field {name!r} for --by{suggestion}")


def deck_curves(cards: CardCounts, by: Sequence[str], game: str, opening: Mapping[str, Any]) -> Curves:
    """The distributions over the fields ``by`` (default: the game's curve field and kind) of a draw deck."""
    from deckcli.storage.jsonschemas import card_fields

    chosen = [f.lower() for f in by] or [registry.game(game).curve_field, "kind"]
    check_fields(chosen, card_fields())
    rules = OpeningRules.from_dict(opening)
    size = sum(n for _, n in cards)
    hand_size = min(rules.hand_size, size)
    return Curves(size, hand_size, {f: distribution(cards, f, hand_size) for f in dict.fromkeys(chosen)})
