"""What every deckcli database offers, whatever its backend: read sessions, Core reads, one-transaction writes, the
``meta`` table. :class:`deckcli.storage.engine.Database` (an SQLite file) and
:class:`deckcli.storage.server.ServerDatabase` (PostgreSQL) differ only in how they connect, set up their schema
and name their faults."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from deckcli.errors import DatabaseFault
from deckcli.storage.reads import CoreRows


class BaseDatabase:
    """An opened database. ``engine`` reads; ``_writer`` is the engine (or its execution options) writes go through.

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
    def read(self) -> Iterator[Session]:
        """A session for reading."""
        try:
            with Session(self.engine, expire_on_commit=False) as session:
                yield session
        except DBAPIError as exc:
            raise (self.fault(exc) or exc) from None

    @contextmanager
    def rows(self) -> Iterator[CoreRows]:
        """The read path's SQL text run through SQLAlchemy Core (:mod:`deckcli.storage.reads`), no ORM objects."""
        try:
            with self.engine.connect() as conn:
                yield CoreRows(conn)
        except DBAPIError as exc:
            raise (self.fault(exc) or exc) from None

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session whose work commits as one transaction (on SQLite ``BEGIN IMMEDIATE``), or rolls back whole."""
        try:
            with Session(self._writer, expire_on_commit=False) as session:
                try:
                    yield session
                    session.commit()
                except BaseException:
                    session.rollback()
                    raise
        except DBAPIError as exc:
            raise (self.fault(exc) or exc) from None
        self.committed += 1

    @staticmethod
    def get_meta(session: Session, key: str) -> str | None:
        """A value of the ``meta`` table, or None."""
        return session.execute(text("SELECT value FROM meta WHERE key = :k"), {"k": key}).scalar()

    @staticmethod
    def set_meta(session: Session, key: str, value: str) -> None:
        """Set a value of the ``meta`` table (an upsert both SQLite and PostgreSQL run)."""
        session.execute(
            text("INSERT INTO meta(key, value) VALUES (:k, :v) ON CONFLICT(key) DO UPDATE SET value = excluded.value"),
            {"k": key, "v": value},
        )

    def close(self) -> None:
        self.engine.dispose()
