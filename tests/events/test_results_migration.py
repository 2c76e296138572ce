"""Revision 0006: a database at 0005 whose table got two entries from two judges at once (the race it closes) upgrades
keeping every entry, numbered in the order written, the later still the result that counts; from then on a table's
entries are unique by number, so the database itself refuses a second first entry."""

from __future__ import annotations

import json

import pytest

from old_revisions import upgraded_database  # tests/support/old_revisions.py

_ROWS_0005 = [
    "INSERT INTO event (name, key, game, format, date, rounds, created, started, seed) VALUES ('Cup', 'cup', 'boa',"
    " 'boa-standard', NULL, NULL, '2026-11-30 10:00:00', '2026-11-30 10:10:00', 'abcdef0123456789')",
    *[
        "INSERT INTO registration (event_id, player, player_key, player_id, deck, decklist, legal, problems,"
        f" fingerprint, registered_at, superseded_at, late) SELECT id, '{name}', '{name.lower()}', '', 'Deck',"
        """ '{"name": "Deck", "zones": {}}', true, '[]', 'AAAA-BBBB-CC', '2026-11-30 10:05:00', NULL, false"""
        " FROM event WHERE key = 'cup'"
        for name in ("Ann", "Bo")
    ],
    "INSERT INTO event_round (event_id, label, paired_at) SELECT id, '1', '2026-11-30 10:10:00' FROM event",
    "INSERT INTO pairing (round_id, table_no, player, opponent) SELECT id, 1, 'Ann', 'Bo' FROM event_round",
    "INSERT INTO result_entry (pairing_id, wins, losses, draws, entered_at) SELECT id, 2, 0, 0,"
    " '2026-11-30 10:40:00' FROM pairing",
    "INSERT INTO result_entry (pairing_id, wins, losses, draws, entered_at) SELECT id, 0, 2, 0,"
    " '2026-11-30 10:40:01' FROM pairing",
]


def test_a_revision_0005_database_keeps_every_entry_numbered_and_refuses_a_second_first_entry(
    backend, request, runner, tmp_path
):
    from sqlalchemy import create_engine
    from sqlalchemy.exc import IntegrityError

    from deckcli.cli.main import cli

    target, url = upgraded_database(backend, request, runner, tmp_path, "0005", _ROWS_0005)
    standings = runner.invoke(cli, ["--db", target, "event", "standings", "Cup", "--json"])
    assert standings.exit_code == 0, standings.output
    assert [(s["player"], s["points"]) for s in json.loads(standings.stdout)] == [("Bo", 3), ("Ann", 0)]  # the later
    engine = create_engine(url)
    with engine.connect() as conn:
        rows = conn.exec_driver_sql("SELECT wins, losses, entry_no, source FROM result_entry ORDER BY id").all()
        assert [tuple(r) for r in rows] == [(2, 0, 1, None), (0, 2, 2, None)]
        with pytest.raises(IntegrityError):  # a second entry numbered 2 cannot be stored, whoever writes it
            conn.exec_driver_sql(
                "INSERT INTO result_entry (pairing_id, wins, losses, draws, entered_at, entry_no)"
                " SELECT id, 1, 2, 0, '2026-11-30 10:41:00', 2 FROM pairing"
            )
    engine.dispose()
    again = runner.invoke(cli, ["--db", target, "event", "result", "Cup", "1", "1", "2-1"])
    assert again.exit_code == 1
    assert again.stderr.startswith("Error: Cup: table 1 of round 1 already has the result 0-2 (entered 2026-11-30 10:40)")
