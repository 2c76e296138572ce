"""The organiser's state, always shown (issue 33), through the CLI on both backends: ``event pair`` says which round
of how many and that round 1 locks registrations; ``event new`` warns of a past date; ``event set`` changes what may
still change; ``event show`` and ``event status --problems`` give each problem's message; ``event top`` after the
final shows the bracket; ``event list`` fills rounds and started; ``event standings --round`` as it was then; a top
cut match won with a drawn game; ``event side`` only for a paired round, and no illegal exchange over a legal one
without ``--replace``."""

from __future__ import annotations

import csv
import io
import json

import paths  # tests/support/paths.py
from event_world import event_rows
from swiss_support import new_event

PLAYERS = ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Evans"]
EMBER = paths.EXAMPLES / "ember-rush.txt"
SPHINX = paths.REPO / "tests/data/decks/boa-standard/legal/aeon-sphinx-in-side.txt"  # banned in boa-advanced


def _ok(result):
    assert result.exit_code == 0, result.output
    return result


def _pairs(run, event: str) -> list[dict]:
    return json.loads(_ok(run("event", "pair", event, "--json")).stdout)["pairings"]


def _play(run, event: str, number: int, score: str = "2-0") -> list[dict]:
    tables = _pairs(run, event)
    for t in tables:
        if t["opponent"] is not None:
            _ok(run("event", "result", event, number, t["table"], score))
    return tables


def test_pair_says_which_round_of_how_many_and_that_round_one_locks(run, db, tmp_path):
    event = new_event(run, db, tmp_path, PLAYERS, "Open", "--rounds", "5")
    first = _ok(run("event", "pair", event))  # said beside the table: stdout stays the pairings
    assert first.stdout.splitlines()[0].split() == ["table", "player", "opponent"]
    assert first.stderr == ("Round 1 of 5:\nRound 1 starts the event: registrations are now locked"
                            " (event register --late registers a new player late).\n")
    for table in (1, 2):
        _ok(run("event", "result", event, 1, table, "2-1"))
    second = _ok(run("event", "pair", event, "--json"))
    assert json.loads(second.stdout)["round"] == "2"  # stdout stays the data
    assert second.stderr == "Round 2 of 5:\n"


def test_a_past_date_warns_and_event_set_corrects_it(run, db):
    created = _ok(run("event", "new", "Spring Open", "--game", "boa", "--date", "2026-05-01", "--rounds", "5"))
    assert ("Warning: the date 2026-05-01 is past, so the event counts as started and registrations are locked at"
            " once (a new player only with --late)") in created.stderr
    assert "event 'Spring Open' has started" in run("event", "register", "Spring Open", "Sam", EMBER).output
    changed = _ok(run("event", "set", "Spring Open", "--date", "2099-05-01", "--rounds", "4"))
    assert changed.stdout == "Event 'Spring Open': boa, boa-standard, 2099-05-01, 4 rounds.\n"
    assert changed.stderr == ""
    _ok(run("event", "register", "Spring Open", "Sam", EMBER))
    shown = json.loads(run("event", "show", "Spring Open", "--json").stdout)
    assert (shown["date"], shown["rounds"], shown["started"]) == ("2099-05-01", 4, None)


def test_event_set_checks_every_registration_again_under_a_new_format(run, db):
    _ok(run("event", "new", "Open", "--game", "boa", "--date", "2099-05-01"))
    _ok(run("event", "register", "Open", "Sam", SPHINX))
    changed = run("event", "set", "Open", "--format", "boa-advanced")
    assert changed.exit_code == 0, changed.output
    assert changed.stdout.splitlines()[1] == "'Sam''s deck is now NOT legal."
    status = json.loads(run("event", "status", "Open", "--json").stdout)
    assert [(r["legal"], r["problems"]) for r in status] == [(False, ["banned"])]


def test_event_set_refuses_what_can_no_longer_change_and_changes_nothing(run, db, tmp_path):
    event = new_event(run, db, tmp_path, PLAYERS, "Open", "--rounds", "2", "--date", "2099-05-01")
    _play(run, event, 1)
    before = event_rows(db)
    fewer = run("event", "set", event, "--rounds", "2", "--date", "2099-06-01", "--format", "boa-advanced")
    assert fewer.exit_code == 1
    assert "Open started at " in fewer.stderr and ": its date and format can no longer change" in fewer.stderr
    assert event_rows(db) == before
    _ok(run("event", "set", event, "--rounds", "3"))  # rounds may change until the last is paired
    assert "(3 rounds)" not in run("event", "show", event).stdout and "rounds: 3 (given)" in run(
        "event", "show", event).stdout
    _play(run, event, 2)
    _play(run, event, 3)
    last = run("event", "set", event, "--rounds", "4")
    assert (last.exit_code, last.stderr) == (
        1, "Error: Open: the last of its 3 rounds is paired; the rounds can no longer change\n")
    assert _ok(run("event", "list", "--json")) and event_rows(db)["event"] == event_rows(db)["event"]
    usage = run("event", "set", event)
    assert usage.exit_code == 2 and "give --rounds, --date or --format" in usage.stderr


def test_show_and_status_give_each_problems_message(run, db):
    _ok(run("event", "new", "Open", "--game", "boa", "--date", "2099-05-01"))
    _ok(run("event", "register", "Open", "Sam", EMBER))
    bad = paths.REPO / "tests/data/decks/boa-standard/illegal/copy-limit-across-lines-and-printings.txt"
    assert run("event", "register", "Open", "Kim", bad).exit_code == 1
    message = "5 copies of 'Ember Whelp' (Main Deck 5); at most 4 of a name"
    shown = run("event", "show", "Open")
    lines = shown.stdout.splitlines()
    assert lines[lines.index("problems:") + 1].split() == ["player", "rule", "zone", "line", "message"]
    assert lines[-1].split()[:4] == ["Kim", "copy-limit", "main", "6"] and lines[-1].endswith(message)
    data = json.loads(run("event", "show", "Open", "--json").stdout)
    assert [(p["player"], p["rule"], p["message"]) for p in data["problems"]] == [("Kim", "copy-limit", message)]
    plain = run("event", "status", "Open")
    assert message not in plain.stdout and "copy-limit" in plain.stdout
    told = run("event", "status", "Open", "--problems")
    assert told.exit_code == 1 and f"[copy-limit] {message}" in told.stdout
    rows = json.loads(run("event", "status", "Open", "--problems", "--json").stdout)
    assert [p["message"] for p in rows[1]["problems"]] == [message] and rows[0]["problems"] == []
    cells = list(csv.DictReader(io.StringIO(run("event", "status", "Open", "--problems", "--csv").stdout)))
    assert cells[1]["problems"] == f"[copy-limit] {message}"


def test_a_cut_match_won_with_a_drawn_game_and_the_bracket_after_the_final(run, db, tmp_path):
    event = new_event(run, db, tmp_path, PLAYERS, "Open", "--rounds", "1")
    _play(run, event, 1)
    top = json.loads(_ok(run("event", "top", event, "--cut", "4", "--json")).stdout)["pairings"]
    drawn = run("event", "result", event, "top4", 1, "1-1-1")
    assert drawn.exit_code == 1 and "has no winner" in drawn.stderr
    _ok(run("event", "result", event, "top4", 1, "2-0-1"))
    _ok(run("event", "result", event, "top4", 2, "0-2-1"))
    final = json.loads(_ok(run("event", "top", event, "--json")).stdout)["pairings"]
    assert final == [{"table": 1, "player": top[0]["player"], "opponent": top[1]["opponent"]}]
    _ok(run("event", "result", event, "top2", 1, "1-0-1"))
    champion = top[0]["player"]
    bracket = _ok(run("event", "top", event))
    rows = [line.split("  ") for line in bracket.stdout.splitlines()[2:-1]]
    assert len(rows) == 3 and bracket.stdout.splitlines()[0].split() == [
        "round", "table", "player", "result", "opponent", "winner"]
    assert "2-0-1" in bracket.stdout and "0-2-1" in bracket.stdout and "1-0-1" in bracket.stdout
    assert bracket.stdout.splitlines()[-1] == f"{champion} won the top cut of Open."
    data = json.loads(_ok(run("event", "top", event, "--json")).stdout)
    assert data["winner"] == champion and [r["round"] for r in data["rounds"]] == ["top4", "top2"]
    assert data["rounds"][1]["pairings"] == [{"table": 1, "player": champion, "opponent": top[1]["opponent"],
                                              "result": "1-0-1", "winner": champion}]


def test_list_fills_rounds_and_started(run, db, tmp_path):
    new_event(run, db, tmp_path, PLAYERS + ["Ed Fox"], "Open")  # 5 players: ⌈log2 5⌉ = 3 rounds
    _ok(run("event", "new", "Later", "--game", "boa", "--date", "2099-05-01", "--rounds", "6"))
    _pairs(run, "Open")
    rows = {r["name"]: r for r in csv.DictReader(io.StringIO(run("event", "list", "--csv").stdout))}
    assert (rows["Open"]["rounds"], rows["Later"]["rounds"]) == ("3", "6")
    table = run("event", "list").stdout.splitlines()
    started = {line.split()[0]: line for line in table[2:]}
    assert started["Later"].split()[-1] == "no" and "since " in started["Open"]
    data = {r["name"]: r for r in json.loads(run("event", "list", "--json").stdout)}
    assert data["Open"]["total_rounds"] == 3 and data["Open"]["started_because"].startswith("since ")


def test_standings_after_a_round_as_they_were_then(run, db, tmp_path):
    event = new_event(run, db, tmp_path, PLAYERS, "Open", "--rounds", "3")
    _play(run, event, 1)
    _play(run, event, 2)
    _ok(run("event", "drop", event, "Di Evans"))  # after round 2: not paired from round 3 on
    for number in (1, 2):
        lines = json.loads(run("event", "standings", event, "--round", number, "--json").stdout)
        assert {line["player"]: line["dropped"] for line in lines}["Di Evans"] is (number == 2)
    cells = list(csv.DictReader(io.StringIO(run("event", "standings", event, "--round", "1", "--csv").stdout)))
    assert {c["player"]: c["dropped"] for c in cells}["Di Evans"] == "no"


def test_a_side_exchange_needs_its_round_paired_and_keeps_a_legal_one(run, db, tmp_path):
    _ok(run("event", "new", "Open", "--game", "boa", "--date", "2099-05-01", "--rounds", "3"))
    for player in PLAYERS:
        _ok(run("event", "register", "Open", player, EMBER))
    _pairs(run, "Open")
    before = event_rows(db)
    early = run("event", "side", "Open", "Ann Lee", 2, EMBER)
    assert early.exit_code == 1
    assert ("round 2 of event 'Open' is not paired yet (paired: 1 to 1); a side exchange is recorded during its"
            " round") in early.stderr
    assert event_rows(db) == before
    _ok(run("event", "side", "Open", "Ann Lee", 1, EMBER))
    grown = tmp_path / "grown.txt"
    grown.write_text(EMBER.read_text().replace("3 Frost Ward", "3 Frost Ward\n2 Arcane Insight"), encoding="utf-8")
    kept = run("event", "side", "Open", "Ann Lee", 1, grown)
    assert kept.exit_code == 1
    assert "Round 1 side exchange of 'Ann Lee': NOT legal, 1 problem; not recorded: the legal exchange recorded at" \
        in kept.stdout and "(give --replace to record this one instead)" in kept.stdout
    assert [(r[5], r[7] is None) for r in event_rows(db)["side_exchange"]] == [(1, True)]
    assert json.loads(run("event", "side", "Open", "Ann Lee", 1, grown, "--json").stdout)["stored"] is False
    replaced = run("event", "side", "Open", "Ann Lee", 1, grown, "--replace")
    assert replaced.exit_code == 1 and "(replaces the earlier record of that round)" in replaced.stdout
    assert [(r[5], r[7] is None) for r in event_rows(db)["side_exchange"]] == [(1, False), (0, True)]

