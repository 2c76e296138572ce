"""A deck argument is a decklist file, a deck code or a stored deck, in every command that takes a decklist: a file
that exists wins, else a deck code, else a stored deck; a file and a stored deck of one name are refused."""

from __future__ import annotations

import json

import pytest

from paths import EXAMPLES

EMBER = EXAMPLES / "ember-rush.txt"


@pytest.fixture
def code(run) -> str:
    """The deck code of examples/ember-rush.txt (stored as 'Ember Rush')."""
    assert run("deck", "import", EMBER).exit_code == 0
    exported = run("deck", "export", "Ember Rush", "--to", "code")
    assert exported.exit_code == 0
    return exported.stdout.strip()


def test_validate_reads_a_deck_code(run, code):
    result = run("validate", code)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{code} (boa, boa-standard): legal\n"


def test_validate_reads_a_stored_deck_by_its_name(run, code):
    result = run("validate", "Ember Rush", "--json")
    assert result.exit_code == 0, result.output
    assert [(r["file"], r["legal"]) for r in json.loads(result.stdout)] == [("deck:Ember Rush", True)]


def test_odds_hand_and_curve_read_a_deck_code_and_a_stored_deck(run, code):
    for ref in (code, "Ember Rush"):
        odds = run("odds", ref, "--want", '1+ "Fireball"')
        assert odds.exit_code == 0, odds.output
        assert odds.stdout.startswith(f"{ref} (boa, boa-standard): 51 cards in main, hand of 6")
        assert "Opening hand:    40.38%" in odds.stdout
        assert run("hand", ref, "--seed", "1").exit_code == 0
        assert run("curve", ref).exit_code == 0


def test_collection_missing_and_deck_diff_read_a_deck_code(run, code):
    missing = run("collection", "missing", code, "--json")
    assert missing.exit_code == 0, missing.output
    assert {"name": "Ember Whelp", "need": 4, "have": 0, "missing": 4} in json.loads(missing.stdout)
    diff = run("deck", "diff", code, "Ember Rush")
    assert diff.exit_code == 0 and diff.stdout == "The decks hold the same cards.\n"


def test_deck_import_reads_a_deck_code_and_refuses_a_stored_deck(run, code):
    imported = run("deck", "import", code, "--name", "From code")
    assert imported.exit_code == 0, imported.output
    assert imported.stdout.startswith("Imported deck 'From code' (boa, boa-standard): main 51, limitbreak 6, side 8")
    refused = run("deck", "import", "Ember Rush")
    assert refused.exit_code == 1
    assert refused.stderr == (
        "Error: 'Ember Rush' is a stored deck; this reads decklist files and deck codes (use --deck NAME where a"
        " command reads a stored deck; deck copy copies one)\n"
    )


def test_event_register_reads_a_deck_code(run, code):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    result = run("event", "register", "Open", "Sam", code, "--json")
    assert result.exit_code == 0, result.output
    done = json.loads(result.stdout)
    assert done["player"] == "Sam" and done["legal"] is True


def test_a_file_and_a_stored_deck_of_one_name_are_refused_naming_both(run, code, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "Ember Rush").write_text(EMBER.read_text(encoding="utf-8"), encoding="utf-8")
    for args in (("validate", "Ember Rush"), ("odds", "Ember Rush", "--want", "1+ kind=spell"),
                 ("deck", "diff", "Ember Rush", code)):
        result = run(*args)
        assert result.exit_code == 1, (args, result.output)
        assert result.stderr == (
            "Error: 'Ember Rush' is both a decklist file and a stored deck: give the file as ./Ember Rush, the stored"
            " deck with --deck NAME (or rename one of them)\n"
        )
    assert run("validate", "./Ember Rush").exit_code == 0
    assert run("validate", "--deck", "Ember Rush").exit_code == 0


def test_a_name_that_is_nothing_names_the_closest_stored_deck(run, code):
    result = run("validate", "Embr Rush")
    assert result.exit_code == 1
    assert result.stderr == "Error: no stored deck called 'Embr Rush'; did you mean 'Ember Rush'?\n"
    missing = run("odds", "gone.txt", "--want", "1+ kind=spell")
    assert missing.exit_code == 2
    assert missing.stderr.endswith(
        "Error: 'gone.txt' does not exist: no decklist file, deck code or stored deck is called so\n"
    )
