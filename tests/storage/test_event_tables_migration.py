"""Schema 4: a schema-3 database gets the event tables in place, keeping every deck and collection row."""

from __future__ import annotations

import gzip
import json
import sqlite3

import pytest

import paths  # tests/support/paths.py
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

    from deckcli.storage.writes import ConstraintViolation

    now = datetime(2026, 12, 1, 12, 0)
    with db.write() as tx:
        event_id = tx.scalar(
            "INSERT INTO event (name, key, game, format, created) VALUES ('Open', 'open', 'g', 'f', :now) RETURNING id",
            {"now": now},
        )
    register = (
        "INSERT INTO registration (event_id, player, player_key, player_id, deck, decklist, legal, problems,"
        " fingerprint, registered_at, superseded_at) VALUES (:event, 'Ann', 'ann', '', 'd', :decklist, :legal,"
        " :problems, 'x', :now, :superseded)"
    )

    def registration(superseded=None):
        return {"event": event_id, "decklist": {}, "legal": True, "problems": [], "now": now, "superseded": superseded}

    with db.write() as tx:
        tx.many(register, [registration(now), registration(now), registration()])  # history rows do not clash
    with pytest.raises(ConstraintViolation):
        with db.write() as tx:
            tx.run(register, registration())
    with db.rows() as rows:
        assert rows.all("SELECT count(*) FROM registration") == [(3,)]
