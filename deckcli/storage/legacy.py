"""The schema steps of SQLite files from before Alembic: 1 -> 2 -> 3. A file at schema 3 is then stamped at
revision 0001 (whose tables it has) and upgraded by Alembic from there (:mod:`deckcli.storage.revisions`)."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.engine import Connection

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
