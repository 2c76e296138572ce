"""The embedded SQLite database: how connections are set up, its schema brought to this release, and its faults.

Every connection gets WAL, a busy timeout and foreign keys. Writes run in ``BEGIN IMMEDIATE``
transactions so two processes writing at once queue instead of failing. A path is never pasted into a URL
(``my?deck.db`` is that file); a file that is not deckcli's is refused before anything touches it; a deckcli
file that cannot be written is opened read-only; SQLite's errors become :mod:`deckcli.storage.faults`.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import partial
from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import URL, Connection, Engine
from sqlalchemy.exc import DBAPIError

from deckcli.dberrors import DamagedDatabase, DatabaseFault, ReadOnlyDatabase, UnopenableDatabase
from deckcli.dbfiles import APPLICATION_ID, hold, release
from deckcli.i18n import N_, Message
from deckcli.storage import (
    revisions,
    tables,  # noqa: F401  (registers the tables)
)
from deckcli.storage.base import BaseDatabase
from deckcli.storage.faults import DAMAGED_ADVICE, fault_of
from deckcli.storage.fileinfo import inspect, read_only_uri, refuse_foreign
from deckcli.storage.location import busy_timeout_ms, default_db_path, is_url, refuse_missing_folder
from deckcli.storage.revisions import LEGACY_HEAD, MIGRATIONS, REVISION_SCHEMAS, SCHEMA_VERSION


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


def _marks(conn: Connection) -> tuple[int, int]:
    """The database's schema version and application id."""
    version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
    return version, conn.exec_driver_sql("PRAGMA application_id").scalar_one()


def connect(target: Path | str | None = None, origin: str | None = None, *, upgrade: bool = False) -> BaseDatabase:
    """The database ``target`` names: a server URL (PostgreSQL, :mod:`deckcli.storage.server`) or a file (SQLite,
    :class:`Database`, which upgrades itself); default ``DECKCLI_DB`` or the user's file. ``upgrade``: a server
    database at an older revision is upgraded instead of refused."""
    from deckcli.storage.location import default_target

    target = default_target() if target is None else target
    if is_url(target):
        from deckcli.storage.server import ServerDatabase

        return ServerDatabase(str(target), origin, upgrade=upgrade)
    return Database(target, origin)


class Database(BaseDatabase):
    """An opened SQLite database file, created and migrated on first use (cards are loaded by
    :func:`deckcli.cards.importer.open_database`).

    ``origin`` names where the path came from (``--db``, ``DECKCLI_DB``) for the messages of its faults.
    ``read_only`` is set when the file or its folder cannot be written: reads work, writes raise ReadOnlyDatabase.
    ``PRAGMA user_version`` mirrors the Alembic revision (:data:`deckcli.storage.revisions.REVISION_SCHEMAS`): a file
    at this release's number needs nothing done, and Alembic is imported only when it does.
    """

    backend = "sqlite"
    path: Path

    def __init__(self, path: Path | str | None = None, origin: str | None = None):
        super().__init__()
        self.path = Path(path) if path is not None else default_db_path()
        self.target = self.path
        self.origin = origin
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
        self._held = hold(self.path)  # (the file exists now) its header is no longer read while we are open

    def _create_folder(self) -> None:
        """Make the file's folder when it is deckcli's data folder; any other folder must exist already."""
        refuse_missing_folder(self.path, self.origin)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except (FileExistsError, NotADirectoryError):  # (it named the file in the way as "the database")
            raise DatabaseFault(
                self.path,
                Message("its folder cannot be created: a file is in the way"),
                N_("point {option} at a file in a folder you can write"),
                self.origin,
            ) from None
        except OSError as exc:
            raise DatabaseFault(
                self.path.parent,
                Message("cannot create the database folder ({reason})", reason=exc.strerror),
                N_("point {option} at a file in a folder you can write"),
                self.origin,
            ) from None

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

    def close(self) -> None:
        super().close()
        release(getattr(self, "_held", None))
        self._held = None

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
            raise DamagedDatabase(
                self.path,
                Message(
                    "it was written by a newer deckcli (schema {schema}, this one knows {latest})",
                    schema=version,
                    latest=SCHEMA_VERSION,
                ),
                N_("upgrade deckcli"),
                self.origin,
            )
        known = set(MIGRATIONS) | {LEGACY_HEAD} | set(REVISION_SCHEMAS.values())
        if version < 0 or (0 < version < SCHEMA_VERSION and version not in known):
            raise DamagedDatabase(
                self.path,
                Message("it has schema version {schema}, which no deckcli writes", schema=version),
                DAMAGED_ADVICE,
                self.origin,
            )
        if self.read_only and version != SCHEMA_VERSION:
            raise ReadOnlyDatabase(
                self.path,
                Message(
                    "it needs upgrading from schema {schema} to {latest}, but it is read-only",
                    schema=version,
                    latest=SCHEMA_VERSION,
                ),
                N_("run deckcli once where the file can be written"),
                self.origin,
            )

    def _upgrade(self, conn: Connection) -> None:
        """Create, migrate or mark the database, in the caller's write transaction (read again under its lock): the
        pre-Alembic steps up to schema 3, stamped at revision 0001, then Alembic up to the head."""
        version, _ = _marks(conn)
        self._check_version(version)
        while 0 < version < LEGACY_HEAD:
            MIGRATIONS[version](conn)
            version += 1
        if version and revisions.current(conn) is None:
            revisions.stamp(conn, _REVISION_OF[version])
        if version != SCHEMA_VERSION:
            revisions.upgrade(conn)
        conn.exec_driver_sql(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")


_REVISION_OF = {number: revision for revision, number in REVISION_SCHEMAS.items()}
