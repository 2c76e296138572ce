"""The read path, the only one: every SELECT deckcli runs to read data, written once as SQL text and run by
:class:`Rows` on either backend.

Why: a command such as ``validate`` runs a handful of SELECTs, yet importing SQLAlchemy, SQLModel and pydantic cost
most of its start-up (0.4 s of 0.6 s). So reads are plain SQL text and rows are plain tuples, and a database file
that is *ready* (:func:`open_ready`: deckcli's file, this schema version, the current bundled cards) is read with
no SQLAlchemy imported at all (:class:`SqliteReader`). Any other database, an SQLite file opened because it had to
be created, migrated or synced, or a PostgreSQL server, is read through its SQLAlchemy connection, by the same
:class:`Rows` running the same text. The statements keep to portable SQL (``:name`` parameters, no JSON functions,
no dialect syntax; booleans and lists are parameters, see :func:`in_list`), so PostgreSQL needs no second set of
queries. A JSON column arrives as text from sqlite3 and decoded from psycopg: :func:`json_value` reads both (a date or a
time: :func:`date_value`, :func:`time_value`).

A read-optimised copy of the cards kept beside the database was the other choice; it was not taken because it is a
second source of truth to rebuild and keep in step, and it would not exist for a shared server database.
Writes run the same way (:mod:`deckcli.storage.writes`), one transaction per command; a read whose value decides a
write runs on that write's :class:`~deckcli.storage.writes.Transaction`, itself a :class:`Rows`, so it sees and keeps
the write's transaction.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager, nullcontext
from datetime import date, datetime
from pathlib import Path
from typing import Any, Protocol

from deckcli.dbfiles import APPLICATION_ID, hold, release
from deckcli.storage.faults import fault_of
from deckcli.storage.location import BUNDLED_HASH_KEY, bundled_hash, busy_timeout_ms, default_db_path
from deckcli.storage.revisions import SCHEMA_VERSION

#: The most values one ``IN (...)`` list binds (SQLite before 3.32 allowed 999 parameters per statement).
IN_CHUNK = 900


class Rows:
    """Runs one SQL text with ``:name`` parameters on an open database and returns every row as a tuple.

    ``conn`` is an SQLAlchemy Connection or Session (SQLAlchemy Core, no ORM: any backend), or, for a ready SQLite
    file, a plain ``sqlite3`` connection. That second driver is there for start-up time alone: with the same reads
    through SQLAlchemy Core, ``validate`` of one deck took 6.8x ``python -c 'import click'`` (CPU) in
    ``bench/bench_startup.py``, against 2.2x through sqlite3 and a goal of 4x (SQLAlchemy's import alone is ~155 ms
    of a 33 ms anchor).
    """

    def __init__(self, conn: Any):
        self._conn = conn

    def all(self, sql: str, params: Mapping[str, Any] | None = None) -> list[tuple]:
        if isinstance(self._conn, Rows):  # a write's Transaction: the reads share it
            return self._conn.all(sql, params)
        if isinstance(self._conn, sqlite3.Connection):
            return self._conn.execute(sql, dict(params or {})).fetchall()
        from sqlalchemy import text

        return [tuple(row) for row in self._conn.execute(text(sql), dict(params or {}))]


class Readable(Protocol):
    """Anything reads can run on: a ready sqlite3 file (:class:`SqliteReader`) or a Database."""

    def rows(self) -> Any: ...  # a context manager yielding Rows


def reader_of(source: Any) -> Callable[[], AbstractContextManager[Rows]]:
    """How to read from ``source``: a Readable's ``rows``, or an open SQLAlchemy Session or Connection (whose
    transaction the reads then share)."""
    if hasattr(source, "rows"):
        return source.rows
    if isinstance(source, Rows):  # a write's Transaction
        return lambda: nullcontext(source)
    return lambda: nullcontext(Rows(source))


def time_value(value: Any) -> datetime | None:
    """A date-and-time column's value: SQLite keeps it as ISO text, psycopg returns a datetime."""
    return datetime.fromisoformat(str(value)) if value is not None and not isinstance(value, datetime) else value


def date_value(value: Any) -> date | None:
    """A date column's value: SQLite keeps it as ISO text, psycopg returns a date."""
    return date.fromisoformat(str(value)) if value is not None and not isinstance(value, date) else value


def in_list(name: str, values: Iterable[Any]) -> tuple[str, dict[str, Any]]:
    """``(":name0, :name1, ...", {"name0": v0, ...})`` for an ``IN (...)`` list (at least one value)."""
    params = {f"{name}{i}": v for i, v in enumerate(values)}
    return ", ".join(f":{p}" for p in params), params


def all_in(
    rows: Rows, sql: str, name: str, values: Iterable[Any], params: Mapping[str, Any] | None = None
) -> list[tuple]:
    """The rows of ``sql`` whose ``{name}`` placeholder is an IN list of ``values``, run in chunks of IN_CHUNK."""
    values = list(dict.fromkeys(values))
    found: list[tuple] = []
    for start in range(0, len(values), IN_CHUNK):
        listed, bound = in_list(name, values[start : start + IN_CHUNK])
        found += rows.all(sql.replace("{" + name + "}", listed), {**(params or {}), **bound})
    return found


class SqliteReader:
    """A ready database file read through sqlite3 (query-only); has what commands ask of an opened database."""

    read_only = True
    committed = 0

    def __init__(self, con: sqlite3.Connection, path: Path, origin: str | None):
        self._con, self.path, self.origin = con, path, origin
        self._held = hold(path)  # a Database opened beside it must not drop its locks (see fileinfo.hold)

    @contextmanager
    def rows(self) -> Iterator[Rows]:
        try:
            yield Rows(self._con)
        except sqlite3.Error as exc:
            raise (self.fault(exc) or exc) from None

    def fault(self, exc: BaseException):
        """The database fault an SQLite error means, if it is one."""
        return fault_of(exc, self.path, self.origin, busy_timeout_ms())

    def close(self) -> None:
        self._con.close()
        release(self._held)
        self._held = None


def open_ready(path: Path | str | None = None, origin: str | None = None) -> SqliteReader | None:
    """The file at ``path`` (default: the user's) for reading through sqlite3 when it needs nothing done first: it
    is deckcli's, at this schema version, holding the current bundled cards. None otherwise (missing, new, older,
    foreign, unreadable, locked): then the caller opens a Database, which does what is needed or says what is wrong."""
    path = Path(path) if path is not None else default_db_path()
    con = ready_connection(path, "PRAGMA query_only = ON")
    return SqliteReader(con, path, origin) if con is not None else None


def ready_connection(path: Path, *settings: str) -> sqlite3.Connection | None:
    """A sqlite3 connection to the file at ``path`` (run ``settings`` first) when the file is ready (see
    :func:`open_ready`; for writing: :func:`deckcli.storage.writes.open_writable`), else None."""
    if not os.path.isfile(path):  # (not Path.is_file: it raises on a name too long; the Database then says so)
        return None
    try:
        con = sqlite3.connect(str(path), timeout=busy_timeout_ms() / 1000, check_same_thread=False)
    except sqlite3.Error:
        return None
    try:
        for setting in settings:
            con.execute(setting)
        marks = con.execute("PRAGMA application_id").fetchone()[0], con.execute("PRAGMA user_version").fetchone()[0]
        if marks != (APPLICATION_ID, SCHEMA_VERSION):
            con.close()
            return None
        stored = con.execute("SELECT value FROM meta WHERE key = ?", (BUNDLED_HASH_KEY,)).fetchone()
    except sqlite3.Error:
        con.close()
        return None
    if stored is None or stored[0] != bundled_hash():
        con.close()
        return None
    return con
