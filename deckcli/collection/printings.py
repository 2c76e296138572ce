"""Which printing a collection command means (``collection add/remove/set/show``), on top of the card resolver.

The card resolver decides, as for decks and decklists: a forgiving name, a set by code or name, a
casefolded number; without a game, every game is looked up and a name two games have needs ``--game``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.cards.index import CardRef
from deckcli.cards.resolver import CardResolver
from deckcli.collection.store import Holding, holdings
from deckcli.collection.variants import Variant
from deckcli.storage.reads import Readable

if TYPE_CHECKING:
    from deckcli.storage.writes import Writable


@dataclass(frozen=True)
class CardQuery:
    """A card as a command names it: CARD, ``--set`` (code or name), ``--number`` and ``--game``."""

    name: str
    set_text: str = ""
    number: str = ""
    game: str | None = None

    def find(self, resolver: CardResolver) -> CardRef:
        """The one printing meant."""
        return resolver.find(self.name, self.set_text, self.number, self.game)


def change_card(
    db: Writable,
    change: Callable[[Writable, CardRef, int, Variant], int],
    query: CardQuery,
    count: int,
    variant: Variant,
) -> tuple[CardRef, int]:
    """Apply ``change`` (add_card, remove_card, set_card) to the printing meant; returns it and the new count."""
    ref = query.find(CardResolver(db))
    return ref, change(db, ref, count, variant)


@dataclass
class Owned:
    """The copies held of one card: over all its printings, or only those of the ``--set``/``--number`` given."""

    card: CardRef
    printings: list[CardRef]
    holdings: list[Holding] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(h.count for h in self.holdings)

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.card.name,
            "game": self.card.game,
            "total": self.total,
            "entries": [h.as_row() for h in self.holdings],
        }


def owned_card(db: Readable, query: CardQuery) -> Owned:
    """Every copy held of the card meant (``collection show``)."""
    resolver = CardResolver(db)
    ref = query.find(resolver)
    printings = resolver.printings_of(ref, query.set_text, query.number)
    with db.rows() as rows:
        held = holdings(rows, card_ids=[p.id for p in printings])
    return Owned(ref, printings, held)
