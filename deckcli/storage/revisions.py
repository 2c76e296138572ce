"""deckcli's schema revisions: the number of each, the steps of SQLite files from before Alembic (schema 1 -> 2 ->
3), and Alembic run from code: the scripts ship inside the package (``deckcli/storage/migrations``), the caller's open
connection is handed to them, and no alembic.ini exists.

Each revision has a schema number (:data:`REVISION_SCHEMAS`) that an SQLite file keeps in ``PRAGMA user_version``,
so the read path can tell a ready file without importing SQLAlchemy or Alembic (neither is imported by this
module's constants). A file at schema 3 is stamped at revision 0001 (whose tables it has) and upgraded by Alembic
from there.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from sqlalchemy.engine import Connection

#: The Alembic revision this release writes (the head of ``deckcli/storage/migrations/versions``).
HEAD_REVISION = "0006"
#: Each revision's number, kept by an SQLite file in ``PRAGMA user_version`` so the read path tells a ready file
#: without importing Alembic. 1 and 2 are the pre-Alembic schemas, migrated by :data:`MIGRATIONS`.
REVISION_SCHEMAS = {"0001": 3, "0002": 4, "0003": 5, "0004": 6, "0005": 7, "0006": 8}
#: The schema version this release writes (its head revision's number); older files are migrated up to it.
SCHEMA_VERSION = REVISION_SCHEMAS[HEAD_REVISION]

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
    from sqlalchemy import inspect as sa_inspect

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


# -- before Alembic -----------------------------------------------------------------------------------------------
#: The last pre-Alembic schema version: the tables of revision 0001.
LEGACY_HEAD = 3


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
        conn.exec_driver_sql('UPDATE deck SET "key" = ? WHERE id = ?', [(name_key(name), i) for i, name in rows])
    conn.exec_driver_sql('CREATE INDEX ix_deck_key ON deck ("key")')


#: The pre-Alembic steps from version N to N+1, run in the caller's write transaction.
MIGRATIONS: dict[int, Callable[[Connection], None]] = {1: _collection_proxy, 2: _deck_name_key}
