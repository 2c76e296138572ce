"""The figures an event's pages show, from the game's ``event`` data: each deck's metagame group and the exact
opening-hand chance of its game's key condition, and the event's metagame shares and most-played cards.

A game without an ``event`` object in its game.json gets no group and no figure (``()`` and ``None``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckcli.cards.conditions import Condition
    from deckcli.games.registry import Game
    from deckcli.legality.resolved import ResolvedDeck

#: A value is part of a deck's group when it holds at least this share of the cards having the field.
DEFAULT_MIN_SHARE = 0.25
#: How many cards the most-played table lists.
MOST_PLAYED = 20


@dataclass(frozen=True)
class KeyFigure:
    """The exact chance that the opening hand meets the game's key condition, plainly and with the mulligan."""

    label: str
    conditions: tuple[str, ...]
    hand_size: int
    deck_size: int
    p_opening: Fraction
    p_with_mulligan: Fraction
    mulligan: str

    @property
    def percent_opening(self) -> str:
        return f"{100 * float(self.p_opening):.2f}%"

    @property
    def percent_with_mulligan(self) -> str:
        return f"{100 * float(self.p_with_mulligan):.2f}%"


class KeyFigures:
    """Computes decks' key figures with :mod:`deckcli.odds` (what ``deckcli odds`` runs), going second so the
    mulligan figure counts every redraw the format allows; decks whose cards split into the same classes share one
    computation (500 decks of a few archetypes cost a few)."""

    def __init__(self, game: Game):
        self.spec: dict[str, Any] = game.event.get("key_condition") or {}
        self.label = game.event_label("key_condition", "label")
        self.game = game
        self._conditions: list[Condition] | None = None
        self._done: dict[tuple, tuple[int, int, Fraction, Fraction, str]] = {}

    def figure(self, deck: ResolvedDeck) -> KeyFigure | None:
        """The deck's figure, or None when its game names no key condition or its draw zone is empty."""
        if not self.spec:
            return None
        from deckcli.odds import split_classes
        from deckcli.odds.report import classes_odds
        from deckcli.odds.rules import draw_rules

        cards = [(ref.as_dict(), n) for ref, n in deck.zone_cards(deck.format.draw_zone)]
        opening = deck.format.opening
        if not cards or (opening is not None and not opening.draw):
            return None
        classes = split_classes(cards, self.conditions())
        key = (tuple(sorted(zip(classes.signatures, classes.counts))), opening)
        if key not in self._done:
            result = classes_odds(classes, draw_rules(opening), on_the_play=False)
            self._done[key] = (
                result.hand_size,
                result.deck_size,
                result.p_opening,
                result.p_with_mulligan,
                result.mulligan,
            )
        hand, size, plain, mulligan, kind = self._done[key]
        return KeyFigure(self.label, tuple(self.spec["conditions"]), hand, size, plain, mulligan, kind)

    def conditions(self):
        """The key condition parsed once (as ``--want`` is: against the game's own card fields)."""
        if self._conditions is None:
            from deckcli.cards.conditions import parse_conditions

            self._conditions = parse_conditions(self.spec["conditions"], self.game.card_fields)
        return self._conditions


def deck_group(game: Game, deck: ResolvedDeck) -> tuple[str, ...]:
    """The deck's metagame group: the values of the game's metagame field holding at least ``min_share`` of the
    draw zone's cards that have the field (else its most common value), in the game's order for the field."""
    spec = game.event.get("metagame")
    if not spec:
        return ()
    field_name, share = spec["field"], spec.get("min_share", DEFAULT_MIN_SHARE)
    counts: Counter[str] = Counter()
    for card, n in deck.zone_cards(deck.format.draw_zone):
        value = card.fields.get(field_name)
        for item in value if isinstance(value, list) else [value]:
            if item not in (None, ""):
                counts[str(item)] += n
    total = sum(counts.values())
    if not total:
        return ()
    chosen = [v for v, n in counts.items() if n >= share * total] or [counts.most_common(1)[0][0]]
    return tuple(sorted(chosen, key=lambda v: (game.order_of(field_name, v), v)))


@dataclass(frozen=True)
class Share:
    """A row of a summary table: a label, how many decks (or copies), and its share of the decks."""

    label: str
    count: int
    share: float
    detail: str | None = None

    @property
    def percent(self) -> str:
        return f"{100 * self.share:.1f}%"


def metagame(groups: Sequence[tuple[str, ...]]) -> tuple[list[Share], list[Share]]:
    """(by value, by group): how many decks play each value (a deck may play several), and each whole group,
    most played first, each with its share of all decks."""
    decks = len(groups) or 1
    values = Counter(v for group in groups for v in group)
    whole = Counter(" / ".join(group) for group in groups if group)
    by_value = [Share(v, n, n / decks) for v, n in sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))]
    by_group = [Share(g, n, n / decks) for g, n in sorted(whole.items(), key=lambda kv: (-kv[1], kv[0]))]
    return by_value, by_group


def most_played(decks: Iterable[Sequence[tuple[str, str | None, int]]], limit: int = MOST_PLAYED) -> list[Share]:
    """The cards with the most copies over all decks (``(name, other name, count)`` lines per deck, the names as a
    page shows them): copies, the share of decks playing the card, and the other name as the detail."""
    copies: Counter[str] = Counter()
    playing: Counter[str] = Counter()
    other: dict[str, str | None] = {}
    total = 0
    for lines in decks:
        total += 1
        for name, translation, count in lines:
            copies[name] += count
            other.setdefault(name, translation)
        playing.update({name for name, _, _ in lines})
    ranked = sorted(copies.items(), key=lambda kv: (-kv[1], -playing[kv[0]], kv[0]))[:limit]
    return [Share(name, n, playing[name] / (total or 1), other.get(name)) for name, n in ranked]


def figure_as_dict(figure: KeyFigure | None) -> dict[str, Any] | None:
    """The figure for decks.json: label, conditions, hand size, both chances."""
    if figure is None:
        return None
    return {
        "label": figure.label,
        "conditions": list(figure.conditions),
        "hand_size": figure.hand_size,
        "p_opening": float(figure.p_opening),
        "p_with_mulligan": float(figure.p_with_mulligan),
    }
