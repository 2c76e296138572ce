"""A format's opening rules (hand size, mulligan kind, draws per turn) and how many cards a player has seen."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deckcli.errors import InputError

MULLIGANS = ("none", "full-redraw", "second-player-redraw", "partial-redraw")


@dataclass(frozen=True)
class OpeningRules:
    """The ``opening`` object of a format file."""

    hand_size: int
    mulligan: str = "none"
    draws_per_turn: int = 1
    first_player_skips_first_draw: bool = False

    @classmethod
    def from_dict(cls, opening: Mapping[str, Any] | None) -> OpeningRules:
        data = dict(opening or {})
        if "hand_size" not in data:
            raise InputError("the format has no opening hand size (opening.hand_size)")
        rules = cls(
            hand_size=int(data["hand_size"]),
            mulligan=str(data.get("mulligan", "none")),
            draws_per_turn=int(data.get("draws_per_turn", 1)),
            first_player_skips_first_draw=bool(data.get("first_player_skips_first_draw", False)),
        )
        if rules.mulligan not in MULLIGANS:
            raise InputError(f"unknown mulligan kind {rules.mulligan!r}; known kinds: {', '.join(MULLIGANS)}")
        if rules.hand_size < 0 or rules.draws_per_turn < 0:
            raise InputError("opening.hand_size and opening.draws_per_turn must not be negative")
        return rules

    def cards_seen(self, turn: int, deck_size: int, on_the_play: bool = True) -> int:
        """Cards seen by the end of the draw on ``turn`` (1-based): the hand plus the draws of turns 1..turn.

        On the play the first player skips the turn-1 draw when the format says so; capped at the deck size.
        """
        draws = turn
        if on_the_play and self.first_player_skips_first_draw:
            draws -= 1
        return min(deck_size, self.hand_size + max(0, draws) * self.draws_per_turn)

    def redraws(self, on_the_play: bool) -> bool:
        """Whether this player may take the whole-hand redraw."""
        if self.mulligan == "full-redraw":
            return True
        if self.mulligan == "second-player-redraw":
            return not on_the_play
        return False
