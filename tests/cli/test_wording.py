"""One vocabulary in every listing and message: a yes/no value is ``yes`` or ``no`` in every table and CSV (JSON
keeps true and false), and a count says "1 problem" and "2 problems", never "1 problems"."""

from __future__ import annotations

import csv
import io
import json
import re

import paths  # tests/support/paths.py
from deckcli.words import plural

EMBER = paths.EXAMPLES / "ember-rush.txt"


def _csv(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def test_a_count_and_its_noun_agree():
    assert [plural(n, "problem") for n in (0, 1, 2)] == ["0 problems", "1 problem", "2 problems"]
    assert plural(1, "bad row") == "1 bad row" and plural(3, "entry", "entries") == "3 entries"


def test_formats_say_yes_and_no_in_the_table_and_csv_and_true_false_in_json(run):
    table = run("formats", "--game", "boa")
    assert table.exit_code == 0, table.output
    rows = {line.split()[0]: line.split()[-1] for line in table.stdout.splitlines()[2:]}
    assert rows == {"boa-advanced": "no", "boa-standard": "yes"}
    as_csv = _csv(run("formats", "--game", "boa", "--csv").stdout)
    assert [(r["name"], r["default"]) for r in as_csv] == [("boa-advanced", "no"), ("boa-standard", "yes")]
    as_json = json.loads(run("formats", "--game", "boa", "--json").stdout)
    assert [(r["name"], r["default"]) for r in as_json] == [("boa-advanced", False), ("boa-standard", True)]


def test_the_collection_says_yes_and_no_for_proxies(run):
    assert run("collection", "add", "Ember Whelp", "2", "--proxy").exit_code == 0
    assert run("collection", "add", "Fireball", "1", "--game", "boa").exit_code == 0
    table = run("collection", "list")
    assert table.exit_code == 0, table.output
    header, _, *rows = table.stdout.splitlines()
    at = header.index("proxy")  # the column's start in the laid-out table
    assert {line.split()[1]: line[at:].split()[0] for line in rows} == {
        "Ember": "yes",
        "Fireball": "no",
    }
    as_csv = _csv(run("collection", "list", "--csv").stdout)
    assert sorted((r["name"], r["proxy"]) for r in as_csv) == [("Ember Whelp", "yes"), ("Fireball", "no")]
    assert sorted((r["name"], r["proxy"]) for r in json.loads(run("collection", "list", "--json").stdout)) == [
        ("Ember Whelp", True),
        ("Fireball", False),
    ]


def test_buildable_csv_says_no(run):
    assert run("deck", "import", EMBER, "--name", "Rush").exit_code == 0
    result = run("collection", "buildable", "--csv")
    assert result.exit_code == 0, result.output
    (row,) = _csv(result.stdout)
    assert row["buildable"] == "no" and row["status"].startswith("short ") and " cards (" in row["status"]


def test_one_bad_row_skipped_is_one_bad_row(run, tmp_path):
    path = tmp_path / "owned.csv"
    path.write_text("count,name,game\n1,Ember Whelp,boa\n2,Ember Whelq,boa\n", encoding="utf-8")
    result = run("collection", "import", path, "--skip-bad")
    assert result.exit_code == 0, result.output
    assert "Imported 1 card from 1 of 2 rows" in result.stdout
    assert "; 1 bad row skipped" in result.stdout and "1 bad rows" not in result.output
    refused = run("collection", "import", path)
    assert refused.exit_code == 1
    assert "1 bad row of 2; nothing was imported" in refused.stderr


def test_an_illegal_side_exchange_with_one_problem_says_one_problem(run, tmp_path):
    assert run("event", "new", "Open", "--game", "boa", "--rounds", "2").exit_code == 0
    assert run("event", "register", "Open", "Sam", EMBER).exit_code == 0
    grown = tmp_path / "r1.txt"
    grown.write_text(EMBER.read_text().replace("3 Frost Ward", "3 Frost Ward\n2 Arcane Insight"), encoding="utf-8")
    result = run("event", "side", "Open", "Sam", 1, grown)
    assert result.exit_code == 1
    assert "Round 1 side exchange of 'Sam': NOT legal, 1 problem." in result.stdout


def test_event_import_of_one_decklist_and_its_status(run, tmp_path):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "Sam.txt").write_text(EMBER.read_text(), encoding="utf-8")
    result = run("event", "import", "Open", folder)
    assert result.exit_code == 0, result.output
    assert "Registered 1 decklist for 'Open' (0 not legal)." in result.stderr
    status = _csv(run("event", "status", "Open", "--csv").stdout)
    assert [(r["player"], r["legal"], r["late"]) for r in status] == [("Sam", "yes", "no")]


def test_simulate_says_its_plus_minus_is_a_standard_error_in_points(run):
    result = run("simulate", EMBER, "--want", "2+ kind=spell", "--trials", "2000", "--seed", "7")
    assert result.exit_code == 0, result.output
    assert re.search(r"^Opening hand: +\d+\.\d\d% ± \d+\.\d\d points \(standard error; exact 62\.15%\)$",
                     result.stdout, re.M), result.stdout
    assert re.search(r"^With mulligan: +\d+\.\d\d% ± \d+\.\d\d points \(standard error; exact 85\.67%\)  \[",
                     result.stdout, re.M), result.stdout
