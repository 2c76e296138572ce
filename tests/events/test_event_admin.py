"""``event new``, ``list``, ``show``, ``delete``, ``status`` and ``export``: the event's facts, listings and exports."""

from __future__ import annotations

import csv
import io
import json

import pytest

import paths  # tests/support/paths.py
from event_world import event_rows

EMBER = paths.EXAMPLES / "ember-rush.txt"


def test_new_takes_the_game_default_format_or_a_named_or_file_format(run, tmp_path):
    assert run("event", "new", "A", "--game", "boa").exit_code == 0
    assert run("event", "new", "B", "-g", "boa", "--format", "boa-advanced").exit_code == 0
    own = tmp_path / "spring.json"
    own.write_text(json.dumps({"name": "spring", "game": "boa", "extends": "boa-standard",
                               "card_limits": {"Fireball": 0}}), encoding="utf-8")
    made = run("event", "new", "C", "-g", "boa", "--format", own)
    assert made.exit_code == 0 and f"(boa, {own.resolve()})" in made.stdout
    listed = {e["name"]: e["format"] for e in json.loads(run("event", "list", "--json").stdout)}
    assert listed == {"A": "boa-standard", "B": "boa-advanced", "C": str(own.resolve())}
    registered = run("event", "register", "C", "Ann", EMBER, "--json")  # the event's own banned list applies
    assert registered.exit_code == 1 and json.loads(registered.stdout)["problems"][0]["rule"] == "banned"


@pytest.mark.parametrize("args, code, message", [
    (["--date", "2026-13-01"], 2, "'2026-13-01' does not match the format '%Y-%m-%d'"),
    (["--rounds", "0"], 2, "0 is not in the range 1<=x<=2147483647"),
    (["--format", "sfb-standard"], 1, "format 'sfb-standard' is for sfb, not boa"),
    (["--format", "no-such-format"], 2, "unknown format 'no-such-format'"),  # a usage error (issue 34)
])
def test_new_refuses_bad_options(run, db, args, code, message):
    result = run("event", "new", "X", "--game", "boa", *args)
    assert result.exit_code == code and message in result.stderr
    assert event_rows(db)["event"] == []


def test_event_names_clash_ignoring_case_and_width(run):
    assert run("event", "new", "Spring Open", "--game", "boa").exit_code == 0
    clash = run("event", "new", "ＳＰＲＩＮＧ open", "--game", "sfb")
    assert clash.exit_code == 1 and "an event called 'Spring Open' already exists" in clash.stderr


def test_show_and_list_count_players_and_legal_decks(run, tmp_path):
    assert run("event", "new", "Open", "--game", "boa", "--date", "2099-05-01", "--rounds", "4").exit_code == 0
    bad = tmp_path / "bad.txt"
    bad.write_text(EMBER.read_text().replace("4 Fireball", "5 Fireball"), encoding="utf-8")
    run("event", "register", "Open", "Ann", EMBER)
    run("event", "register", "Open", "Bo", bad)
    shown = json.loads(run("event", "show", "open", "--json").stdout)
    assert {k: shown[k] for k in ("name", "game", "format", "date", "rounds", "players", "legal", "illegal",
                                  "started", "started_because")} == {
        "name": "Open", "game": "boa", "format": "boa-standard", "date": "2099-05-01", "rounds": 4, "players": 2,
        "legal": 1, "illegal": 1, "started": None, "started_because": None}
    table = run("event", "show", "Open").stdout
    assert "players: 2\nlegal: 1\nillegal: 1\nstarted: no\n" in table
    listed = run("event", "list", "--csv").stdout.splitlines()
    assert listed[0] == "name,game,format,date,rounds,players,legal,illegal,started"
    assert listed[1] == "Open,boa,boa-standard,2099-05-01,4,2,1,1,"


def test_status_table_csv_and_exit_status(run, tmp_path):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    empty = run("event", "status", "Open")
    assert empty.exit_code == 0 and "no players are registered for 'Open'" in empty.stderr
    run("event", "register", "Open", "=HYPERLINK(1)", EMBER, "--player-id", "+44")
    table = run("event", "status", "Open")
    assert table.exit_code == 0 and "=HYPERLINK(1)" in table.stdout and " yes " in table.stdout
    rows = list(csv.reader(io.StringIO(run("event", "status", "Open", "--csv").stdout)))
    assert rows[0] == ["player", "player_id", "deck", "legal", "problems", "fingerprint", "registered_at", "late"]
    assert rows[1][:5] == ["'=HYPERLINK(1)", "'+44", "Ember Rush", "yes", ""]
    bad = tmp_path / "bad.txt"
    bad.write_text(EMBER.read_text().replace("4 Fireball", "5 Fireball"), encoding="utf-8")
    run("event", "register", "Open", "Bo", bad)
    status = run("event", "status", "Open", "--json")
    assert status.exit_code == 1
    assert [(r["player"], r["legal"], r["problems"]) for r in json.loads(status.stdout)] == [
        ("=HYPERLINK(1)", True, []), ("Bo", False, ["copy-limit"])]


def test_export_writes_json_or_csv_by_option_or_extension(run, tmp_path):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    run("event", "register", "Open", "@Ann", EMBER, "--player-id", "7")
    out = tmp_path / "open.csv"
    assert run("event", "export", "Open", "-o", out).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert len(rows) == 16 + 3 + 3 and {r["player"] for r in rows} == {"'@Ann"}  # one row per card line of the deck
    assert sum(int(r["count"]) for r in rows if r["zone"] == "main") == 51
    assert {(r["card"], r["set"], r["number"]) for r in rows if r["card"] == "Worldbreaker"} == {
        ("Worldbreaker", "S01", "050")}
    data = json.loads(run("event", "export", "Open", "--to", "json").stdout)
    (reg,) = data["registrations"]
    assert (reg["player"], reg["player_id"], reg["deck"], reg["legal"]) == ("@Ann", "7", "Ember Rush", True)
    assert sum(c["count"] for c in reg["zones"]["limitbreak"]) == 6


def test_delete_asks_at_a_terminal_and_removes_every_row_of_the_event(run, db, monkeypatch):
    from deckcli.cli import confirm

    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    assert run("event", "new", "Other", "--game", "boa").exit_code == 0
    run("event", "register", "Open", "Ann", EMBER)
    run("event", "register", "Other", "Ann", EMBER)
    run("event", "check", "Open", "Ann", EMBER)
    monkeypatch.setattr(confirm, "stdin_is_terminal", lambda: True)
    kept = run("event", "delete", "Open", input="n\n")
    assert kept.exit_code == 1 and "Delete event 'Open' and its 1 registration?" in kept.stderr
    assert "Nothing deleted." in kept.stderr and len(event_rows(db)["event"]) == 2
    gone = run("event", "delete", "open", input="y\n")
    assert gone.exit_code == 0 and "Deleted event 'Open'." in gone.stdout
    rows = event_rows(db)
    assert [r[1] for r in rows["event"]] == ["Other"] and len(rows["registration"]) == 1 and rows["deck_check"] == []
    monkeypatch.setattr(confirm, "stdin_is_terminal", lambda: False)
    piped = run("event", "delete", "Other", input="n\n")  # `echo n | deckcli event delete Other`: no terminal
    assert piped.exit_code == 2
    assert ("Error: event 'Other' is deleted only when confirmed at a terminal, and there is none here: give --yes"
            " to delete it without asking") in piped.stderr
    assert [r[1] for r in event_rows(db)["event"]] == ["Other"]
    assert run("event", "delete", "Other", "--yes").exit_code == 0
    assert event_rows(db)["event"] == []
    missing = run("event", "delete", "Othr", "--yes")
    assert missing.exit_code == 1 and "no event called 'Othr'" in missing.stderr
