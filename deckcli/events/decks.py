"""Decklists read and checked as one event sees them: its game, its format as in force on its date (today when it
has none). A deck that cannot be read — a bad line, an unknown card, a deck of another game — is refused with every
problem named; a readable deck is checked by every rule of the format and kept with its problems."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING

from deckcli.decklists.io import decklist_of_text
from deckcli.decklists.model import Decklist
from deckcli.decks.store import clean_deck_name
from deckcli.errors import DeckcliError, DeckReadError
from deckcli.events.fingerprint import fingerprint
from deckcli.events.locked import locked_deck
from deckcli.events.records import EventInfo
from deckcli.games import registry
from deckcli.i18n import Message
from deckcli.legality.format import Format
from deckcli.legality.formats import load_format
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.legality.rules import READ_RULES, check_deck

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable


@dataclass(frozen=True)
class PlayerDecklist:
    """One player's decklist: a deck argument (``path``: a file, deck code or stored deck) or the text of a form
    export's cell (``text``), named ``label``."""

    player: str
    label: str
    path: str | None = None
    text: str | None = None
    player_id: str | None = None


@dataclass
class CheckedDeck:
    """A decklist read under the event: the locked copy (every printing named), its problems and its receipt."""

    source: PlayerDecklist
    deck: str
    resolved: ResolvedDeck
    locked: Decklist
    problems: list[Problem]
    fingerprint: str
    notes: list[str] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems


class EventDecks:
    """Reads, resolves and checks decklists for one event, with one resolver (one card index) for all of them."""

    def __init__(self, db: Readable, info: EventInfo, undone: str | None = None):
        self.info, self.undone = info, undone or Message("nothing was registered")
        self.day = info.date or date.today()
        self.format: Format = load_format(info.format, info.game).on(self.day)
        self.resolver = Resolver(db, self.day)

    def read(self, source: PlayerDecklist) -> tuple[Decklist, str | None]:
        """The decklist of a deck argument or a form cell, not yet resolved, and the name a file gives it;
        InputError when nothing in it can be read."""
        if source.text is None:
            ref = self.resolver.locator.locate("-" if source.path is None else source.path)  # ("": no stdin)
            return self.resolver.locator.read(ref), ref.stem
        return decklist_of_text(source.text, source.label), None

    def resolve(self, deck: Decklist, label: str) -> ResolvedDeck:
        """The deck resolved against the event's game and format; DeckReadError when any line names no card of it."""
        resolved = self.resolver.resolve(deck, self.format, self.info.game)
        blocking = [p for p in resolved.problems if p.rule in READ_RULES]
        if blocking:
            ordered = sorted(blocking, key=lambda p: (p.line is None, p.line or 0))
            lines: list[tuple[int | None, str]] = [
                (p.line, Message("[{rule}] {problem}", rule=p.rule, problem=p.message)) for p in ordered
            ]
            other = self._other_game(deck) if any(p.rule == "wrong-game" for p in blocking) else None
            if other:
                lines.insert(
                    0,
                    (
                        None,
                        Message(
                            "this is a deck of {game}, but event {event!r} is for {event_game}",
                            game=_game_title(other),
                            event=self.info.name,
                            event_game=_game_title(self.info.game),
                        ),
                    ),
                )
            raise DeckReadError(label, lines, self.undone)
        return resolved

    def _other_game(self, deck: Decklist) -> str | None:
        """The game the deck's own lines say it is for, when that is another game than the event's."""
        try:
            game = self.resolver.choose(deck, None, None)[0]
        except DeckcliError:
            return None
        return game if game != self.info.game else None

    def check(self, source: PlayerDecklist, by_name: bool = False) -> CheckedDeck:
        """Read, resolve and check one player's decklist (raises when it cannot be read); ``by_name``: each line that
        names its card by its name alone (a deck presented to compare by name, whatever printings it names; a deck
        code's lines name printings only)."""
        deck, stem = self.read(source)
        for entry in deck.entries if by_name else ():
            if entry.name:
                entry.set_code = entry.number = None
        resolved = self.resolve(deck, deck.source or source.label)
        locked = resolved.to_decklist()
        name = deck.name or stem or source.player
        name = clean_deck_name(name)  # a file name too: refused as deck import refuses it
        locked.name = name if deck.name else None  # the locked copy keeps only a name its decklist gave
        return CheckedDeck(
            source, name, resolved, locked, check_deck(resolved), fingerprint(locked), list(resolved.notes)
        )

    def reopen(self, data: dict, label: str) -> ResolvedDeck:
        """A stored locked copy as the deck of its own card names (:func:`~deckcli.events.locked.locked_deck`), to
        compare a presented deck with: its printings are not looked up again."""
        return locked_deck(data, self.info.game, self.format, label)


def _game_title(code: str) -> str:
    return f"{registry.titles().get(code, code)} ({code})"
