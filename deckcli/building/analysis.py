"""What ``deckcli build`` shows beside the deck after every change: the verdict with every problem of the format
(the checks of ``validate``), the deck by zone and kind with its curve (what ``deck show`` lays out), and the exact
chance of the game's key opening-hand condition and of the player's own conditions (what ``odds`` computes).

The odds are the part that costs: a deck is split into classes by the conditions (:mod:`deckcli.odds.classes`),
and the exact figures depend on the classes' sizes only, so they are remembered by that signature. Adding a card
no condition names (most cards) reuses the last figures; a card that does costs one ``classes_odds`` run.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from deckcli.games import registry

if TYPE_CHECKING:
    from fractions import Fraction

    from deckcli.building.draft import DeckDraft
    from deckcli.cards.conditions import Condition
    from deckcli.cards.index import CardRef
    from deckcli.decks.view import DeckView
    from deckcli.play.hands import DealtHand


@dataclass(frozen=True)
class OddsLine:
    """The exact chance that an opening hand meets every one of ``conditions`` (their ``--want`` texts), before and
    with the format's mulligan; None when the deck has no opening hand (an empty draw zone, a pool)."""

    label: str
    conditions: tuple[str, ...]
    p_opening: Fraction | None
    p_with_mulligan: Fraction | None


@dataclass(frozen=True)
class Analysis:
    """One look at the deck: its view (zones, curve, problems) and its odds lines."""

    view: DeckView
    odds: list[OddsLine]

    @property
    def legal(self) -> bool:
        return not self.view.problems


class Analyst:
    """Analyses a draft after each change, remembering the odds by class signature (see the module docstring)."""

    def __init__(self, game: str, find: Callable[[str], CardRef]):
        self.game = registry.game(game)
        self.find = find
        spec = self.game.event.get("key_condition") or {}
        self.key_label = self.game.event_label("key_condition", "label") if spec else ""
        self.key_texts: tuple[str, ...] = tuple(spec.get("conditions", ()))
        self.user_texts: tuple[str, ...] = ()
        self._parsed: dict[tuple[str, ...], list[Condition]] = {}
        self._odds: dict[tuple, tuple[Fraction, Fraction]] = {}

    def set_conditions(self, texts: Sequence[str]) -> None:
        """The player's own conditions (``--want`` syntax); raises, keeping the old ones, when one does not parse."""
        texts = tuple(t.strip() for t in texts if t.strip())
        self._conditions(texts)
        self.user_texts = texts

    def analyse(self, draft: DeckDraft) -> Analysis:
        from deckcli.decks.view import deck_view
        from deckcli.legality.rules import check_deck

        deck = draft.resolved()
        view = deck_view(deck, check_deck(deck), [])
        cards = [(ref.as_dict(), n) for ref, n in deck.zone_cards(deck.format.draw_zone)]
        lines = []
        if self.key_texts:
            lines.append(self._line(self.key_label, self.key_texts, cards, deck.format.opening))
        if self.user_texts:
            lines.append(self._line("", self.user_texts, cards, deck.format.opening))
        return Analysis(view, lines)

    def _conditions(self, texts: tuple[str, ...]) -> list[Condition]:
        if texts not in self._parsed:
            from deckcli.cards.conditions import parse_conditions

            self._parsed[texts] = parse_conditions(texts, self.game.card_fields, self.find)
        return self._parsed[texts]

    def _line(self, label: str, texts: tuple[str, ...], cards, opening) -> OddsLine:
        from deckcli.legality.opening import OpeningRules
        from deckcli.odds import split_classes
        from deckcli.odds.report import classes_odds

        rules = OpeningRules.of(opening)
        if not cards or not rules.draw:
            return OddsLine(label, texts, None, None)
        classes = split_classes(cards, self._conditions(texts))
        key = (texts, tuple(sorted(zip(classes.signatures, classes.counts))))
        if key not in self._odds:
            result = classes_odds(classes, rules)
            self._odds[key] = (result.p_opening, result.p_with_mulligan)
        return OddsLine(label, texts, *self._odds[key])

    def deal(self, draft: DeckDraft, seed: int | None = None) -> DealtHand | None:
        """A sample opening hand with the game's mulligan, as ``hand --mulligan`` deals it, against the player's
        conditions (else the key condition); None when the deck has no opening hand."""
        from deckcli.legality.opening import OpeningRules
        from deckcli.play.hands import sample_hands

        deck = draft.resolved()
        cards = [(ref.as_dict(), n) for ref, n in deck.zone_cards(deck.format.draw_zone)]
        if not cards or not OpeningRules.of(deck.format.opening).draw:
            return None
        conditions = self._conditions(self.user_texts or self.key_texts)
        return sample_hands(cards, deck.format.opening, 1, seed, conditions, mulligan=True)[1][0]
