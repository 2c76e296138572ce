"""Two clients writing decks at once, in real processes on either backend: two decks given one name (``deck new``,
``deck copy``, ``deck rename``, ``deck import``; the same name in other cases too) store one, and the other client is told what it is told when it comes
second ("a deck called ... already exists"), never an internal error; two ``deck add`` of one card to one deck both
count.

The race is forced (tests/support/race.py): every process is ready before any runs, and on PostgreSQL the deck table
is held in SHARE mode until every process waits to write it, so each has read that the name is free. SQLite
serialises writers (BEGIN IMMEDIATE): there the second always reads the first one's deck.
"""

from __future__ import annotations

import json
import subprocess

import paths  # tests/support/paths.py
from backends import sql_rows
from race import COMMAND, commands_at_once, held, race  # tests/support/race.py

EMBER = paths.EXAMPLES / "ember-rush.txt"
EXISTS = "Error: a deck called 'Ember' already exists (choose another name, or delete it first)\n"


def _outcomes(done: list[subprocess.CompletedProcess]) -> list[tuple[int, str]]:
    """(exit status, stderr) of each process, the successes first."""
    return sorted((d.returncode, d.stderr) for d in done)


def _decks(db) -> list[str]:
    return [name for (name,) in sql_rows(db, "SELECT name FROM deck ORDER BY name")]


def test_two_deck_new_of_one_name_at_once_store_one_and_refuse_the_other(db, tmp_path):
    done = commands_at_once(tmp_path, db, "deck", ["deck", "new", "Ember", "--game", "boa"],
                            ["deck", "new", "Ember", "--game", "boa"])
    assert _outcomes(done) == [(0, ""), (1, EXISTS)], done
    assert _decks(db) == ["Ember"]


def test_two_deck_new_of_one_name_in_other_cases_at_once_store_one_and_refuse_the_other(db, tmp_path):
    done = commands_at_once(tmp_path, db, "deck", ["deck", "new", "Ember", "--game", "boa"],
                            ["deck", "new", "EMBER", "--game", "boa"])
    (stored,) = _decks(db)  # decks are found ignoring case: two would make the name ambiguous
    refused = f"Error: a deck called '{stored}' already exists (choose another name, or delete it first)\n"
    assert _outcomes(done) == [(0, ""), (1, refused)], done


def test_a_copy_and_a_rename_to_one_name_at_once_store_one_and_refuse_the_other(run, db, tmp_path):
    assert run("deck", "import", EMBER, "--name", "Source").exit_code == 0
    assert run("deck", "new", "Other", "--game", "boa").exit_code == 0
    done = commands_at_once(tmp_path, db, "deck", ["deck", "copy", "Source", "Ember"],
                            ["deck", "rename", "Other", "Ember"])
    assert _outcomes(done) == [(0, ""), (1, EXISTS)], done
    renamed = done[1].returncode == 0
    assert _decks(db) == (["Ember", "Source"] if renamed else ["Ember", "Other", "Source"])


def test_one_decklist_imported_twice_at_once_is_stored_once(db, tmp_path):
    command = ["deck", "import", EMBER]
    done = commands_at_once(tmp_path, db, "deck", command, command)
    refused = "Error: a deck called 'Ember Rush' already exists; give another --name, or --replace to overwrite it\n"
    assert [status for status, _ in _outcomes(done)] == [0, 1] and _outcomes(done)[1][1] == refused, done
    assert _decks(db) == ["Ember Rush"]


ADDER = """
from deckcli.cli.main import cli
for _ in range(int(ARGS[0])):
    cli.main(["deck", "add", "Mine", "Ember Whelp"], prog_name="deckcli", standalone_mode=False)
"""


def test_two_clients_adding_one_card_to_one_deck_at_once_both_count(run, db, tmp_path):
    assert run("deck", "new", "Mine", "--game", "boa").exit_code == 0
    procs = race(tmp_path, ADDER, [[20]] * 2, stdout=subprocess.DEVNULL, cwd=tmp_path)
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0 and "Error" not in err, err  # (warnings: past the copy limit, stored all the same)
    held = sql_rows(db, "SELECT c.name, d.count FROM deck_card d JOIN card c ON c.id = d.card_id")
    assert held == [("Ember Whelp", 40)]  # 20 from each: none lost, no second row, on either backend


def _set_without(run, tmp_path, name: str):
    """boa's S01 written to a file without the card ``name`` (its only printing): importing it removes the card."""
    exported = tmp_path / "s01.json"
    assert run("cards", "export", "--game", "boa", "--set", "S01", "-o", exported).exit_code == 0
    doc = json.loads(exported.read_text(encoding="utf-8"))
    doc["cards"] = [card for card in doc["cards"] if card["name"] != name]
    target = tmp_path / "s01-without.json"
    target.write_text(json.dumps(doc), encoding="utf-8")
    return target


def test_a_deck_add_racing_an_import_that_removes_its_card_says_the_card_is_unknown(run, db, tmp_path):
    """On PostgreSQL ``deck add`` reads the card, then waits to write ``deck_card`` (held) while ``cards import``
    removes the card and commits: the database refuses the deck's row, and the add runs once more (``once_more``) and
    finds no such card, as when it came second. On SQLite the two are serialised (BEGIN IMMEDIATE): whichever comes
    first, the other's outcome is the ordinary one too."""
    assert run("deck", "new", "Mine", "--game", "boa").exit_code == 0
    smaller = _set_without(run, tmp_path, "Worldbreaker")
    with held(db, "deck_card") as waiting:
        (adder,) = race(tmp_path, COMMAND, [["deck", "add", "Mine", "Worldbreaker"]], cwd=tmp_path)
        waiting(1)  # (PostgreSQL: the add has read the card and waits to write the deck's row)
        imported = run("cards", "import", smaller)
    _, err = adder.communicate(timeout=300)
    held_cards = sql_rows(db, "SELECT c.name FROM deck_card d JOIN card c ON c.id = d.card_id")
    if db.backend == "sqlite" and adder.returncode == 0:  # the add came first: the import is refused, as ever
        assert imported.exit_code == 1 and "no longer has 1 card still used by deck 'Mine'" in imported.stderr
        assert held_cards == [("Worldbreaker",)]
        return
    assert imported.exit_code == 0, imported.output
    assert (adder.returncode, err) == (1, "Error: unknown card 'Worldbreaker' in boa\n")
    assert held_cards == [] and sql_rows(db, "SELECT name FROM card WHERE name = 'Worldbreaker'") == []
