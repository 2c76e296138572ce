"""A PostgreSQL database named by a URL (``postgresql+psycopg://user@host:5432/dbname``), through the same SQLModel
tables and the same sessions as the SQLite file (:class:`deckcli.storage.base.BaseDatabase`).

Several clients share a server database, so none of them upgrades it by surprise: an empty database is set up to
the head revision on first use (one holding another application's tables is refused, nothing added to it), one at
an older revision is refused until ``deckcli db upgrade``, a newer one until deckcli is upgraded. The password is
never shown: messages name the URL masked (:func:`mask_url`); ``DECKCLI_DB_PASSWORD`` supplies one the URL leaves
out, else libpq reads ``~/.pgpass``.
"""

from __future__ import annotations

import os

from sqlalchemy import create_engine, text
from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from deckcli.dberrors import BadDatabaseURL, DatabaseFault, ForeignDatabase, MissingDriver, SchemaMismatch
from deckcli.i18n import N_, Message
from deckcli.storage import (
    revisions,
    tables,  # noqa: F401  (registers the tables)
)
from deckcli.storage.base import BaseDatabase
from deckcli.storage.faults import fault_of
from deckcli.storage.fileinfo import CORE_TABLES
from deckcli.storage.location import PASSWORD_VARIABLE, mask_url, url_problem
from deckcli.storage.reads import Rows
from deckcli.storage.revisions import HEAD_REVISION

#: The advisory lock that makes setting up an empty database (or loading its cards) one client's job at a time.
SETUP_LOCK = int.from_bytes(b"dkcl", "big")
#: How long (seconds) a client waits for the server to answer a connection.
CONNECT_TIMEOUT = 10
FOREIGN_ADVICE = N_(
    "deckcli leaves it as it is: give deckcli an empty database (createdb -O USER DBNAME, or CREATE"
    " DATABASE ... OWNER ...) and point {option} at it"
)
UPGRADE_ADVICE = N_("run `deckcli db upgrade` (once, from one client: every client of the database then uses it)")
WRITE_URL_ADVICE = N_("write it as postgresql+psycopg://USER@HOST:5432/DBNAME")


def server_url(url: str, origin: str | None = None) -> URL:
    """The SQLAlchemy URL of ``url``: ``postgresql://`` means psycopg 3; ``DECKCLI_DB_PASSWORD`` fills a missing
    password. A URL libpq would not read as meant is refused first (:func:`url_problem`), saying what is wrong."""
    problem = url_problem(url)
    if problem:
        raise BadDatabaseURL(mask_url(url), problem, "", origin)
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        raise BadDatabaseURL(
            mask_url(url),
            Message("it is not a valid database URL"),
            WRITE_URL_ADVICE,
            origin,
        ) from None
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    if parsed.drivername != "postgresql+psycopg":
        raise BadDatabaseURL(
            mask_url(url),
            Message("deckcli does not connect through {driver}", driver=parsed.drivername),
            WRITE_URL_ADVICE,
            origin,
        )
    if parsed.password is None and os.environ.get(PASSWORD_VARIABLE):
        parsed = parsed.set(password=os.environ[PASSWORD_VARIABLE])
    return parsed


def _need_driver(label: str, origin: str | None) -> None:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise MissingDriver(
            label,
            Message("connecting to PostgreSQL needs the psycopg driver, which is not installed"),
            N_("pip install 'deckcli[postgresql]'"),
            origin,
        ) from None


def server_engine(url: str, origin: str | None = None):
    """An engine for the server database of ``url`` (psycopg 3), after checking the driver is there."""
    label = mask_url(url)
    _need_driver(label, origin)
    parsed = server_url(url, origin)
    args = {} if "connect_timeout" in parsed.query else {"connect_timeout": CONNECT_TIMEOUT}
    engine = create_engine(parsed, connect_args=args, pool_size=2, max_overflow=2, insertmanyvalues_page_size=1000)
    # Many-row INSERTs (bulk card and collection imports) go as batches of multi-row VALUES, one round trip per
    # 1,000 rows, as SQLAlchemy does for INSERT ... RETURNING, instead of one statement per row.
    engine.dialect.use_insertmanyvalues_wo_returning = True
    return engine


def table_names(conn: Connection) -> list[str]:
    """Every table of the database's schema (``search_path``'s first, normally ``public``), sorted."""
    return sorted(sa_inspect(conn).get_table_names())


def deckcli_tables(conn: Connection) -> set[str]:
    """The tables of deckcli's schema found in the database (none: an empty database deckcli may set up)."""
    return set(table_names(conn)) & (CORE_TABLES | {revisions.VERSION_TABLE})


def foreign_tables(conn: Connection) -> list[str]:
    """The tables of the database's schema (``search_path``'s first, normally ``public``) that are not deckcli's:
    another application's, which deckcli never sets itself up beside."""
    from sqlmodel import SQLModel

    ours = set(SQLModel.metadata.tables) | CORE_TABLES | {revisions.VERSION_TABLE}
    return [name for name in table_names(conn) if name not in ours]


def refuse_foreign_tables(conn: Connection, label: str, origin: str | None) -> None:
    """Raise ForeignDatabase when the database holds tables that are not deckcli's (nothing is created in it)."""
    found = foreign_tables(conn)
    if found:
        listed = ", ".join(found[:5]) + (f", ... ({len(found)} tables)" if len(found) > 5 else "")
        problem = Message("it holds tables that are not deckcli's ({tables})", tables=listed)
        raise ForeignDatabase(label, problem, FOREIGN_ADVICE, origin)


class ServerDatabase(BaseDatabase):
    """An opened PostgreSQL database: set up on first use when empty, refused when at another revision.

    ``upgrade``: bring an older database up to the head revision instead of refusing it (``deckcli db upgrade``).
    """

    backend = "postgresql"
    path: str

    def __init__(self, url: str, origin: str | None = None, *, upgrade: bool = False):
        super().__init__()
        self.url, self.origin = url, origin
        self.path = mask_url(url)
        self.target = url  # the URL itself, password included: for connecting, never for messages
        self.engine = server_engine(url, origin)
        self._writer = self.engine
        self.upgraded_from: str | None = None
        try:
            self._ensure_schema(upgrade)
        except BaseException:
            self.engine.dispose()
            raise

    def fault(self, exc: BaseException) -> DatabaseFault | None:
        """The fault a psycopg error means for this database, if it is one."""
        return fault_of(exc, self.url, self.origin)

    def lock(self, tx: Rows) -> None:
        """Hold the setup lock until the transaction ends (one client loads the bundled cards)."""
        Rows(tx).all("SELECT pg_advisory_xact_lock(:k)", {"k": SETUP_LOCK})

    def _ensure_schema(self, upgrade: bool) -> None:
        try:
            with self.engine.connect() as conn:
                with conn.begin():
                    found = revisions.current(conn)
                    if found == HEAD_REVISION:
                        return
                    conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SETUP_LOCK})
                    self._set_up(conn, revisions.current(conn), upgrade)
        except DBAPIError as exc:
            raise (self.fault(exc) or exc) from None

    def _set_up(self, conn: Connection, found: str | None, upgrade: bool) -> None:
        """Under the setup lock: set up an empty database, upgrade an older one when asked, refuse the rest."""
        if found == HEAD_REVISION:
            return  # another client set it up meanwhile
        if found is None or (not revisions.known(found) and not CORE_TABLES <= deckcli_tables(conn)):
            refuse_foreign_tables(conn, self.path, self.origin)  # (the unknown revision: another application's)
        if found is None:
            tables = deckcli_tables(conn)
            if tables:
                raise ForeignDatabase(
                    self.path,
                    Message(
                        "it holds tables named as deckcli's ({tables}) but no deckcli revision",
                        tables=", ".join(sorted(tables)),
                    ),
                    N_("point {option} at an empty database or a deckcli one"),
                    self.origin,
                )
            revisions.upgrade(conn)
            return
        if not revisions.known(found):
            raise SchemaMismatch(
                self.path,
                Message(
                    "it was set up by a newer deckcli (revision {found}, this one knows up to {latest})",
                    found=found,
                    latest=HEAD_REVISION,
                ),
                N_("upgrade deckcli"),
                self.origin,
            )
        if not upgrade:
            raise SchemaMismatch(
                self.path,
                Message(
                    "it is at revision {found}, older than this deckcli's {latest}", found=found, latest=HEAD_REVISION
                ),
                UPGRADE_ADVICE,
                self.origin,
            )
        revisions.upgrade(conn)
        self.upgraded_from = found
