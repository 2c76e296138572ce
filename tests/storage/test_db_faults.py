"""Hostile database paths and files: each fault has its own message (which file, what is wrong, what to do),
exit status 1, and the file is left as it was."""

from __future__ import annotations

import gzip
import shutil
import sqlite3
import tempfile
import warnings
from pathlib import Path

import pytest

import paths
from dbdump import file_bytes, table_snapshot, unprivileged
from deckcli.cards.importer import open_database
from deckcli.dbfiles import APPLICATION_ID
from deckcli.storage.fileinfo import read_only_uri
from deckcli.storage.revisions import SCHEMA_VERSION

pytestmark = pytest.mark.sqlite_only  # the faults of SQLite files


def invoke(runner, *args, env=None):
    from deckcli.cli.main import cli

    return runner.invoke(cli, [str(a) for a in args], env=env)


@pytest.fixture
def made(tmp_path):
    """A deckcli database file made by deckcli itself (one collection entry), closed."""
    path = tmp_path / "made.db"
    db = open_database(path)
    from deckcli.cards.resolver import CardResolver
    from deckcli.collection.store import add_card

    add_card(db, CardResolver(db).find("Kilgore"), 2)
    db.close()
    return path


# -- paths are file names, never URLs -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["my?deck.db", "100%41.db", "notes?.db", "x.db?mode=ro", "a#b.db"])
def test_a_path_with_url_characters_is_that_very_file(runner, tmp_path, name):
    notes = tmp_path / "notes"
    notes.write_bytes(b"my own notes\n")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "?mode=ro" used to leak an SQLAlchemy warning
        result = invoke(runner, "--db", tmp_path / name, "games")
    assert result.exit_code == 0, result.output
    assert (tmp_path / name).is_file()
    # (the test's own data folder may hold the schema verdicts a first command of the session remembers)
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "deckcli-data") == sorted({name, "notes"})
    assert file_bytes(notes) == b"my own notes\n"
    con = sqlite3.connect(read_only_uri(tmp_path / name), uri=True)
    assert con.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    con.close()


# -- another program's files ----------------------------------------------------------------------------


def _foreign(path: Path, app_id: int = 0, version: int = 0) -> bytes:
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('keep me')")
    con.execute(f"PRAGMA application_id = {app_id}")
    con.execute(f"PRAGMA user_version = {version}")
    con.commit()
    con.close()
    return file_bytes(path)


@pytest.mark.parametrize("app_id, version, marks", [
    (0, 0, "no deckcli mark"), (0x12345678, 0, "application id 0x12345678"), (0, 7, "no deckcli mark"),
])
def test_another_programs_database_is_refused_byte_for_byte(runner, tmp_path, app_id, version, marks):
    path = tmp_path / "other.db"
    before = _foreign(path, app_id, version)
    result = invoke(runner, "--db", path, "collection", "add", "Kilgore")
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: the database {path} (from --db): it is another program's SQLite database ({marks}; tables: notes);"
        " deckcli leaves it as it is: point --db at a deckcli database or at a new file\n")
    assert file_bytes(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["other.db"]  # no -wal, no -shm


def test_an_empty_file_becomes_a_deckcli_database(runner, tmp_path):
    path = tmp_path / "empty.db"
    path.touch()
    assert invoke(runner, "--db", path, "cards", "show", "Kilgore").exit_code == 0
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    assert con.execute("SELECT count(*) FROM card").fetchone()[0] > 300
    con.close()


def test_a_file_of_an_older_deckcli_is_marked_and_kept(runner, tmp_path):
    path = tmp_path / "old.db"
    path.write_bytes(gzip.decompress((paths.DATA / "collection" / "schema-v1.db.gz").read_bytes()))
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone() == (0,)
    con.close()
    listed = invoke(runner, "--db", path, "collection", "list", "--json")
    assert listed.exit_code == 0 and '"Ember Whelp"' in listed.stdout
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
    con.close()


# -- files that are no database, or a damaged one -------------------------------------------------------


@pytest.mark.parametrize("name, data, looks", [
    ("notes.txt", b"shopping list\nmilk\n", " (it looks like a text file)"),
    ("card.png", b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4, " (it looks like a PNG image)"),
    ("noise.bin", bytes(range(255, 0, -1)) * 8, ""),
])
def test_a_file_that_is_no_database(runner, tmp_path, name, data, looks):
    path = tmp_path / name
    path.write_bytes(data)
    result = invoke(runner, "--db", path, "deck", "list")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: the database {path} (from --db): it is not an SQLite database{looks};"
                             " point --db at a deckcli database or at a new file\n")
    assert file_bytes(path) == data


def test_a_folder_as_the_database_names_DECKCLI_DB_when_it_came_from_there(runner, tmp_path):
    result = invoke(runner, "cards", "show", "Kilgore", env={"DECKCLI_DB": str(tmp_path)})
    assert result.exit_code == 1
    assert result.stderr == (f"Error: the database {tmp_path} (from DECKCLI_DB): it is a folder, not a database file;"
                             " point DECKCLI_DB at a deckcli database or at a new file\n")
    by_option = invoke(runner, "--db", tmp_path, "cards", "show", "Kilgore")
    assert by_option.exit_code == 1 and "(from --db): it is a folder" in by_option.stderr
    assert "point --db at" in by_option.stderr


def test_an_unwritable_folder_names_DECKCLI_DB(runner, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    result = invoke(runner, "games", "--help", env={"DECKCLI_DB": str(blocker / "sub" / "d.db")})
    assert result.exit_code == 0  # help opens no database
    result = invoke(runner, "deck", "list", env={"DECKCLI_DB": str(blocker / "sub" / "d.db")})
    assert result.exit_code == 1
    assert result.stderr == (f"Error: the database {blocker / 'sub' / 'd.db'} (from DECKCLI_DB): its folder cannot be"
                             " created: a file is in the way; point DECKCLI_DB at a file in a folder you can write\n")
    assert file_bytes(blocker) == b"x"


def _damage(path: Path) -> bytes:
    data = bytearray(file_bytes(path))
    page = 4096
    for start in range(page, len(data) - page, page):  # every page but the first: the header stays valid
        data[start : start + 64] = b"\xab" * 64
    path.write_bytes(bytes(data))
    return bytes(data)


def test_a_damaged_database(runner, made):
    before = _damage(made)
    for args in (("cards", "search", "--game", "sfb"), ("collection", "add", "Kilgore")):
        result = invoke(runner, "--db", made, *args)
        assert result.exit_code == 1
        assert result.stderr == (
            f"Error: the database {made} (from --db): it is damaged (SQLite: database disk image is malformed);"
            " `deckcli db check` lists what is wrong; restore a copy (`deckcli db backup` makes one), or move the"
            " file away and deckcli starts a new database\n")
        assert "internal error" not in result.output
    assert file_bytes(made) == before


@pytest.mark.parametrize("version, problem", [
    (-1, "it has schema version -1, which no deckcli writes; `deckcli db check` lists"),
    (-2147483648, "it has schema version -2147483648, which no deckcli writes;"),
    (99, f"it was written by a newer deckcli (schema 99, this one knows {SCHEMA_VERSION}); upgrade deckcli"),
])
def test_a_schema_version_no_deckcli_writes(runner, made, version, problem):
    con = sqlite3.connect(made)
    con.execute(f"PRAGMA user_version = {version}")
    con.close()
    before = table_snapshot(made)
    result = invoke(runner, "--db", made, "deck", "list")
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: the database {made} (from --db): {problem}")
    assert table_snapshot(made) == before


# -- a read-only database, a lock held too long, a full disk ---------------------------------------------


@pytest.fixture
def read_only_copy(made):
    """The database in a folder of its own that nobody may write (file and folder read-only)."""
    folder = Path(tempfile.mkdtemp(prefix="deckcli-ro-"))
    folder.chmod(0o755)
    path = folder / "deckcli.db"
    shutil.copy(made, path)
    path.chmod(0o444)
    folder.chmod(0o555)
    yield path
    folder.chmod(0o755)
    shutil.rmtree(folder)


def test_a_read_only_database_serves_reads_and_refuses_writes_without_sql(runner, read_only_copy):
    before = file_bytes(read_only_copy)
    from deckcli.cli.main import cli  # imported before access drops: nothing is read from root's folders after

    invoke(runner, "cards", "show", "Kilgore")
    with unprivileged():
        shown = invoke(runner, "--db", read_only_copy, "cards", "show", "Kilgore")
        listed = invoke(runner, "--db", read_only_copy, "collection", "list", "--json")
        added = invoke(runner, "--db", read_only_copy, "collection", "add", "Kilgore", "3")
    assert cli is not None
    assert shown.exit_code == 0 and "Kilgore" in shown.stdout
    assert listed.exit_code == 0 and '"count": 2' in listed.stdout
    assert added.exit_code == 1
    assert added.stderr == (
        f"Error: the database {read_only_copy} (from --db): it is read-only (the file or its folder cannot be"
        " written), so this command cannot change it; read-only commands still work; nothing was written\n")
    assert "INSERT" not in added.output and "parameters" not in added.output
    assert file_bytes(read_only_copy) == before
    assert sorted(p.name for p in read_only_copy.parent.iterdir()) == ["deckcli.db"]


def test_a_lock_held_past_the_busy_timeout(runner, made):
    before = table_snapshot(made)
    holder = sqlite3.connect(made, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        result = invoke(runner, "--db", made, "collection", "add", "Kilgore", env={"DECKCLI_BUSY_TIMEOUT_MS": "100"})
        reading = invoke(runner, "--db", made, "collection", "list", env={"DECKCLI_BUSY_TIMEOUT_MS": "100"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: the database {made} (from --db): another program or deckcli command has held it locked for more"
        " than 0.1 s; try again when it has finished (DECKCLI_BUSY_TIMEOUT_MS sets how long deckcli waits);"
        " nothing was written\n")
    assert reading.exit_code == 0 and "Kilgore" in reading.stdout  # WAL: readers are not blocked
    assert table_snapshot(made) == before


@pytest.mark.parametrize("through", ["sqlite3", "sqlalchemy"])
def test_a_full_disk(runner, made, tmp_path, monkeypatch, through):
    """Through the write path's sqlite3 connection (a ready file) and through the Database's engine alike."""
    from deckcli.storage import engine, writes

    con = sqlite3.connect(made)
    full = f"PRAGMA max_page_count = {con.execute('PRAGMA page_count').fetchone()[0]}"  # not a page more
    con.close()
    plain = engine._on_connect

    def tiny_disk(read_only, con, record):  # the file may not grow by a single page
        plain(read_only, con, record)
        con.execute(f"PRAGMA max_page_count = {con.execute('PRAGMA page_count').fetchone()[0]}")

    monkeypatch.setattr(engine, "_on_connect", tiny_disk)
    monkeypatch.setattr(writes, "WRITE_SETTINGS", (*writes.WRITE_SETTINGS, full))
    if through == "sqlalchemy":
        monkeypatch.setattr(writes, "open_writable", lambda path, origin: None)
    cards = tmp_path / "more.json"
    set_file = (paths.REPO / "carddb" / "boa" / "sample.json").read_text(encoding="utf-8")
    cards.write_text(set_file.replace('"code": "S01"', '"code": "Z01"', 1), encoding="utf-8")
    before = table_snapshot(made)
    result = invoke(runner, "--db", made, "cards", "import", cards)
    assert result.exit_code == 1
    assert result.stderr == (f"Error: the database {made} (from --db): the disk is full (or the database reached its"
                             " size limit); free some space and run the command again; nothing was written\n")
    assert table_snapshot(made) == before


# -- fault injection: every SQLite result code deckcli meets maps to its fault -------------------------------


@pytest.mark.parametrize("code, message, fault", [
    (5, "database is locked", "LockedDatabase"), (6, "database table is locked", "LockedDatabase"),
    (8, "attempt to write a readonly database", "ReadOnlyDatabase"), (3, "access permission denied", "ReadOnlyDatabase"),
    (11, "database disk image is malformed", "DamagedDatabase"), (13, "database or disk is full", "DatabaseFull"),
    (26, "file is not a database", "NotADatabase"), (14, "unable to open database file", "UnopenableDatabase"),
    (10 | (12 << 8), "disk I/O error", "UnopenableDatabase"), (1, "no such table: card", None),
])
def test_injected_sqlite_errors_become_faults(made, monkeypatch, code, message, fault):
    from sqlalchemy.engine import Connection
    from sqlalchemy.exc import OperationalError

    db = open_database(made)
    error = sqlite3.OperationalError(message)
    error.sqlite_errorcode = code

    def failing(*args, **kwargs):
        raise OperationalError("SELECT secret FROM card WHERE id = ?", ("param-q7x9",), error)

    try:
        monkeypatch.setattr(Connection, "execute", failing)  # (what the write path runs its SQL text through)
        if fault is None:
            with pytest.raises(OperationalError):
                with db.write() as tx:
                    tx.run("SELECT 1")
            return
        with pytest.raises(Exception) as info:
            with db.write() as tx:
                tx.run("SELECT 1")
        assert type(info.value).__name__ == fault
        assert str(info.value).startswith(f"the database {made}: ")
        assert "SELECT" not in str(info.value) and "param-q7x9" not in str(info.value)
        assert db.committed == 0
    finally:
        monkeypatch.undo()
        db.close()
