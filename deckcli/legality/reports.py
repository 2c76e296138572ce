"""Verdict reports for ``validate``: one JSON-ready object per deck, with every problem of the deck.

A :class:`DeckReporter` checks many decks with one :class:`~deckcli.legality.resolve.Resolver` (one card index per
game for every file); a deck that cannot be read at all becomes a report with a ``parse`` problem, so the
other decks are still checked.
"""

from __future__ import annotations

from typing import Any

from deckcli.storage.engine import Database
from deckcli.errors import DeckcliError
from deckcli.legality.formats import Format
from deckcli.legality.resolve import Problem, ResolvedDeck, Resolver
from deckcli.legality.exchange import check_side_exchange
from deckcli.legality.rules import card_limit_keys, check_deck


class DeckReporter:
    """Reports on decks read under an optional ``--format``/``--game``, against an optional original deck
    (``--side-from``) and the collection (``--collection``)."""

    def __init__(
        self, db: Database, fmt: Format | None = None, format_name: str | None = None,
        game: str | None = None, collection: bool = False,
    ):
        self.db, self.resolver, self.collection = db, Resolver(db), collection
        self.format_name, self.game = format_name, game
        self.fallback = (fmt.game, fmt.name) if fmt is not None else (game, None)  # for decks that cannot be read
        self.original: ResolvedDeck | str | None = None  # --side-from: the original deck, or why it cannot be read
        self.warnings: list[str] = []
        self._formats_seen: set[str] = set()

    def open(self, source: str | None, deck_name: str | None) -> ResolvedDeck | str:
        """A resolved deck, or the error text when it cannot be read at all."""
        try:
            return self.resolver.open(source=source, deck_name=deck_name, format_name=self.format_name, game=self.game)
        except DeckcliError as exc:
            return str(exc)

    def set_original(self, source: str) -> None:
        """Check every later deck as a between-rounds exchange of the decklist ``source``."""
        self.original = self.open(source, None)

    def report(self, source: str | None, deck_name: str | None) -> dict[str, Any]:
        """One deck's verdict: ``{"file", "game", "format", "legal", ["owned",] "problems"}``."""
        label = source if source is not None else f"deck:{deck_name}"
        deck = self.open(source, deck_name)
        if isinstance(deck, str):
            game, fmt = self.fallback
            return {"file": label, "game": game, "format": fmt, "legal": False, "problems": [Problem("parse", deck).as_dict()]}
        self._note_unknown_limits(deck)
        if isinstance(self.original, str):
            problems = [Problem("side-exchange", f"the original deck cannot be read: {self.original}"), *check_deck(deck)]
        elif self.original is not None:
            problems = check_side_exchange(self.original, deck)
        else:
            problems = check_deck(deck)
        report: dict[str, Any] = {"file": label, "game": deck.game, "format": deck.format.name, "legal": not problems}
        if self.collection:
            from deckcli.collection.owned import not_owned_problems

            with self.db.read() as session:
                missing = not_owned_problems(session, deck)
            problems += missing
            report["owned"] = not missing
        return {**report, "problems": [p.as_dict() for p in problems]}

    def _note_unknown_limits(self, deck: ResolvedDeck) -> None:
        """Once per format: names on its restricted list that are no card (a typo would silently allow the card)."""
        if deck.format.path in self._formats_seen:
            return
        self._formats_seen.add(deck.format.path)
        unknown = card_limit_keys(deck.format, deck.index)[1]
        if unknown:
            names = ", ".join(repr(n) for n in unknown)
            self.warnings.append(f"format {deck.format.name!r} limits {names}, which name no {deck.game} card")
