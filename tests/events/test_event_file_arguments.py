"""The event commands' file arguments follow the convention of every file argument (tests/cli/test_file_arguments.py):
a missing file, a folder where a file is wanted or an empty name is a usage error (exit 2, the command's usage line)
and nothing is stored; ``-`` reads stdin. Before (issue 34): ``register``/``check``/``side`` refused a missing file
with exit 2 but no usage line, and read an empty name as stdin; ``result --from`` refused a missing file with exit 1;
``import`` could not read a form export from stdin and said "Path '' does not exist." for an empty name."""

from __future__ import annotations

from pathlib import Path

import pytest

from dbdump import dump_tables
from paths import EXAMPLES

DECK = Path(__file__).parents[1] / "data" / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"
MISSING = "'nosuch.txt' does not exist: no decklist file, deck code or stored deck is called so"
#: The commands taking a deck FILE, up to it.
DECK_COMMANDS = [["register", "Open", "Cal"], ["check", "Open", "Ann"], ["side", "Open", "Ann", "1"]]


@pytest.fixture
def event(run):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    assert run("event", "register", "Open", "Ann", DECK).exit_code == 0
    assert run("event", "register", "Open", "Bob", DECK).exit_code == 0
    return "Open"


def _refused(run, db, args: list, usage: str, message: str) -> None:
    """``deckcli *args`` is a usage error with ``usage``'s line and ``message``, and the database is as it was."""
    before = dump_tables(db)
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Usage: ") and f" event {usage} [OPTIONS]" in result.stderr, result.stderr
    assert message in result.stderr, result.stderr
    assert dump_tables(db) == before


@pytest.mark.parametrize("command", DECK_COMMANDS)
def test_a_deck_file_naming_nothing_a_folder_or_an_empty_name_is_a_usage_error(run, db, event, tmp_path, command):
    usage = command[0]
    _refused(run, db, ["event", *command, "nosuch.txt"], usage, f"Error: {MISSING}")
    _refused(run, db, ["event", *command, tmp_path], usage, f"Error: Invalid value for 'FILE': File '{tmp_path}' is a"
             " directory.")
    _refused(run, db, ["event", *command, ""], usage, "Error: Invalid value for 'FILE': an empty name: give a file or"
             " a name")


@pytest.mark.parametrize("command", DECK_COMMANDS)
def test_a_deck_file_from_stdin_still_reads(run, event, command):
    result = run("event", *command, "-", input=DECK.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    said = {"register": "Registered 'Cal' with deck", "check": "Deck check of 'Ann': passed",
            "side": "Round 1 side exchange of 'Ann': legal"}[command[0]]
    assert said in result.stdout


def test_import_of_nothing_or_an_empty_name_is_a_usage_error(run, db, event, tmp_path):
    _refused(run, db, ["event", "import", "Open", tmp_path / "nosuch.csv"], "import",
             f"Error: Invalid value for 'FOLDER|FILE.csv': Path '{tmp_path / 'nosuch.csv'}' does not exist.")
    _refused(run, db, ["event", "import", "Open", ""], "import",
             "Error: Invalid value for 'FOLDER|FILE.csv': an empty file name: name the file to read")


def test_import_reads_a_form_export_from_stdin(run, event):
    form = (EXAMPLES / "form-export.csv").read_text(encoding="utf-8")
    result = run("event", "import", "Open", "-", input=form)
    assert result.exit_code == 0, result.output
    assert "Registered 8 decklists for 'Open' (0 not legal)." in result.stderr


def test_results_from_nothing_a_folder_or_an_empty_name_is_a_usage_error(run, db, event, tmp_path):
    assert run("event", "pair", event).exit_code == 0
    args = ["event", "result", "Open", "1", "--from"]
    _refused(run, db, [*args, tmp_path / "nosuch.csv"], "result",
             f"Error: Invalid value for '--from': File '{tmp_path / 'nosuch.csv'}' does not exist.")
    _refused(run, db, [*args, tmp_path], "result", f"Invalid value for '--from': File '{tmp_path}' is a directory.")
    _refused(run, db, [*args, ""], "result", "Invalid value for '--from': an empty file name: name the file to read")


def test_results_from_stdin_still_read(run, event):
    assert run("event", "pair", event).exit_code == 0
    result = run("event", "result", "Open", "1", "--from", "-", input="table,result\n1,2-0\n")
    assert result.exit_code == 0, result.output
    assert "Round 1: 1 result stored from <stdin>." in result.stdout
