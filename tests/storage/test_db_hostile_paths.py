"""Database paths no file can have, or that are no file: a named error (exit 1), nothing created or replaced.

(Found by a probe of every command with hostile paths: a name too long was an internal error on Python 3.11,
a loop of links an internal RuntimeError in ``db copy``, ``--db`` on a pipe blocked and on a device wrote a
journal beside it, and ``db copy`` of a missing SOURCE created it and "copied 0 rows".)
"""

from __future__ import annotations

import os

import pytest

pytestmark = pytest.mark.sqlite_only  # file paths of the database


@pytest.fixture
def hostile(tmp_path):
    folder = tmp_path / "hostile"
    folder.mkdir()
    (folder / "loop").symlink_to("loop")
    os.mkfifo(folder / "fifo")
    return folder


@pytest.mark.parametrize("name, problem", [
    ("L" * 5000, "cannot open it (File name too long)"),
    ("loop", "cannot open it (Too many levels of symbolic links)"),
    ("fifo", "it is a device or pipe, not a database file"),
])
@pytest.mark.parametrize("command", [["games"], ["deck", "list"], ["db", "status"], ["collection", "add", "Kilgore"]])
def test_a_database_path_that_is_no_file_is_named(run, db, hostile, name, problem, command):
    path = hostile / name
    result = run("--db", path, *command)
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"Error: the database {path} (from --db): {problem}; point --db at a deckcli"
                                     " database or at a new file")
    assert sorted(p.name for p in hostile.iterdir()) == ["fifo", "loop"]


def test_db_check_of_a_name_too_long_reports_the_problem(run, db, hostile):
    path = hostile / ("L" * 5000)
    result = run("--db", path, "db", "check")
    assert result.exit_code == 1
    assert result.stderr.strip() == "problem: cannot open it (File name too long)"


def test_db_copy_of_a_missing_source_creates_nothing(run, db, tmp_path):
    source, target = tmp_path / "none.db", tmp_path / "copy.db"
    result = run("db", "copy", source, target)
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: the database {source}: no such file; name the database to copy"
    assert not source.exists() and not target.exists()


def test_db_copy_and_backup_to_a_loop_of_links_are_named(run, db, hostile):
    loop = hostile / "loop"
    copied = run("db", "copy", db.path, loop)
    assert copied.exit_code == 1
    assert copied.stderr.strip() == (f"Error: the database {loop}: cannot open it (Too many levels of symbolic"
                                     " links); copy into a new file")
    backed = run("db", "backup", loop)
    assert backed.exit_code == 1
    assert backed.stderr.strip() == (f"Error: the database {loop}: cannot open it (Too many levels of symbolic"
                                     " links); give the copy another name")
    assert loop.is_symlink() and sorted(p.name for p in hostile.iterdir()) == ["fifo", "loop"]


def test_completion_with_a_database_name_too_long_offers_nothing(tmp_path):
    """(A Tab press with such a --db printed a traceback.)"""
    from deckcli.cards.completion import card_names
    from deckcli.decks.completion import deck_names

    path = tmp_path / ("L" * 5000)
    assert card_names(path, "Em") == [] and deck_names(path, "") == []


@pytest.mark.parametrize("name, problem", [
    ("-", "- (standard input or output) cannot be a database: name a file"),
    ("", "an empty file name: name the database file"),
    ("new/", "new/: ends in /, a folder's name: name a database file"),
])
def test_a_name_that_cannot_be_a_database_file_is_a_usage_error(run, db, tmp_path, monkeypatch, name, problem):
    """(``--db -`` made a file called ``-``, ``--db new/`` a file ``new``, ``db backup ''`` blamed ".", and
    ``db copy`` took ``-`` as a target file's name.)"""
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    for args, where in ((["--db", name, "games"], "'--db'"), (["db", "backup", name], "'FILE'"),
                        (["db", "copy", db.path, name], "'TARGET'"), (["db", "copy", name, "copy.db"], "'SOURCE'")):
        result = run(*args)
        assert result.exit_code == 2, args
        assert result.stderr.strip().splitlines()[-1] == f"Error: Invalid value for {where}: {problem}"
    assert list(folder.iterdir()) == []


def test_a_database_under_a_file_names_the_database_not_the_file(run, db, tmp_path):
    """(It said "the database plain.txt: cannot create the database folder (File exists)".)"""
    plain = tmp_path / "plain.txt"
    plain.write_text("mine\n", encoding="utf-8")
    result = run("--db", plain / "x.db", "games")
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"Error: the database {plain / 'x.db'} (from --db): its folder cannot be created:"
                                     " a file is in the way; point --db at a file in a folder you can write")
    assert plain.read_text(encoding="utf-8") == "mine\n"
