"""The exact odds report of ``deckcli odds``: the opening hand, the hand after the game's mulligan, and by turn.

It puts together the class DP of :mod:`deckcli.odds.exact` and the mulligan rules of :mod:`deckcli.odds.mulligan`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from deckcli.odds.classes import CardCounts, split_classes
from deckcli.odds.conditions import Condition
from deckcli.odds.exact import impossibility_notes, p_by_size
from deckcli.odds.mulligan import p_with_mulligan
from deckcli.odds.rules import OpeningRules


@dataclass
class OddsResult:
    """Exact opening-hand odds, with the game's mulligan, and by turn."""

    hand_size: int
    deck_size: int
    mulligan: str
    on_the_play: bool
    conditions: list[Condition]
    p_opening: Fraction
    p_with_mulligan: Fraction
    by_turn: list[tuple[int, int, Fraction]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def as_dict(self, with_turns: bool | None = None) -> dict[str, Any]:
        """The ``--json`` object: hand_size, p_opening, p_with_mulligan, p_by_turn (with turns), extras."""
        data: dict[str, Any] = {
            "hand_size": self.hand_size,
            "p_opening": float(self.p_opening),
            "p_with_mulligan": float(self.p_with_mulligan),
        }
        if self.by_turn if with_turns is None else with_turns:
            data["p_by_turn"] = [float(p) for _, _, p in self.by_turn]
            data["turns"] = [{"turn": t, "cards_seen": seen, "p": float(p)} for t, seen, p in self.by_turn]
        data.update(
            deck_size=self.deck_size,
            mulligan=self.mulligan,
            on_the_play=self.on_the_play,
            conditions=[c.text for c in self.conditions],
            notes=list(self.notes),
        )
        return data


def odds(
    cards: CardCounts,
    conditions: Sequence[Condition],
    opening: Mapping[str, Any] | OpeningRules,
    turns: int = 0,
    on_the_play: bool = True,
) -> OddsResult:
    """Exact odds that the opening hand (and the cards seen by turns 1..``turns``) meet every condition."""
    rules = opening if isinstance(opening, OpeningRules) else OpeningRules.from_dict(opening)
    classes = split_classes(cards, conditions)
    size = classes.size
    hand = min(rules.hand_size, size)
    seen = [rules.cards_seen(t, size, on_the_play) for t in range(1, turns + 1)]
    probabilities = p_by_size(classes, [hand, *seen])
    p_open = probabilities[hand]
    notes = []
    if hand < rules.hand_size:
        notes.append(f"the deck has only {size} cards to draw from, fewer than a hand of {rules.hand_size}")
    if p_open == 0:
        notes += impossibility_notes(classes, hand) or [
            f"no hand of {hand} cards meets all the conditions together"
        ]
    return OddsResult(
        hand_size=hand,
        deck_size=size,
        mulligan=rules.mulligan,
        on_the_play=on_the_play,
        conditions=list(conditions),
        p_opening=p_open,
        p_with_mulligan=p_with_mulligan(classes, rules, hand, on_the_play, p_open),
        by_turn=[(t, n, probabilities[n]) for t, n in zip(range(1, turns + 1), seen)],
        notes=notes,
    )
