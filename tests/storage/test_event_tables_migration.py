"""Schema 4: a schema-3 database gets the event tables in place, keeping every deck and collection row."""

from __future__ import annotations

import paths  # tests/support/paths.py

import gzip
import json
import sqlite3

import pytest
from dbdump import kept

#: A database written by deckcli at schema 3 (before events): decks 'Ember Rush' (boa), 'Shadows and Steel' (sfb)
#: and the empty aqa deck 'Ｗｉｄｅ Ｄｅｃｋ', 2 Ember Whelp owned.
SCHEMA_3 = paths.DATA / "storage" / "schema-v3.db.gz"
EVENT_TABLES = ("event", "registration", "deck_check", "side_exchange")


def _rows(path, sql: str) -> list[tuple]:
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def _schema(path, table: str) -> list[tuple]:
    return _rows(path, f"SELECT type, name, sql FROM sqlite_master WHERE tbl_name = '{table}' ORDER BY name")


def test_a_schema_3_database_gets_the_event_tables_keeping_every_row(runner, tmp_path):
    from deckcli.cli.main import cli
    from deckcli.storage.revisions import SCHEMA_VERSION

    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress(SCHEMA_3.read_bytes()))
    assert _rows(path, "PRAGMA user_version") == [(3,)]
    before = {t: _rows(path, f"SELECT * FROM {t} ORDER BY 1") for t in ("deck", "deck_card", "collection_item", "card")}
    owned = "SELECT id, card_id, count, finish, condition, language, tag, proxy FROM collection_item ORDER BY 1"
    assert [name for _, name, *_ in before["deck"]] == ["Ember Rush", "Shadows and Steel", "Ｗｉｄｅ Ｄｅｃｋ"]

    listed = runner.invoke(cli, ["--db", str(path), "deck", "list", "--json"])
    assert listed.exit_code == 0, listed.output
    assert [d["name"] for d in json.loads(listed.stdout)] == ["Ember Rush", "Shadows and Steel", "Ｗｉｄｅ Ｄｅｃｋ"]

    assert SCHEMA_VERSION >= 4 and _rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    for table, rows in before.items():  # (collection entries in the columns they had: revision 0004 adds two)
        now = _rows(path, owned if table == "collection_item" else f"SELECT * FROM {table} ORDER BY 1")
        assert kept(table, now) == kept(table, rows), table
    fresh = tmp_path / "new.db"
    assert runner.invoke(cli, ["--db", str(fresh), "games"]).exit_code == 0
    for table in EVENT_TABLES:
        assert _schema(path, table) and _schema(path, table) == _schema(fresh, table), table
        assert _rows(path, f"SELECT count(*) FROM {table}") == [(0,)]


def test_one_current_registration_per_event_and_player_is_enforced_by_the_database(db):
    """Two writers registering the same player: the partial unique index lets only one current row in."""
    from datetime import datetime

    from sqlalchemy.exc import IntegrityError

    from deckcli.storage.tables import EventRow, RegistrationRow

    now = datetime(2026, 12, 1, 12, 0)
    with db.write() as session:
        event = EventRow(name="Open", key="open", game="g", format="f", created=now)
        session.add(event)
        session.flush()
        event_id = event.id

    def registration(superseded=None):
        return RegistrationRow(event_id=event_id, player="Ann", player_key="ann", deck="d", legal=True,
                               fingerprint="x", registered_at=now, superseded_at=superseded)

    with db.write() as session:
        session.add_all([registration(now), registration(now), registration()])  # history rows do not clash
    with pytest.raises(IntegrityError):
        with db.write() as session:
            session.add(registration())
    with db.rows() as rows:
        assert rows.all("SELECT count(*) FROM registration") == [(3,)]
