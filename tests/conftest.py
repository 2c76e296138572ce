"""Test fixtures: every test gets its own database and data folder under tmp_path, never the real home."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

# No per-example deadline (a busy CI machine is slow, not wrong); on CI the examples are derandomised so a
# run is repeatable, while local runs keep exploring new examples.
settings.register_profile(
    "deckcli", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=bool(os.environ.get("CI"))
)
settings.load_profile("deckcli")


@pytest.fixture(autouse=True)
def _isolated_data(tmp_path, monkeypatch):
    """Point DECKCLI_DB and the data folder at tmp_path for every test."""
    data = tmp_path / "deckcli-data"
    monkeypatch.setenv("DECKCLI_DATA_DIR", str(data))
    monkeypatch.setenv("DECKCLI_DB", str(data / "deckcli.db"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("DECKCLI_DEBUG", raising=False)


_DB_TEMPLATE: dict[str, bytes] = {}


@pytest.fixture
def db(tmp_path):
    """An opened database holding the bundled card sets (built once per session, copied per test)."""
    import os
    from pathlib import Path

    from deckcli.cards.importer import open_database

    path = Path(os.environ["DECKCLI_DB"])
    path.parent.mkdir(parents=True, exist_ok=True)
    if "bytes" not in _DB_TEMPLATE:
        template = tmp_path / "template.db"
        open_database(template).close()
        import sqlite3

        con = sqlite3.connect(template)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.close()
        _DB_TEMPLATE["bytes"] = template.read_bytes()
    path.write_bytes(_DB_TEMPLATE["bytes"])
    database = open_database(path)
    yield database
    database.close()


@pytest.fixture
def runner():
    """A CliRunner that keeps stderr apart from stdout."""
    return CliRunner()


@pytest.fixture
def run(runner, db):
    """Invoke ``deckcli`` with arguments against the test database; returns the Result."""
    from deckcli.cli.main import cli

    def invoke(*args, input=None, catch=True):
        return runner.invoke(cli, [str(a) for a in args], input=input, catch_exceptions=catch)

    return invoke
