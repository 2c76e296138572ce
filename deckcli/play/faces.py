"""What a card face shows, taken from the card data alone: the name (and its English name beside another script),
the cost, the kind, the game's summary fields and every line of its rules as the card prints them
(:mod:`deckcli.cards.rulestext`, from the game's ``face.rules``: the same lines are a card's text in Cockatrice);
and the game's card back. The TTS sheets and the proxy pages lay out the same faces (``pages/faces.html.j2``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcli.cards.rulestext import RuleLine, rules_lines
from deckcli.cards.shownname import name_in
from deckcli.cards.summary import summary_parts
from deckcli.games import registry
from deckcli.games.hooks import leader_cards
from deckcli.i18n import ENGLISH

if TYPE_CHECKING:
    from deckcli.cards.index import CardIndex, CardRef
    from deckcli.legality.resolved import ResolvedDeck

#: The back of a game whose data gives none.
PLAIN_BACK = {"background": "#333333", "accent": "#eeeeee"}


@dataclass(frozen=True)
class Face:
    """One card's face: every value is text, shown as text (the templates autoescape)."""

    name: str
    translation: str | None
    cost: str | None
    kind: str
    details: tuple[str, ...]
    rules: tuple[RuleLine, ...]
    printing: str
    frame: str

    @property
    def text(self) -> str:
        """The rules as one text, a line each (``Offering: …``)."""
        return "\n".join(line.text for line in self.rules)


@dataclass(frozen=True)
class Back:
    """A game's card back: its words and colours (``game.json`` ``face.back``)."""

    title: str
    background: str
    accent: str


@dataclass(frozen=True)
class ZoneCards:
    """One zone of a deck as it is played: its name, its label and every copy of its cards, in deck order."""

    zone: str
    label: str
    copies: tuple[CardRef, ...]


def game_back(game: str) -> Back:
    """The card back of ``game``, from its data (its title on a plain back when the data gives no back)."""
    found = registry.game(game)
    back = {"title": found.title, **PLAIN_BACK, **found.face.get("back", {})}
    return Back(str(back["title"]), str(back["background"]), str(back["accent"]))


def card_face(card: CardRef) -> Face:
    """The face of a printing: the fields its game's data names, each as text."""
    game = registry.game(card.game)
    fields: dict[str, Any] = {"game": card.game, **card.fields}
    cost = fields.get("cost")
    return Face(
        name=card.name,
        translation=name_in(card, ENGLISH),  # the smaller name beside one printed in another script, as on sheets
        cost=None if cost in (None, "") else str(cost),
        kind=card.kind,
        details=tuple(summary_parts(fields, skip=("cost",), shown=True)),
        rules=tuple(rules_lines(game, card.fields)),
        printing=f"{card.set_code} {card.number}",
        frame=game_back(card.game).background,
    )


def deck_zones(deck: ResolvedDeck, index: CardIndex | None = None) -> list[ZoneCards]:
    """The zones of the deck that hold cards, in the format's order, each with every copy (a maybeboard is never
    part of the deck played, so it is not here); with ``index``, first the leader cards the deck is played under,
    one of each (an sfb team's three champions, which sit beside the action deck on the table)."""
    game = registry.game(deck.game)
    zones = []
    if index is not None:
        for kind, cards in leader_cards(game, (dc.card for dc in deck.cards), index):
            zones.append(ZoneCards(kind, game.kind_title(kind), tuple(cards)))
    for zone in deck.format.display_order(dc.zone for dc in deck.cards):
        copies = tuple(card for card, count in deck.zone_cards(zone) for _ in range(count))
        if copies:
            zones.append(ZoneCards(zone, game.zone_label(zone, deck.format.zones), copies))
    return zones
