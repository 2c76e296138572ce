"""The one write path (:mod:`deckcli.storage.writes`): the same SQL text and the same guarantees through sqlite3 on a
ready file, and through SQLAlchemy Core on a file that needed work first and on PostgreSQL."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime

import pytest

from deckcli.dberrors import LockedDatabase
from deckcli.files.jsontext import json_value
from deckcli.storage.reads import time_value
from deckcli.storage.writes import ConstraintViolation, SqliteFile, Transaction, open_writable

NEW_DECK = (
    "INSERT INTO deck(name, key, game, format, meta, created, updated)"
    " VALUES (:name, :key, 'boa', 'boa-standard', :meta, :at, :at) RETURNING id"
)
WHEN = datetime(2026, 12, 7, 5, 1, 2, tzinfo=UTC)


@pytest.fixture(params=["core", "sqlite3"])
def writer(request, db):
    """The test database as a command writes it: through its SQLAlchemy connection (``core``: PostgreSQL, or a file
    that needed work first), or, for a ready SQLite file, through sqlite3 with no SQLAlchemy (``sqlite3``)."""
    if request.param == "core":
        yield db
        return
    if db.backend != "sqlite":
        pytest.skip("a server database is written through SQLAlchemy Core")
    db.close()
    ready = open_writable(db.path)
    assert isinstance(ready, SqliteFile)
    yield ready
    ready.close()


def _decks(writer) -> list[tuple]:
    with writer.rows() as rows:
        return rows.all("SELECT name, meta, created FROM deck ORDER BY id")


def test_a_write_commits_and_its_reads_see_it(writer):
    with writer.write() as tx:
        assert isinstance(tx, Transaction)
        new = tx.scalar(NEW_DECK, {"name": "Ember", "key": "ember", "meta": {"author": "Ann"}, "at": WHEN})
        assert tx.all("SELECT name FROM deck WHERE id = :id", {"id": new}) == [("Ember",)]
    [(name, meta, created)] = _decks(writer)
    assert (name, json_value(meta), time_value(created)) == ("Ember", {"author": "Ann"}, WHEN.replace(tzinfo=None))
    assert writer.committed == 1


def test_a_date_and_time_is_stored_as_the_orm_stored_it(writer):
    with writer.write() as tx:
        tx.scalar(NEW_DECK, {"name": "Ember", "key": "ember", "meta": {}, "at": WHEN})
    if writer.backend == "sqlite":
        assert _decks(writer)[0][1:] == ("{}", "2026-12-07 05:01:02.000000")


def test_any_error_rolls_the_whole_transaction_back(writer):
    with pytest.raises(KeyError), writer.write() as tx:
        tx.scalar(NEW_DECK, {"name": "Ember", "key": "ember", "meta": {}, "at": WHEN})
        raise KeyError("stop")
    assert _decks(writer) == []
    assert writer.committed == 0


def test_a_refused_row_is_one_exception_whatever_the_driver(writer):
    with pytest.raises(ConstraintViolation), writer.write() as tx:
        tx.scalar(NEW_DECK, {"name": "Ember", "key": "ember", "meta": {}, "at": WHEN})
        tx.scalar(NEW_DECK, {"name": "Ember", "key": "ember", "meta": {}, "at": WHEN})
    assert _decks(writer) == []


def test_upserts_many_rows_and_savepoints_run_on_both_backends(writer):
    upsert = "INSERT INTO meta(key, value) VALUES (:k, :v) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
    with writer.write() as tx:
        tx.many(upsert, [{"k": "t1", "v": "a"}, {"k": "t2", "v": "b"}])
        assert tx.run(upsert, {"k": "t1", "v": "c"}) == 1
        with pytest.raises(ConstraintViolation), tx.savepoint():
            tx.run("INSERT INTO meta(key, value) VALUES ('t3', 'x')")
            tx.run("INSERT INTO meta(key, value) VALUES ('t2', 'x')")
        found = tx.all("SELECT key, value FROM meta WHERE key LIKE 't%' ORDER BY key")
    assert found == [("t1", "c"), ("t2", "b")]


def test_a_row_lock_is_spelled_for_the_backend(writer):
    with writer.write() as tx:
        clause = tx.lock()
        assert clause == (" FOR UPDATE" if writer.backend == "postgresql" else "")
        assert tx.all("SELECT key FROM meta WHERE key = 'none'" + tx.lock("SHARE")) == []


def test_a_claimed_name_is_held_until_the_transaction_ends_on_postgresql(writer):
    held = "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid()"
    with writer.write() as tx:
        tx.claim("deck:ember", "deck:ember", "deck:whelp")  # (SQLite: nothing to hold, BEGIN IMMEDIATE orders writers)
        if writer.backend == "postgresql":
            assert tx.all(held) == [(2,)]
    if writer.backend == "postgresql":
        with writer.write() as tx:
            assert tx.all(held) == [(0,)]


def test_a_locked_file_is_the_locked_fault_through_sqlite3(db, monkeypatch):
    if db.backend != "sqlite":
        pytest.skip("the server's faults are tested in test_db_faults.py")
    db.close()
    monkeypatch.setenv("DECKCLI_BUSY_TIMEOUT_MS", "0")
    ready = open_writable(db.path)
    other = sqlite3.connect(db.path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(LockedDatabase) as raised, ready.write():
            pass
    finally:
        other.execute("ROLLBACK")
        other.close()
        ready.close()
    assert "another program or deckcli command has held it locked" in str(raised.value)
