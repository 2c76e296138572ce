"""What every deckcli database offers, whatever its backend: the read path's rows, one-transaction writes, the
``meta`` table, and the one place where SQL differs between SQLite and PostgreSQL (PostgreSQL's COPY fast path). :class:`deckcli.storage.engine.Database` (an SQLite file) and
:class:`deckcli.storage.server.ServerDatabase` (PostgreSQL) differ only in how they connect, set up their schema
and name their faults.

The read path is one: every read runs SQL text through :class:`~deckcli.storage.reads.Rows`, from :meth:`rows`
(or from a ready file's sqlite3 reader), or, when the value read decides a write, on that write's
:class:`~deckcli.storage.writes.Transaction` (the same transaction). Writes run SQL text too (:meth:`write`), through
an SQLAlchemy Core connection here and through sqlite3 for a ready file (:class:`deckcli.storage.writes.SqliteFile`).
A row lock (``FOR UPDATE``) is the one read that differs by backend: :meth:`Transaction.lock` spells it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Table
from sqlalchemy.engine import Dialect, Engine
from sqlalchemy.exc import DBAPIError

from deckcli.dberrors import DatabaseFault
from deckcli.storage.reads import Rows
from deckcli.storage.writes import COPY_AT_LEAST as COPY_AT_LEAST
from deckcli.storage.writes import Transaction


class BaseDatabase:
    """An opened database. ``engine`` reads (:meth:`rows`); ``_writer`` is the engine (or its execution options) writes
    go through.

    ``path`` is what messages name (the file, or the masked URL); ``backend`` is ``sqlite`` or ``postgresql``;
    ``committed`` counts the write transactions this object committed (an interrupted command says so).
    """

    backend = ""
    path: Path | str  # the file, or the masked URL
    engine: Engine
    _writer: Engine

    def __init__(self) -> None:
        self.read_only, self.committed = False, 0

    def fault(self, exc: BaseException) -> DatabaseFault | None:
        """The fault of this database a driver error means, if it is one."""
        raise NotImplementedError

    @property
    def label(self) -> str:
        """How messages name this database."""
        return str(self.path)

    @contextmanager
    def rows(self) -> Iterator[Rows]:
        """The read path's rows (:mod:`deckcli.storage.reads`), through SQLAlchemy Core, no ORM objects."""
        try:
            with self.engine.connect() as conn:
                yield Rows(conn)
        except DBAPIError as exc:
            raise (self.fault(exc) or exc) from None

    @contextmanager
    def write(self) -> Iterator[Transaction]:
        """One write transaction (:mod:`deckcli.storage.writes`) on an SQLAlchemy Core connection (on SQLite
        ``BEGIN IMMEDIATE``): committed when the block ends, rolled back whole on any exception."""
        try:
            with self._writer.connect() as conn, conn.begin():
                yield Transaction(conn, self.backend)
        except DBAPIError as exc:
            raise (self.fault(exc) or exc) from None
        self.committed += 1

    @staticmethod
    def get_meta(tx: Rows, key: str) -> str | None:
        """A value of the ``meta`` table, or None."""
        found = Rows(tx).all("SELECT value FROM meta WHERE key = :k", {"k": key})
        return found[0][0] if found else None

    @staticmethod
    def set_meta(tx: Transaction, key: str, value: str) -> None:
        """Set a value of the ``meta`` table (an upsert both SQLite and PostgreSQL run)."""
        tx.run(
            "INSERT INTO meta(key, value) VALUES (:k, :v) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            {"k": key, "v": value},
        )

    def close(self) -> None:
        self.engine.dispose()


# -- where SQL differs between the backends: PostgreSQL's COPY fast path --------------------------------
def dialect_of(source: Any) -> Dialect:
    """The dialect of a Session, Connection or Engine."""
    if isinstance(source, Dialect):
        return source
    if isinstance(source, Transaction):
        source = source.bind  # (an SQLAlchemy Connection: only a database opened through SQLAlchemy asks)
    bind = source.get_bind() if hasattr(source, "get_bind") else source
    return bind.dialect


def copy_upsert(
    session: Transaction,
    table: Table,
    rows: list[dict[str, Any]],
    conflict: list[str] | None = None,
    update: dict[str, str] | None = None,
) -> None:
    """PostgreSQL's fast path for many rows: COPY them into a temporary table, then one ``INSERT ... SELECT`` into
    ``table`` (in the rows' order, so ids follow it), ``ON CONFLICT (conflict) DO UPDATE SET`` column = SQL
    expression of ``update`` (``excluded.x``, ``table.x``). The rows must not repeat a conflict key. JSON values are
    written as JSON text."""
    import json

    from sqlalchemy import JSON

    if not rows:
        return
    columns = list(rows[0])
    kinds = {c: table.c[c].type for c in columns}
    temp = f"_deckcli_in_{table.name}"
    types = ", ".join(
        f'"{c}" {"json" if isinstance(kinds[c], JSON) else kinds[c].compile(dialect=dialect_of(session))}'
        for c in columns
    )
    raw = session.raw()
    quoted = ", ".join(f'"{c}"' for c in columns)
    with raw.cursor() as cursor:
        cursor.execute(f'CREATE TEMPORARY TABLE "{temp}" (ord integer, {types}) ON COMMIT DROP')
        encode = [(c, isinstance(kinds[c], JSON)) for c in columns]
        with cursor.copy(f'COPY "{temp}" (ord, {quoted}) FROM STDIN') as copy:
            for n, row in enumerate(rows):
                copy.write_row(
                    [n, *(json.dumps(row[c], ensure_ascii=False) if is_json else row[c] for c, is_json in encode)]
                )
        sql = f'INSERT INTO "{table.name}" ({quoted}) SELECT {quoted} FROM "{temp}" ORDER BY ord'
        if conflict:
            sets = ", ".join(f'"{c}" = {expr}' for c, expr in (update or {}).items())
            sql += f" ON CONFLICT ({', '.join(conflict)}) " + (f"DO UPDATE SET {sets}" if sets else "DO NOTHING")
        cursor.execute(sql)
        cursor.execute(f'DROP TABLE "{temp}"')
