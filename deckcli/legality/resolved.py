"""A deck resolved to cards: its game, format and printings by zone, and the problems found (:class:`Problem`). The
rules, reports and hook checks read it; :mod:`deckcli.legality.resolve` builds it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.games.hooks import leaders
from deckcli.i18n import N_, Lines, Message

if TYPE_CHECKING:
    from deckcli.cards.index import CardIndex, CardRef
    from deckcli.legality.format import Format


@dataclass(slots=True)  # 80,000 unknown lines are 80,000 of them: no instance dict each
class Problem:
    """One reason a deck is not legal (or not readable): a rule id, a message, and where it applies."""

    rule: str
    message: str
    cards: list[str] = field(default_factory=list)
    zone: str | None = None
    line: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"rule": self.rule, "message": self.message}
        if self.cards:
            data["cards"] = self.cards
        if self.zone:
            data["zone"] = self.zone
        if self.line is not None:
            data["line"] = self.line
        data.update(self.extra)
        return data


@dataclass(frozen=True)
class Unreadable:
    """A deck that could not be read at all: where it was named (its label) and why, as the error said it (a
    :class:`~deckcli.i18n.Message` where it was raised as one: translated only when shown)."""

    where: str
    message: str


@dataclass
class ResolvedCard:
    """``count`` copies of the printing ``card`` in ``zone``, from source line ``line``."""

    zone: str
    count: int
    card: CardRef
    line: int | None = None


@dataclass
class ResolvedDeck:
    """A decklist with its game, format and cards known."""

    name: str | None
    game: str
    format: Format
    decklist: Decklist
    cards: list[ResolvedCard] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: Lines that named no card of the game (reported in ``problems``); rules still count them in zone sizes.
    unresolved: list[DeckEntry] = field(default_factory=list)
    #: The card index the deck was resolved against (rules that need a champion's whole card set use it).
    index: CardIndex | None = field(default=None, repr=False, compare=False)
    #: Cards of zones set aside (a maybeboard): kept with the deck, never counted by rules, odds or needs.
    aside: list[ResolvedCard] = field(default_factory=list)
    #: What reading decided that a report should say (cards routed to their zone, a blank-line side deck).
    notes: list[str] = field(default_factory=list)
    #: The game most of the deck's lines are cards of, when that is another game (a boa deck checked as sfb):
    #: one ``wrong-game`` problem says so, and the format's rules, which would only repeat it, are not checked.
    other_game: str | None = None

    def zone_cards(self, zone: str) -> list[tuple[CardRef, int]]:
        """The printings in one zone with their counts, aggregated, in first-seen order."""
        counts: dict[int, int] = {}
        refs: dict[int, CardRef] = {}
        for dc in self.cards:
            if dc.zone == zone:
                counts[dc.card.id] = counts.get(dc.card.id, 0) + dc.count
                refs[dc.card.id] = dc.card
        return [(refs[i], n) for i, n in counts.items()]

    def zone_size(self, zone: str) -> int:
        return sum(dc.count for dc in self.cards if dc.zone == zone)

    def leaders(self) -> list[tuple[str, list[str]]]:
        """The leaders the deck's cards stand under, titled from the game's data (an sfb deck's
        ``("Champions", [its three champions])``); none for a game without such a hook."""
        return leaders(registry.game(self.game), (dc.card for dc in self.cards))

    def require_cards(self) -> None:
        """Raise when any line could not be read or matched to a card (for odds, collection)."""
        blocking = [p for p in self.problems if p.rule in ("parse", "unknown-card", "wrong-game")]
        if blocking:
            where = self.decklist.source or self.name or "deck"
            texts = (N_("{source}: {problem}"), N_("{source}: line {line}: {problem}"))
            lines = [Message(texts[bool(p.line)], source=where, line=p.line, problem=p.message) for p in blocking]
            raise InputError(Lines(lines))

    def to_decklist(self) -> Decklist:
        """The deck as a decklist naming every printing (for export and deck codes)."""
        entries = [
            DeckEntry(dc.zone, dc.count, dc.card.name, dc.card.set_code, dc.card.number)
            for dc in self.cards + self.aside
        ]
        return Decklist(
            entries=entries, name=self.name, game=self.game, format=self.format.name, meta=dict(self.decklist.meta)
        )
