"""``event import``: a folder (one file per player) or a form export CSV, every problem listed, one transaction."""

from __future__ import annotations

import csv
import json

import pytest

from event_decks import boa_deck, deck_text, write_deck
from event_world import event_rows


@pytest.fixture
def cup(run):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    return "Cup"


def _folder(tmp_path, n=3):
    folder = tmp_path / "decks"
    folder.mkdir()
    for i in range(n):
        write_deck(folder, f"Player {i}", boa_deck(i), ("text", "json", "arena")[i % 3], f"Deck {i}", "boa")
    (folder / ".hidden").write_text("not a deck", encoding="utf-8")
    return folder


def test_a_folder_registers_one_player_per_file(run, cup, tmp_path):
    result = run("event", "import", cup, _folder(tmp_path), "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [(r["player"], r["deck"], r["legal"]) for r in rows] == [(f"Player {i}", f"Deck {i}", True) for i in range(3)]
    assert "Registered 3 decklists for 'Cup' (0 not legal)." in result.stderr


def test_nothing_is_registered_when_any_file_cannot_be_read_and_every_problem_is_listed(run, cup, tmp_path, db):
    folder = _folder(tmp_path)
    (folder / "Bad One.txt").write_text("Main Deck\n4 Ember Whelpp\n2 Fireballl\n", encoding="utf-8")
    (folder / "Wrong Game.txt").write_text("Champions\nKilgore\nLil'Y\nGwaien\n", encoding="utf-8")
    before = event_rows(db)
    result = run("event", "import", cup, folder)
    assert result.exit_code == 1
    err = result.stderr
    assert "Bad One.txt: line 2: [unknown-card] unknown card 'Ember Whelpp' in boa" in err
    assert "Bad One.txt: line 3: [unknown-card] unknown card 'Fireballl' in boa" in err
    assert "Wrong Game.txt: this is a deck of Super Fantasy Brawl (sfb), but event 'Cup' is for Battle of Aeons" in err
    assert "problems in 2 of 5 decklists; nothing was registered (--skip-bad registers the others)" in err
    assert event_rows(db) == before


def test_skip_bad_registers_the_readable_ones_and_names_the_others(run, cup, tmp_path, db):
    folder = _folder(tmp_path)
    (folder / "Bad One.txt").write_text("Main Deck\n4 Ember Whelpp\n", encoding="utf-8")
    illegal = boa_deck(5, copies_of_first=7)
    write_deck(folder, "Illegal", illegal, "text", "Too many", "boa")
    result = run("event", "import", cup, folder, "--skip-bad", "--json")
    assert result.exit_code == 1
    rows = {r["player"]: r for r in json.loads(result.stdout)}
    assert sorted(rows) == ["Illegal", "Player 0", "Player 1", "Player 2"]  # an illegal deck is registered
    assert rows["Illegal"]["legal"] is False and rows["Illegal"]["problems"] == ["copy-limit"]
    assert "Skipped " in result.stderr and "Bad One.txt: line 2: [unknown-card]" in result.stderr
    assert "Registered 4 decklists for 'Cup' (1 not legal, 1 skipped)." in result.stderr


def test_players_registered_before_are_problems_unless_replace(run, cup, tmp_path, db):
    folder = _folder(tmp_path, 2)
    assert run("event", "import", cup, folder).exit_code == 0
    before = event_rows(db)
    again = run("event", "import", cup, folder)
    assert again.exit_code == 1
    assert "Player 0.txt: 'Player 0' is already registered; --replace registers the new decklist instead" in again.stderr
    assert event_rows(db) == before
    replaced = run("event", "import", cup, folder, "--replace")
    assert replaced.exit_code == 0, replaced.output
    assert len(event_rows(db)["registration"]) == 4


def _form(tmp_path, header, rows, name="form.csv", delimiter=","):
    path = tmp_path / name
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, delimiter=delimiter)
        writer.writerow(header)
        writer.writerows(rows)
    return path


@pytest.mark.parametrize("header", [["Player", "ID", "Decklist"], ["name", "DCI", "deck"],
                                    ["Timestamp", "Player Name", "player_id", "List"]])
def test_a_form_export_accepts_common_header_spellings(run, cup, tmp_path, header):
    cells = [deck_text(boa_deck(i), ("text", "code", "mtgo")[i], f"Deck {i}", "boa") for i in range(3)]
    rows = [([f"2099-01-0{i + 1}"] if len(header) == 4 else []) + [f"P{i}", f"ID{i}", cells[i]] for i in range(3)]
    form = _form(tmp_path, header, rows, delimiter=";" if "DCI" in header else ",")
    result = run("event", "import", cup, form, "--json")
    assert result.exit_code == 0, result.output
    assert [(r["player"], r["player_id"]) for r in json.loads(result.stdout)] == [("P0", "ID0"), ("P1", "ID1"),
                                                                                ("P2", "ID2")]


def test_a_form_row_problems_are_listed_by_line(run, cup, tmp_path, db):
    good = deck_text(boa_deck(0), "text", "Good", "boa")
    form = _form(tmp_path, ["Player", "ID", "Decklist"], [
        ["Ann", "1", good], ["", "2", good], ["Ann", "3", good], ["Cy", "4", "4 Not A Card"], ["Di", "5", ""],
    ])
    before = event_rows(db)
    result = run("event", "import", cup, form)
    assert result.exit_code == 1
    err = result.stderr
    span = good.count("\n") + 1  # physical lines of one row: its decklist cell ends in a newline
    assert f"form.csv: line {2 + span}: the row names no player" in err
    assert f"form.csv: line {2 + 2 * span}: player 'Ann' is also the player of" in err
    assert "[unknown-card] unknown card 'Not A Card' in boa" in err
    assert "empty decklist" in err
    assert "problems in 4 of 5 decklists; nothing was registered" in err
    assert event_rows(db) == before


def test_a_form_without_a_decklist_column_is_refused(run, cup, tmp_path):
    form = _form(tmp_path, ["Player", "Email"], [["Ann", "a@example.org"]])
    result = run("event", "import", cup, form)
    assert result.exit_code == 1
    assert "form.csv: line 1: no decklist column (headers found: 'Player', 'Email'" in result.stderr
