"""A decklist's ``Format:`` line names a format (a bundled one, or the ``--format`` file's own name), never a file:
a path there is a ``parse`` problem on its line and nothing is opened; ``--format PATH`` reads regular files only."""

from __future__ import annotations

import json
import os
import threading
from contextlib import contextmanager

import pytest

import paths  # tests/support/paths.py

EMBER = paths.EXAMPLES / "ember-rush.txt"
FORMAT_LINE = 4  # "Format: boa-standard" in ember-rush.txt
HINT = "(a format file is given with --format PATH)"


def _with_format_line(tmp_path, value: str):
    text = EMBER.read_text(encoding="utf-8")
    assert text.splitlines()[FORMAT_LINE - 1] == "Format: boa-standard"
    path = tmp_path / "deck.txt"
    path.write_text(text.replace("Format: boa-standard", f"Format: {value}"), encoding="utf-8")
    return path


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


@contextmanager
def unblocked(fifo, seconds: float = 3.0):
    """Should the command open ``fifo`` (and wait for a writer), a line is written into it after ``seconds``: the
    test then fails on what the command printed instead of hanging."""
    done = threading.Event()

    def writer():
        if done.wait(seconds):
            return
        try:
            with open(fifo, "w", encoding="utf-8") as handle:  # waits for the command's read end
                handle.write('{"name": "from-the-pipe"}\n')
        except OSError:
            pass

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        if thread.is_alive():  # a writer waiting for a reader that never came: let it through
            os.close(os.open(fifo, os.O_RDONLY | os.O_NONBLOCK))
        thread.join(5)


def _path_problem(value: str, hint: str = "known formats: boa-advanced, boa-standard") -> str:
    return f"Format: {value!r} is a file path, not a format name {HINT}; {hint}"


@pytest.mark.parametrize("command", [
    ["deck", "import"], ["odds", "--want", "1+ kind=monster"], ["collection", "missing"], ["deck", "diff", EMBER],
])
def test_a_fifo_on_the_format_line_is_a_parse_problem_of_that_line(run, tmp_path, fifo, command):
    deck = _with_format_line(tmp_path, str(fifo))
    with unblocked(fifo):
        result = run(*command, deck)
    assert result.exit_code == 1
    assert f"line {FORMAT_LINE}: " in result.stderr and _path_problem(str(fifo)) in result.stderr
    assert "from-the-pipe" not in result.output + result.stderr


def test_validate_reports_the_fifo_line_and_checks_the_deck_under_its_game_default(run, tmp_path, fifo):
    deck = _with_format_line(tmp_path, str(fifo))
    with unblocked(fifo):
        result = run("validate", deck, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)[0]
    assert report["format"] == "boa-standard" and report["legal"] is False
    assert report["problems"] == [{"rule": "parse", "message": _path_problem(str(fifo)), "line": FORMAT_LINE}]


def test_a_format_file_in_the_working_folder_is_never_read(run, tmp_path, monkeypatch):
    secret = {"name": "leaked-format-name", "game": "boa", "extends": "boa-standard",
              "card_limits": {"Leaked Card Name": 0}}
    (tmp_path / "secret.json").write_text(json.dumps(secret), encoding="utf-8")
    (tmp_path / "boa-advanced.json").write_text(json.dumps(secret), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    for value, hint in (("secret.json", "known formats: boa-advanced, boa-standard"),
                        ("./boa-advanced.json", "did you mean 'boa-advanced'?")):
        result = run("validate", _with_format_line(tmp_path, value))
        assert result.exit_code == 1
        assert _path_problem(value, hint) in result.stdout
        assert "leaked" not in (result.stdout + result.stderr).casefold()
        assert "(boa, boa-standard): NOT legal, 1 problem" in result.stdout


def test_a_plain_name_is_only_a_bundled_format_never_a_file_of_that_name(run, tmp_path, monkeypatch):
    (tmp_path / "league").write_text(json.dumps({"name": "leaked-format-name", "game": "boa"}), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = run("validate", _with_format_line(tmp_path, "league"), "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)[0]["problems"] == [
        {"rule": "parse", "message": f"Format: unknown format 'league'; known formats: boa-advanced, boa-standard {HINT}",
         "line": FORMAT_LINE}]


def test_the_line_may_name_the_format_file_given_with_format(run, tmp_path):
    league = tmp_path / "league.json"
    league.write_text(json.dumps({"name": "spring-league", "game": "boa", "extends": "boa-standard"}), encoding="utf-8")
    named = run("validate", "--format", league, _with_format_line(tmp_path, "spring-league"), "--json")
    assert named.exit_code == 0, named.output
    assert json.loads(named.stdout)[0]["format"] == "spring-league"
    as_path = run("validate", "--format", league, _with_format_line(tmp_path, str(league)), "--json")
    assert as_path.exit_code == 1
    assert json.loads(as_path.stdout)[0]["problems"] == [
        {"rule": "parse", "message": _path_problem(str(league), "known formats: boa-advanced, boa-standard"),
         "line": FORMAT_LINE}]


def test_a_json_decklist_naming_a_path_has_the_same_problem(run, tmp_path, fifo):
    deck = tmp_path / "deck.json"
    deck.write_text(json.dumps({"game": "boa", "format": str(fifo), "zones": {"main": [{"count": 4, "name": "Fireball"}]}}),
                    encoding="utf-8")
    with unblocked(fifo):
        result = run("validate", deck, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)[0]["problems"][0] == {"rule": "parse", "message": _path_problem(str(fifo))}


@pytest.mark.parametrize("command, status", [(["validate"], 1), (["deck", "import"], 1), (["curve"], 1)])
def test_format_given_a_fifo_says_so_at_once(run, tmp_path, fifo, command, status):
    with unblocked(fifo):
        result = run(*command, "--format", fifo, EMBER)
    assert result.exit_code == status
    assert f"{fifo}: is a named pipe, not a format file (a format is read from a regular file)" in result.stderr
    assert "from-the-pipe" not in result.output + result.stderr


def test_a_format_file_extending_a_fifo_says_so_at_once(run, tmp_path, fifo):
    league = tmp_path / "league.json"
    league.write_text(json.dumps({"name": "spring-league", "game": "boa", "extends": str(fifo)}), encoding="utf-8")
    with unblocked(fifo):
        result = run("deck", "import", "--format", league, EMBER)
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {fifo}: is a named pipe, not a format file (a format is read from a regular file)"


def test_a_deck_stored_under_a_format_file_exports_its_name_and_imports_back_under_it(run, tmp_path):
    league = tmp_path / "league.json"
    league.write_text(json.dumps({"name": "spring-league", "game": "boa", "extends": "boa-standard"}), encoding="utf-8")
    assert run("deck", "import", EMBER, "--format", league).exit_code == 0
    exported = tmp_path / "exported.txt"
    assert run("deck", "export", "Ember Rush", "-o", exported).exit_code == 0
    assert exported.read_text(encoding="utf-8").splitlines()[2] == "Format: spring-league"
    again = run("deck", "import", exported, "--name", "Again", "--format", league)
    assert again.exit_code == 0, again.output
    assert again.stdout.startswith("Imported deck 'Again' (boa, spring-league)")
    alone = run("deck", "import", exported, "--name", "Alone")
    assert alone.exit_code == 1
    assert (f"line 3: [parse] Format: unknown format 'spring-league'; known formats: boa-advanced, boa-standard {HINT}"
            in alone.stderr)
