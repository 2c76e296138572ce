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


@dataclass
class DeckListing:
    """Rows for the table and CSV (one column per zone), the JSON objects, and warnings for decks that cannot be checked."""

    zones: list[str]
    #: Each zone column's header: its id, shown as the first listed game's zone title (:meth:`Game.zone_name`).
    zone_names: dict[str, str] = field(default_factory=dict)
    rows: list[dict[str, Any]] = field(default_factory=list)
    data: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


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
        zones = sizes.get(stored.id, {})
        try:
            problems = check_deck(resolver.resolve(lists[stored.id]))
            legal: bool | None = not problems
        except DeckcliError as exc:  # a deck whose format file went missing is still listed
            listing.warnings.append(Message("deck {deck!r}: {problem}", deck=stored.name, problem=error_text(exc)))

            problems, legal = [], None
        updated = timestamp(stored.updated)
        row: dict[str, Any] = {"name": stored.name, "game": stored.game, "format": stored.format}
        row.update({z: zones.get(z, 0) for z in listing.zones})
        row.update({"legal": {True: "yes", False: "no", None: "?"}[legal], "updated": updated})
        listing.rows.append(row)
        listing.data.append(
            {
                "name": stored.name,
                "game": stored.game,
                "format": stored.format,
                "zones": dict(zones),
                "cards": sum(zones.values()),
                "legal": legal,
                "problems": len(problems),
                "updated": updated,
            }
        )
    return listing
