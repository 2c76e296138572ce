"""The embedded SQLite database: where it lives, how connections are set up, schema versions.

Every connection gets WAL, a busy timeout and foreign keys. Writes run in ``BEGIN IMMEDIATE``
transactions so two processes writing at once queue instead of failing.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, SQLModel

from deckcli.storage import models  # noqa: F401  (registers the tables)
from deckcli.errors import DeckcliError

#: The schema version this release writes; older files are migrated up to it.
SCHEMA_VERSION = 2
BUSY_TIMEOUT_MS = 30_000


def data_dir() -> Path:
    """The user's deckcli data folder: ``DECKCLI_DATA_DIR`` or the platform's user data folder."""
    override = os.environ.get("DECKCLI_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("deckcli", appauthor=False))


def default_db_path() -> Path:
    """``DECKCLI_DB`` if set, else ``deckcli.db`` in the data folder."""
    override = os.environ.get("DECKCLI_DB")
    if override:
        return Path(override)
    return data_dir() / "deckcli.db"


def _on_connect(dbapi_connection: sqlite3.Connection, _record: object) -> None:
    dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode = WAL")
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def _on_begin(connection: Connection) -> None:
    immediate = connection.get_execution_options().get("sqlite_immediate", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def make_engine(path: Path) -> Engine:
    """An engine for the SQLite file at ``path`` with deckcli's connection settings."""
    engine = create_engine(f"sqlite:///{path}", connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
    event.listen(engine, "connect", _on_connect)
    event.listen(engine, "begin", _on_begin)
    return engine


def _collection_proxy(conn: Connection) -> None:
    """Schema 1 -> 2: collection entries get a ``proxy`` flag, part of their unique key.

    SQLite cannot change a table's UNIQUE constraint, so the table is rebuilt under its schema-2 shape
    (written out here, not taken from the model, so later model changes do not alter this step) and every
    row is copied with ``proxy`` false.
    """
    conn.exec_driver_sql("DROP INDEX IF EXISTS ix_collection_item_card_id")
    conn.exec_driver_sql("ALTER TABLE collection_item RENAME TO collection_item_v1")
    conn.exec_driver_sql(
        "CREATE TABLE collection_item (\n"
        "\tid INTEGER NOT NULL, \n\tcard_id INTEGER NOT NULL, \n\tcount INTEGER NOT NULL, \n"
        "\tfinish VARCHAR NOT NULL, \n\tcondition VARCHAR NOT NULL, \n\tlanguage VARCHAR NOT NULL, \n"
        "\ttag VARCHAR NOT NULL, \n\tproxy BOOLEAN NOT NULL, \n\tPRIMARY KEY (id), \n"
        "\tUNIQUE (card_id, finish, condition, language, tag, proxy), \n"
        "\tFOREIGN KEY(card_id) REFERENCES card (id) ON DELETE RESTRICT\n)"
    )
    conn.exec_driver_sql("CREATE INDEX ix_collection_item_card_id ON collection_item (card_id)")
    conn.exec_driver_sql(
        "INSERT INTO collection_item (id, card_id, count, finish, condition, language, tag, proxy)"
        " SELECT id, card_id, count, finish, condition, language, tag, 0 FROM collection_item_v1"
    )
    conn.exec_driver_sql("DROP TABLE collection_item_v1")


# Migrations from version N to N+1, run inside one write transaction each.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _collection_proxy}


class Database:
    """An opened deckcli database, created and migrated on first use (cards are loaded by :func:`open_database`)."""

    def __init__(self, path: Path | str | None = None):
        self.path = Path(path) if path is not None else default_db_path()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DeckcliError(f"cannot create the database folder {self.path.parent}: {exc.strerror}") from None
        self.engine = make_engine(self.path)
        self._writer = self.engine.execution_options(sqlite_immediate=True)
        try:
            self._ensure_schema()
        except OperationalError as exc:
            raise DeckcliError(f"cannot open the database {self.path}: {exc.orig}") from None

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading."""
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """A session whose work commits as one ``BEGIN IMMEDIATE`` transaction, or rolls back whole."""
        with Session(self._writer, expire_on_commit=False) as session:
            try:
                yield session
                session.commit()
            except BaseException:
                session.rollback()
                raise

    def _ensure_schema(self) -> None:
        with self.engine.connect() as conn:
            if conn.exec_driver_sql("PRAGMA user_version").scalar_one() == SCHEMA_VERSION:
                return
        with self._writer.connect() as conn:
            with conn.begin():
                version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
                if version > SCHEMA_VERSION:
                    raise DeckcliError(
                        f"{self.path} was written by a newer deckcli (schema {version}, this one knows {SCHEMA_VERSION});"
                        " upgrade deckcli"
                    )
                if version == 0:
                    SQLModel.metadata.create_all(conn)
                else:
                    while version < SCHEMA_VERSION:
                        MIGRATIONS[version](conn)
                        version += 1
                conn.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")

    @staticmethod
    def get_meta(session: Session, key: str) -> str | None:
        """A value of the ``meta`` table, or None."""
        return session.execute(text("SELECT value FROM meta WHERE key = :k"), {"k": key}).scalar()

    @staticmethod
    def set_meta(session: Session, key: str, value: str) -> None:
        """Set a value of the ``meta`` table."""
        session.execute(
            text("INSERT INTO meta(key, value) VALUES (:k, :v) ON CONFLICT(key) DO UPDATE SET value = excluded.value"),
            {"k": key, "v": value},
        )

    def close(self) -> None:
        self.engine.dispose()
