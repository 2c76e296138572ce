"""No command writes its output over a database: the one it has open (by --db, DECKCLI_DB, a link or a hard link
to it, or a file SQLite keeps beside it), another deckcli database, or any other program's SQLite file. Each is
refused (exit 1) with a message naming the file and why, and the database still holds every row. (Found by issue
20: ``event export -o`` naming the database in use succeeded and replaced the whole database with JSON.)"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from deckcli.dbfiles import APPLICATION_ID

DECK = Path(__file__).parents[1] / "data" / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"
ADVICE = "name another file to write"

#: Commands that write a file the user names with -o (each through deckcli.files.writing).
WRITERS = {
    "event export": ("event", "export", "Open", "-o"),
    "event sheet": ("event", "sheet", "Open", "-o"),
    "collection export": ("collection", "export", "-o"),
    "cards export": ("cards", "export", "-g", "boa", "-o"),
    "deck export": ("deck", "export", "aeon-sphinx-in-side", "-o"),
}


@pytest.fixture
def event(run):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    assert run("event", "register", "Open", "Ann", DECK).exit_code == 0
    assert run("deck", "import", DECK).exit_code == 0
    assert run("collection", "add", "Ember Whelp", "3").exit_code == 0
    return "Open"


def _rows(run, *db: str | Path) -> dict[str, int]:
    done = run(*(("--db", db[0]) if db else ()), "db", "check", "--json")
    assert done.exit_code == 0, done.output
    report = json.loads(done.stdout)
    assert report["ok"] and report["rows"]["registration"] == 1 and report["rows"]["collection_item"] == 1
    return report["rows"]


def _refused(result, name: str | Path, reason: str) -> None:
    assert result.exit_code == 1, result.output
    assert result.stderr == f"Error: {name}: {reason}; {ADVICE}\n"


@pytest.mark.sqlite_only
@pytest.mark.parametrize("writer", sorted(WRITERS))
def test_no_writer_writes_over_the_database_in_use(run, event, writer):
    database = os.environ["DECKCLI_DB"]
    before = _rows(run)
    _refused(run(*WRITERS[writer], database), database, "is the deckcli database in use")
    assert _rows(run) == before
    assert not [p for p in Path(database).parent.iterdir() if p.name.endswith(".tmp")]


@pytest.mark.sqlite_only
def test_the_database_by_a_link_a_hard_link_or_its_wal_named_by_db(run, event, tmp_path):
    """--db names a copy (not the fixture's file, which the test itself holds open): the command's own opening of
    it is what protects it. Its link, its hard link and its -wal file are the same database."""
    copy = tmp_path / "copy.db"
    assert run("db", "backup", copy).exit_code == 0
    before = _rows(run, copy)
    (tmp_path / "link.db").symlink_to(copy)
    os.link(copy, tmp_path / "hard.db")
    _refused(run("--db", copy, "event", "export", "Open", "-o", copy), copy, "is the deckcli database in use")
    _refused(run("--db", copy, "collection", "export", "-o", copy), copy, "is the deckcli database in use")  # (read
    # through sqlite3 alone, not SQLAlchemy: that opening registers the file too)
    for other in ("link.db", "hard.db"):
        _refused(run("--db", copy, "event", "export", "Open", "-o", tmp_path / other), tmp_path / other,
                 f"is the deckcli database in use ({copy})")
    _refused(run("--db", tmp_path / "hard.db", "event", "export", "Open", "-o", copy), copy,
             f"is the deckcli database in use ({tmp_path / 'hard.db'})")
    wal = Path(f"{copy}-wal")
    _refused(run("--db", copy, "event", "export", "Open", "-o", wal), wal,
             f"is a file SQLite keeps beside the deckcli database in use ({copy})")
    assert _rows(run, copy) == before
    assert (tmp_path / "link.db").is_symlink() and os.stat(tmp_path / "hard.db").st_ino == os.stat(copy).st_ino


def _sqlite_file(path: Path, application_id: int) -> bytes:
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA application_id = {application_id}")
    con.execute("CREATE TABLE kept (value TEXT)")
    con.execute("INSERT INTO kept VALUES ('yesterday')")
    con.commit()
    con.close()
    return path.read_bytes()


@pytest.mark.parametrize("application_id, reason", [
    (APPLICATION_ID, "is a deckcli database"),
    (0, "is another program's SQLite database"),
], ids=["deckcli", "another program's"])
def test_another_sqlite_file_is_never_written_over(run, event, tmp_path, application_id, reason):
    """Any SQLite file: a deckcli one by its application id (closed, or another process's), or another program's."""
    target = tmp_path / "other.db"
    data = _sqlite_file(target, application_id)
    for writer in ("event export", "event sheet", "collection export"):
        _refused(run(*WRITERS[writer], target), target, reason)
    assert target.read_bytes() == data and sorted(p.name for p in tmp_path.iterdir() if "other" in p.name) == ["other.db"]


@pytest.mark.sqlite_only
def test_db_backup_never_writes_over_the_database_or_beside_it(run, event, tmp_path):
    """db backup writes a new file only; a name SQLite would take for the database's WAL is refused too."""
    database = Path(os.environ["DECKCLI_DB"])
    before = _rows(run)
    itself = run("db", "backup", database)
    assert itself.exit_code == 1
    assert itself.stderr == (f"Error: the database {database} (from DECKCLI_DB): it is the database itself; give the"
                             " copy another name\n")
    journal = Path(f"{database}-journal")
    beside = run("db", "backup", journal)
    assert beside.exit_code == 1 and not journal.exists()
    assert beside.stderr == (f"Error: the database {journal}: it is a file SQLite keeps beside the database {database};"
                             " give the copy another name\n")
    assert _rows(run) == before
