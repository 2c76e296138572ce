"""``deck import``: decklist files read, resolved and stored as decks in one transaction, or nothing stored.

Every file is read and resolved before anything is written, so every problem of every file is listed at once;
then all the decks are stored in one write transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckcli.decklists.model import Decklist
from deckcli.decklists.stored import StoredDeck
from deckcli.decks.store import claim_names, find_deck, save_deck, stored_format_name
from deckcli.errors import DeckcliError, DeckReadError, DecksReadError, InputError
from deckcli.i18n import N_, Message, error_text
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.legality.rules import check_deck
from deckcli.names import name_key
from deckcli.storage.reads import Readable
from deckcli.storage.writes import Transaction, Writable, once_more


@dataclass
class ImportedDeck:
    """The stored deck, the deck as resolved, and the construction problems it was stored with."""

    stored: StoredDeck
    resolved: ResolvedDeck
    problems: list[Problem]

    def aside_sizes(self) -> dict[str, int]:
        """Cards per zone set aside (a maybeboard), stored with the deck but never counted."""
        sizes: dict[str, int] = {}
        for dc in self.resolved.aside:
            sizes[dc.zone] = sizes.get(dc.zone, 0) + dc.count
        return sizes


@dataclass
class _Read:
    """One file read and resolved, under the name it is to be stored as."""

    file: str
    decklist: Decklist
    resolved: ResolvedDeck
    name: str


def _read(resolver: Resolver, file: str, name: str | None, format_name: str | None, game: str | None) -> _Read:
    """One file (or deck code) read and resolved; a line naming no card raises DeckReadError (a rule problem does
    not)."""
    ref = resolver.locator.locate(file, stored=False)
    decklist = resolver.locator.read(ref, allow_empty=True)
    resolved = resolver.resolve(decklist, format_name, game and game.lower())
    if resolved.problems:
        ordered = sorted(resolved.problems, key=lambda p: (p.line is None, p.line or 0))
        raise DeckReadError(
            decklist.source or file,
            [(p.line, Message("[{rule}] {problem}", rule=p.rule, problem=p.message)) for p in ordered],
        )
    deck_name = name or decklist.name or ref.stem
    if not deck_name or not deck_name.strip():
        raise DeckcliError(Message("the decklist has no Name: line; give --name"))
    return _Read(file, decklist, resolved, deck_name.strip())


def _read_all(
    db: Readable, files: list[str], name: str | None, format_name: str | None, game: str | None
) -> list[_Read]:
    """Every file read and resolved; one file's problems raise as they are, several files' as one DecksReadError
    listing every problem of every file (and every deck name two files share)."""
    if name is not None and len(files) > 1:
        raise InputError(Message("--name names one deck: give one FILE, or name each deck by its Name: line"))
    if files.count("-") > 1:
        raise InputError(Message("standard input (-) can be read once"))
    resolver = Resolver(db)
    done: list[_Read] = []
    failures: list[tuple[str, list[str]]] = []
    for file in files:
        try:
            done.append(_read(resolver, file, name, format_name, game))
        except DeckReadError as exc:
            if len(files) == 1:
                raise
            failures.append((file, exc.lines()))
        except DeckcliError as exc:  # a file that cannot be read at all, or has no name
            if len(files) == 1:
                raise
            text = error_text(exc)
            failures.append(
                (file, [text if text.startswith(f"{file}:") else Message("{file}: {problem}", file=file, problem=text)])
            )
    failures += _clashes(done)
    if failures:
        lines = [line for _, found in failures for line in found]
        raise DecksReadError(lines, len(lines), len({file for file, _ in failures}), len(files))
    return done


def _clashes(done: list[_Read]) -> list[tuple[str, list[str]]]:
    """(file, [problem]) for every file whose deck name an earlier file of the same import already uses."""
    first: dict[str, _Read] = {}
    found: list[tuple[str, list[str]]] = []
    for read in done:
        key = name_key(read.name)
        if key in first:
            text = N_(
                "{file}: the deck name {deck!r} is also the name of the deck in {other}; give each decklist its own"
                " Name: line"
            )
            found.append((read.file, [Message(text, file=read.file, deck=read.name, other=first[key].file)]))
        else:
            first[key] = read
    return found


def _refuse_taken(tx: Transaction, reads: list[_Read]) -> None:
    """Refuse the import when a stored deck already answers to the name of one of ``reads``."""
    taken = [(r, deck) for r in reads if (deck := find_deck(tx, r.name)) is not None]
    if len(reads) == 1 and taken:
        raise DeckcliError(
            Message(
                "a deck called {deck!r} already exists; give another --name, or --replace to overwrite it",
                deck=taken[0][1].name,
            )
        )
    if taken:
        what = ", ".join(f"{deck.name!r} ({r.file})" for r, deck in taken)
        raise DeckcliError(
            Message(
                "stored decks already have the names of {count} of these decklists: {decks}; rename them"
                " (Name: lines), or --replace to overwrite them; nothing was imported",
                count=len(taken),
                decks=what,
            )
        )


def import_decks(
    db: Writable,
    files: list[str],
    name: str | None = None,
    format_name: str | None = None,
    game: str | None = None,
    replace: bool = False,
) -> list[ImportedDeck]:
    """Store every decklist of ``files`` (each named by ``name``, its Name: line or its file name) in one
    transaction; when any file cannot be read or any name is taken (without ``replace``), nothing is stored (a name
    another client stores at the same moment too: the write runs once more and finds it,
    :func:`deckcli.storage.writes.once_more`)."""
    reads = _read_all(db, files, name, format_name, game)

    def write() -> list[StoredDeck]:
        with db.write() as tx:
            claim_names(tx, [r.name for r in reads])
            if not replace:
                _refuse_taken(tx, reads)
            return [
                save_deck(
                    tx,
                    r.name,
                    r.resolved.game,
                    stored_format_name(r.resolved.format),
                    [(dc.zone, dc.card.id, dc.count) for dc in r.resolved.cards + r.resolved.aside],
                    dict(r.decklist.meta),
                    replace=replace,
                )
                for r in reads
            ]

    stored = once_more(write)
    return [ImportedDeck(deck, r.resolved, check_deck(r.resolved)) for deck, r in zip(stored, reads)]
