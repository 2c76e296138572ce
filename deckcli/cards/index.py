"""The cards in memory: by forgiving name (with suggestions), by printing, and by search filters.

A :class:`CardIndex` holds one game's names in memory, so resolving thousands of decklist lines costs
one query, not one per line. Which printing a name, set and number mean is :mod:`deckcli.cards.resolver`'s job.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlmodel import Session

from deckcli.cards.filters import Filter
from deckcli.games import registry
from deckcli.storage.models import Card, CardName, CardSet
from deckcli.names import closest, name_key


@dataclass(frozen=True)
class CardRef:
    """One printing of a card, with every field of its card file in ``fields``."""

    id: int
    game: str
    set_code: str
    number: str
    name: str
    kind: str
    fields: dict[str, Any]

    @property
    def key(self) -> str:
        """The name key copies are counted under."""
        return name_key(self.name)

    def as_dict(self) -> dict[str, Any]:
        """All fields for filters and output: the card file's fields plus ``game`` and ``set``."""
        return {"game": self.game, "set": self.set_code, **self.fields}


#: The columns a CardRef is built from, selected as plain rows (no ORM objects: faster for big sets).
_REF_COLUMNS = (Card.id, Card.game, Card.set_code, Card.number, Card.name, Card.kind, Card.data)


def _refs(session: Session, query) -> list[CardRef]:
    return [CardRef(*row) for row in session.execute(query)]


class CardIndex:
    """All cards of one game (or all games) by name key, loaded once."""

    def __init__(self, session: Session, game: str | None = None):
        self.game = game
        query = select(*_REF_COLUMNS)
        names = select(CardName.card_id, CardName.key, CardName.display)
        if game:
            query = query.where(Card.game == game)
            names = names.where(CardName.game == game)
        self.by_id: dict[int, CardRef] = {r.id: r for r in _refs(session, query.order_by(Card.id))}
        self.by_key: dict[str, list[CardRef]] = defaultdict(list)
        self.display: dict[str, str] = {}
        for card_id, key, display in session.execute(names):
            self.by_key[key].append(self.by_id[card_id])
            self.display.setdefault(key, display)
        # Set codes are unique within a game only (boa and aqa may both have S01).
        self.by_printing: dict[tuple[str, str], list[CardRef]] = defaultdict(list)
        for ref in self.by_id.values():
            self.by_printing[(ref.set_code.casefold(), ref.number.casefold())].append(ref)
        for refs in self.by_key.values():
            refs.sort(key=lambda r: (r.set_code, r.number, r.id))

    def __len__(self) -> int:
        return len(self.by_id)

    def cards(self) -> Iterable[CardRef]:
        return self.by_id.values()

    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The closest real card names to ``name``."""
        return closest(name, self.display, limit)

    def find_all(self, name: str) -> list[CardRef]:
        """Every printing the name answers to; printings whose own name matches come first."""
        key = name_key(name)
        refs = self.by_key.get(key, [])
        exact = [r for r in refs if r.key == key]
        return exact or refs

    def printings(self, set_code: str, number: str) -> list[CardRef]:
        """Every card with this set code and number (one per game at most)."""
        return self.by_printing.get((set_code.casefold(), number.casefold()), [])

    def printing(self, set_code: str, number: str) -> CardRef | None:
        """The card with this set code and number, if exactly one game has it."""
        found = self.printings(set_code, number)
        return found[0] if len(found) == 1 else None


def search_cards(
    session: Session,
    text: str | None = None,
    game: str | None = None,
    set_code: str | None = None,
    kind: str | None = None,
    where: Iterable[Filter] = (),
) -> list[CardRef]:
    """Cards matching every criterion, ordered by game, set and number; TEXT matches names, aliases and card text."""
    query = select(*_REF_COLUMNS)
    if game:
        query = query.where(Card.game == game)
    if set_code:
        query = query.where(Card.set_code == set_code.upper())
    if kind:
        query = query.where(Card.kind == kind.lower())
    query = query.order_by(Card.game, Card.set_code, Card.id)
    refs = _refs(session, query)
    filters = list(where)
    if text:
        needle = name_key(text)
        refs = [r for r in refs if needle in _searchable(r)]
    if filters:
        refs = [r for r in refs if all(f.matches(r.as_dict()) for f in filters)]
    return refs


def _searchable(ref: CardRef) -> str:
    data = ref.fields
    parts = [ref.name, *(data.get("names") or {}).values(), *(data.get("aliases") or ()), str(data.get("text", ""))]
    ability = data.get("ability")
    if isinstance(ability, dict):
        parts.append(str(ability.get("text", "")))
    return name_key(" \n ".join(parts))


def list_sets(session: Session) -> list[dict[str, Any]]:
    """Every set with its game and card count."""
    from sqlalchemy import func

    rows = session.execute(
        select(CardSet.game, CardSet.code, CardSet.name, CardSet.sample, func.count(Card.id))
        .join(Card, Card.set_id == CardSet.id, isouter=True)
        .group_by(CardSet.id)
        .order_by(CardSet.game, CardSet.code)
    ).all()
    return [
        {"game": g, "game_name": registry.title(g), "set": code, "name": name, "sample": bool(sample), "cards": n}
        for g, code, name, sample, n in rows
    ]
