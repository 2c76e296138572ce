"""Form export cells as long as a decklist may be (2 MB); a larger one is a problem naming its row and player."""

from __future__ import annotations

import csv
import json

import pytest

from event_decks import boa_deck, deck_text
from event_world import event_rows

MB = 1024 * 1024


@pytest.fixture
def cup(run):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    return "Cup"


def _padded(i: int, size: int) -> str:
    """A legal decklist of about ``size`` characters: a long comment line after the cards."""
    return deck_text(boa_deck(i), "text", f"Deck {i}", "boa") + "# " + "x" * size + "\n"


def _form(tmp_path, rows, header=("Player", "ID", "Decklist")):
    path = tmp_path / "form.csv"
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def test_a_decklist_cell_of_one_and_a_half_mb_registers(run, cup, tmp_path):
    before = csv.field_size_limit()
    result = run("event", "import", cup, _form(tmp_path, [["Ann", "1", _padded(0, 3 * MB // 2)]]), "--json")
    assert result.exit_code == 0, result.output
    assert [(r["player"], r["deck"], r["legal"]) for r in json.loads(result.stdout)] == [("Ann", "Deck 0", True)]
    assert "Registered 1 decklist for 'Cup' (0 not legal)." in result.stderr
    assert csv.field_size_limit() == before  # the csv module's limit is the process's: put back


def test_a_decklist_cell_over_two_mb_names_its_row_and_player(run, cup, tmp_path, db):
    form = _form(tmp_path, [["Ann", "1", _padded(0, 100)], ["Bob", "2", _padded(1, 3 * MB)]])
    before = event_rows(db)
    result = run("event", "import", cup, form)
    assert result.exit_code == 1
    line = 2 + _padded(0, 100).count("\n") + 1
    assert (f"form.csv: line {line}: the decklist cell of player 'Bob' is too large (more than 2 MB, a decklist's"
            " limit)") in result.stderr
    assert "1 problem in 1 of 2 decklists; nothing was registered" in result.stderr
    assert "internal error" not in result.stderr and "Traceback" not in result.output
    assert event_rows(db) == before
    skipped = run("event", "import", cup, form, "--skip-bad")
    assert skipped.exit_code == 1
    assert "Registered 1 decklist for 'Cup' (0 not legal, 1 skipped)." in skipped.stderr


def test_an_oversized_player_or_id_cell_is_named_too(run, cup, tmp_path):
    text = _padded(0, 10)
    form = _form(tmp_path, [["P" * (2 * MB + 1), "1", text], ["Cy", "9" * (3 * MB), text]])
    result = run("event", "import", cup, form)
    assert result.exit_code == 1
    span = text.count("\n") + 1
    assert "form.csv: line 2: the player cell is too large (more than 2 MB, a decklist's limit)" in result.stderr
    assert f"form.csv: line {2 + span}: the player id cell of player 'Cy' is too large" in result.stderr
    assert len(result.stderr) < 10_000  # the cells themselves are not shown


def test_a_long_cell_of_another_column_is_read_past(run, cup, tmp_path):
    form = _form(tmp_path, [["x" * (MB // 2), "Ann", _padded(0, 10)]], header=("Notes", "Player", "Decklist"))
    result = run("event", "import", cup, form)
    assert result.exit_code == 0, result.output
