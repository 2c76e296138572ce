"""The deck that ``odds``, ``simulate``, ``hand`` and ``curve`` deal from: the cards of its format's draw zone, and
the rules it breaks under that format (the figures are for the deck as it is, so they are only named)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckcli.errors import InputError
from deckcli.i18n import Message
from deckcli.legality.resolved import ResolvedDeck
from deckcli.legality.rules import check_deck


@dataclass(frozen=True)
class DrawZone:
    """The draw zone's cards as ``(card fields, count)`` pairs, and the ids of the rules the deck breaks."""

    cards: list[tuple[dict[str, Any], int]]
    broken: list[str]


def draw_zone(deck: ResolvedDeck, label: str, checked: bool = True) -> DrawZone:
    """The deck's draw zone; an InputError naming ``label`` when it holds no card. ``checked``: the deck is checked
    under its format too (``broken`` stays empty otherwise)."""
    zone = deck.format.draw_zone
    cards = [(ref.as_dict(), n) for ref, n in deck.zone_cards(zone)]
    if not cards:
        raise InputError(Message("{deck}: no cards in the {zone} zone to draw from", deck=label, zone=zone))
    return DrawZone(cards, sorted({p.rule for p in check_deck(deck)}) if checked else [])
