"""``db copy``: SQLite -> PostgreSQL -> SQLite gives the same rows per table and the same dump of every table; a
non-empty target is refused with nothing written."""

from __future__ import annotations

import json
import os
import shutil

import pytest
from click.testing import CliRunner

import paths
from dbdump import dump_tables
from deckcli.cli.main import cli

RELEASE = paths.DATA / "databases" / "release-schema3.db"
PG_URL = os.environ.get("DECKCLI_TEST_PG_URL")


def _invoke(*args):
    return CliRunner().invoke(cli, [str(a) for a in args])


def _rows(target) -> dict[str, int]:
    report = json.loads(_invoke("--db", target, "db", "check", "--json").stdout)
    assert report["ok"], report
    return {t: n for t, n in report["rows"].items() if t != "alembic_version"}


@pytest.fixture
def populated(tmp_path):
    """The previous release's file (decks, a user set, the collection) with an event and a registration added."""
    path = tmp_path / "event.db"
    shutil.copyfile(RELEASE, path)
    assert _invoke("--db", path, "event", "new", "Spring Open", "--game", "boa").exit_code == 0
    done = _invoke("--db", path, "event", "register", "Spring Open", "Sam", paths.EXAMPLES / "ember-rush.txt")
    assert done.exit_code == 0, done.output
    return path


@pytest.fixture
def middle(tmp_path):
    """Where the copy goes in between: a new PostgreSQL database (or, without a server, a new file)."""
    if not PG_URL:
        yield tmp_path / "middle.db"
        return
    from pg_support import PgServer

    server = PgServer(PG_URL, template=False)
    yield server.empty_database()
    server.close()


def test_sqlite_to_server_and_back_keeps_every_row(populated, middle, tmp_path):
    back = tmp_path / "back.db"
    there = _invoke("db", "copy", populated, middle)
    assert there.exit_code == 0, there.output
    assert there.stdout.startswith("Copied ") and ":***@" in there.stdout if PG_URL else True
    again = _invoke("db", "copy", middle, back)
    assert again.exit_code == 0, again.output
    rows = _rows(populated)
    assert rows["registration"] == 1 and rows["deck"] == 3 and rows["collection_item"] == 4
    assert _rows(middle) == rows and _rows(back) == rows
    original = dump_tables(populated)
    assert dump_tables(middle) == original
    assert dump_tables(back) == original
    added = _invoke("--db", middle, "collection", "add", "Ember Whelp", "1", "--set", "S01")  # ids go on after copy
    assert added.exit_code == 0 and "now 4" in added.stdout, added.output


def test_a_target_that_is_not_empty_is_refused(populated, middle, tmp_path):
    assert _invoke("db", "copy", populated, middle).exit_code == 0
    before = dump_tables(middle)
    refused = _invoke("db", "copy", populated, middle)
    assert refused.exit_code == 1
    assert "it is not empty (" in refused.stderr and " tables: alembic_version, card, " in refused.stderr
    assert "; copy into a new or empty database" in refused.stderr
    assert dump_tables(middle) == before
    existing = tmp_path / "existing.db"
    existing.write_bytes(b"x")
    refused = _invoke("db", "copy", populated, existing)
    assert refused.exit_code == 1 and "it already exists; copy into a new file" in refused.stderr
    assert existing.read_bytes() == b"x"
    itself = _invoke("db", "copy", populated, populated)
    assert itself.exit_code == 1 and "it is the source itself" in itself.stderr
