"""What ``deck show`` shows of a stored deck, as data: its cards by zone and kind, its curve, its verdict under its
format and under every format of its game (``deckcli/cli/deckview.py`` lays it out; ``--json`` is its dict)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcli.cards.buckets import field_buckets
from deckcli.cards.index import CardRef
from deckcli.decklists.model import zone_rank
from deckcli.games import registry
from deckcli.games.registry import Game
from deckcli.legality.grouping import zone_label
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.legality.rules import check_deck

if TYPE_CHECKING:
    from deckcli.legality.allformats import FormatVerdict
    from deckcli.storage.reads import Readable

#: A zone's or a kind's printings with their copies.
RefCounts = list[tuple[CardRef, int]]


@dataclass(frozen=True)
class KindCards:
    """The cards of one kind in a zone, under the kind's plural title from the game's data ('Limitbreak monsters')."""

    kind: str
    title: str
    cards: RefCounts

    @property
    def count(self) -> int:
        return sum(n for _, n in self.cards)


@dataclass(frozen=True)
class ZoneCards:
    """One zone of the deck: its label, its size, the format's bounds for it (None: no bound), its cards by kind."""

    name: str
    label: str
    size: int
    least: int | None
    most: int | None
    kinds: list[KindCards]


@dataclass(frozen=True)
class AsideCards:
    """A zone set aside (a maybeboard): kept with the deck, never counted."""

    name: str
    label: str
    cards: RefCounts

    @property
    def size(self) -> int:
        return sum(n for _, n in self.cards)


@dataclass(frozen=True)
class DeckView:
    """Everything ``deck show`` shows: the deck, its zones, its curve over the draw zone, its problems under its
    format and its verdict under every format of its game."""

    deck: ResolvedDeck
    zones: list[ZoneCards]
    aside: list[AsideCards]
    curve_field: str
    curve: list[tuple[str, int]]
    problems: list[Problem]
    verdicts: list[FormatVerdict]
    #: The leaders the deck stands under, titled from its game's data (an sfb deck's champions), if any.
    leaders: list[tuple[str, list[str]]]

    @property
    def game_title(self) -> str:
        return registry.title(self.deck.game)

    @property
    def draw_zone_label(self) -> str:
        return zone_label(self.deck, self.deck.format.draw_zone)

    def as_dict(self) -> dict[str, Any]:
        """The ``deck show --json`` object; ``formats`` the deck's verdict under every format of its game."""
        deck = self.deck
        found: dict[str, Any] = {
            "name": deck.name,
            "game": deck.game,
            "format": deck.format.name,
            "meta": dict(deck.decklist.meta),
            "zones": {
                z.name: {
                    "label": z.label,
                    "size": z.size,
                    "cards": [_card_data(card, n) for group in z.kinds for card, n in group.cards],
                }
                for z in self.zones
            },
        }
        if self.aside:
            found["aside"] = {
                a.name: {"label": a.label, "size": a.size, "cards": [_card_data(c, n, cost=False) for c, n in a.cards]}
                for a in self.aside
            }
        found["curve"] = {
            "field": self.curve_field,
            "zone": deck.format.draw_zone,
            "buckets": [{"value": b, "cards": n} for b, n in self.curve],
        }
        found["legal"] = not self.problems
        found["problems"] = [p.as_dict() for p in self.problems]
        if self.verdicts:
            found["formats"] = [{"format": v.format.name, "legal": v.legal, "rules": v.rules} for v in self.verdicts]
        return found


def _card_data(card: CardRef, count: int, cost: bool = True) -> dict[str, Any]:
    data = {"count": count, "name": card.name, "set": card.set_code, "number": card.number, "kind": card.kind}
    if cost and card.fields.get("cost") is not None:
        data["cost"] = card.fields["cost"]
    return data


def _field_rank(game: Game, field_name: str, value: object) -> tuple:
    """Numbers ascending, then values in the game's order for the field, then by name; missing values last."""
    if value is None or value == "":
        return (2, 0, "")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (0, value, "")
    return (1, game.order_of(field_name, value), str(value))


def _sort_key(game: Game):
    """Cards by the game's ``card_order`` fields (cost; sfb: champion and colour), then by name and printing."""

    def key(item: tuple[CardRef, int]) -> tuple:
        card = item[0]
        ranks = tuple(_field_rank(game, f, card.fields.get(f)) for f in game.card_order)
        return (*ranks, card.name, card.set_code, card.number)

    return key


def grouped(deck: ResolvedDeck) -> list[tuple[str, list[tuple[str, RefCounts]]]]:
    """[(zone, [(kind, [(card, count)])])]: zones in format order, kinds in first-seen order, cards by cost then name."""
    result = []
    order = _sort_key(registry.game(deck.game))
    for zone in deck.format.display_order(dc.zone for dc in deck.cards):
        by_kind: dict[str, RefCounts] = {}
        for card, count in deck.zone_cards(zone):
            by_kind.setdefault(card.kind, []).append((card, count))
        result.append((zone, [(kind, sorted(items, key=order)) for kind, items in by_kind.items()]))
    return result


def _aside(deck: ResolvedDeck) -> list[AsideCards]:
    """The zones set aside (a maybeboard), in the games' zone order, each printing once with its copies."""
    found: dict[str, dict[int, tuple[CardRef, int]]] = {}
    for dc in deck.aside:
        held = found.setdefault(dc.zone, {})
        card, count = held.get(dc.card.id, (dc.card, 0))
        held[dc.card.id] = (card, count + dc.count)
    return [
        AsideCards(zone, zone_label(deck, zone), list(found[zone].values())) for zone in sorted(found, key=zone_rank)
    ]


def curve(deck: ResolvedDeck) -> tuple[str, list[tuple[str, int]]]:
    """The draw zone over the game's curve field: (field, [(bucket, cards)]), the buckets of ``deckcli curve``
    (:func:`deckcli.cards.buckets.field_buckets`) written as text."""
    game = registry.game(deck.game)
    cards = [(card.as_dict(), n) for card, n in deck.zone_cards(deck.format.draw_zone)]
    return game.curve_field, [(str(value), n) for value, n in field_buckets(cards, game.curve_field, game)]


def deck_view(deck: ResolvedDeck, problems: list[Problem], verdicts: list[FormatVerdict]) -> DeckView:
    """The view of a resolved deck with its problems under its format and its verdicts under every format."""
    game = registry.game(deck.game)
    zones = []
    for zone, kinds in grouped(deck):
        bounds = deck.format.zones.get(zone)
        zones.append(
            ZoneCards(
                zone,
                zone_label(deck, zone),
                deck.zone_size(zone),
                bounds.min if bounds else None,
                bounds.max if bounds else None,
                [KindCards(kind, game.kind_title(kind), cards) for kind, cards in kinds],
            )
        )
    field_name, buckets = curve(deck)
    return DeckView(deck, zones, _aside(deck), field_name, buckets, problems, verdicts, deck.leaders())


def inspect_deck(db: Readable, name: str, format_name: str | None = None) -> DeckView:
    """The stored deck ``name`` under its format (or ``format_name``): its view, with its problems and its verdict
    under every format of its game."""
    from deckcli.legality.allformats import format_verdicts  # every format of the game: only deck show needs them

    resolver = Resolver(db)
    deck = resolver.open(deck_name=name, format_name=format_name)
    return deck_view(deck, check_deck(deck), format_verdicts(resolver, deck))
