"""The embedded SQLite database: where it lives, how connections are set up, schema versions, and its faults.

Every connection gets WAL, a busy timeout and foreign keys. Writes run in ``BEGIN IMMEDIATE``
transactions so two processes writing at once queue instead of failing. A path is never pasted into a URL
(``my?deck.db`` is that file); a file that is not deckcli's is refused before anything touches it; a deckcli
file that cannot be written is opened read-only; SQLite's errors become :mod:`deckcli.storage.faults`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, SQLModel

from deckcli.storage import models  # noqa: F401  (registers the tables)
from deckcli.errors import DamagedDatabase, DatabaseFault, ReadOnlyDatabase, UnopenableDatabase
from deckcli.storage.faults import DAMAGED_ADVICE, fault_of
from deckcli.storage.fileinfo import APPLICATION_ID, inspect, read_only_uri, refuse_foreign
from deckcli.storage.migration_v4 import add_event_tables
from deckcli.storage.reads import CoreRows
from deckcli.storage.settings import (  # noqa: F401  (re-exported: where the file lives, its version, lock wait)
    BUSY_TIMEOUT_MS,
    BUSY_TIMEOUT_VARIABLE,
    SCHEMA_VERSION,
    busy_timeout_ms,
    data_dir,
    default_db_path,
)


def _on_connect(read_only: bool, dbapi_connection: sqlite3.Connection, _record: object) -> None:
    dbapi_connection.isolation_level = None  # we emit BEGIN ourselves
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout = {busy_timeout_ms()}")
    if not read_only:
        cursor.execute("PRAGMA journal_mode = WAL")
        cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.close()


def _on_begin(connection: Connection) -> None:
    immediate = connection.get_execution_options().get("sqlite_immediate", False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def _connector(path: Path, read_only: bool, immutable: bool) -> Callable[[], sqlite3.Connection]:
    """Opens the file by its name as it is (read-only: through a quoted URI), never through a parsed URL."""
    target, uri = (read_only_uri(path, immutable), True) if read_only else (str(path), False)
    timeout = busy_timeout_ms() / 1000
    return lambda: sqlite3.connect(target, uri=uri, timeout=timeout, check_same_thread=False)


def make_engine(path: Path, read_only: bool = False, immutable: bool = False) -> Engine:
    """An engine for the SQLite file at ``path`` with deckcli's connection settings (``read_only``: mode=ro)."""
    url = URL.create("sqlite+pysqlite", database=str(path))  # for the dialect and pool; connections use the creator
    engine = create_engine(url, creator=_connector(path, read_only, immutable))
    event.listen(engine, "connect", partial(_on_connect, read_only))
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


def _deck_name_key(conn: Connection) -> None:
    """Schema 2 -> 3: decks get ``key``, their name's look-up key (:func:`deckcli.names.name_key`), indexed, so a
    deck is found by one index probe instead of a scan of every deck. ADD COLUMN keeps the rows (and deck_card's
    foreign keys) where they are; the column is written as the model declares it, last, as a new file has it."""
    from deckcli.names import name_key

    conn.exec_driver_sql("ALTER TABLE deck ADD COLUMN \"key\" VARCHAR DEFAULT '' NOT NULL")
    rows = conn.exec_driver_sql("SELECT id, name FROM deck").all()
    if rows:
        conn.exec_driver_sql("UPDATE deck SET \"key\" = ? WHERE id = ?", [(name_key(name), i) for i, name in rows])
    conn.exec_driver_sql("CREATE INDEX ix_deck_key ON deck (\"key\")")


# Migrations from version N to N+1, run inside one write transaction each.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _collection_proxy, 2: _deck_name_key, 3: add_event_tables}


def _marks(conn: Connection) -> tuple[int, int]:
    """The database's schema version and application id."""
    version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
    return version, conn.exec_driver_sql("PRAGMA application_id").scalar_one()


class Database:
    """An opened deckcli database, created and migrated on first use (cards are loaded by :func:`open_database`).

    ``origin`` names where the path came from (``--db``, ``DECKCLI_DB``) for the messages of its faults.
    ``read_only`` is set when the file or its folder cannot be written: reads work, writes raise ReadOnlyDatabase.
    ``committed`` counts the write transactions this object committed (an interrupted command says so).
    """

    def __init__(self, path: Path | str | None = None, origin: str | None = None):
        self.path = Path(path) if path is not None else default_db_path()
        self.origin, self.read_only, self.committed = origin, False, 0
        info = inspect(self.path, origin)
        refuse_foreign(info, self.path, origin)
        if not info.exists:
            self._create_folder()
        self.engine = make_engine(self.path)
        self._writer = self.engine.execution_options(sqlite_immediate=True)
        try:
            self._ensure_schema()
        except (ReadOnlyDatabase, UnopenableDatabase):
            self.engine.dispose()
            if not info.exists:
                raise
            self._open_read_only()
        except DatabaseFault:
            self.engine.dispose()
            raise

    def _create_folder(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DatabaseFault(self.path.parent, f"cannot create the database folder ({exc.strerror})",
                                "point {option} at a file in a folder you can write", self.origin) from None

    def _open_read_only(self) -> None:
        """The file cannot be written: serve reads from it (a schema that needs migrating cannot be). A read-only
        folder without the WAL index is opened immutable: nobody can write there, so the file holds every page."""
        self.engine.dispose()
        self.read_only = True
        for immutable in (False, True):  # immutable: a read-only folder holding no WAL index
            self.engine = make_engine(self.path, read_only=True, immutable=immutable)
            self._writer = self.engine.execution_options(sqlite_immediate=True)
            try:
                self._ensure_schema()
                return
            except DatabaseFault as fault:
                self.engine.dispose()
                if immutable or not isinstance(fault, (ReadOnlyDatabase, UnopenableDatabase)):
                    raise

    def fault(self, exc: BaseException) -> DatabaseFault | None:
        """The fault of this database an SQLite error means, if it is one."""
        return fault_of(exc, self.path, self.origin, busy_timeout_ms())

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
        """A session whose work commits as one ``BEGIN IMMEDIATE`` transaction, or rolls back whole."""
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

    def _ensure_schema(self) -> None:
        try:
            with self.engine.connect() as conn:
                version, app_id = _marks(conn)
            if version == SCHEMA_VERSION and app_id == APPLICATION_ID:
                return
            self._check_version(version)
            if self.read_only and version == SCHEMA_VERSION:
                return  # an unmarked file of this schema: marked the next time it is writable
            with self._writer.connect() as conn:
                with conn.begin():
                    self._upgrade(conn)
        except DBAPIError as exc:
            raise (self.fault(exc) or exc) from None

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise DamagedDatabase(self.path, f"it was written by a newer deckcli (schema {version}, this one knows"
                                  f" {SCHEMA_VERSION})", "upgrade deckcli", self.origin)
        if version < 0 or (0 < version < SCHEMA_VERSION and any(v not in MIGRATIONS for v in range(version, SCHEMA_VERSION))):
            raise DamagedDatabase(self.path, f"it has schema version {version}, which no deckcli writes",
                                  DAMAGED_ADVICE, self.origin)
        if self.read_only and version != SCHEMA_VERSION:
            raise ReadOnlyDatabase(self.path, f"it needs upgrading from schema {version} to {SCHEMA_VERSION}, but it"
                                   " is read-only", "run deckcli once where the file can be written", self.origin)

    def _upgrade(self, conn: Connection) -> None:
        """Create, migrate or mark the database, in the caller's write transaction (read again under its lock)."""
        version, _ = _marks(conn)
        self._check_version(version)
        if version == 0:
            SQLModel.metadata.create_all(conn)
        while version < SCHEMA_VERSION:
            if version:
                MIGRATIONS[version](conn)
            version = version + 1 if version else SCHEMA_VERSION
        conn.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")

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
