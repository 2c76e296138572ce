"""``deck import``: a decklist file read, resolved and stored as a deck in one transaction, or nothing stored."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from deckcli.decklists.io import read_decklist
from deckcli.decks.store import find_deck, save_deck, stored_format_name
from deckcli.errors import DeckcliError, DeckReadError
from deckcli.legality.resolve import Problem, ResolvedDeck, Resolver
from deckcli.legality.rules import check_deck
from deckcli.storage.engine import Database
from deckcli.storage.models import Deck


@dataclass
class ImportedDeck:
    """The stored deck, the deck as resolved, and the construction problems it was stored with."""

    stored: Deck
    resolved: ResolvedDeck
    problems: list[Problem]

    def aside_sizes(self) -> dict[str, int]:
        """Cards per zone set aside (a maybeboard), stored with the deck but never counted."""
        sizes: dict[str, int] = {}
        for dc in self.resolved.aside:
            sizes[dc.zone] = sizes.get(dc.zone, 0) + dc.count
        return sizes


def import_deck(
    db: Database, file: str, name: str | None = None, format_name: str | None = None,
    game: str | None = None, replace: bool = False,
) -> ImportedDeck:
    """Store the decklist ``file``; a line naming no card stops it (DeckReadError), a rule problem does not."""
    decklist = read_decklist(file, allow_empty=True)
    resolved = Resolver(db).resolve(decklist, format_name, game and game.lower())
    label = decklist.source or file
    if resolved.problems:
        ordered = sorted(resolved.problems, key=lambda p: (p.line is None, p.line or 0))
        raise DeckReadError(label, [(p.line, f"[{p.rule}] {p.message}") for p in ordered])
    deck_name = name or decklist.name or (None if file == "-" else Path(file).stem)
    if not deck_name:
        raise DeckcliError("the decklist has no Name: line; give --name")
    with db.write() as session:
        taken = None if replace else find_deck(session, deck_name.strip())
        if taken is not None:
            raise DeckcliError(
                f"a deck called {taken.name!r} already exists; give another --name, or --replace to overwrite it"
            )
        stored = save_deck(
            session, deck_name, resolved.game, stored_format_name(resolved.format),
            [(dc.zone, dc.card.id, dc.count) for dc in resolved.cards + resolved.aside], dict(decklist.meta),
            replace=replace,
        )
    return ImportedDeck(stored, resolved, check_deck(resolved))
