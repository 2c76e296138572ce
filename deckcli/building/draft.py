"""The deck being built in ``deckcli build``: its cards held in memory, changed one card at a time with undo and
redo, and turned into the resolved deck every check reads.

The cards are an immutable tuple of :class:`Held` rows, so undo and redo keep whole states (a 60-card deck is a
few dozen rows): simpler than inverse operations and never out of step with routing, where one key press may add
an sfb champion's six cards to their zone. Nothing here knows of a terminal (``deckcli/tui`` draws it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import NamedTuple

from deckcli.cards.index import CardIndex, CardRef
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import DeckcliError
from deckcli.games import registry
from deckcli.games.hooks import stands_for
from deckcli.i18n import Message
from deckcli.legality.format import Format
from deckcli.legality.resolved import ResolvedCard, ResolvedDeck


class Held(NamedTuple):
    """``copies`` of the printing ``card`` in ``zone``."""

    zone: str
    card: CardRef
    copies: int


Cards = tuple[Held, ...]


@dataclass
class DeckDraft:
    """A deck of one game under one format, edited in memory: ``stored_as`` is the stored deck it was opened from
    or last saved to (None: not stored yet)."""

    name: str | None
    game: str
    format: Format
    index: CardIndex
    cards: Cards = ()
    meta: dict[str, str] = field(default_factory=dict)
    stored_as: str | None = None
    saved: Cards = ()
    #: What the deck was opened from: ``stored``, ``file``, ``code``, or ``new`` (an empty deck).
    source: str = "new"
    _undo: list[Cards] = field(default_factory=list, repr=False)
    _redo: list[Cards] = field(default_factory=list, repr=False)
    _counted: tuple[Cards | None, dict[str, int]] = field(default=(None, {}), repr=False)

    # -- the state --------------------------------------------------------------------------------
    @property
    def dirty(self) -> bool:
        """Whether the cards differ from what was last opened or saved."""
        return self.cards != self.saved

    def zones(self) -> list[str]:
        """The zones a card can be put in: the format's, then the zones every deck sets aside (the maybeboard)."""
        return self.format.display_order(registry.aside_zones())

    def count(self, card: CardRef) -> int:
        """Copies of ``card``'s name held in every zone (the pool's ``deck`` column: one look-up a row)."""
        if self._counted[0] is not self.cards:
            counts: dict[str, int] = {}
            for h in self.cards:
                counts[h.card.key] = counts.get(h.card.key, 0) + h.copies
            self._counted = (self.cards, counts)
        return self._counted[1].get(card.key, 0)

    def size(self, zone: str) -> int:
        return sum(h.copies for h in self.cards if h.zone == zone)

    # -- changes ----------------------------------------------------------------------------------
    def add(self, card: CardRef, zone: str | None = None, count: int = 1) -> list[Held]:
        """Add ``count`` copies of ``card`` (an sfb champion: each of its action cards), in ``zone`` or in the zone the
        game routes its kind to; returns what was added, one row per printing."""
        added = [Held(zone or self._zone_for(p), p, count) for p in self._printings(card)]
        self._change(self._with(added))
        return added

    def remove(self, card: CardRef, zone: str | None = None) -> list[Held]:
        """Take one copy of ``card`` (an sfb champion: one of each of its action cards) out of ``zone``, or out of the
        zone holding it; the last printing added goes first. Returns what was taken (empty: the deck holds none)."""
        taken = []
        for printing in self._printings(card):
            rows = [h for h in self.cards if h.card.key == printing.key and (zone is None or h.zone == zone)]
            if rows:
                taken.append(Held(rows[-1].zone, rows[-1].card, -1))
        if taken:
            self._change(self._with(taken))
        return taken

    def undo(self) -> bool:
        """Back to the cards before the last change; False when there is nothing to undo."""
        if not self._undo:
            return False
        self._redo.append(self.cards)
        self.cards = self._undo.pop()
        return True

    def redo(self) -> bool:
        """The last undone change again; False when there is nothing to redo."""
        if not self._redo:
            return False
        self._undo.append(self.cards)
        self.cards = self._redo.pop()
        return True

    @property
    def needs_name(self) -> bool:
        """Whether saving must ask for a name: a deck read from a file or code, or a new deck with none."""
        return self.stored_as is None and (self.source != "new" or not self.name)

    def mark_saved(self, name: str) -> None:
        self.name = self.stored_as = name
        self.saved = self.cards

    def _change(self, cards: Cards) -> None:
        if cards != self.cards:
            self._undo.append(self.cards)
            self._redo.clear()
            self.cards = cards

    def _with(self, deltas: list[Held]) -> Cards:
        """The cards with each delta applied to its (zone, printing) row; a row at 0 copies goes."""
        rows = {(h.zone, h.card.id): h for h in self.cards}
        for delta in deltas:
            key = (delta.zone, delta.card.id)
            before = rows.get(key)
            total = (before.copies if before else 0) + delta.copies
            if total > 0:
                rows[key] = Held(delta.zone, delta.card, total)
            else:
                rows.pop(key, None)
        return tuple(rows.values())

    def _printings(self, card: CardRef) -> list[CardRef]:
        members = stands_for(registry.game(self.game), card, self.index)
        if members is None:
            return [card]
        if not members:
            game = registry.game(self.game)
            raise DeckcliError(
                Message(
                    "{kind} {card!r} stands for no cards in the database",
                    kind=game.kind_name(card.kind),
                    card=card.name,
                )
            )
        return members

    def _zone_for(self, card: CardRef) -> str:
        """Where the game routes the card's kind under the format (a boa Limitbreak monster: its own deck), as
        ``deck add`` does; the draw zone when no zone accepts it (the checks then say why)."""
        return registry.game(self.game).zone_for_kind(card.kind, self.format.zones) or self.format.draw_zone

    # -- what the checks read ---------------------------------------------------------------------
    def decklist(self) -> Decklist:
        """The deck as a decklist naming every printing (what is saved and exported)."""
        entries = [DeckEntry(h.zone, h.copies, h.card.name, h.card.set_code, h.card.number) for h in self.cards]
        return Decklist(entries=entries, name=self.name, game=self.game, format=self.format.name, meta=dict(self.meta))

    def resolved(self, day: date | None = None) -> ResolvedDeck:
        """The deck as every check reads it (cards already known: nothing is looked up again), set-aside zones apart."""
        aside = set(registry.aside_zones())
        held = [ResolvedCard(h.zone, h.copies, h.card) for h in self.cards]
        return ResolvedDeck(
            self.name,
            self.game,
            self.format.on(day or date.today()),
            self.decklist(),
            cards=[c for c in held if c.zone not in aside],
            aside=[c for c in held if c.zone in aside],
            index=self.index,
        )
