"""A format's opening rules (hand size, mulligan kind, draws per turn) and how many cards a player has seen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckcli.errors import InputError

MULLIGANS = ("none", "full-redraw", "second-player-redraw", "partial-redraw")
FIRST_TURN_DRAWS = ("both", "second-player", "none")


@dataclass(frozen=True)
class OpeningRules:
    """The ``opening`` object of a format file."""

    hand_size: int
    mulligan: str = "none"
    draws_per_turn: int = 1
    first_turn_draw: str = "both"

    @classmethod
    def from_dict(cls, opening: Mapping[str, Any] | None) -> OpeningRules:
        data = dict(opening or {})
        if "hand_size" not in data:
            raise InputError("the format has no opening hand size (opening.hand_size)")
        rules = cls(
            hand_size=int(data["hand_size"]),
            mulligan=str(data.get("mulligan", "none")),
            draws_per_turn=int(data.get("draws_per_turn", 1)),
            first_turn_draw=str(data.get("first_turn_draw", "both")),
        )
        if rules.first_turn_draw not in FIRST_TURN_DRAWS:
            raise InputError(f"unknown first_turn_draw {rules.first_turn_draw!r}; known: {', '.join(FIRST_TURN_DRAWS)}")
        if rules.mulligan not in MULLIGANS:
            raise InputError(f"unknown mulligan kind {rules.mulligan!r}; known kinds: {', '.join(MULLIGANS)}")
        if rules.hand_size < 0 or rules.draws_per_turn < 0:
            raise InputError("opening.hand_size and opening.draws_per_turn must not be negative")
        return rules

    def cards_seen(self, turn: int, deck_size: int, on_the_play: bool = True) -> int:
        """Cards seen by the end of the draw on ``turn`` (1-based): the hand plus the draws of turns 1..turn.

        ``first_turn_draw`` says who draws on turn 1 (boa: only the player going second; sfb: nobody, since
        the opening hand is round 1's hand). Capped at the deck size.
        """
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
