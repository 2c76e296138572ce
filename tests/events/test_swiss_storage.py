"""The Swiss round tables as storage: a database at revision 0004 upgrades (its events get a seed at their first
pairing), `db copy` carries every round, pairing, result and drop, and deleting an event deletes its rounds."""

from __future__ import annotations

import json

from dbdump import dump_tables
from old_revisions import upgraded_database  # tests/support/old_revisions.py
from swiss_support import new_event

PLAYERS = ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Evans"]
_EVENT_0004 = (
    "INSERT INTO event (name, key, game, format, date, rounds, created, started)"
    " VALUES ('Cup', 'cup', 'boa', 'boa-standard', NULL, NULL, '2026-11-30 10:00:00', NULL)"
)
_REGISTRATIONS_0004 = [
    "INSERT INTO registration (event_id, player, player_key, player_id, deck, decklist, legal, problems,"
    f" fingerprint, registered_at, superseded_at, late) SELECT id, '{name}', '{name.lower()}', '', 'Deck',"
    """ '{"name": "Deck", "zones": {}}', true, '[]', 'AAAA-BBBB-CC', '2026-11-30 10:05:00', NULL, false"""
    " FROM event WHERE key = 'cup'"
    for name in ("Ann", "Bo", "Cy")
]


def test_a_revision_0004_database_upgrades_and_its_event_gets_a_seed_when_paired(backend, request, runner, tmp_path):
    from deckcli.cli.main import cli

    target = upgraded_database(backend, request, runner, tmp_path, "0004", [_EVENT_0004, *_REGISTRATIONS_0004]).target
    shown = json.loads(runner.invoke(cli, ["--db", target, "event", "show", "Cup", "--json"]).stdout)
    assert (shown["seed"], shown["total_rounds"], shown["current_round"]) == (None, 2, None)
    paired = runner.invoke(cli, ["--db", target, "event", "pair", "Cup", "--json"])
    assert paired.exit_code == 0, paired.output
    assert [t["opponent"] is None for t in json.loads(paired.stdout)["pairings"]] == [False, True]
    shown = json.loads(runner.invoke(cli, ["--db", target, "event", "show", "Cup", "--json"]).stdout)
    assert len(shown["seed"]) == 16 and shown["current_round"] == "1" and shown["started"] is not None


def test_db_copy_carries_the_rounds_and_deleting_the_event_deletes_them(run, db, tmp_path):
    new_event(run, db, tmp_path, PLAYERS)
    first = json.loads(run("event", "pair", "Spring Open", "--json").stdout)["pairings"][0]
    assert run("event", "result", "Spring Open", "1", "1", "2-1", "--drop", first["player"]).exit_code == 0
    copy = tmp_path / "copy.db"
    copied = run("db", "copy", str(db.target), str(copy))
    assert copied.exit_code == 0, copied.output
    held = dump_tables(db)
    assert {t: len(held[t]) for t in ("event_round", "pairing", "result_entry", "event_drop")} == {
        "event_round": 1, "pairing": 2, "result_entry": 1, "event_drop": 1,
    }
    assert {t: dump_tables(copy)[t] for t in ("event_round", "pairing", "result_entry", "event_drop")} == {
        t: held[t] for t in ("event_round", "pairing", "result_entry", "event_drop")
    }
    assert run("event", "delete", "Spring Open", "--yes").exit_code == 0
    after = dump_tables(db)
    assert [after[t] for t in ("event_round", "pairing", "result_entry", "event_drop")] == [[], [], [], []]
