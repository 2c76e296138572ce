"""The card pool of ``deckcli build``: every card of the deck's game, narrowed by what the player types, with the
copies the collection holds of each name.

What is typed is a name (forgiving as ``cards show``: case, width, aliases, localised names, and part of the name)
or, when it holds a comparison, the ``--where`` syntax of ``cards search`` (``cost<=2, element=Fire``)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from deckcli.cards.filters import parse_filter
from deckcli.cards.index import CardIndex, CardRef, filter_refs
from deckcli.games import registry

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable

#: A comparison operator: what tells ``cost<=2`` from a card name.
_OPERATOR = re.compile(r"<|>|=")


class CardPool:
    """The cards of one game, read once, and the copies owned of each name (None: the collection is empty)."""

    def __init__(self, db: Readable, index: CardIndex):
        from deckcli.collection.counts import owned_by_key

        self.cards = sorted(index.cards(), key=lambda r: (r.set_code, _number_key(r.number), r.id))
        with db.rows() as rows:
            owned = owned_by_key(rows, index.game or "")
        self.owned: dict[str, int] | None = owned or None
        self._last: tuple[str, list[CardRef]] = ("", self.cards)
        self.game = index.game

    def search(self, query: str) -> list[CardRef]:
        """The cards ``query`` matches, best first (names starting with it, then the rest); raises a ``DeckcliError``
        naming the field for a filter that does not parse."""
        query = query.strip()
        if query == self._last[0]:
            return self._last[1]
        if not query:
            found = self.cards
        elif _OPERATOR.search(query):
            found = filter_refs(self.cards, where=[parse_filter(query, registry.card_fields_of(self.game))])
        else:
            found = _names_first(filter_refs(self.cards, query), query)
        self._last = (query, found)
        return found

    def owned_of(self, card: CardRef) -> int | None:
        """Copies of the card's name the collection holds (any printing), None without a collection."""
        return None if self.owned is None else self.owned.get(card.key, 0)


def _names_first(found: list[CardRef], query: str) -> list[CardRef]:
    """Cards whose name starts with the query first, then those whose name holds it, then text matches."""
    from deckcli.names import name_key

    needle = name_key(query)
    return sorted(found, key=lambda r: (not r.key.startswith(needle), needle not in r.key))


def _number_key(number: str) -> tuple[int, str]:
    digits = "".join(ch for ch in number if ch.isdigit())
    return (int(digits) if digits else 0, number)
