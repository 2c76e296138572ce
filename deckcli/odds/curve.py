"""A deck's distribution over one card field (cost, colour, faction, kind, ...), with opening-hand odds per bucket."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deckcli.cards.buckets import field_buckets
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.games.registry import Game
from deckcli.i18n import gettext as _
from deckcli.names import closest
from deckcli.odds.classes import CardCounts
from deckcli.odds.hypergeometric import p_at_least_one
from deckcli.odds.rules import OpeningRules


def distribution(cards: CardCounts, by: str, hand_size: int, game: Game) -> list[dict[str, Any]]:
    """Rows of ``bucket, count, percent, p_opening`` (at least one in the opening hand), in the buckets of
    :func:`deckcli.cards.buckets.field_buckets` (the ones ``deck show`` draws)."""
    deck_size = sum(count for _, count in cards if count > 0)
    return [
        {
            "bucket": bucket,
            "count": n,
            "percent": 100.0 * n / deck_size if deck_size else 0.0,
            "p_opening": float(p_at_least_one(deck_size, n, hand_size)),
        }
        for bucket, n in field_buckets(cards, by, game)
    ]


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
            if hint:
                raise InputError(
                    _("unknown card field {name!r} for --by; did you mean {hint!r}?").format(name=name, hint=hint[0])
                )
            raise InputError(_("unknown card field {name!r} for --by").format(name=name))


def deck_curves(cards: CardCounts, by: Sequence[str], game: str, opening: Mapping[str, Any]) -> Curves:
    """The distributions over the fields ``by`` (default: the game's curve field and kind) of a draw deck."""
    from deckcli.validation.jsonschemas import card_fields

    known = registry.game(game)
    chosen = [f.lower() for f in by] or [known.curve_field, "kind"]
    check_fields(chosen, card_fields())
    rules = OpeningRules.from_dict(opening)
    size = sum(n for _, n in cards)
    hand_size = min(rules.hand_size, size)
    return Curves(size, hand_size, {f: distribution(cards, f, hand_size, known) for f in dict.fromkeys(chosen)})
