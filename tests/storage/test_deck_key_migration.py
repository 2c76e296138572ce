"""Schema 3: stored decks are found by an indexed name key; a schema-2 database upgrades in place, keeping every row."""

from __future__ import annotations

import gzip
import json
import sqlite3

import paths  # tests/support/paths.py

#: A database written by deckcli at schema 2 (before the deck name key): decks 'Ember Rush', 'Ember Rush Ⅱ'
#: (a copy), 'Shadows and Steel' (sfb) and the empty aqa deck 'Ｗｉｄｅ Ｄｅｃｋ' (full-width), 2 Ember Whelp owned.
SCHEMA_2 = paths.DATA / "storage" / "schema-v2.db.gz"


def _rows(path, sql: str) -> list[tuple]:
    con = sqlite3.connect(path)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_a_schema_2_database_upgrades_in_place_keeping_every_row(runner, tmp_path):
    from deckcli.cli.main import cli
    from deckcli.storage.revisions import SCHEMA_VERSION

    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress(SCHEMA_2.read_bytes()))
    assert _rows(path, "PRAGMA user_version") == [(2,)]
    decks_before = _rows(path, "SELECT id, name, game, format, meta, created, updated FROM deck ORDER BY id")
    cards_before = _rows(path, "SELECT * FROM deck_card ORDER BY id")
    owned = "SELECT id, card_id, count, finish, condition, language, tag, proxy FROM collection_item ORDER BY id"
    owned_before = _rows(path, owned)  # (the columns schema 2 has: revision 0004 adds two)

    shown = runner.invoke(cli, ["--db", str(path), "deck", "show", "wide deck", "--json"])  # by key: width and case
    assert shown.exit_code == 0, shown.output
    assert json.loads(shown.stdout)["name"] == "Ｗｉｄｅ Ｄｅｃｋ"

    assert _rows(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)]
    assert _rows(path, "SELECT id, name, game, format, meta, created, updated FROM deck ORDER BY id") == decks_before
    assert _rows(path, "SELECT * FROM deck_card ORDER BY id") == cards_before
    assert _rows(path, owned) == owned_before
    assert _rows(path, "SELECT name, key FROM deck ORDER BY id") == [
        ("Ember Rush", "ember rush"), ("Shadows and Steel", "shadows and steel"), ("Ｗｉｄｅ Ｄｅｃｋ", "wide deck"),
        ("Ember Rush Ⅱ", "ember rush ii"),
    ]
    # the upgraded table has the columns and indexes a new database gets
    fresh = tmp_path / "new.db"
    assert runner.invoke(cli, ["--db", str(fresh), "games"]).exit_code == 0
    for sql in ("PRAGMA table_info(deck)", "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'deck'"
                " ORDER BY name"):
        assert _rows(path, sql) == _rows(fresh, sql)
    plan = _rows(path, "EXPLAIN QUERY PLAN SELECT id FROM deck WHERE key = 'ember rush'")
    assert any("ix_deck_key" in str(step) for step in plan), plan


def test_decks_are_found_by_key_and_names_that_clash_are_refused(run, tmp_path):
    assert run("deck", "new", "Ember Rush", "--game", "boa").exit_code == 0
    assert run("deck", "new", "ＥＭＢＥＲ  rush", "--game", "boa").exit_code == 1  # same key: clashes
    assert run("deck", "rename", "ember rush", "Fire Deck").exit_code == 0
    listed = json.loads(run("deck", "list", "--json").stdout)
    assert [d["name"] for d in listed] == ["Fire Deck"]
    assert run("deck", "rename", "FIRE DECK", "fire deck").exit_code == 0  # a change of case alone
    assert json.loads(run("deck", "show", "Ｆｉｒｅ Ｄｅｃｋ", "--json").stdout)["name"] == "fire deck"
    missing = run("deck", "show", "Fire Dock")
    assert missing.exit_code == 1 and "did you mean 'fire deck'" in missing.output
