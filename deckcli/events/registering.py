"""Registering players' decklists for an event: each read and checked under the event, then stored as locked copies
in one transaction. A deck that breaks a rule is registered and flagged; one that cannot be read registers nothing.

``replace`` keeps the history: the player's current row is marked superseded and a new one added, which only an
event that has not started allows. A new player of an event that has started is registered only when ``late``
says so, and marked late. The database lets one current row per player in, whoever writes first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from deckcli.errors import AlreadyRegistered, DeckcliError, DecksReadError, EventStarted, InputError, LookalikePlayer
from deckcli.events.decks import CheckedDeck, EventDecks, PlayerDecklist
from deckcli.events.locked import locked_data
from deckcli.events.records import EventInfo, Registration
from deckcli.events.store import (
    RegistrationData,
    clean_name,
    current_rows,
    event_info,
    now,
    started_reason,
)
from deckcli.i18n import Message
from deckcli.legality.resolved import Problem
from deckcli.lookalike import LookalikeIndex, likeness
from deckcli.names import name_key
from deckcli.storage.reads import Rows, in_list
from deckcli.storage.writes import ConstraintViolation, Transaction, Writable


@dataclass
class Registered:
    """One registration made: its record, the problems it was flagged with, what reading decided, and whether it
    replaced an earlier registration of the player."""

    registration: Registration
    problems: list[Problem]
    notes: list[str] = field(default_factory=list)
    replaced: bool = False


@dataclass
class RegisteredMany:
    """What ``event import`` did: the registrations made, and the problem lines of the decklists skipped."""

    event: EventInfo
    registered: list[Registered]
    skipped: list[str] = field(default_factory=list)
    skipped_decks: int = 0


def _source(
    player: str, label: str, path: str | None = None, text: str | None = None, player_id: str | None = None
) -> PlayerDecklist:
    """A source whose player name (and id) is clean: kept as typed, no control characters."""
    player = clean_name(player, Message("player name"))
    if player_id is not None:
        player_id = player_id.strip()
        if player_id and (problem := _id_problem(player_id)):
            raise InputError(problem)
    return PlayerDecklist(player, label, path, text, player_id)


def _id_problem(player_id: str) -> str | None:
    from deckcli.decklists.model import text_problem

    return text_problem(player_id, Message("player id"))


def _lookalike(index: LookalikeIndex, player: str) -> LookalikePlayer | None:
    """The error when ``player`` is a new name that looks like a name of ``index`` (and is not one of them)."""
    known = index.find(player)
    return None if known is None else LookalikePlayer(player, known.name, likeness(player, known.name), known.where)


def _registered_players(rows: Rows, event: EventInfo) -> dict[str, str]:
    """Key -> name of the players currently registered for the event (read without their decklists)."""
    sql = "SELECT player_key, player FROM registration WHERE event_id = :event AND superseded_at IS NULL"
    return dict(rows.all(sql, {"event": event.id}))


def register(
    db: Writable,
    event_name: str,
    player: str,
    file: str,
    player_id: str | None = None,
    replace: bool = False,
    new_player: bool = False,
    late: bool = False,
) -> Registered:
    """Register ``player``'s decklist ``file`` (``-``: stdin) for the event; raises when it cannot be read, when the
    player is registered already (without ``replace``), when ``replace`` comes after the event started, when a new
    player comes after it without ``late``, or when the name looks like a registered player's without being it
    (unless ``new_player``)."""
    with db.rows() as rows:
        info = event_info(rows, event_name)
    source = _source(player, file, path=file, player_id=player_id)
    checked = EventDecks(db, info).check(source)
    return _store(db, info, [checked], replace, new_player, late)[0]


def import_registrations(
    db: Writable,
    event_name: str,
    path: str,
    skip_bad: bool = False,
    replace: bool = False,
    new_players: bool = False,
    late: bool = False,
) -> RegisteredMany:
    """``event import``: every decklist of a folder (one file per player) or of a form export CSV."""
    from deckcli.events.sources import import_sources

    with db.rows() as rows:
        event_info(rows, event_name)  # an unknown event is named before the files are read
    sources, bad = import_sources(path)
    return register_many(db, event_name, sources, skip_bad, replace, bad, new_players, late)


def register_many(
    db: Writable,
    event_name: str,
    sources: list[PlayerDecklist],
    skip_bad: bool = False,
    replace: bool = False,
    bad: list[tuple[str, str]] | tuple = (),
    new_players: bool = False,
    late: bool = False,
) -> RegisteredMany:
    """Register every source in one transaction. Every problem of every decklist (and each of the ``bad`` rows
    that named none) is listed; unless ``skip_bad``, nothing is registered when any decklist cannot be read (a
    deck that breaks a rule is registered, flagged). A name that looks like a registered player's or an earlier
    row's without being it is a problem too, unless ``new_players``. After the start, new players need ``late``."""
    with db.rows() as rows:
        info = event_info(rows, event_name)
        players = _registered_players(rows, info)
    taken, lookalikes = set(players), LookalikeIndex(list(players.values()))
    decks = EventDecks(db, info)
    done: list[CheckedDeck] = []
    failures: list[tuple[str, list[str]]] = [(label, [line]) for label, line in bad]
    seen: dict[str, str] = {}
    for source in sources:
        try:
            source = _source(source.player, source.label, source.path, source.text, source.player_id)
        except DeckcliError as exc:
            failures.append((source.label, _lines(exc, source.label)))
            continue
        refused = _name_refusal(source, seen, taken, lookalikes, replace, new_players)
        if refused:
            failures.append((source.label, refused))
            continue
        try:
            done.append(decks.check(source))
        except DeckcliError as exc:
            failures.append((source.label, _decklist_lines(exc, source)))
    lines = [line for _, found in failures for line in found]
    if failures and not skip_bad:
        raise DecksReadError(
            lines,
            len(lines),
            len(failures),
            len(sources) + len(bad),
            Message("nothing was registered (--skip-bad registers the others)"),
        )
    registered = _store(db, info, done, replace, new_players, late) if done else []
    return RegisteredMany(info, registered, lines, len(failures))


def _name_refusal(
    source: PlayerDecklist,
    seen: dict[str, str],
    taken: set[str],
    lookalikes: LookalikeIndex,
    replace: bool,
    new_players: bool,
) -> list[str]:
    """Why ``source``'s player name cannot be registered (none: it can): a second decklist of one player, a player
    already registered without ``replace``, or a look-alike of another name unless ``new_players``; ``seen`` and
    ``lookalikes`` learn the name."""
    key = name_key(source.player)
    if key in seen:
        return [
            Message(
                "{file}: player {player!r} is also the player of {other}; one decklist per player",
                file=source.label,
                player=source.player,
                other=seen[key],
            )
        ]
    seen[key] = source.label
    if key in taken and not replace:
        return [
            Message(
                "{file}: {player!r} is already registered; --replace registers the new decklist instead",
                file=source.label,
                player=source.player,
            )
        ]
    alike = None if new_players else _lookalike(lookalikes, source.player)
    lookalikes.add(source.player, source.label)
    return _lines(alike, source.label) if alike is not None else []


def _lines(exc: DeckcliError, label: str) -> list[str]:
    """An error's lines, each naming the decklist it is about."""
    lines = exc.lines() if hasattr(exc, "lines") else str(exc).splitlines()
    return [
        line if line.startswith(label) else Message("{file}: {problem}", file=label, problem=line) for line in lines
    ]


def _decklist_lines(exc: DeckcliError, source: PlayerDecklist) -> list[str]:
    """The lines of a decklist that cannot be read, naming its file; a form export's row is named with its player,
    and a line of its decklist cell as such: ``form.csv: line 40: player 'Sam': decklist line 3: [unknown-card] ...``
    (line 40 of the file starts the row)."""
    lines = _lines(exc, source.label)
    if source.text is None:
        return lines
    row = Message("{file}: player {player!r}", file=source.label, player=source.player)
    inside = (_inside(line, f"{source.label}: ") for line in lines)
    return [
        Message("{row}: decklist {problem}", row=row, problem=line)
        if line.startswith("line ")
        else Message("{row}: {problem}", row=row, problem=line)
        for line in inside
    ]


def _inside(line: str, prefix: str) -> str:
    """``line`` without ``prefix`` (a message naming its file: the message inside it, still translatable)."""
    if isinstance(line, Message) and line.msgid == "{file}: {problem}":
        return line.args["problem"]
    return line.removeprefix(prefix)


def _store(
    db: Writable,
    info: EventInfo,
    decks: list[CheckedDeck],
    replace: bool,
    new_players: bool = False,
    late: bool = False,
) -> list[Registered]:
    """Store the checked decks as current registrations in one write transaction: the rows they replace marked
    superseded first (one UPDATE), then every new row in one INSERT of many rows. The event's row is locked first
    (on SQLite the write transaction already is), so writers registering for one event at once take turns, each
    reading the current rows the one before it left; a new name is checked again there against look-alikes
    another writer registered meanwhile (unless ``new_players``), and whether the event has started: new players
    are then refused unless ``late``, and stored as late."""
    stamp = now()
    with db.write() as tx:
        event = _locked(tx, info.name)
        current = {r.player_key: r for r in current_rows(tx, event)}
        if not new_players:
            index = LookalikeIndex([r.player for r in current.values()])
            for deck in decks:
                alike = name_key(deck.source.player) not in current and _lookalike(index, deck.source.player)
                if alike:
                    raise alike
        again = [current[key].player for d in decks if (key := name_key(d.source.player)) in current]
        if again and not replace:
            raise AlreadyRegistered(event.name, again)
        why = _started_refusal(event, decks, again, late)
        olds = [current.get(name_key(d.source.player)) for d in decks]
        rows = [_row(event, deck, old, stamp, late=why is not None) for deck, old in zip(decks, olds)]
        try:
            if again:
                ids, bound = in_list("id", [old.id for old in olds if old is not None])
                tx.run(f"UPDATE registration SET superseded_at = :at WHERE id IN ({ids})", {**bound, "at": stamp})
            tx.many(_INSERT, rows)
        except ConstraintViolation:  # another writer registered one of these players first
            raise AlreadyRegistered(event.name, [d.source.player for d in decks]) from None
    return [
        Registered(_record(row, deck), deck.problems, deck.notes, old is not None)
        for row, deck, old in zip(rows, decks, olds)
    ]


def _started_refusal(event: EventInfo, decks: list[CheckedDeck], again: list[str], late: bool) -> str | None:
    """Why the event counts as started (None: it has not); refused then if a decklist would be replaced, or if new
    players would register without ``late``."""
    why = started_reason(event)
    if why and again:
        raise EventStarted(event.name, why, Message("a registered decklist cannot be replaced any more"))
    if why and not late:
        names = [repr(d.source.player) for d in decks]
        shown = ", ".join(names[:5])
        listed = Message("{names} and {more} more", names=shown, more=len(names) - 5) if len(names) > 5 else shown
        raise EventStarted(
            event.name,
            why,
            Message("registrations are locked; add --late to register {players} late", players=listed),
        )
    return why


_COLUMNS = (
    "event_id",
    "player",
    "player_key",
    "player_id",
    "deck",
    "decklist",
    "legal",
    "problems",
    "fingerprint",
    "registered_at",
    "superseded_at",
    "late",
)
#: One registration row (the keys of :func:`_row`).
_INSERT = f"INSERT INTO registration ({', '.join(_COLUMNS)}) VALUES ({', '.join(':' + c for c in _COLUMNS)})"


def _locked(tx: Transaction, name: str) -> EventInfo:
    """The event called ``name`` read again under a row lock held to the end of the transaction (``FOR NO KEY
    UPDATE``: the rows whose foreign keys name the event, deck checks say, are still written meanwhile)."""
    event = event_info(tx, name)
    tx.all(f"SELECT id FROM event WHERE id = :event{tx.lock('NO KEY UPDATE')}", {"event": event.id})
    return event_info(tx, name)


def _row(
    event: EventInfo, deck: CheckedDeck, old: RegistrationData | None, stamp: datetime, late: bool
) -> dict[str, Any]:
    """The registration row of one checked deck; a re-registration keeps the player's name and (unless a new one is
    given) id as first registered."""
    player_id = deck.source.player_id if deck.source.player_id is not None else (old.player_id if old else "")
    player = old.player if old is not None else deck.source.player
    return {
        "event_id": event.id,
        "player": player,
        "player_key": name_key(player),
        "player_id": player_id,
        "deck": deck.deck,
        "decklist": locked_data(deck.locked),
        "legal": deck.legal,
        "problems": [p.as_dict() for p in deck.problems],
        "fingerprint": deck.fingerprint,
        "registered_at": stamp,
        "superseded_at": None,
        "late": late,
    }


def _record(row: dict[str, Any], deck: CheckedDeck) -> Registration:
    return Registration(
        player=row["player"],
        player_id=row["player_id"],
        deck=row["deck"],
        legal=row["legal"],
        fingerprint=row["fingerprint"],
        registered_at=row["registered_at"],
        decklist=deck.locked,
        problems=tuple(deck.problems),
        late=row["late"],
    )
