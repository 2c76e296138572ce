"""Values as a person reads them in every table and CSV (issue 32): a yes/no is ``yes``/``no`` (``cards show``'s
ability, the collection's proxy column), a moment is ISO 8601 with its offset, and ``cards search`` shows no column
that is empty in every row (its CSV keeps them all)."""

from __future__ import annotations

import csv
import io
import re

import paths  # tests/support/paths.py

ISO = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$")


def test_cards_show_says_yes_and_no(run):
    result = run("cards", "show", "Pyreclaw Drake")
    assert result.exit_code == 0
    assert "special: no; versa: no" in result.stdout and "False" not in result.stdout


def test_the_collection_csv_says_yes_and_no_for_a_proxy(run, db):
    assert run("collection", "add", "Fireball", "2", "--proxy", "--game", "boa").exit_code == 0
    assert run("collection", "add", "Ember Whelp", "1").exit_code == 0
    for command in (("collection", "export"), ("collection", "list", "--csv")):
        rows = {r["name"]: r["proxy"] for r in csv.DictReader(io.StringIO(run(*command).stdout))}
        assert rows == {"Fireball": "yes", "Ember Whelp": "no"}, command
    again = run("collection", "import", "-", "--replace", input=run("collection", "export").stdout)
    assert again.exit_code == 0, again.output  # (yes and no read back)
    rows = {r["name"]: r["proxy"] for r in csv.DictReader(io.StringIO(run("collection", "list", "--csv").stdout))}
    assert rows == {"Fireball": "yes", "Ember Whelp": "no"}


def test_moments_are_iso_8601_with_their_offset(run, db):
    assert run("deck", "import", paths.REPO / "examples" / "ember-rush.txt").exit_code == 0
    (row,) = csv.DictReader(io.StringIO(run("deck", "list", "--csv").stdout))
    assert ISO.match(row["updated"]), row["updated"]
    assert ISO.match(run("deck", "list").stdout.splitlines()[2].split()[-1])
    assert run("event", "new", "Spring", "--game", "boa").exit_code == 0
    assert run("event", "register", "Spring", "Ann", paths.REPO / "examples" / "ember-rush.txt").exit_code == 0
    (player,) = csv.DictReader(io.StringIO(run("event", "status", "Spring", "--csv").stdout))
    assert ISO.match(player["registered_at"]), player["registered_at"]
    created = next(line for line in run("event", "show", "Spring").stdout.splitlines() if line.startswith("created:"))
    assert ISO.match(created.split(": ", 1)[1]), created


def test_cards_search_leaves_out_a_column_empty_in_every_row(run):
    table = run("cards", "search", "--game", "sfb").stdout.splitlines()
    assert table[0].split() == ["game", "set", "number", "name", "kind", "details"]
    header = run("cards", "search", "--game", "sfb", "--csv").stdout.splitlines()[0]
    assert header == "game,set,number,name,kind,cost,details"
    assert "cost" in run("cards", "search", "--game", "boa").stdout.splitlines()[0].split()
