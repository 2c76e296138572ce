"""``db check`` expects every table deckcli declares in a database at this release's revision, on both backends."""

from __future__ import annotations

import json

from deckcli.storage.revisions import HEAD_REVISION


def test_check_names_a_declared_table_missing_from_a_current_database(run, db):
    with db.write() as tx:
        tx.run("DROP TABLE side_exchange")
    result = run("db", "check", "--json")
    assert result.exit_code == 1, result.output
    report = json.loads(result.stdout)
    assert report["revision"] == HEAD_REVISION and "side_exchange" not in report["rows"]
    assert report["problems"] == ["tables missing: side_exchange"]
    table = run("db", "check")
    assert table.exit_code == 1
    assert "tables missing: side_exchange" in table.stdout + table.stderr


def test_check_of_a_current_database_with_every_table_is_ok(run, db):
    result = run("db", "check", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["problems"] == [] and {"event", "registration", "deck_check", "side_exchange"} <= set(report["rows"])
