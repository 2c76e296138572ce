"""The stored-deck listing (``deck list``): each deck's game, format, cards per zone and verdict, checked in one pass."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.decklists.stored import decklists, stored_decks, zone_sizes
from deckcli.errors import DeckcliError
from deckcli.games import registry
from deckcli.i18n import Message, error_text
from deckcli.legality.resolve import Resolver
from deckcli.legality.rules import check_deck
from deckcli.words import timestamp

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable


#: How a row says a verdict: legal, not legal, or not known (the deck cannot be checked).
_VERDICT = {True: "yes", False: "no", None: "?"}


@dataclass(frozen=True)
class ListedDeck:
    """One stored deck in the listing: its name, game and format, cards per zone, whether it is legal under its
    format (None: it cannot be checked, see the listing's warnings), how many problems it has, and its last change."""

    name: str
    game: str
    format: str | None
    zones: dict[str, int]
    legal: bool | None
    problems: int
    updated: str

    @property
    def verdict(self) -> str:
        """``yes``, ``no`` or ``?``: the table's and the CSV's legal column."""
        return _VERDICT[self.legal]

    def as_row(self, zones: list[str]) -> dict[str, Any]:
        """The table's and the CSV's row: one column per zone of ``zones`` (0 where the deck has none)."""
        row: dict[str, Any] = {"name": self.name, "game": self.game, "format": self.format}
        row.update({z: self.zones.get(z, 0) for z in zones})
        return row | {"legal": self.verdict, "updated": self.updated}

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` object: the deck's own zones and their total."""
        return {
            "name": self.name,
            "game": self.game,
            "format": self.format,
            "zones": dict(self.zones),
            "cards": sum(self.zones.values()),
            "legal": self.legal,
            "problems": self.problems,
            "updated": self.updated,
        }


@dataclass
class DeckListing:
    """The listed decks with the zone columns of the table and CSV, and warnings for decks that cannot be checked."""

    zones: list[str]
    #: Each zone column's header: its id, shown as the first listed game's zone title (:meth:`Game.zone_name`).
    zone_names: dict[str, str] = field(default_factory=dict)
    decks: list[ListedDeck] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    def as_rows(self) -> list[dict[str, Any]]:
        """The table's and the CSV's rows, one column per zone of :attr:`zones`."""
        return [deck.as_row(self.zones) for deck in self.decks]

    def as_list(self) -> list[dict[str, Any]]:
        """The ``--json`` array."""
        return [deck.as_dict() for deck in self.decks]


def listing_zones() -> list[str]:
    """The zone columns of the listing: every real zone of every game, in canonical order (not the cards set aside)."""
    return [z for z in registry.zone_order() if z not in registry.pseudo_zones() | registry.aside_zones()]


def list_stored_decks(db: Readable, game: str | None = None) -> DeckListing:
    """Every stored deck (optionally of one game) with its zone sizes and whether it is legal under its format;
    the decks and their cards are read in three queries, whatever their number."""
    with db.rows() as rows:
        decks = stored_decks(rows, game and game.lower())
        sizes = zone_sizes(rows)
        lists = decklists(rows, decks, every=not game)
    resolver = Resolver(db)
    columns = listing_zones()
    named = [registry.game(code) for code in sorted(registry.codes(), key=lambda code: code != (game or "").lower())]
    listing = DeckListing(columns, {z: next((g.zone_name(z, {}) for g in named if z in g.zones), z) for z in columns})
    for stored in decks:
        try:
            problems = check_deck(resolver.resolve(lists[stored.id]))
            legal: bool | None = not problems
        except DeckcliError as exc:  # a deck whose format file went missing is still listed
            listing.warnings.append(Message("deck {deck!r}: {problem}", deck=stored.name, problem=error_text(exc)))

            problems, legal = [], None
        listing.decks.append(
            ListedDeck(
                stored.name,
                stored.game,
                stored.format,
                dict(sizes.get(stored.id, {})),
                legal,
                len(problems),
                timestamp(stored.updated),
            )
        )
    return listing
