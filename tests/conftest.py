"""Test fixtures: every test gets its own database and data folder under tmp_path, never the real home."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, settings

from backends import NO_SERVER

# No per-example deadline (a busy CI machine is slow, not wrong); on CI the examples are derandomised so a
# run is repeatable, while local runs keep exploring new examples.
settings.register_profile(
    "deckcli", deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=bool(os.environ.get("CI"))
)
settings.load_profile("deckcli")

# The tests read deckcli in English, whatever the machine's locale: deckcli reads its language once per process, at
# its first message (a module-level help text, at collection), so it is set here, before any test module imports
# deckcli, rather than monkeypatched per test; subprocesses inherit it. tests/i18n passes its own languages.
os.environ["DECKCLI_LANG"] = "en"


@pytest.fixture(autouse=True, scope="session")
def _wide_terminal():
    """A wide terminal for every test and every deckcli it starts, so tables keep each cell on one line where a test
    reads it (a table wraps to COLUMNS, else 80); the tests of that wrapping set their own COLUMNS."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "250"
    yield
    if saved is None:
        os.environ.pop("COLUMNS", None)
    else:
        os.environ["COLUMNS"] = saved


@pytest.fixture(autouse=True)
def _isolated_data(tmp_path, monkeypatch):
    """Point DECKCLI_DB and the data folder at tmp_path for every test."""
    data = tmp_path / "deckcli-data"
    monkeypatch.setenv("DECKCLI_DATA_DIR", str(data))
    monkeypatch.setenv("DECKCLI_DB", str(data / "deckcli.db"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("DECKCLI_DEBUG", raising=False)


_DB_TEMPLATE: dict[str, bytes] = {}
#: The PostgreSQL server the ``postgresql`` runs use (``.ci/run`` starts one); unset: those runs are skipped.
PG_URL = os.environ.get("DECKCLI_TEST_PG_URL")


def pytest_configure(config):
    config.addinivalue_line("markers", "sqlite_only: a test about SQLite files (faults, PRAGMAs, backup, permissions),"
                            " run against the sqlite backend only")


def pytest_generate_tests(metafunc):
    """Every test using the ``db`` fixture (``run`` too) runs once per backend: sqlite, then postgresql."""
    if "backend" in metafunc.fixturenames:
        sqlite_only = metafunc.definition.get_closest_marker("sqlite_only") is not None
        metafunc.parametrize("backend", ["sqlite"] if sqlite_only else ["sqlite", "postgresql"], indirect=True)


def pytest_terminal_summary(terminalreporter):
    """Say once, in the summary, why the PostgreSQL runs were skipped (no server named)."""
    skipped = [r for r in terminalreporter.stats.get("skipped", []) if NO_SERVER in str(r.longrepr)]
    if skipped:
        terminalreporter.write_line(f"{len(skipped)} PostgreSQL runs skipped: {NO_SERVER}", yellow=True)


@pytest.fixture
def backend(request):
    """The backend the test's database is on (``sqlite`` or ``postgresql``); postgresql needs DECKCLI_TEST_PG_URL."""
    if request.param == "postgresql" and not PG_URL:
        pytest.skip(NO_SERVER)
    return request.param


@pytest.fixture(scope="session")
def pg_server():
    """The test server: a template database set up and filled with the bundled cards once, copied per test."""
    from pg_support import PgServer

    server = PgServer(PG_URL)
    yield server
    server.close()


@pytest.fixture
def db(backend, request, monkeypatch, tmp_path):
    """An opened database holding the bundled card sets (built once per session, copied per test): an SQLite file,
    or a fresh PostgreSQL database with DECKCLI_DB set to its URL."""
    from pathlib import Path

    from deckcli.cards.importer import open_database

    if backend == "postgresql":
        server = request.getfixturevalue("pg_server")
        url = server.fresh_database()
        monkeypatch.setenv("DECKCLI_DB", url)
        database = open_database(url)
        yield database
        database.close()
        server.drop(url)
        return
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
