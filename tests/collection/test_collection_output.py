"""`collection stats`, `missing` and `buildable` print a table, --json or --csv, like every listing."""

from __future__ import annotations

import csv
import io
import json


def _csv(result) -> list[dict]:
    assert result.exit_code == 0, result.output
    return list(csv.DictReader(io.StringIO(result.stdout)))


def test_stats_csv_has_a_row_per_set(run):
    run("collection", "add", "Kilgore", "2")
    rows = _csv(run("collection", "stats", "--csv"))
    assert [(r["game"], r["set"], r["cards"], r["distinct"]) for r in rows] == [
        ("aqa", "S01", "0", "0"), ("boa", "S01", "0", "0"), ("sfb", "CORE", "2", "1")]
    assert list(rows[0]) == ["game", "set", "name", "cards", "distinct", "size", "completion"]
    assert json.loads(run("collection", "stats", "--json", "--game", "sfb").stdout)["sets"][0]["cards"] == 2


def test_missing_csv(run, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Game: boa\n4 Ember Whelp\n2 Fireball\n", encoding="utf-8")
    run("collection", "add", "Ember Whelp", "1")
    assert _csv(run("collection", "missing", deck, "--csv")) == [
        {"name": "Ember Whelp", "need": "4", "have": "1", "missing": "3"},
        {"name": "Fireball", "need": "2", "have": "0", "missing": "2"}]
    run("collection", "add", "Ember Whelp", "3")
    run("collection", "add", "Fireball", "2", "--game", "boa")
    complete = run("collection", "missing", deck, "--csv")
    assert complete.stdout == "name,need,have,missing\n"
    table = run("collection", "missing", deck)
    assert table.stdout == "" and "The collection holds every card of the deck." in table.stderr


def test_buildable_csv_per_deck_and_together(run):
    run("deck", "new", "Whelps", "--game", "boa")
    run("deck", "add", "Whelps", "Ember Whelp", "2")
    run("deck", "new", "More Whelps", "--game", "boa")
    run("deck", "add", "More Whelps", "Ember Whelp", "3")
    run("collection", "add", "Ember Whelp", "3")
    rows = _csv(run("collection", "buildable", "--csv"))
    assert [(r["deck"], r["buildable"], r["short"], r["status"]) for r in rows] == [
        ("More Whelps", "yes", "0", "buildable"), ("Whelps", "yes", "0", "buildable")]
    together = _csv(run("collection", "buildable", "--together", "--csv"))
    assert together == [{"name": "Ember Whelp", "game": "boa", "need": "5", "have": "3", "missing": "2",
                         "decks": "More Whelps, Whelps"}]
    data = json.loads(run("collection", "buildable", "--together", "--json").stdout)
    assert (data["buildable"], data["short"]) == (False, 2)


def test_stats_are_typed_and_their_json_is_as_before(run, db):
    from deckcli.collection.stats import CollectionStats, GameStats, SetStats, collection_stats

    run("collection", "add", "Ember Whelp", "4")
    run("collection", "add", "Fireball", "2", "--game", "boa")
    run("collection", "add", "Ember Whelp", "1", "--proxy")
    data = collection_stats(db, "BOA")
    name = "Sample set (deckcli sample data — no official card list is public)"
    assert data == CollectionStats((GameStats("boa", 6, 2, 1),), (SetStats("boa", "S01", name, 6, 2, 112, 1.8),))
    sets = '"game": "boa",\n      "set": "S01",\n      "name": "' + name + '",\n      "cards": 6,\n      "distinct": 2,'
    assert run("collection", "stats", "--json", "--game", "boa").stdout == (
        '{\n  "games": [\n    {\n      "game": "boa",\n      "cards": 6,\n      "distinct": 2,\n      "proxies": 1\n'
        '    }\n  ],\n  "sets": [\n    {\n      ' + sets + '\n      "size": 112,\n      "completion": 1.8\n    }\n  ]\n}\n'
    )
