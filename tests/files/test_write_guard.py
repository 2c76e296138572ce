"""The one writer, :func:`deckcli.files.writing.write_file` (under ``write_whole`` and Chromium's output): a file made
by a callback lands whole or not at all, beside its target, never over a database; ``refuse_protected`` is the
same refusal for a writer of its own (``event publish``)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from deckcli.dbfiles import APPLICATION_ID, hold, release
from deckcli.errors import BrowserFailed, ProtectedFile
from deckcli.files.writing import protection, refuse_protected, write_file, write_whole


def _marked(path: Path, application_id: int = APPLICATION_ID) -> Path:
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA application_id = {application_id}")
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    return path


def test_a_failing_callback_leaves_the_file_and_no_temporary_one(tmp_path):
    target = tmp_path / "out.pdf"
    target.write_bytes(b"yesterday")

    def half(temp: Path) -> None:
        temp.write_bytes(b"half")
        raise BrowserFailed("chromium", 1, "", str(target))

    with pytest.raises(BrowserFailed, match=r"^chromium exited with status 1 without writing .*out\.pdf$"):
        write_file(target, half, ".pdf")
    assert target.read_bytes() == b"yesterday" and [p.name for p in tmp_path.iterdir()] == ["out.pdf"]
    assert write_file(target, lambda temp: temp.write_bytes(b"today")) == 5 and target.read_bytes() == b"today"


def test_the_callback_gets_a_hidden_name_beside_the_links_file_ending_as_asked(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "link.png").symlink_to(tmp_path / "real" / "shot.png")
    seen = write_file(tmp_path / "link.png", lambda temp: (temp.write_bytes(b"png"), temp)[1], ".png")
    assert seen.parent == tmp_path / "real" and seen.name.startswith(".shot.png.") and seen.suffix == ".png"
    assert (tmp_path / "link.png").is_symlink() and (tmp_path / "real" / "shot.png").read_bytes() == b"png"


def test_a_missing_folder_is_said_before_the_callback_runs(tmp_path):
    ran = []
    with pytest.raises(Exception, match=r"^.*missing/x\.pdf: its folder does not exist$"):
        write_file(tmp_path / "missing" / "x.pdf", ran.append)
    assert ran == []


def test_refuse_protected_names_each_kind_of_database(tmp_path):
    deckcli_db, other_db, text = _marked(tmp_path / "d.db"), _marked(tmp_path / "o.db", 0), tmp_path / "notes.txt"
    text.write_text("x", encoding="utf-8")
    with pytest.raises(ProtectedFile) as found:
        refuse_protected(deckcli_db)
    assert str(found.value) == f"{deckcli_db}: is a deckcli database; name another file to write"
    assert found.value.path == str(deckcli_db) and found.value.reason == "is a deckcli database"
    with pytest.raises(ProtectedFile, match=r": is another program's SQLite database; name another file to write$"):
        write_whole(other_db, lambda handle: handle.write("x"))
    assert protection(text) is None and protection(tmp_path / "new.txt") is None
    held = hold(text)  # (as the storage layer notes a file it opened)
    try:
        with pytest.raises(ProtectedFile, match=r"notes\.txt: is the deckcli database in use; name another file"):
            refuse_protected(text)
        assert protection(f"{text}-shm") == f"is a file SQLite keeps beside the deckcli database in use ({text})"
        assert protection(os.path.relpath(text)) == "is the deckcli database in use"
    finally:
        release(held)
    assert protection(text) is None
