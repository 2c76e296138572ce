"""What decks need from the collection: cards short per deck, stored decks buildable now, several decks at once.

Needs are counted by card name across every zone of a deck; any printing, finish, condition,
language or tag the player owns counts towards that name.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session

from deckcli.storage.engine import Database
from deckcli.errors import DeckcliError
from deckcli.legality.resolve import ResolvedDeck, Resolver

from deckcli.collection.store import check_count, entry_key, owned_by_name, upsert
from deckcli.collection.variants import Variant


@dataclass
class Need:
    """``need`` copies of the card called ``name`` (in ``game``) against ``have`` owned."""

    game: str
    key: str
    name: str
    need: int
    have: int = 0
    decks: list[str] = field(default_factory=list)

    @property
    def missing(self) -> int:
        return max(0, self.need - self.have)

    def as_dict(self, with_decks: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "need": self.need, "have": self.have, "missing": self.missing}
        if with_decks:
            data["decks"] = list(self.decks)
        return data


def deck_label(deck: ResolvedDeck) -> str:
    """The name a deck is reported under."""
    return deck.name or deck.decklist.source or "deck"


def deck_needs(deck: ResolvedDeck, into: dict[tuple[str, str], Need] | None = None) -> dict[tuple[str, str], Need]:
    """Copies needed per (game, card name key), over all zones, in deck order; adds to ``into`` when given."""
    needs = {} if into is None else into
    label = deck_label(deck)
    for dc in deck.cards:
        key = (deck.game, dc.card.key)
        need = needs.get(key)
        if need is None:
            need = needs[key] = Need(deck.game, dc.card.key, dc.card.name, 0)
        need.need += dc.count
        if label not in need.decks:
            need.decks.append(label)
    return needs


def fill_owned(session: Session, needs: dict[tuple[str, str], Need]) -> list[Need]:
    """Set ``have`` on every need from the collection; returns the needs that are short."""
    for game in {g for g, _ in needs}:
        owned = owned_by_name(session, game, [k for g, k in needs if g == game])
        for (g, key), need in needs.items():
            if g == game:
                need.have = owned.get(key, 0)
    return [n for n in needs.values() if n.missing]


def missing_cards(db: Database, deck: ResolvedDeck) -> list[Need]:
    """Every card the deck needs more of than the collection holds (the deck must resolve fully)."""
    deck.require_cards()
    with db.read() as session:
        return fill_owned(session, deck_needs(deck))


@dataclass
class DeckStatus:
    """Whether one stored deck can be built from the collection, and what it is short of."""

    name: str
    game: str
    format: str
    cards: int = 0
    short: list[Need] = field(default_factory=list)
    problem: str | None = None

    @property
    def buildable(self) -> bool:
        return self.problem is None and not self.short

    @property
    def missing(self) -> int:
        return sum(n.missing for n in self.short)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "deck": self.name, "game": self.game, "format": self.format, "cards": self.cards,
            "buildable": self.buildable, "short": self.missing, "missing": [n.as_dict() for n in self.short],
        }
        if self.problem:
            data["problem"] = self.problem
        return data

    def as_row(self) -> dict[str, Any]:
        """One flat row for a listing: the deck, and its status in words."""
        if self.problem:
            status = f"cannot read: {self.problem.splitlines()[0]}"
        elif self.buildable:
            status = "buildable"
        else:
            status = f"short {self.missing} cards ({len(self.short)} different)"
        return {"deck": self.name, "game": self.game, "format": self.format, "cards": self.cards,
                "buildable": self.buildable, "short": self.missing, "status": status}


def stored_deck_names(db: Database, game: str | None = None) -> list[str]:
    """The names of the stored decks (of one game), alphabetically (ignoring case)."""
    from deckcli.decks.store import list_decks

    with db.read() as session:
        return [deck.name for deck in list_decks(session, game)]


def buildable_decks(db: Database, game: str | None = None) -> list[DeckStatus]:
    """Every stored deck (of one game) with what the collection lacks to build it; buildable decks first."""
    resolver = Resolver(db)
    statuses = []
    for name in stored_deck_names(db, game):
        try:
            deck = resolver.open(deck_name=name)
        except DeckcliError as exc:
            statuses.append(DeckStatus(name, game or "?", "?", problem=str(exc)))
            continue
        status = DeckStatus(name, deck.game, deck.format.name, sum(dc.count for dc in deck.cards))
        try:
            deck.require_cards()
        except DeckcliError as exc:
            status.problem = str(exc)
        with db.read() as session:
            status.short = fill_owned(session, deck_needs(deck))
        statuses.append(status)
    statuses.sort(key=lambda s: (not s.buildable, s.missing, s.name.casefold()))
    return statuses


def open_decks(db: Database, refs: list[str], game: str | None = None) -> list[ResolvedDeck]:
    """Decks named on the command line: an existing file (or ``-``) is a decklist, anything else a stored deck."""
    resolver = Resolver(db)
    decks = []
    for ref in refs:
        if ref == "-" or os.path.isfile(ref):
            deck = resolver.open(source=ref, game=game)
        else:
            deck = resolver.open(deck_name=ref, game=game)
        deck.require_cards()
        decks.append(deck)
    return decks


@dataclass
class Together:
    """Several decks built at the same time: every card's total need across them against one collection."""

    decks: list[str]
    needs: list[Need]

    @property
    def short(self) -> list[Need]:
        return [n for n in self.needs if n.missing]

    @property
    def buildable(self) -> bool:
        return not self.short

    def as_dict(self) -> dict[str, Any]:
        return {
            "decks": self.decks, "buildable": self.buildable, "short": sum(n.missing for n in self.short),
            "missing": [n.as_dict(with_decks=True) for n in self.short],
        }


def together(db: Database, decks: list[ResolvedDeck]) -> Together:
    """Whether one collection holds enough copies for all ``decks`` at once (a copy is used by one deck only)."""
    needs: dict[tuple[str, str], Need] = {}
    for deck in decks:
        deck.require_cards()
        deck_needs(deck, needs)
    with db.read() as session:
        fill_owned(session, needs)
    return Together([deck_label(d) for d in decks], list(needs.values()))


def add_deck(db: Database, deck: ResolvedDeck, variant: Variant = Variant(), times: int = 1) -> tuple[int, int]:
    """Add every card of a deck (all zones, the printings it names) to the collection; returns (copies, entries)."""
    deck.require_cards()
    counts: dict[int, int] = {}
    for dc in deck.cards:
        counts[dc.card.id] = counts.get(dc.card.id, 0) + dc.count * times
    for n in counts.values():
        check_count(n)
    with db.write() as session:
        upsert(session, [(entry_key(card_id, variant), n) for card_id, n in counts.items()])
    return sum(counts.values()), len(counts)
