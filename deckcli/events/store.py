"""Events and their current registrations: created, found by name (case and width ignored), listed, started,
deleted, and read back as the plain records of :mod:`deckcli.events.records`.

An event has *started* once ``event start`` set its ``started`` time, once a side exchange was recorded for it
(which sets ``started`` too), or once its date is past; from then on a registration cannot be replaced, and a new
player is registered only as a late one (``--late``).
"""

from __future__ import annotations

import secrets
import typing
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime

from deckcli.decklists.model import text_problem
from deckcli.errors import DeckcliError, InputError, UnknownEvent, UnknownPlayer
from deckcli.events.locked import locked_decklist
from deckcli.events.records import EventInfo, Registration, stored_problem
from deckcli.files.jsontext import json_value
from deckcli.i18n import Message
from deckcli.names import closest, name_key
from deckcli.storage.reads import Readable, Rows, date_value, time_value
from deckcli.storage.writes import Writable, once_more


def now() -> datetime:
    """The time rows are stamped with: UTC, to the microsecond (registrations of one second keep their order)."""
    return datetime.now(UTC).replace(tzinfo=None)


def clean_name(text: str, what: str) -> str:
    """``text`` stripped of surrounding spaces, kept as typed otherwise (markup and formulas are only text);
    InputError for an empty name or one holding a control character."""
    problem = text_problem(text, what)
    if problem:
        raise InputError(problem)
    return text.strip()


@dataclass(frozen=True)
class EventSummary:
    """An event with how many players are registered and how many of their decks are legal; ``total_rounds``: the
    Swiss rounds it will have (as given, else ⌈log2⌉ of round 1's players, of the players still in before it)."""

    info: EventInfo
    players: int
    legal: int
    total_rounds: int = 0

    @property
    def illegal(self) -> int:
        return self.players - self.legal

    @property
    def started_because(self) -> str | None:
        """Why the event counts as started (:func:`started_reason`), None before."""
        return started_reason(self.info)

    def as_dict(self) -> dict[str, typing.Any]:
        """``event list --json``'s event: its facts, the Swiss rounds it will have, its players' counts and why it
        started (as ``event show --json`` has them)."""
        return {
            **self.info.as_dict(),
            "total_rounds": self.total_rounds,
            "players": self.players,
            "legal": self.legal,
            "illegal": self.illegal,
            "started_because": self.started_because,
        }

    def as_row(self) -> dict[str, typing.Any]:
        """``event list --csv``'s row: as :meth:`as_dict`, the rounds those it will have, ``started`` its time."""
        return {**self.as_dict(), "rounds": self.total_rounds}


def started_reason(info: EventInfo, today: date | None = None) -> str | None:
    """Why the event counts as started (``event start`` or a side exchange at a time, or its date past), or None."""
    if info.started is not None:
        return Message("since {time} UTC", time=info.started.strftime("%Y-%m-%d %H:%M"))
    if info.date is not None and info.date < (today or date.today()):
        return Message("its date {date} is past", date=info.date.isoformat())
    return None


#: An event's row as :func:`_event` reads it.
_EVENT_COLUMNS = "id, name, game, format, date, rounds, created, started"


def _event(row: tuple) -> EventInfo:
    event_id, name, game, format_name, day, rounds, created, started = row
    return EventInfo(
        event_id,
        name,
        game,
        format_name,
        date_value(day),
        rounds,
        typing.cast(datetime, time_value(created)),
        time_value(started),
    )


def find_event(rows: Rows, name: str) -> EventInfo | None:
    """The event called ``name``: its exact name, else the one whose name key is the same."""
    for where, value in (("name = :v", name), ("key = :v", name_key(name))):
        found = rows.all(f"SELECT {_EVENT_COLUMNS} FROM event WHERE {where}", {"v": value})
        if found:
            return _event(found[0])
    return None


def event_info(rows: Rows, name: str) -> EventInfo:
    """The event called ``name``, or UnknownEvent naming the closest events."""
    found = find_event(rows, name)
    if found is None:
        raise UnknownEvent(name, closest(name, dict(rows.all("SELECT key, name FROM event"))))
    return found


def create_event(
    db: Writable,
    name: str,
    game: str,
    format_ref: str | None = None,
    day: date | None = None,
    rounds: int | None = None,
    seed: str | None = None,
) -> EventInfo:
    """A new event of ``game`` under ``format_ref`` (a bundled name or a file; default: the game's default format),
    round 1 paired from ``seed`` (default: drawn at random; recorded either way, so round 1 can be replayed)."""
    from deckcli.decks.store import stored_format_name
    from deckcli.games import registry
    from deckcli.legality.formats import default_format, load_format

    name = clean_name(name, "event name")
    if not registry.is_game(game):
        raise InputError(Message("unknown game {game!r}; known: {games}", game=game, games=", ".join(registry.codes())))
    if rounds is not None and rounds < 1:
        raise InputError(Message("an event has at least 1 round, not {rounds}", rounds=rounds))
    fmt = load_format(format_ref, game) if format_ref else default_format(game)
    info = EventInfo(0, name, game, stored_format_name(fmt), day, rounds, now())
    seed = secrets.token_hex(8) if seed is None else str(seed)  # round 1's order, the standings' last tiebreak
    row = {
        "name": name,
        "key": name_key(name),
        "game": game,
        "format": info.format,
        "date": day,
        "rounds": rounds,
        "created": info.created,
        "seed": seed,
    }
    return replace(info, id=once_more(lambda: _insert_event(db, row)))


def _insert_event(db: Writable, row: Mapping[str, object]) -> int:
    """The new event's row, refused naming the event already stored under its name key (its own spelling: a second
    ``OPEN`` is refused as ``'Open'``); run again by ``once_more`` when another client stored one at the same time."""
    with db.write() as tx:
        clash = find_event(tx, str(row["name"]))
        if clash is not None:
            raise _exists(clash.name)
        found = tx.all(
            "INSERT INTO event (name, key, game, format, date, rounds, created, seed)"
            " VALUES (:name, :key, :game, :format, :date, :rounds, :created, :seed) RETURNING id",
            row,
        )
    return int(found[0][0])


def _exists(name: str) -> DeckcliError:
    """The refusal of a second event of the same name (or name key)."""
    return DeckcliError(Message("an event called {event!r} already exists; choose another name", event=name))


def _player_counts(rows: Rows, event_id: int | None = None) -> dict[int, tuple[int, int]]:
    """Current registrations and legal decks per event (one event's, or every event's), in one query."""
    sql = "SELECT event_id, count(*), sum(CAST(legal AS INTEGER)) FROM registration WHERE superseded_at IS NULL"
    if event_id is not None:
        sql += " AND event_id = :event"
    found = rows.all(sql + " GROUP BY event_id", {"event": event_id} if event_id is not None else {})
    return {event: (players, int(legal or 0)) for event, players, legal in found}


def _round_one_players(rows: Rows) -> dict[int, int]:
    """Per event, the players of round 1: those seated in it once it is paired, else the registered players not
    dropped before it (two grouped queries for every event)."""
    seated = rows.all(
        "SELECT r.event_id, count(*) + count(p.opponent) FROM pairing p JOIN event_round r ON r.id = p.round_id"
        " WHERE r.label = '1' GROUP BY r.event_id"
    )
    out = rows.all("SELECT event_id, count(*) FROM event_drop WHERE from_round <= 1 GROUP BY event_id")
    registered = {event: players for event, (players, _) in _player_counts(rows).items()}
    for event, dropped in out:
        registered[event] = registered.get(event, 0) - dropped
    return registered | dict(seated)


def list_events(db: Readable) -> list[EventSummary]:
    """Every event, newest date first (undated last), with its players and legal decks counted and its Swiss
    rounds, in a few grouped queries for all events."""
    from deckcli.events.tournament import swiss_rounds

    with db.rows() as rows:
        counts = _player_counts(rows)
        round_one = _round_one_players(rows)
        events = [(_event(row[:-1]), row[-1]) for row in rows.all(f"SELECT {_EVENT_COLUMNS}, key FROM event")]
    events.sort(key=lambda e: (e[0].date is None, -(e[0].date.toordinal() if e[0].date else 0), e[1]))
    return [
        EventSummary(info, *counts.get(info.id, (0, 0)), info.rounds or swiss_rounds(round_one.get(info.id, 0)))
        for info, _ in events
    ]


def event_summary(db: Readable, name: str) -> EventSummary:
    """One event with its counts (only its own registrations counted)."""
    with db.rows() as rows:
        info = event_info(rows, name)
        counts = _player_counts(rows, info.id)
    return EventSummary(info, *counts.get(info.id, (0, 0)))


def start_event(db: Writable, name: str) -> EventInfo:
    """Mark the event started now (registrations are locked from then on); starting it again keeps the first time."""
    with db.write() as tx:
        info = event_info(tx, name)
        if info.started is None:
            info = replace(info, started=now())
            tx.run("UPDATE event SET started = :at WHERE id = :event", {"at": info.started, "event": info.id})
        return info


def delete_event(db: Writable, name: str) -> EventInfo:
    """Delete the event with every registration, deck check and side exchange of it (the foreign keys cascade)."""
    with db.write() as tx:
        info = event_info(tx, name)
        tx.run("DELETE FROM event WHERE id = :event", {"event": info.id})
    return info


@dataclass(frozen=True)
class RegistrationData:
    """A current registration row as read (its locked copy and problems as the stored data)."""

    id: int
    player: str
    player_key: str
    player_id: str
    deck: str
    legal: bool
    fingerprint: str
    registered_at: datetime
    decklist: dict[str, typing.Any]
    problems: list[dict[str, typing.Any]]
    late: bool


_REGISTRATION_COLUMNS = (
    "id, player, player_key, player_id, deck, legal, fingerprint, registered_at, decklist, problems, late"
)


def _registration(row: tuple) -> RegistrationData:
    reg_id, player, key, player_id, deck, legal, fingerprint, registered_at, decklist, problems, late = row
    return RegistrationData(
        reg_id,
        player,
        key,
        player_id,
        deck,
        bool(legal),
        fingerprint,
        typing.cast(datetime, time_value(registered_at)),
        json_value(decklist),
        json_value(problems),
        bool(late),
    )


def current_rows(rows: Rows, event: EventInfo, player: str | None = None) -> list[RegistrationData]:
    """The current registration rows of an event (one per player) in registration order, or the one of ``player``
    (UnknownPlayer naming the closest players when there is none)."""
    sql = f"SELECT {_REGISTRATION_COLUMNS} FROM registration WHERE event_id = :event AND superseded_at IS NULL"
    params: dict[str, typing.Any] = {"event": event.id}
    if player is None:
        return [_registration(row) for row in rows.all(sql + " ORDER BY id", params)]
    found = [
        _registration(row) for row in rows.all(sql + " AND player_key = :key", {**params, "key": name_key(player)})
    ]
    if not found:
        players = dict(
            rows.all(
                "SELECT player_key, player FROM registration WHERE event_id = :event AND superseded_at IS NULL", params
            )
        )
        raise UnknownPlayer(event.name, player, closest(player, players))
    return found


def registration_of(row: RegistrationData) -> Registration:
    """The record of a registration row, its locked copy read back as a decklist."""
    return Registration(
        player=row.player,
        player_id=row.player_id,
        deck=row.deck,
        legal=row.legal,
        fingerprint=row.fingerprint,
        registered_at=row.registered_at,
        decklist=locked_decklist(row.decklist, f"registration:{row.player}"),
        problems=tuple(stored_problem(p) for p in row.problems),
        late=row.late,
    )


def event_registrations(
    db: Readable, event_name: str, player: str | None = None
) -> tuple[EventInfo, list[Registration]]:
    """The event and its current registrations (the latest per player) in registration order, or only ``player``'s;
    UnknownEvent / UnknownPlayer name the closest events or players."""
    with db.rows() as rows:
        info = event_info(rows, event_name)
        return info, [registration_of(r) for r in current_rows(rows, info, player)]
