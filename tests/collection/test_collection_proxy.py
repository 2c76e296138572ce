"""Proxies and etched foils: kept as such, never counted as owned; a schema-1 database upgrades in place."""

from __future__ import annotations

import gzip
import json
import sqlite3

import paths  # tests/support/paths.py

#: A database written by deckcli before proxies existed (schema 1): 3 Ember Whelp foil NM ja "binder",
#: 2 Kilgore, 1 Fireball (boa), and a stored deck "Old Deck" with 4 Ember Whelp.
SCHEMA_1 = paths.DATA / "collection" / "schema-v1.db.gz"


def _entries(run) -> list[tuple]:
    result = run("collection", "list", "--json")
    assert result.exit_code == 0, result.output
    return sorted((e["name"], e["finish"], e["condition"], e["language"], e["tag"], e["proxy"], e["count"])
                  for e in json.loads(result.stdout))


def test_a_schema_1_database_upgrades_in_place_keeping_every_row(runner, tmp_path):
    from deckcli.cli.main import cli
    from deckcli.storage.revisions import SCHEMA_VERSION

    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress(SCHEMA_1.read_bytes()))
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA user_version").fetchone() == (1,)
    con.close()
    listed = runner.invoke(cli, ["--db", str(path), "collection", "list", "--json"])
    assert listed.exit_code == 0, listed.output
    rows = sorted((e["name"], e["finish"], e["condition"], e["language"], e["tag"], e["proxy"], e["count"])
                  for e in json.loads(listed.stdout))
    assert rows == [("Ember Whelp", "foil", "NM", "ja", "binder", False, 3), ("Fireball", "normal", "", "", "", False, 1),
                    ("Kilgore", "normal", "", "", "", False, 2)]
    decks = runner.invoke(cli, ["--db", str(path), "deck", "list", "--json"])
    assert "Old Deck" in decks.stdout
    # the rebuilt table is the one a new database gets, and a proxy now sits beside the real copies
    fresh = tmp_path / "new.db"
    assert runner.invoke(cli, ["--db", str(fresh), "games"]).exit_code == 0
    ddl = "SELECT sql FROM sqlite_master WHERE tbl_name = 'collection_item' ORDER BY name"
    old, new = sqlite3.connect(path), sqlite3.connect(fresh)
    assert old.execute(ddl).fetchall() == new.execute(ddl).fetchall()
    assert old.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    old.close(), new.close()
    added = runner.invoke(cli, ["--db", str(path), "collection", "add", "Kilgore", "5", "--proxy"])
    assert added.exit_code == 0, added.output
    assert "[normal, proxy]: now 5" in added.stdout


def test_proxies_are_kept_apart_and_never_owned(run, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Game: boa\n4 Ember Whelp\n", encoding="utf-8")
    assert run("collection", "add", "Ember Whelp", "1").exit_code == 0
    assert run("collection", "add", "Ember Whelp", "3", "--proxy").exit_code == 0
    assert _entries(run) == [("Ember Whelp", "normal", "", "", "", False, 1), ("Ember Whelp", "normal", "", "", "", True, 3)]
    missing = run("collection", "missing", str(deck), "--json")
    assert json.loads(missing.stdout) == [{"name": "Ember Whelp", "need": 4, "have": 1, "missing": 3}]
    stats = json.loads(run("collection", "stats", "--json", "--game", "boa").stdout)
    assert stats["games"] == [{"game": "boa", "cards": 1, "distinct": 1, "proxies": 3}]
    removed = run("collection", "remove", "Ember Whelp", "3", "--proxy")
    assert removed.exit_code == 0 and "now 0" in removed.stdout
    assert _entries(run) == [("Ember Whelp", "normal", "", "", "", False, 1)]


def test_proxies_do_not_make_a_deck_buildable_or_pass_validate_collection(run):
    run("deck", "new", "Whelps", "--game", "boa")
    run("deck", "add", "Whelps", "Ember Whelp", "2")
    run("collection", "add", "Ember Whelp", "2", "--proxy")
    built = json.loads(run("collection", "buildable", "--json").stdout)
    assert [(d["deck"], d["short"]) for d in built] == [("Whelps", 2)]
    checked = run("validate", "--deck", "Whelps", "--collection", "--json")
    problems = [p for d in json.loads(checked.stdout) for p in d["problems"] if p["rule"] == "not-owned"]
    assert [p["message"] for p in problems] == ["Ember Whelp: the deck needs 2, the collection has 0 (2 missing)"]
    run("collection", "add", "Ember Whelp", "2")
    built = json.loads(run("collection", "buildable", "--json").stdout)
    assert [(d["deck"], d["buildable"]) for d in built] == [("Whelps", True)]


def test_etched_is_a_finish_of_its_own(run):
    assert run("collection", "add", "Ember Whelp", "2", "--etched").exit_code == 0
    assert run("collection", "add", "Ember Whelp", "1", "--foil").exit_code == 0
    assert _entries(run) == [("Ember Whelp", "etched", "", "", "", False, 2), ("Ember Whelp", "foil", "", "", "", False, 1)]
    both = run("collection", "add", "Ember Whelp", "--foil", "--etched")
    assert both.exit_code == 2 and "--foil and --etched exclude each other" in both.stderr
