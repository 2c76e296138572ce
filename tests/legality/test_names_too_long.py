"""A name too long for the file system where a format file or a decklist file may be named: the same message as a
missing file, not an internal error (Python 3.11's Path.exists and Path.is_file raise "File name too long")."""

from __future__ import annotations

from pathlib import Path

import pytest

DECK = Path(__file__).parents[1] / "data" / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"


@pytest.fixture
def long_name(tmp_path):
    return tmp_path / ("L" * 5000)


@pytest.mark.parametrize("command", [["curve"], ["hand"], ["validate"]])
def test_a_format_file_name_too_long_is_not_found(run, long_name, command):
    result = run(*command, "--format", long_name, DECK)
    assert f"{long_name}: format file not found" in result.stderr
    assert "internal error" not in result.output + result.stderr
    assert result.exit_code == 2  # a --format naming nothing: a usage error in every command


def test_deck_diff_against_a_name_too_long_looks_for_a_stored_deck(run, long_name):
    assert run("deck", "import", DECK, "--name", "Mine").exit_code == 0
    result = run("deck", "diff", "Mine", long_name)
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: no stored deck called '{long_name}'"


def test_validate_match_with_a_name_too_long_reports_the_team(run, long_name, monkeypatch):
    monkeypatch.setenv("COLUMNS", "100000")  # (a terminal wide enough for the name: a table wraps to its width)
    result = run("validate", "--match", long_name, DECK)
    assert result.exit_code == 1
    assert f"no stored deck called '{long_name}'" in result.output
    assert "internal error" not in result.output + result.stderr
