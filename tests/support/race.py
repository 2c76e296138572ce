"""Processes started together for a race test: each says it is ready (a file of its own), and all are released at
once (the go file) only when every one is ready. A race test that can pass without racing tests nothing: a sleep
before the go released them before a slow process had even imported deckcli, and the "race" ran one after the other.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import paths  # tests/support/paths.py

#: What a racing process runs first: ``sys.argv[1]`` is its ready file, ``sys.argv[2]`` the go file; the arguments
#: it was given follow, as ``ARGS``. (Polling the go file, not timing anything.)
READY_THEN_GO = """
import os, sys, time
open(sys.argv[1], "w").close()
while not os.path.exists(sys.argv[2]):
    time.sleep(0.002)
ARGS = sys.argv[3:]
"""


def race(
    tmp_path: Path, script: str, arguments: list[list[str]], env: dict[str, str] | None = None, **popen
) -> list[subprocess.Popen]:
    """One process per argument list, running :data:`READY_THEN_GO` then ``script``, all released together once
    every one is ready (or one has ended already: its error is then the test's to show). ``env`` adds to the
    environment (deckcli importable from the repository); ``popen`` goes to :class:`subprocess.Popen` (stdout
    and stderr default to pipes, text)."""
    folder = Path(tempfile.mkdtemp(prefix="race", dir=tmp_path))  # a go file of its own: races in one test
    go = folder / "go"
    ready = [folder / f"ready{i}" for i in range(len(arguments))]
    environ = {**os.environ, **(env or {}), "PYTHONPATH": str(paths.REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True, **popen}
    procs = [
        subprocess.Popen([sys.executable, "-c", READY_THEN_GO + script, str(r), str(go), *map(str, args)], env=environ,
                         **options)
        for r, args in zip(ready, arguments, strict=True)
    ]
    while not all(r.exists() for r in ready):
        if any(p.poll() is not None for p in procs):
            break
        time.sleep(0.002)
    go.touch()
    return procs


#: A racing process that runs one deckcli command (its arguments), as a user would.
COMMAND = """
from deckcli.cli.main import cli
cli.main(ARGS, prog_name="deckcli")
"""


@contextmanager
def held(db, table: str) -> Iterator[Callable[[int], None]]:
    """On PostgreSQL, ``table`` locked in SHARE mode (reads go on, inserts and updates wait) until the block ends, so
    racing writers have all read the state before any can write; the block gets a function waiting until ``n`` other
    sessions wait for a lock. On SQLite, nothing is held (``BEGIN IMMEDIATE`` orders writers: the second reads what
    the first wrote)."""
    if db.backend != "postgresql":
        yield lambda n: None
        return
    with db.engine.connect() as holder, db.engine.connect() as watcher:
        holder.exec_driver_sql(f"LOCK TABLE {table} IN SHARE MODE")

        def waiting(n: int) -> None:
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline:
                count = watcher.exec_driver_sql(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
                ).scalar()
                watcher.rollback()
                if count >= n:
                    return
                time.sleep(0.01)  # (polling the server's state, not timing the race)
            pytest.fail(f"the writers never all waited on {table}")

        yield waiting
        holder.commit()


def commands_at_once(tmp_path: Path, db, table: str, *commands: list[str]) -> list[subprocess.CompletedProcess]:
    """Run each deckcli command in its own process, all released at once (once every process is ready) while
    ``table`` is held on PostgreSQL until every one waits to write it (:func:`held`); each one's exit status and
    output."""
    with held(db, table) as waiting:
        procs = race(tmp_path, COMMAND, list(commands), cwd=tmp_path)
        waiting(len(commands))
    return [subprocess.CompletedProcess(p.args, p.wait(timeout=300), *p.communicate(timeout=300)) for p in procs]
