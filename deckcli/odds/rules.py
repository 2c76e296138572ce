"""The opening rules of a deck that is dealt (:class:`~deckcli.legality.opening.OpeningRules`, a format's, refused for
a deck that is never drawn from) and the draw zone a command deals from."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckcli.errors import InputError
from deckcli.i18n import N_, Message
from deckcli.legality.drawzone import DrawZone, draw_zone
from deckcli.legality.opening import OpeningRules
from deckcli.legality.resolved import ResolvedDeck


def draw_rules(
    opening: Mapping[str, Any] | OpeningRules | None,
    label: str = "",
    format_name: str = "",
    opponent_mulligan: bool = False,
) -> OpeningRules:
    """The opening rules of a deck that is shuffled and drawn from; refuses a deck that never is (a pool)."""
    rules = OpeningRules.of(opening)
    if not rules.draw:
        never = (
            N_(
                "{deck}: a deck of format {format} is never shuffled or drawn from (its format's opening.draw is "
                "false), so it has no opening hand or draws: pick the deck you play from it first (a team from a "
                "pool) and ask about that one"
            )
            if format_name
            else N_(
                "{deck}: this deck is never shuffled or drawn from (its format's opening.draw is false), so it has no "
                "opening hand or draws: pick the deck you play from it first (a team from a pool) and ask about that one"
            )
        )
        raise InputError(Message(never, deck=label or Message("the deck"), format=format_name))
    return rules.after_opponent_mulligan() if opponent_mulligan else rules


def dealt_deck(deck: ResolvedDeck, label: str, dealt: bool = True) -> DrawZone:
    """The draw zone a command deals from (:func:`deckcli.legality.drawzone.draw_zone`); ``dealt``: the command
    shuffles and deals it, so a deck that is never drawn from (a pool) is refused first, by :func:`draw_rules`."""
    if dealt:
        draw_rules(deck.format.opening, label, deck.format.name)
    return draw_zone(deck, label, checked=dealt)
