"""A format's opening rules (the ``opening`` object of a format file: hand size, mulligan kind, draws per turn),
parsed once when the format is loaded (:mod:`deckcli.legality.format`), and how many cards a player has seen."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from deckcli.errors import InputError
from deckcli.i18n import N_, Message

MULLIGANS = ("none", "full-redraw", "second-player-redraw", "partial-redraw")
FIRST_TURN_DRAWS = ("both", "second-player", "none")


#: The keys of a format's ``opening`` object that :meth:`OpeningRules.from_dict` reads, with their types.
_KEYS: dict[str, Callable[[Any], Any]] = {
    "hand_size": int,
    "mulligan": str,
    "draws_per_turn": int,
    "first_turn_draw": str,
    "new_hand_each_turn": bool,
    "opponent_mulligan_cards": int,
}


@dataclass(frozen=True)
class OpeningRules:
    """The ``opening`` object of a format file.

    ``new_hand_each_turn``: each turn (round) the hand is discarded and a fresh ``hand_size`` drawn, the discard
    pile shuffled into a new deck when the deck runs out (sfb). ``opponent_mulligan_cards``: cards a player adds
    to the starting hand when the opponent took a mulligan (boa: 1). ``draw`` is false for a deck that is never
    shuffled and drawn from (a draft pool). ``redraw_size``: the size of the new hand a whole-hand redraw deals,
    when it is not ``hand_size`` (a hand holding those extra cards is redrawn as a plain hand).
    """

    #: ``opening.hand_size`` (required of a deck that is drawn from).
    hand_size: int
    #: ``opening.mulligan`` (schema: default none).
    mulligan: str = "none"
    #: ``opening.draws_per_turn`` (schema: default 1).
    draws_per_turn: int = 1
    #: ``opening.first_turn_draw`` (schema: default both).
    first_turn_draw: str = "both"
    #: ``opening.new_hand_each_turn`` (schema: default false).
    new_hand_each_turn: bool = False
    #: ``opening.opponent_mulligan_cards`` (schema: default 0).
    opponent_mulligan_cards: int = 0
    #: ``opening.draw`` (schema: default true).
    draw: bool = True
    #: Not a key of the file: set for a player whose opponent took a mulligan (:meth:`after_opponent_mulligan`).
    redraw_size: int | None = None

    @property
    def new_hand_size(self) -> int:
        """The size of the new hand a whole-hand redraw deals."""
        return self.hand_size if self.redraw_size is None else self.redraw_size

    @classmethod
    def of(cls, opening: Mapping[str, Any] | OpeningRules | None) -> OpeningRules:
        """The rules ``opening`` gives: a format's parsed rules as they are, an ``opening`` object parsed; None (a
        format whose opening states no hand size) refused as :meth:`from_dict` refuses an object without one."""
        return opening if isinstance(opening, OpeningRules) else cls.from_dict(opening)

    @classmethod
    def from_dict(cls, opening: Mapping[str, Any] | None) -> OpeningRules:
        data = dict(opening or {})
        if data.get("draw", True) is False:
            return cls(hand_size=max(0, int(data.get("hand_size", 0))), draw=False)
        if "hand_size" not in data:
            raise InputError(Message("the format has no opening hand size (opening.hand_size)"))
        rules = cls(**{key: kind(data[key]) for key, kind in _KEYS.items() if key in data})  # defaults: the fields'
        if rules.first_turn_draw not in FIRST_TURN_DRAWS:
            text = N_("unknown first_turn_draw {value!r}; known: {known}")
            raise InputError(Message(text, value=rules.first_turn_draw, known=", ".join(FIRST_TURN_DRAWS)))
        if rules.mulligan not in MULLIGANS:
            text = N_("unknown mulligan kind {value!r}; known kinds: {known}")
            raise InputError(Message(text, value=rules.mulligan, known=", ".join(MULLIGANS)))
        if min(rules.hand_size, rules.draws_per_turn, rules.opponent_mulligan_cards) < 0:
            raise InputError(
                Message("opening.hand_size, draws_per_turn and opponent_mulligan_cards must not be negative")
            )
        return rules

    def cards_seen(self, turn: int, deck_size: int, on_the_play: bool = True) -> int:
        """Cards seen by the end of the draw on ``turn`` (1-based): the hand plus the draws of turns 1..turn.

        ``first_turn_draw`` says who draws on turn 1 (boa: only the player going second; sfb: nobody, since
        the opening hand is round 1's hand). With a new hand each turn it is the hand alone. Capped at the deck size.
        """
        if self.new_hand_each_turn:
            return min(deck_size, self.hand_size)
        draws = turn
        if self.first_turn_draw == "none" or (self.first_turn_draw == "second-player" and on_the_play):
            draws -= 1
        return min(deck_size, self.hand_size + max(0, draws) * self.draws_per_turn)

    def redraws(self, on_the_play: bool) -> bool:
        """Whether this player may take the whole-hand redraw."""
        if self.mulligan == "full-redraw":
            return True
        if self.mulligan == "second-player-redraw":
            return not on_the_play
        return False

    def after_opponent_mulligan(self) -> OpeningRules:
        """The rules for a player whose opponent took a mulligan: the extra cards join the starting hand, and the
        keep decision sees them. A redraw of the player's own shuffles them back with the hand and deals a new hand of
        the plain ``hand_size`` (GAMES.md, boa: "a new hand" is always 6)."""
        if not self.opponent_mulligan_cards:
            raise InputError(
                Message(
                    "in this format a player gets no extra card when the opponent takes a mulligan "
                    "(opening.opponent_mulligan_cards)"
                )
            )
        return replace(self, hand_size=self.hand_size + self.opponent_mulligan_cards, redraw_size=self.hand_size)
