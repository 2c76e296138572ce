"""A database written by the release before Alembic (schema 3, commit cbe5237) upgrades on first use with every row
intact: three decks, a user card set, collection entries (a foil, a tagged proxy)."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

import paths
from dbdump import as_before, dump_tables, kept
from deckcli.cli.main import cli

RELEASE = paths.DATA / "databases" / "release-schema3.db"
pytestmark = pytest.mark.sqlite_only  # a file of the previous release


def _pragma(path, name: str) -> int:
    con = sqlite3.connect(path)
    try:
        return con.execute(f"PRAGMA {name}").fetchone()[0]
    finally:
        con.close()


def test_the_previous_release_s_file_upgrades_on_first_use_keeping_every_row(runner, tmp_path):
    from deckcli.storage.revisions import HEAD_REVISION, SCHEMA_VERSION

    path = tmp_path / "release.db"
    shutil.copyfile(RELEASE, path)
    assert _pragma(path, "user_version") == 3
    before = dump_tables(path)
    assert set(before) == {"meta", "card_set", "card", "card_name", "deck", "deck_card", "collection_item"}
    assert [row[1] for row in before["deck"]] == ["Ember Rush", "Shadows and Steel", "天使のつかさ"]
    assert len(before["collection_item"]) == 4 and any(row[-1] for row in before["collection_item"])  # a proxy

    listed = runner.invoke(cli, ["--db", str(path), "deck", "list", "--json"])
    assert listed.exit_code == 0, listed.output
    assert [d["name"] for d in json.loads(listed.stdout)] == ["Ember Rush", "Shadows and Steel", "天使のつかさ"]
    owned = runner.invoke(cli, ["--db", str(path), "collection", "list", "--json"])
    assert sorted((e["name"], e["count"], e["proxy"]) for e in json.loads(owned.stdout)) == [
        ("Ember Whelp", 3, False), ("Fireball", 1, False), ("Hearth Whelp", 2, False), ("Kitchen Bolt", 4, True)]

    upgraded = dump_tables(path)
    assert {row[-2:] for row in upgraded["collection_item"]} == {(0, "")}  # revision 0004's columns: none held
    after = upgraded | as_before(upgraded, before)  # the rows there were, in the columns there were
    for table, rows in before.items():
        if table != "meta":
            assert kept(table, after[table]) == kept(table, rows), table
    assert set(dict(after["meta"])) == set(dict(before["meta"]))  # (the bundled cards' fingerprint: this release's)
    assert all(after[t] == [] for t in ("event", "registration", "deck_check", "side_exchange"))
    assert _pragma(path, "user_version") == SCHEMA_VERSION
    con = sqlite3.connect(path)
    assert con.execute("SELECT version_num FROM alembic_version").fetchall() == [(HEAD_REVISION,)]
    con.close()
    status = json.loads(runner.invoke(cli, ["--db", str(path), "db", "status", "--json"]).stdout)
    assert (status["current"], status["state"]) == (HEAD_REVISION, "current")


def test_db_status_reads_the_previous_release_s_file_without_changing_it(runner, tmp_path):
    from deckcli.storage.revisions import HEAD_REVISION

    path = tmp_path / "release.db"
    shutil.copyfile(RELEASE, path)
    status = runner.invoke(cli, ["--db", str(path), "db", "status", "--json"])
    assert status.exit_code == 0, status.output
    assert json.loads(status.stdout) | {"database": None} == {
        "backend": "sqlite", "database": None, "current": "0001", "latest": HEAD_REVISION, "state": "older",
        "meaning": "older: run `deckcli db upgrade`"}
    assert path.read_bytes() == RELEASE.read_bytes()


def test_db_upgrade_brings_the_previous_release_s_file_to_the_head(runner, tmp_path):
    from deckcli.storage.revisions import HEAD_REVISION

    path = tmp_path / "release.db"
    shutil.copyfile(RELEASE, path)
    before = dump_tables(path)
    done = runner.invoke(cli, ["--db", str(path), "db", "upgrade"])
    assert done.exit_code == 0, done.output
    assert done.stdout == f"{path}: upgraded from revision 0001 to {HEAD_REVISION}\n"
    after = as_before(dump_tables(path), before)
    assert all(kept(t, after[t]) == kept(t, rows) for t, rows in before.items() if t != "meta")
    again = runner.invoke(cli, ["--db", str(path), "db", "upgrade"])
    assert again.stdout == f"{path}: already at revision {HEAD_REVISION} (the latest)\n"
