"""Where ``event publish`` and ``event sheet`` are told to write: a name that is no folder, or no file, is named
(exit 1) and nothing is written. (Found by the hostile-path probe: ``publish -o FILE`` said "cannot write it: File
exists", ``publish -o ''`` wrote the site into the working folder, ``sheet -o ''`` named "." and ``sheet -o
new/`` wrote a file "new".)"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

DECK = Path(__file__).parents[1] / "data" / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"


@pytest.fixture
def event(run):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    assert run("event", "register", "Open", "Ann", DECK).exit_code == 0
    return "Open"


def test_publish_onto_a_pipe_or_a_link_loop_says_it_is_not_a_folder(run, event, tmp_path):
    """(A regular file is refused by the option itself, exit 2.)"""
    fifo, loop = tmp_path / "fifo", tmp_path / "loop"
    os.mkfifo(fifo)
    loop.symlink_to("loop")
    for target in (fifo, loop):
        result = run("event", "publish", event, "-o", target)
        assert result.exit_code == 1
        assert result.stderr.strip() == f"Error: {target}: is not a folder"
    assert fifo.is_fifo() and loop.is_symlink() and not (tmp_path / "index.html").exists()


@pytest.mark.parametrize("name, message", [
    ("", "an empty folder name: name the folder to write the site into"),
    ("-", "- (standard output) cannot hold a site of several files: name a folder"),
])
def test_publish_to_an_empty_name_or_dash_writes_nothing(run, event, tmp_path, monkeypatch, name, message):
    """(``-o -`` made a folder called ``-``.)"""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    result = run("event", "publish", event, "-o", name)
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {message}"
    assert list(work.iterdir()) == []


@pytest.mark.parametrize("name, message", [
    ("", "an empty file name: name the file to write"),
    ("new/", "{tmp}/new/: cannot write it: Is a directory"),
])
def test_a_sheet_to_a_name_that_is_no_file_is_named(run, event, tmp_path, name, message):
    target = f"{tmp_path}/{name}" if name else name
    result = run("event", "sheet", event, "-o", target)
    assert result.exit_code == 1
    assert result.stderr.strip() == "Error: " + message.format(tmp=tmp_path)
    assert not (tmp_path / "new").exists()
