"""deckcli's schema revisions through Alembic, run from code: the scripts ship inside the package
(``deckcli/storage/migrations``), the caller's open connection is handed to them, and no alembic.ini exists.

Each revision has a schema number (:data:`deckcli.storage.settings.REVISION_SCHEMAS`) that an SQLite file keeps in
``PRAGMA user_version``, so the read path can tell a ready file without importing SQLAlchemy or Alembic.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sqlalchemy import inspect as sa_inspect
from sqlalchemy.engine import Connection

from deckcli.storage.settings import HEAD_REVISION, REVISION_SCHEMAS

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
#: The table Alembic keeps the current revision in.
VERSION_TABLE = "alembic_version"


def _config(conn: Connection | None = None):
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.attributes["connection"] = conn
    return config


@cache
def _script():
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(_config())


def head() -> str:
    """The newest revision this deckcli knows (the scripts' head; :data:`HEAD_REVISION` mirrors it)."""
    return _script().get_current_head()


def known(revision: str) -> bool:
    """Whether ``revision`` is one of this deckcli's revisions."""
    return revision in REVISION_SCHEMAS or any(s.revision == revision for s in _script().walk_revisions())


def current(conn: Connection) -> str | None:
    """The revision the database is at (None: no revision table, or an empty one)."""
    if not sa_inspect(conn).has_table(VERSION_TABLE):
        return None
    return conn.exec_driver_sql(f"SELECT version_num FROM {VERSION_TABLE}").scalar()


def stamp(conn: Connection, revision: str) -> None:
    """Record ``revision`` without running it (a pre-Alembic file whose tables are that revision's)."""
    from alembic import command

    command.stamp(_config(conn), revision)


def upgrade(conn: Connection, target: str = "head") -> None:
    """Run every revision from the database's current one up to ``target``, in the caller's transaction."""
    from alembic import command

    command.upgrade(_config(conn), target)


def schema_of(revision: str | None) -> int:
    """The ``user_version`` mirror of a revision (0 for none)."""
    return REVISION_SCHEMAS.get(revision, 0) if revision else 0


__all__ = ["HEAD_REVISION", "current", "head", "known", "schema_of", "stamp", "upgrade"]
