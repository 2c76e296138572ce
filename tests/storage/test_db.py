"""The database file: where it lives, connection settings, schema versions, bundled data loading."""

from __future__ import annotations

import sqlite3

import pytest

from deckcli.cards.importer import open_database
from deckcli.errors import DeckcliError
from deckcli.storage.location import default_db_path
from deckcli.storage.revisions import SCHEMA_VERSION


def test_default_path_follows_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DECKCLI_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.delenv("DECKCLI_DB")
    monkeypatch.setenv("DECKCLI_DATA_DIR", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "deckcli.db"


@pytest.mark.sqlite_only  # SQLite PRAGMAs
def test_every_connection_has_wal_busy_timeout_and_foreign_keys(db):
    with db.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
        assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 5000


@pytest.mark.sqlite_only  # PRAGMA user_version of a file
def test_schema_version_is_recorded(db):
    con = sqlite3.connect(db.path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    con.close()


def test_newer_schema_is_refused(tmp_path):
    from deckcli.dbfiles import APPLICATION_ID

    path = tmp_path / "future.db"
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA application_id = {APPLICATION_ID}")  # a newer deckcli marks its files too
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    with pytest.raises(DeckcliError, match="newer deckcli"):
        open_database(path)


def test_new_file_is_at_the_head_revision_and_mirrors_it(tmp_path):
    from deckcli.storage import revisions
    from deckcli.storage.revisions import HEAD_REVISION, REVISION_SCHEMAS

    assert revisions.head() == HEAD_REVISION  # the constant the read path uses is the scripts' head
    path = tmp_path / "new.db"
    open_database(path).close()
    con = sqlite3.connect(path)
    assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD_REVISION,)]
    assert con.execute("PRAGMA user_version").fetchone()[0] == REVISION_SCHEMAS[HEAD_REVISION] == SCHEMA_VERSION
    con.close()


def test_pre_alembic_file_is_stamped_and_keeps_its_rows(tmp_path):
    from deckcli.storage.revisions import HEAD_REVISION

    path = tmp_path / "old.db"
    open_database(path).close()
    con = sqlite3.connect(path)
    con.execute("DROP TABLE alembic_version")  # as the release before Alembic wrote it: schema 3, no revision table
    for table in ("event_drop", "result_entry", "pairing", "event_round"):  # nor the Swiss round tables (0005)
        con.execute(f"DROP TABLE {table}")
    for table in ("side_exchange", "deck_check", "registration", "event"):  # and no event tables (revision 0002)
        con.execute(f"DROP TABLE {table}")
    for column in ("tradelist", "purchase_price"):  # nor the collection's columns of revision 0004
        con.execute(f"ALTER TABLE collection_item DROP COLUMN {column}")
    con.execute("PRAGMA user_version = 3")
    con.execute("PRAGMA application_id = 0")  # and from before the mark, so even a schema-3 release opens it anew
    cards = con.execute("SELECT count(*) FROM card").fetchone()[0]
    con.commit()
    con.close()
    open_database(path).close()
    con = sqlite3.connect(path)
    assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD_REVISION,)]
    assert con.execute("SELECT count(*) FROM card").fetchone()[0] == cards
    con.close()


def test_bundled_sets_load_once(tmp_path):
    path = tmp_path / "a.db"
    open_database(path).close()
    con = sqlite3.connect(path)
    count = con.execute("SELECT count(*) FROM card").fetchone()[0]
    con.close()
    assert count >= 168 + 100 + 60
    open_database(path).close()  # second open: nothing re-imported, no duplicates
    con = sqlite3.connect(path)
    assert con.execute("SELECT count(*) FROM card").fetchone()[0] == count
    con.close()


def test_unwritable_location_is_a_clear_error(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    monkeypatch.setenv("DECKCLI_DATA_DIR", str(blocker / "sub"))  # (the one folder deckcli creates)
    with pytest.raises(DeckcliError, match="its folder cannot be created: a file is in the way"):
        open_database(blocker / "sub" / "deckcli.db")


def test_opening_the_file_again_in_one_process_keeps_the_first_connection_s_locks(tmp_path, runner):
    """A second look at the file in this process (a command run in-process reads it through sqlite3, then opens a
    Database) must not read the header through a descriptor it then closes: that drops the first connection's
    POSIX locks, other processes take the WAL for unused and reset it, and the first reads "database disk image is
    malformed"."""
    import os
    import subprocess
    import sys

    from deckcli.cli.main import cli
    from deckcli.events.store import event_registrations
    from paths import EXAMPLES, REPO

    path = tmp_path / "shared.db"
    first = open_database(path)
    assert runner.invoke(cli, ["--db", str(path), "event", "new", "Open", "--game", "boa"]).exit_code == 0
    script = ("import sys; from deckcli.cli.main import cli\n"
              "for i in range(4):\n"
              "    cli.main(['--db', sys.argv[1], 'event', 'register', 'Open', f'{sys.argv[2]} {i}', sys.argv[3]],"
              " prog_name='deckcli', standalone_mode=False)\n")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    judges = [subprocess.Popen([sys.executable, "-c", script, str(path), who, str(EXAMPLES / "ember-rush.txt")],
                               env=env, stdout=subprocess.DEVNULL) for who in ("A", "B")]
    assert [judge.wait(timeout=300) for judge in judges] == [0, 0]
    try:
        assert len(event_registrations(first, "Open")[1]) == 8
    finally:
        first.close()
