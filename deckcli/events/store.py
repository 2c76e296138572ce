"""Events and their current registrations: created, found by name (case and width ignored), listed, started,
deleted, and read back as the plain records of :mod:`deckcli.events.records`.

An event has *started* once ``event start`` set its ``started`` time, once a side exchange was recorded for it
(which sets ``started`` too), or once its date is past; from then on a registration cannot be replaced, and a new
player is registered only as a late one (``--late``).
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from datetime import UTC, date, datetime

from sqlalchemy import Integer, cast, func
from sqlmodel import Session, col, select

from deckcli.decklists.model import text_problem
from deckcli.errors import DeckcliError, InputError, UnknownEvent, UnknownPlayer
from deckcli.events.locked import locked_decklist
from deckcli.events.records import EventInfo, Registration
from deckcli.names import closest, name_key
from deckcli.storage.base import BaseDatabase
from deckcli.storage.tables import EventRow, RegistrationRow


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
    """An event with how many players are registered and how many of their decks are legal."""

    info: EventInfo
    players: int
    legal: int

    @property
    def illegal(self) -> int:
        return self.players - self.legal


def info_of(row: EventRow) -> EventInfo:
    """The record of an event row."""
    return EventInfo(
        id=typing.cast(int, row.id),
        name=row.name,
        game=row.game,
        format=row.format,
        date=row.date,
        rounds=row.rounds,
        created=row.created,
        started=row.started,
    )


def started_reason(info: EventInfo, today: date | None = None) -> str | None:
    """Why the event counts as started (``event start`` or a side exchange at a time, or its date past), or None."""
    if info.started is not None:
        return f"since {info.started:%Y-%m-%d %H:%M} UTC"
    if info.date is not None and info.date < (today or date.today()):
        return f"its date {info.date.isoformat()} is past"
    return None


def find_event(session: Session, name: str) -> EventRow | None:
    """The event called ``name``: its exact name, else the one whose name key is the same."""
    found = session.exec(select(EventRow).where(EventRow.name == name)).first()
    return found or session.exec(select(EventRow).where(EventRow.key == name_key(name))).first()


def get_event(session: Session, name: str) -> EventRow:
    """The event called ``name``, or UnknownEvent naming the closest events."""
    found = find_event(session, name)
    if found is None:
        names = {row.key: row.name for row in session.exec(select(EventRow))}
        raise UnknownEvent(name, closest(name, names))
    return found


def create_event(
    db: BaseDatabase,
    name: str,
    game: str,
    format_ref: str | None = None,
    day: date | None = None,
    rounds: int | None = None,
) -> EventInfo:
    """A new event of ``game`` under ``format_ref`` (a bundled name or a file; default: the game's default format)."""
    from deckcli.decks.store import stored_format_name
    from deckcli.games import registry
    from deckcli.legality.formats import default_format, load_format

    name = clean_name(name, "event name")
    if not registry.is_game(game):
        raise InputError(f"unknown game {game!r}; known: {', '.join(registry.codes())}")
    if rounds is not None and rounds < 1:
        raise InputError(f"an event has at least 1 round, not {rounds}")
    fmt = load_format(format_ref, game) if format_ref else default_format(game)
    row = EventRow(
        name=name, key=name_key(name), game=game, format=stored_format_name(fmt), date=day, rounds=rounds, created=now()
    )
    with db.write() as session:
        clash = find_event(session, name)
        if clash is not None:
            raise DeckcliError(f"an event called {clash.name!r} already exists; choose another name")
        session.add(row)
        session.flush()
        return info_of(row)


def _player_counts(session: Session, event_id: int | None = None) -> dict[int, tuple[int, int]]:
    """Current registrations and legal decks per event (one event's, or every event's), in one query."""
    query = (
        select(RegistrationRow.event_id, func.count(), func.sum(cast(RegistrationRow.legal, Integer)))
        .where(col(RegistrationRow.superseded_at).is_(None))
        .group_by(col(RegistrationRow.event_id))
    )
    if event_id is not None:
        query = query.where(RegistrationRow.event_id == event_id)
    return {found: (players, int(legal or 0)) for found, players, legal in session.exec(query)}


def list_events(db: BaseDatabase) -> list[EventSummary]:
    """Every event, newest date first (undated last), with its players and legal decks counted in one query."""
    with db.read() as session:
        counts = _player_counts(session)
        rows = list(session.exec(select(EventRow)))
    rows.sort(key=lambda r: (r.date is None, -(r.date.toordinal() if r.date else 0), r.key))
    return [EventSummary(info_of(r), *counts.get(typing.cast(int, r.id), (0, 0))) for r in rows]


def event_summary(db: BaseDatabase, name: str) -> EventSummary:
    """One event with its counts (only its own registrations counted)."""
    with db.read() as session:
        row = get_event(session, name)
        counts = _player_counts(session, row.id)
    return EventSummary(info_of(row), *counts.get(typing.cast(int, row.id), (0, 0)))


def start_event(db: BaseDatabase, name: str) -> EventInfo:
    """Mark the event started now (registrations are locked from then on); starting it again keeps the first time."""
    with db.write() as session:
        row = get_event(session, name)
        if row.started is None:
            row.started = now()
            session.add(row)
        return info_of(row)


def delete_event(db: BaseDatabase, name: str) -> EventInfo:
    """Delete the event with every registration, deck check and side exchange of it (the foreign keys cascade)."""
    with db.write() as session:
        row = get_event(session, name)
        info = info_of(row)
        session.delete(row)
    return info


def current_rows(session: Session, event: EventRow, player: str | None = None) -> list[RegistrationRow]:
    """The current registration rows of an event (one per player) in registration order, or the one of ``player``
    (UnknownPlayer naming the closest players when there is none)."""
    query = select(RegistrationRow).where(
        RegistrationRow.event_id == event.id, col(RegistrationRow.superseded_at).is_(None)
    )
    if player is None:
        return list(session.exec(query.order_by(col(RegistrationRow.id))))
    found = list(session.exec(query.where(RegistrationRow.player_key == name_key(player))))
    if not found:
        players = {r.player_key: r.player for r in session.exec(query)}
        raise UnknownPlayer(event.name, player, closest(player, players))
    return found


def registration_of(row: RegistrationRow) -> Registration:
    """The record of a registration row, its locked copy read back as a decklist."""
    return Registration(
        player=row.player,
        player_id=row.player_id,
        deck=row.deck,
        legal=row.legal,
        fingerprint=row.fingerprint,
        registered_at=row.registered_at,
        decklist=locked_decklist(row.decklist, f"registration:{row.player}"),
        problems=tuple(row.problems),
        late=row.late,
    )


def event_registrations(
    db: BaseDatabase, event_name: str, player: str | None = None
) -> tuple[EventInfo, list[Registration]]:
    """The event and its current registrations (the latest per player) in registration order, or only ``player``'s;
    UnknownEvent / UnknownPlayer name the closest events or players."""
    with db.read() as session:
        event = get_event(session, event_name)
        return info_of(event), [registration_of(r) for r in current_rows(session, event, player)]
