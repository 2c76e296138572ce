"""Numbers of any length in every reader: more than 4,300 digits (Python's int() limit) is "too large", not a crash,
and a bad count says what is wrong with it."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import paths
from dbdump import table_snapshot
from deckcli.files.numbers import MAX_DIGITS, LongNumber, shown_digits, whole_number

HUGE = "9" * 5000


def test_whole_number_converts_any_length():
    assert whole_number("42") == 42 and whole_number("-7") == -7 and whole_number("0" * 6000 + "12") == 12
    huge = whole_number(HUGE)
    assert isinstance(huge, LongNumber) and huge > 10**100 and -huge < 0
    assert str(huge) == f"{huge}" == "999999999999… (5,000 digits)"
    assert whole_number("-" + HUGE) < -(10**100) and str(whole_number("-" + HUGE)) == "-999999999999… (5,000 digits)"


@given(st.integers(min_value=-(10**200), max_value=10**200))
def test_whole_number_is_int_below_the_limit(n):
    assert whole_number(str(n)) == n and type(whole_number(str(n))) is int


def test_shown_digits():
    assert shown_digits("123") == "123" and shown_digits("1" * 101) == "111111111111… (101 digits)"
    assert MAX_DIGITS == 4300


def test_a_huge_decklist_count_loses_no_other_report(run, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(f"Game: boa\n{HUGE} Ember Whelp\n4 Fireball\n", encoding="utf-8")
    good = paths.EXAMPLES / "ember-rush.txt"
    result = run("validate", good, bad, "--json")
    assert result.exit_code == 1, result.output
    reports = json.loads(result.stdout)
    assert [r["legal"] for r in reports] == [True, False]
    assert {"rule": "parse", "message": "count 999999999999… (5,000 digits) is too large (at most 999)", "line": 2} \
        in reports[1]["problems"]


@pytest.mark.parametrize("count, message", [
    ("-1", "count -1 is negative: a count is a whole number from 1 to 999"),
    ("1" + "0" * 100, "count 100000000000… (101 digits) is too large (at most 999)"),
    (HUGE, "count 999999999999… (5,000 digits) is too large (at most 999)"),
    ("four", "count must be a whole number, got 'four'"),
])
def test_decklist_csv_counts(run, tmp_path, count, message):
    deck = tmp_path / "deck.csv"
    deck.write_text(f"section,count,name\nmain,4,Ember Whelp\nmain,{count},Fireball\n", encoding="utf-8")
    result = run("validate", deck, "--json")
    assert result.exit_code == 1
    problems = json.loads(result.stdout)[0]["problems"]
    assert {"rule": "parse", "message": message, "line": 3} in problems


def test_a_negative_count_in_a_text_decklist(run, tmp_path):
    deck = tmp_path / "deck.txt"
    deck.write_text("Game: boa\n4 Ember Whelp\n-1 Fireball\n", encoding="utf-8")
    problems = json.loads(run("validate", deck, "--json").stdout)[0]["problems"]
    assert {"rule": "parse", "message": "count -1 is negative: a count is a whole number from 1 to 999", "line": 3} \
        in problems


@pytest.mark.parametrize("count, message", [
    (HUGE, "count 999999999999… (5,000 digits) is too large (at most 1,000,000,000)"),
    ("1" + "0" * 100, "is too large (at most 1,000,000,000)"),
    ("-1", "count -1 is negative"),
])
def test_collection_csv_counts(run, db, tmp_path, count, message):
    path = tmp_path / "c.csv"
    path.write_text(f"count,name\n{count},Ember Whelp\n", encoding="utf-8")
    before = table_snapshot(db)
    result = run("collection", "import", path)
    assert result.exit_code == 1
    assert f"{path}: line 2: " in result.stderr and message in result.stderr
    assert "internal error" not in result.output
    assert table_snapshot(db) == before


def test_collection_json_with_a_huge_number(run, db, tmp_path):
    path = tmp_path / "c.json"
    path.write_text(f'[{{"count": {HUGE}, "name": "Ember Whelp"}}]', encoding="utf-8")
    before = table_snapshot(db)
    result = run("collection", "import", path)
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path}: line 1, column 12: not valid JSON: number with more than 4300 digits\n"
    assert table_snapshot(db) == before


def test_a_card_set_with_a_huge_number(run, db, tmp_path):
    doc = json.loads((paths.REPO / "carddb" / "boa" / "sample.json").read_text(encoding="utf-8"))
    doc["set"]["code"] = "Z01"
    text = json.dumps(doc, indent=1).replace('"cost": 1,', f'"cost": {HUGE},', 1)
    path = tmp_path / "set.json"
    path.write_text(text, encoding="utf-8")
    before = table_snapshot(db)
    result = run("cards", "import", path)
    assert result.exit_code == 1
    line = text[: text.index(HUGE)].count("\n") + 1
    assert f"{path}: line {line}, column 12: not valid JSON: number with more than 4300 digits\n" in result.stderr
    assert table_snapshot(db) == before


def test_a_format_file_with_a_huge_number(run, tmp_path):
    path = tmp_path / "event.json"
    path.write_text(f'{{"name": "x", "game": "boa", "extends": "boa-standard", "card_limits": {{"Fireball": {HUGE}}}}}',
                    encoding="utf-8")
    result = run("validate", paths.EXAMPLES / "ember-rush.txt", "--format", path)
    assert result.exit_code == 1  # what is inside a --format file: the command's error
    assert f"{path}: line 1, column 85: not valid JSON: number with more than 4300 digits" in result.stderr


def test_an_odds_condition_with_a_huge_count(run):
    result = run("odds", paths.EXAMPLES / "ember-rush.txt", "--want", f"{HUGE}+ kind=monster", "--json")
    assert result.exit_code == 0, result.output
    assert "internal error" not in result.output
