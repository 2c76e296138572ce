"""Fixtures of the event tests: the whole tournament day of tests/support/event_world.py."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest


@pytest.fixture(scope="module")
def _days_built():
    """Per backend, the tournament day a module's first test built, and a copy of its database: the file's bytes,
    or a server database (dropped after the module) that each later test's database is made a copy of."""
    built: dict[str, tuple] = {}
    yield built
    for _, copy, server in built.values():
        if server is not None:
            server.drop(copy)


@pytest.fixture
def tournament(run, db, backend, tmp_path, request, _days_built):
    """The boa and sfb events registered, checked and exchanged through the CLI (see event_world.build): built
    once per module and backend, its database copied into each test's own (a test's writes stay its own)."""
    import event_world

    db.engine.dispose()  # (no connection of this process left on the database while it is copied or replaced)
    server = request.getfixturevalue("pg_server") if backend == "postgresql" else None
    if backend in _days_built:
        day, copy, _ = _days_built[backend]
        _restore(db, copy, server)
        return day
    day = event_world.build(run, tmp_path / "tournament")
    db.engine.dispose()
    _days_built[backend] = (day, _copy(db, server), server)
    return day


def _copy(db, server):
    if server is not None:
        return server.copy_of(db.target)
    path = Path(db.target)
    con = sqlite3.connect(path)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.close()
    return path.read_bytes()


def _restore(db, copy, server) -> None:
    if server is not None:
        server.replace(db.target, copy)
        return
    path = Path(db.target)
    for companion in ("-wal", "-shm"):
        if os.path.exists(f"{path}{companion}"):
            os.remove(f"{path}{companion}")
    path.write_bytes(copy)
