"""The exact reports: ``deckcli odds`` (the opening hand, the hand after the game's mulligan, and by turn) and
``deckcli curve`` (a deck's distribution over card fields, with the opening-hand odds of each bucket). ``odds``
puts together the subset counts of :mod:`deckcli.odds.opening` and the mulligans of :mod:`deckcli.odds.mulligan`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Any

from deckcli.cards.buckets import check_bucket_fields, field_buckets
from deckcli.cards.conditions import Condition
from deckcli.games import registry
from deckcli.games.registry import Game
from deckcli.i18n import Message
from deckcli.legality.opening import OpeningRules
from deckcli.odds.classes import CardCounts, DeckClasses, split_classes
from deckcli.odds.hypergeometric import p_at_least_one
from deckcli.odds.mulligan import by_turn_with_mulligan, p_with_mulligan
from deckcli.odds.opening import p_by_size
from deckcli.odds.rules import draw_rules


@dataclass
class OddsResult:
    """Exact opening-hand odds, with the game's mulligan, and by turn (without and with the mulligan)."""

    hand_size: int
    deck_size: int
    mulligan: str
    on_the_play: bool
    conditions: list[Condition]
    p_opening: Fraction
    p_with_mulligan: Fraction
    by_turn: list[tuple[int, int, Fraction]] = field(default_factory=list)
    notes: list[Message] = field(default_factory=list)
    opponent_mulligan: bool = False
    #: Computes the by-turn figures with the mulligan; run on first use (a second count, which callers
    #: wanting only the plain figures, such as ``simulate``'s exact line, never pay for).
    mulligan_by_turn: Callable[[], list[Fraction]] | None = field(default=None, repr=False, compare=False)
    #: The deck split by the conditions' filters (what a report of the conditions counts, without a second split).
    classes: DeckClasses | None = field(default=None, repr=False, compare=False)

    @cached_property
    def by_turn_with_mulligan(self) -> list[Fraction]:
        """Per turn of ``by_turn``, the chance with the game's mulligan (the opening hand kept only when it meets)."""
        return self.mulligan_by_turn() if self.mulligan_by_turn and self.by_turn else []

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` object: hand_size, p_opening, p_with_mulligan, p_by_turn and p_by_turn_with_mulligan
        (with turns), extras."""
        data: dict[str, Any] = {
            "hand_size": self.hand_size,
            "p_opening": float(self.p_opening),
            "p_with_mulligan": float(self.p_with_mulligan),
        }
        if self.by_turn:
            mulligan = self.by_turn_with_mulligan
            data["p_by_turn"] = [float(p) for _, _, p in self.by_turn]
            data["p_by_turn_with_mulligan"] = [float(p) for p in mulligan]
            data["turns"] = [
                {"turn": t, "cards_seen": seen, "p": float(p), "p_with_mulligan": float(m)}
                for (t, seen, p), m in zip(self.by_turn, mulligan)
            ]
        data.update(
            deck_size=self.deck_size,
            mulligan=self.mulligan,
            on_the_play=self.on_the_play,
            opponent_mulligan=self.opponent_mulligan,
            conditions=[c.text for c in self.conditions],
            notes=list(self.notes),
        )
        return data


def odds(
    cards: CardCounts,
    conditions: Sequence[Condition],
    opening: Mapping[str, Any] | OpeningRules | None,
    turns: int = 0,
    on_the_play: bool = True,
    opponent_mulligan: bool = False,
) -> OddsResult:
    """Exact odds that the opening hand (and the cards seen by turns 1..``turns``) meet every condition;
    ``opponent_mulligan``: the opponent took a mulligan, so the starting hand has the format's extra cards."""
    rules = draw_rules(opening, opponent_mulligan=opponent_mulligan)
    result = classes_odds(split_classes(cards, conditions), rules, turns, on_the_play)
    result.opponent_mulligan = opponent_mulligan
    return result


def classes_odds(classes: DeckClasses, rules: OpeningRules, turns: int = 0, on_the_play: bool = True) -> OddsResult:
    """:func:`odds` on a deck already split into classes."""
    size = classes.size
    hand = min(rules.hand_size, size)
    seen = [rules.cards_seen(t, size, on_the_play) for t in range(1, turns + 1)]
    redrawn = min(rules.new_hand_size, size)  # after a redraw: a new hand, then the same draws
    probabilities = p_by_size(classes, [hand, *seen, *(min(size, redrawn + m - hand) for m in seen)])
    p_open = probabilities[hand]
    notes = []
    if hand < rules.hand_size:
        notes.append(
            Message(
                "the deck has only {count} cards to draw from, fewer than a hand of {hand}",
                "the deck has only {count} cards to draw from, fewer than a hand of {hand}",
                size,
                hand=rules.hand_size,
            )
        )
    if p_open == 0:
        notes += impossibility_notes(classes, hand) or [
            Message(
                "no hand of {count} cards meets all the conditions together",
                "no hand of {count} cards meets all the conditions together",
                hand,
            )
        ]
    return OddsResult(
        hand_size=hand,
        deck_size=size,
        mulligan=rules.mulligan,
        on_the_play=on_the_play,
        conditions=list(classes.conditions),
        p_opening=p_open,
        p_with_mulligan=p_with_mulligan(classes, rules, hand, on_the_play, p_open),
        by_turn=[(t, n, probabilities[n]) for t, n in zip(range(1, turns + 1), seen)],
        notes=notes,
        mulligan_by_turn=lambda: by_turn_with_mulligan(classes, rules, seen, probabilities, on_the_play),
        classes=classes,
    )


def impossibility_notes(classes: DeckClasses, hand_size: int) -> list[Message]:
    """Why no hand of ``hand_size`` cards can meet the conditions (empty when some hand can)."""
    notes: list[Message] = []
    for i, condition in enumerate(classes.conditions):
        matching = classes.matching(i)
        others = classes.size - matching
        most = min(hand_size, matching)
        least = max(0, hand_size - others)
        if condition.low > most:
            notes.append(_too_few(condition, matching, hand_size))
        elif condition.high is not None and condition.high < least:
            notes.append(
                Message(
                    "'{condition}' allows at most {high}, but every hand of {count} cards holds at least {least} cards "
                    "matching {filter} (only {others} cards of the deck do not match)",
                    "'{condition}' allows at most {high}, but every hand of {count} cards holds at least {least} cards "
                    "matching {filter} (only {others} cards of the deck do not match)",
                    hand_size,
                    condition=condition.text,
                    high=condition.high,
                    least=least,
                    filter=str(condition.filter),
                    others=others,
                )
            )
    return notes


def _too_few(condition: Condition, matching: int, hand_size: int) -> Message:
    """Why a condition's least count cannot be met: the deck has too few matching cards, or none, or a hand is too
    small to hold them."""
    needs = condition.describe()
    if matching >= condition.low:
        return Message(
            "'{condition}' needs {needs}, but a hand holds only {count} cards",
            "'{condition}' needs {needs}, but a hand holds only {count} cards",
            hand_size,
            condition=condition.text,
            needs=needs,
        )
    if matching:
        return Message(
            "'{condition}' needs {needs}, but the deck has only {matching}",
            condition=condition.text,
            needs=needs,
            matching=matching,
        )
    return Message(
        "'{condition}' needs {needs}, but no card in the deck matches", condition=condition.text, needs=needs
    )


@dataclass(frozen=True)
class Bucket:
    """One row of a distribution: a bucket, its cards, their share of the deck, the chance of 1+ in the opening hand."""

    bucket: Any
    count: int
    percent: float
    p_opening: float

    def as_dict(self) -> dict[str, Any]:
        return {"bucket": self.bucket, "count": self.count, "percent": self.percent, "p_opening": self.p_opening}


def distribution(cards: CardCounts, by: str, hand_size: int, game: Game) -> list[Bucket]:
    """A deck's :class:`Bucket` rows in the buckets of :func:`deckcli.cards.buckets.field_buckets` (the ones
    ``deck show`` draws)."""
    deck_size = sum(count for _, count in cards if count > 0)
    return [
        Bucket(bucket, n, 100.0 * n / deck_size if deck_size else 0.0, float(p_at_least_one(deck_size, n, hand_size)))
        for bucket, n in field_buckets(cards, by, game)
    ]


@dataclass
class Curves:
    """A deck's distributions: the draw deck's size, the opening hand's size, and one table per field."""

    deck_size: int
    hand_size: int
    tables: dict[str, list[Bucket]]


def deck_curves(
    cards: CardCounts, by: Sequence[str], game: str, opening: Mapping[str, Any] | OpeningRules | None
) -> Curves:
    """The distributions over the fields ``by`` (default: the game's curve field and kind) of a draw deck."""
    known = registry.game(game)
    chosen = [f.lower() for f in by] or [known.curve_field, "kind"]
    check_bucket_fields(chosen, known.card_fields)
    rules = OpeningRules.of(opening)
    size = sum(n for _, n in cards)
    hand_size = min(rules.hand_size, size)
    return Curves(size, hand_size, {f: distribution(cards, f, hand_size, known) for f in dict.fromkeys(chosen)})
