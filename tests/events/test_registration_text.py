"""A decklist whose name or metadata holds control or bidirectional-control characters is refused the same way by
``deck import`` and by ``event register``/``event import`` (the decklist readers refuse it), nothing stored."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from dbdump import table_snapshot

EMBER = (paths.EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8")
OSC = "\x1b]0;pwned\x07"


@pytest.fixture
def cup(run):
    assert run("event", "new", "Cup", "--game", "boa").exit_code == 0
    return "Cup"


def _list(tmp_path, first_line: str, name: str = "evil.txt"):
    path = tmp_path / name
    body = "\n".join(line for line in EMBER.splitlines() if not line.startswith("Name:"))
    path.write_text(f"{first_line}\n{body}\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("line, problem", [
    (f"Name: {OSC}", "line 1: [parse] Name '\\x1b]0;pwned\\x07' contains the control character U+001B"),
    ("Name: Ember\u202eRush", "line 1: [parse] Name 'Ember\\u202eRush' contains the control character U+202E"),
    ("Team: Sam\u2066 Example", "line 1: [parse] Team 'Sam\\u2066 Example' contains the control character U+2066"),
])
def test_event_register_refuses_what_deck_import_refuses_with_the_same_message(run, db, cup, tmp_path, line, problem):
    path = _list(tmp_path, line)
    before = table_snapshot(db)
    imported = run("deck", "import", path)
    registered = run("event", "register", cup, "Sam Example", path)
    assert imported.exit_code == registered.exit_code == 1
    assert f"{path}: {problem}\n" in imported.stderr
    assert f"{path}: {problem}\n" in registered.stderr
    assert registered.stderr.endswith(f"1 problem in {path}; nothing was registered\n")
    assert "\x1b" not in imported.output + registered.output
    assert table_snapshot(db) == before


def test_event_import_lists_the_deck_with_a_bad_name_and_registers_nothing(run, db, cup, tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    _list(folder, "Name: Fine Deck", "Ann Example.txt")
    evil = _list(folder, f"Name: {OSC}", "Sam Example.txt")
    before = table_snapshot(db)
    result = run("event", "import", cup, folder)
    assert result.exit_code == 1
    assert f"{evil}: line 1: [parse] Name '\\x1b]0;pwned\\x07' contains the control character U+001B" in result.stderr
    assert table_snapshot(db) == before


def test_a_json_decklist_with_a_bidirectional_control_in_its_metadata_is_refused(run, db, cup, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"name": "Ember Rush", "meta": {"Player": "Sam \u202eelpmaxE"},
                                "zones": {"main": [{"count": 3, "name": "Ember Whelp"}]}}), encoding="utf-8")
    before = table_snapshot(db)
    message = (f'{path}: $.meta.Player: "Sam \\u202eelpmaxE" is not allowed: One line of text: not blank, no leading or'
               " trailing whitespace, no control characters, line separators or bidirectional controls (U+061C,"
               " U+200E, U+200F, U+202A-U+202E, U+2066-U+2069).")
    for result in (run("deck", "import", path), run("event", "register", cup, "Sam Example", path)):
        assert result.exit_code == 1
        assert message in result.stderr
    assert table_snapshot(db) == before


def test_a_player_name_with_a_bidirectional_control_is_refused(run, db, cup, tmp_path):
    path = _list(tmp_path, "Name: Ember Rush")
    result = run("event", "register", cup, "Sam\u202e Example", path)
    assert result.exit_code == 1
    assert "player name 'Sam\\u202e Example' contains the control character U+202E" in result.stderr


def test_a_deck_named_by_a_file_name_with_an_escape_sequence_is_refused_as_deck_import_refuses_it(run, db, cup,
                                                                                                  tmp_path):
    path = tmp_path / f"evil{OSC}.txt"
    path.write_text("\n".join(line for line in EMBER.splitlines() if not line.startswith("Name:")), encoding="utf-8")
    before = table_snapshot(db)
    message = "Error: a deck name cannot hold line breaks or control characters: 'evil\\x1b]0;pwned\\x07'\n"
    for result in (run("deck", "import", path), run("event", "register", cup, "Sam Example", path)):
        assert result.exit_code == 1
        assert result.stderr.endswith(message)
    assert table_snapshot(db) == before
