"""``deckcli db check`` and ``deckcli db backup``, and what an interrupted command says it did to the database."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import time

import pytest

from dbdump import file_bytes, table_snapshot
from deckcli.dbfiles import APPLICATION_ID
from deckcli.storage.revisions import HEAD_REVISION, SCHEMA_VERSION

pytestmark = pytest.mark.sqlite_only  # db check/backup of a file, its bytes and locks


def invoke(runner, *args, env=None):
    from deckcli.cli.main import cli

    return runner.invoke(cli, [str(a) for a in args], env=env)


def test_check_a_sound_database(run, db):
    run("collection", "add", "Kilgore", "2")
    result = run("db", "check", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert list(report) == ["ok", "schema", "application_id", "rows", "problems", "backend", "revision", "integrity", "exists"]
    assert (report["backend"], report["revision"], report["integrity"]) == ("sqlite", HEAD_REVISION, "ok")
    assert report["ok"] is True and report["problems"] == [] and report["application_id"] == APPLICATION_ID
    assert report["schema"] == SCHEMA_VERSION and report["rows"]["collection_item"] == 1 and report["rows"]["card"] >= 356
    table = run("db", "check")
    assert table.exit_code == 0
    assert table.stdout.startswith(f"{db.path}: ok (revision {HEAD_REVISION}, application id 0x646b636c)\n")
    assert "collection_item       1" in table.stdout


def test_check_a_damaged_a_foreign_and_a_missing_file(runner, tmp_path):
    missing = tmp_path / "none.db"
    result = invoke(runner, "--db", missing, "db", "check", "--json")
    assert result.exit_code == 0 and not missing.exists()  # (created on first use: no problem, as db status says)
    assert json.loads(result.stdout)["problems"] == [] and json.loads(result.stdout)["exists"] is False

    foreign = tmp_path / "other.db"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE notes (body TEXT)")
    con.commit(), con.close()
    before = file_bytes(foreign)
    result = invoke(runner, "--db", foreign, "db", "check", "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {
        "ok": False, "schema": 0, "application_id": 0, "rows": {"notes": 0},
        "problems": ["application id 0x00000000 is not deckcli's (0x646b636c): not a deckcli database"],
        "backend": "sqlite", "revision": None, "integrity": "ok", "exists": True}
    assert file_bytes(foreign) == before

    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    result = invoke(runner, "--db", text, "db", "check")
    assert result.exit_code == 1
    assert "problem: it is not an SQLite database (it looks like a text file)\n" in result.stderr


def test_check_finds_damage(runner, tmp_path):
    path = tmp_path / "d.db"
    assert invoke(runner, "--db", path, "games").exit_code == 0
    data = bytearray(path.read_bytes())
    data[4096 * 2 : 4096 * 2 + 100] = b"\xff" * 100
    path.write_bytes(bytes(data))
    result = invoke(runner, "--db", path, "db", "check", "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["problems"]
    assert all("malformed" in p or "integrity check" in p or "Page" in p for p in report["problems"]), report
    assert path.read_bytes() == bytes(data)


def test_backup_copies_every_row_and_never_overwrites(run, db, tmp_path):
    run("collection", "add", "Kilgore", "2")
    target = tmp_path / "copy.db"
    result = run("db", "backup", target)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Backed up ") and result.stdout.endswith(f" bytes) to {target}\n")
    assert table_snapshot(target) == table_snapshot(db)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("copy")) == ["copy.db"]  # one file
    again = run("db", "backup", target)
    assert again.exit_code == 1
    assert again.stderr == f"Error: the database {target}: it already exists; give the copy a new name (deckcli never overwrites it)\n"
    same = run("db", "backup", db.path)
    assert same.exit_code == 1 and "it is the database itself" in same.stderr


def test_backup_into_a_missing_folder_or_under_a_file_names_the_target(run, tmp_path):
    """(Under a file it was an internal error: the temporary copy's clean-up raised "Not a directory".)"""
    plain = tmp_path / "plain.txt"
    plain.write_text("x", encoding="utf-8")
    missing = run("db", "backup", tmp_path / "no" / "copy.db")
    assert missing.exit_code == 1
    assert missing.stderr == (f"Error: the database {tmp_path / 'no' / 'copy.db'}: its folder does not exist; "
                              "choose a folder you can write\n")
    under = run("db", "backup", plain / "copy.db")
    assert under.exit_code == 1
    assert under.stderr == f"Error: the database {plain / 'copy.db'}: its folder is a file; choose a folder you can write\n"
    assert plain.read_text(encoding="utf-8") == "x" and not (tmp_path / "no").exists()


def test_backup_refuses_another_programs_file(runner, tmp_path):
    foreign = tmp_path / "other.db"
    con = sqlite3.connect(foreign)
    con.execute("CREATE TABLE notes (body TEXT)")
    con.commit(), con.close()
    result = invoke(runner, "--db", foreign, "db", "backup", tmp_path / "copy.db")
    assert result.exit_code == 1 and "it is another program's SQLite database" in result.stderr
    assert not (tmp_path / "copy.db").exists()


WRITER = """
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=30)
con.execute("CREATE TABLE IF NOT EXISTS pairs (side TEXT, n INTEGER)")
print("ready", flush=True)
deadline = time.time() + float(sys.argv[2])
while time.time() < deadline:
    con.execute("BEGIN IMMEDIATE")
    con.execute("INSERT INTO pairs VALUES ('a', 1)")
    con.execute("INSERT INTO pairs VALUES ('b', 1)")
    con.execute("COMMIT")
"""


def test_backup_is_consistent_while_another_process_writes(run, db, tmp_path):
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(db.path), "3"], stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout.readline().strip() == "ready"
        time.sleep(0.2)
        copies = []
        for i in range(5):
            target = tmp_path / f"copy{i}.db"
            result = run("db", "backup", target)
            assert result.exit_code == 0, result.output
            copies.append(target)
    finally:
        writer.wait(timeout=60)
        writer.stdout.close()
    counts = []
    for target in copies:
        con = sqlite3.connect(target)
        a, b = (con.execute("SELECT count(*) FROM pairs WHERE side = ?", (s,)).fetchone()[0] for s in "ab")
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        con.close()
        assert a == b  # never half a transaction
        counts.append(a)
    assert counts[-1] > 0


# -- an interrupt (Ctrl-C) says what happened to the database ---------------------------------------------


@pytest.fixture
def collection_csv(tmp_path):
    path = tmp_path / "c.csv"
    path.write_text("count,name\n3,Kilgore\n", encoding="utf-8")
    return path


def test_an_interrupt_just_after_the_commit_says_the_change_was_saved(run, db, collection_csv, monkeypatch):
    from deckcli.collection import importing

    def interrupted(self):
        raise KeyboardInterrupt

    monkeypatch.setattr(importing.CollectionImportResult, "summary", interrupted)
    result = run("collection", "import", collection_csv)
    assert result.exit_code == 130
    assert result.stderr.endswith(f"Interrupted after the change was saved: {db.path} holds it (the command's last"
                                  " output was not printed).\n")
    assert "Aborted!" not in result.output
    listed = run("collection", "list", "--json")
    assert [e["count"] for e in json.loads(listed.stdout)] == [3]


def test_an_interrupt_before_the_commit_says_nothing_changed(run, db, collection_csv, monkeypatch):
    from deckcli.collection import store

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    before = table_snapshot(db)
    monkeypatch.setattr(store, "upsert", interrupted)
    monkeypatch.setattr("deckcli.collection.importing.upsert", interrupted)
    result = run("collection", "import", collection_csv)
    assert result.exit_code == 130
    assert result.stderr.endswith("Interrupted: nothing was changed.\n")
    assert table_snapshot(db) == before
