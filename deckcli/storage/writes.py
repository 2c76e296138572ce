"""The write path, the only one: every write deckcli runs is SQL text with ``:name`` parameters inside one
:class:`Transaction`, which is also the read path's :class:`~deckcli.storage.reads.Rows` for the reads whose values
decide the write (they see and keep the write's transaction).

Why: a command that writes (``deck add``, ``collection add``, ``event result``) paid 0.38-0.51 s of CPU before doing
anything, about 14x ``python -c 'import click'``, because it built the ORM (``python -X importtime``: ``sqlmodel``
218 ms, ``deckcli.storage.tables`` 67 ms, pydantic models). The read path already ran one SQL text on both backends
through DB-API cursors; writes now do the same, so a *ready* SQLite file (:func:`deckcli.storage.reads.open_ready`:
deckcli's file, this schema, the current bundled cards) is written through a plain ``sqlite3`` connection
(:class:`SqliteFile`) with neither SQLAlchemy, SQLModel nor pydantic imported. A PostgreSQL server, and an SQLite
file that had to be created, migrated or synced first, are written through an SQLAlchemy Core connection
(``engine.begin()``, no ORM Session), running the same text: :meth:`deckcli.storage.base.BaseDatabase.write`
yields the same :class:`Transaction` for both. One mechanism: no statement is written twice. Measured by
``bench/bench_writes.py`` (least CPU, beside ``import click`` in the same run): ``deck new|add|remove|copy|rename|
delete|import``, ``collection add|remove|set|list|show`` and a 10-card ``cards import`` take 1.5-3.3x the anchor on a
ready file (about 14x before); on PostgreSQL the same commands take 0.85-1.1x their CPU time before (the ORM's import
is gone there too, SQLAlchemy Core's stays).

The statements keep to SQL both backends run: ``INSERT ... ON CONFLICT ... DO UPDATE``, ``RETURNING id`` (SQLite
3.35 or later, March 2021: the floor this sets; this machine's Python has 3.40.1), booleans as parameters, JSON
values (dicts and lists) bound as JSON text (SQLite stores text; PostgreSQL casts text to its ``json`` column), a
date-and-time on SQLite as the text SQLAlchemy's SQLite dialect stored (``YYYY-MM-DD HH:MM:SS.ffffff``), so rows
written before and after this change sort and read alike. Row locks are spelled by :meth:`Transaction.lock`:
``FOR UPDATE`` (or ``SHARE``, ``NO KEY UPDATE``) on PostgreSQL, nothing on SQLite, where ``BEGIN IMMEDIATE`` already
serialises writers. A constraint the database refuses arrives as one :class:`ConstraintViolation` whatever the driver
(sqlite3's or psycopg's through SQLAlchemy), so the retry-and-refuse code of concurrent writers is written once:
:func:`once_more` runs a refused write again, in a transaction of its own, which reads the row the other client
wrote and refuses as it would have had it come second (a deck's name, a drop, a result entry).

The tables stay declared once (:mod:`deckcli.storage.tables`, SQLModel) and the schema is made and migrated by
SQLModel and Alembic: first use, ``db upgrade`` and ``db copy`` still import them; an everyday command does not. A
:class:`Transaction` holds no ORM session (the transitional one, forwarding unknown attributes to it, is gone): what
it offers is what it runs, SQL text, so every writer is visible here and to the type checker; ``db copy`` inserts
through the Core connection (:attr:`Transaction.bind`), and a test that wants ORM objects opens its own session.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import date, datetime
from pathlib import Path
from typing import Any, Protocol, TypeVar

from deckcli.errors import InputError
from deckcli.i18n import Message
from deckcli.storage.location import default_db_path
from deckcli.storage.reads import Rows, SqliteReader, ready_connection

#: From how many rows a PostgreSQL bulk write goes through COPY (below it, a temporary table costs more than it saves).
COPY_AT_LEAST = 200
#: The text SQLAlchemy's SQLite dialect stores a date and time as (its default ``storage_format``).
SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"

#: The first key of the advisory locks :meth:`Transaction.claim` takes (the second is the name's hash): a key space of
#: deckcli's own (two-key advisory locks never meet the one-key setup lock of :mod:`deckcli.storage.server`).
CLAIMS = int.from_bytes(b"dkn", "big")

T = TypeVar("T")


class ConstraintViolation(Exception):
    """The database refused a row: a unique key, a foreign key or a check (another writer may have written the same
    row first). Raised by :class:`Transaction` for SQLite and PostgreSQL alike; ``cause`` is the driver's error."""

    def __init__(self, cause: BaseException):
        super().__init__(str(cause))
        self.cause = cause

    @property
    def message(self) -> Message:
        """What the user is told when no command turned the refusal into its own message (a write racing another
        client's, say a card removed by a ``cards import`` while a ``collection add`` names it): the write was rolled
        back whole, so running the command again answers from what the other client wrote."""
        reason = str(self.cause).splitlines()[0] if str(self.cause) else type(self.cause).__name__
        return Message(
            "the database refused the change ({reason}): another client may have written the same rows at the same "
            "moment. Nothing was written; run the command again.",
            reason=reason,
        )


def once_more(write: Callable[[], T]) -> T:
    """``write()``, run a second time when the database refused a row another client wrote at the same moment (a
    deck of the same name, an entry number of one table, a drop of one player): ``write`` opens its own transaction,
    so the second run reads that row and says what is there, as when the two came one after the other (on
    PostgreSQL both may read before either writes; SQLite's ``BEGIN IMMEDIATE`` already orders them)."""
    try:
        return write()
    except ConstraintViolation:
        pass
    try:
        return write()
    except ConstraintViolation:
        raise InputError(
            Message(
                "another client changed the same tables at the same time; nothing was stored; run the command again"
            )
        ) from None


def _bound(value: Any, backend: str) -> Any:
    """A parameter as the driver takes it: JSON as text, a date or time on SQLite as the text it always held."""
    if isinstance(value, (dict, list)):
        return json.dumps(value)  # (as SQLAlchemy's JSON type wrote it)
    if backend == "sqlite" and isinstance(value, datetime):
        return value.strftime(SQLITE_TIME)
    if backend == "sqlite" and isinstance(value, date):
        return value.isoformat()
    return value


def _params(params: Mapping[str, Any] | None, backend: str) -> dict[str, Any]:
    return {k: _bound(v, backend) for k, v in (params or {}).items()}


class Transaction(Rows):
    """One open write transaction: runs SQL text with ``:name`` parameters, reads (:meth:`all`, from :class:`Rows`)
    and writes alike, on a plain ``sqlite3`` connection or an SQLAlchemy Core Connection.

    ``backend`` is ``sqlite`` or ``postgresql``. It commits when the ``with db.write()`` block ends, and rolls back
    whole on any exception. Made only by a database's ``write()``.
    """

    def __init__(self, conn: Any, backend: str):
        super().__init__(conn)
        self.backend = backend
        self._sqlite = isinstance(conn, sqlite3.Connection)

    # -- running SQL ------------------------------------------------------------------------------------------------
    def _execute(self, sql: str, params: Any, many: bool = False) -> Any:
        if self._sqlite:
            try:
                if many:
                    return self._conn.executemany(sql, params)
                return self._conn.execute(sql, params)
            except sqlite3.IntegrityError as exc:
                raise ConstraintViolation(exc) from None
        from sqlalchemy import text
        from sqlalchemy.exc import IntegrityError

        try:
            return self._conn.execute(text(sql), params)
        except IntegrityError as exc:
            raise ConstraintViolation(exc) from None

    def all(self, sql: str, params: Mapping[str, Any] | None = None) -> list[tuple]:
        """Every row of ``sql`` as a tuple (a statement ``RETURNING`` columns too)."""
        found = self._execute(sql, _params(params, self.backend))
        return found.fetchall() if self._sqlite else [tuple(row) for row in found]

    def first(self, sql: str, params: Mapping[str, Any] | None = None) -> tuple | None:
        """The first row of ``sql``, or None."""
        found = self.all(sql, params)
        return found[0] if found else None

    def scalar(self, sql: str, params: Mapping[str, Any] | None = None) -> Any:
        """The first column of the first row of ``sql`` (``INSERT ... RETURNING id``: the new id), or None."""
        row = self.first(sql, params)
        return row[0] if row else None

    def run(self, sql: str, params: Mapping[str, Any] | None = None) -> int:
        """Run one statement that returns no rows; how many rows it changed."""
        return self._execute(sql, _params(params, self.backend)).rowcount

    def many(self, sql: str, rows: Sequence[Mapping[str, Any]]) -> None:
        """Run one statement once per parameter set of ``rows`` (the driver's executemany; nothing when empty)."""
        if rows:
            self._execute(sql, [_params(r, self.backend) for r in rows], many=True)

    # -- what differs between the backends -------------------------------------------------------------------------
    def lock(self, mode: str = "UPDATE") -> str:
        """The clause ending a SELECT that locks its rows to the end of the transaction: `` FOR {mode}`` (``UPDATE``,
        ``SHARE``, ``NO KEY UPDATE``) on PostgreSQL; empty on SQLite, whose writers ``BEGIN IMMEDIATE`` serialises."""
        return f" FOR {mode}" if self.backend == "postgresql" else ""

    def claim(self, *names: str) -> None:
        """Hold ``names`` (texts: ``deck:`` and a deck's name key) until the transaction ends, so that two writers of
        one name queue and the second reads what the first stored. On PostgreSQL a name read as free could otherwise
        be written by both (a unique index holds the exact name only, not its key ignoring case and width): an
        advisory transaction lock per name, taken in sorted order so that two writers never wait for each other.
        Nothing on SQLite, whose writers ``BEGIN IMMEDIATE`` serialises."""
        if self.backend != "postgresql":
            return
        for name in sorted(set(names)):
            self.all(f"SELECT pg_advisory_xact_lock({CLAIMS}, hashtext(:name))", {"name": name})

    @contextmanager
    def savepoint(self, name: str = "deckcli_step") -> Iterator[None]:
        """A step that is undone alone when it raises (``SAVEPOINT``; both backends), the transaction going on."""
        self.run(f"SAVEPOINT {name}")
        try:
            yield
        except BaseException:
            self.run(f"ROLLBACK TO SAVEPOINT {name}")
            raise
        self.run(f"RELEASE SAVEPOINT {name}")

    @property
    def bind(self) -> Any:
        """The connection this runs on: a ``sqlite3`` connection, or an SQLAlchemy Connection."""
        return self._conn

    def raw(self) -> Any:
        """The driver's own connection (psycopg's for PostgreSQL's COPY fast path)."""
        return self._conn if self._sqlite else self._conn.connection.dbapi_connection


class Writable(Protocol):
    """Anything a command writes through: a ready SQLite file (:class:`SqliteFile`) or a Database; both read too."""

    backend: str
    committed: int

    @property
    def label(self) -> str: ...

    def rows(self) -> Any: ...  # a context manager yielding Rows

    def write(self) -> Any: ...  # a context manager yielding a Transaction


class SqliteFile(SqliteReader):
    """A ready database file opened through sqlite3 for reading and writing (no SQLAlchemy imported): what a command
    needs of an opened database, with :meth:`write`."""

    read_only = False
    backend = "sqlite"

    def __init__(self, con: sqlite3.Connection, path: Path, origin: str | None):
        super().__init__(con, path, origin)
        self.committed = 0

    @property
    def label(self) -> str:
        return str(self.path)

    @contextmanager
    def write(self) -> Iterator[Transaction]:
        """One ``BEGIN IMMEDIATE`` transaction: committed when the block ends, rolled back whole on any exception;
        SQLite's errors become the database's faults (locked, read-only, full, damaged)."""
        con = self._con
        try:
            con.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as exc:
            raise (self.fault(exc) or exc) from None
        try:
            yield Transaction(con, "sqlite")
            con.execute("COMMIT")
        except BaseException as exc:
            if con.in_transaction:
                try:
                    con.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # (the connection is closed with the command; SQLite rolls back an unfinished write then)
            if isinstance(exc, sqlite3.Error):
                raise (self.fault(exc) or exc) from None
            raise
        self.committed += 1


#: How a ready file's connection is set up for writing (as :func:`deckcli.storage.engine.make_engine`'s are).
WRITE_SETTINGS = ("PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL")


def open_writable(path: Path | str | None = None, origin: str | None = None) -> SqliteFile | None:
    """The file at ``path`` (default: the user's) for writing through sqlite3 when it needs nothing done first
    (:func:`deckcli.storage.reads.open_ready`) and it and its folder (for the WAL's files) can be written. None
    otherwise: then the caller opens a Database, which does what is needed, or opens the file read-only and says so
    when a command writes."""
    path = Path(path) if path is not None else default_db_path()
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        return None
    con = ready_connection(path, *WRITE_SETTINGS)
    if con is None:
        return None
    con.isolation_level = None  # (deckcli begins its transactions itself; WAL was set when the file was made)
    return SqliteFile(con, path, origin)
