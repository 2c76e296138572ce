"""A form export's row that cannot be registered is named by the line of the file it starts on and its player, and a
position inside its decklist cell as a decklist line. (Before: ``form.csv: line 5: line 3: [unknown-card] ...``,
two line numbers and no player.)"""

from __future__ import annotations

import csv

import pytest

from event_world import event_rows


@pytest.fixture
def cup(run):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    return "Cup"


def _form(tmp_path, monkeypatch, rows) -> str:
    """``form.csv`` in the current folder (tmp_path), as the messages name it."""
    monkeypatch.chdir(tmp_path)
    with open("form.csv", "w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([["Player", "ID", "Decklist"], *rows])
    return "form.csv"


def test_each_problem_names_the_file_line_the_player_and_the_decklist_line(run, cup, tmp_path, monkeypatch, db):
    form = _form(tmp_path, monkeypatch, [
        ["Ann", "1", "Main Deck\n4 Ember Whelp\n"],                        # lines 2-4 of the file
        ["Sam Example", "2", "Main Deck\n4 Ember Whelp\n2 Fireballz\n"],   # lines 5-8: its decklist's line 3
        ["Eve", "3", "Main Deck\n4 Ember Whelp\nfoo bar baz\n"],           # lines 9-12
        ["Cid", "4", '{"zones": ['],                                      # line 13: JSON cut short
        ["Bea", "5", "   "],                                              # line 14: no decklist at all
        ["Fay", "6", "Champions\nKilgore\n"],                             # lines 15-17: another game's cards
    ])
    before = event_rows(db)
    result = run("event", "import", cup, form)
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        "Error: form.csv: line 5: player 'Sam Example': decklist line 3: [unknown-card] unknown card 'Fireballz' in"
        " boa; did you mean 'Fireball'?",
        "form.csv: line 9: player 'Eve': decklist line 3: [parse] expected \"COUNT NAME\" (like \"4 Ember Whelp\"),"
        " got \"foo bar baz\"",
        "form.csv: line 13: player 'Cid': decklist line 1, column 12: not valid JSON: unexpected end of the document",
        "form.csv: line 14: player 'Bea': empty decklist",
        "form.csv: line 15: player 'Fay': this is a deck of Super Fantasy Brawl (sfb), but event 'Cup' is for Battle"
        " of Aeons (boa)",
        "form.csv: line 15: player 'Fay': decklist line 2: [wrong-game] 'Kilgore' is a card of Super Fantasy Brawl"
        " (sfb), not of Battle of Aeons (boa)",
        "6 problems in 5 of 6 decklists; nothing was registered (--skip-bad registers the others)",
    ]
    assert event_rows(db) == before


def test_skipped_rows_are_named_the_same_way(run, cup, tmp_path, monkeypatch):
    form = _form(tmp_path, monkeypatch, [["Ann", "1", "Main Deck\n4 Ember Whelp\n"], ["Bo", "2", "4 Ember Whelp\n1 Nope Card\n"]])
    result = run("event", "import", cup, form, "--skip-bad")
    assert result.exit_code == 1
    assert ("Skipped form.csv: line 5: player 'Bo': decklist line 2: [unknown-card] unknown card 'Nope Card' in boa"
            in result.stderr)
    assert "Registered 1 decklist for 'Cup' (1 not legal, 1 skipped)." in result.stderr


def test_a_folder_file_keeps_its_own_name_and_line(run, cup, tmp_path):
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "Bo.txt").write_text("Main Deck\n4 Ember Whelp\n1 Nope Card\n", encoding="utf-8")
    result = run("event", "import", cup, folder)
    assert result.exit_code == 1
    assert f"Error: {folder / 'Bo.txt'}: line 3: [unknown-card] unknown card 'Nope Card' in boa" in result.stderr
