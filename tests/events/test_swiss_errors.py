"""Bad input to the Swiss round commands: a clear message, exit 1, and the database exactly as it was; a result
corrected with --replace keeps every entry with its time."""

from __future__ import annotations

import json

import pytest

from dbdump import dump_tables
from swiss_support import new_event

PLAYERS = ["Ann Lee", "Bo Chen", "Cy Diaz", "Di Evans", "Ed Fox"]


@pytest.fixture
def paired(run, db, tmp_path):
    """A 5-player event (3 rounds) with round 1 paired: two tables and a bye; its pairings as printed."""
    event = new_event(run, db, tmp_path, PLAYERS)
    result = run("event", "pair", event, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["pairings"]


def _refused(run, db, *args) -> str:
    before = dump_tables(db)
    result = run(*args)
    assert result.exit_code == 1, result.output
    assert dump_tables(db) == before
    return result.stderr


def test_a_round_is_not_paired_while_a_result_is_missing(run, db, paired):
    first, second = paired[0], paired[1]
    message = _refused(run, db, "event", "pair", "Spring Open")
    assert message == (
        f"Error: Spring Open: round 2 cannot be paired: no result yet for table 1 ({first['player']} v"
        f" {first['opponent']}), table 2 ({second['player']} v {second['opponent']})\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["1", "9", "2-0"], "Spring Open: round 1 has no table 9 (tables 1-3)"),
        (["2", "1", "2-0"], "Spring Open has no round '2' (paired: 1)"),
        (["1", "1", "3-3"], "result 3-3 cannot be a best-of-3 match (at most 2 wins each, not both, 3 games)"),
        (["1", "1", "2-2"], "result 2-2 cannot be a best-of-3 match"),
        (["1", "1", "2-1-1"], "result 2-1-1 cannot be a best-of-3 match"),
        (["1", "1", "two-one"], "result 'two-one' is not W-L or W-L-D"),
        (["1", "1", "2-0", "--drop", "Nobody"], "no player 'Nobody' is registered for event 'Spring Open'"),
    ],
)
def test_a_result_that_cannot_be_is_refused(run, db, paired, args, message):
    assert message in _refused(run, db, "event", "result", "Spring Open", *args)


def test_the_bye_has_no_result(run, db, paired):
    bye = paired[2]["player"]
    message = _refused(run, db, "event", "result", "Spring Open", "1", "3", "2-0")
    assert message == f"Error: Spring Open: table 3 of round 1 is {bye}'s bye; it has no result to enter\n"


def test_a_result_is_entered_once_then_corrected_with_replace_until_the_next_round(run, db, paired):
    first = paired[0]
    assert run("event", "result", "Spring Open", "1", "1", "2-1").exit_code == 0
    again = _refused(run, db, "event", "result", "Spring Open", "1", "1", "2-0")
    assert "Spring Open: table 1 of round 1 already has the result 2-1 (entered " in again
    assert again.endswith("); give --replace to correct it\n")
    fixed = run("event", "result", "Spring Open", "1", "1", "0-2", "--replace")
    assert fixed.stdout == f"Round 1, table 1: {first['player']} 0-2 {first['opponent']} (was 2-1).\n"
    assert [row[2:5] for row in dump_tables(db)["result_entry"]] == [(2, 1, 0), (0, 2, 0)]  # both kept, in order
    assert run("event", "result", "Spring Open", "1", "2", "1-1-1").exit_code == 0
    assert run("event", "pair", "Spring Open").exit_code == 0
    closed = _refused(run, db, "event", "result", "Spring Open", "1", "1", "2-0", "--replace")
    assert closed == "Error: Spring Open: the results of round 1 cannot change: round 2 is paired\n"
    standings = json.loads(run("event", "standings", "Spring Open", "--round", "1", "--json").stdout)
    assert {s["player"]: s["points"] for s in standings}[first["opponent"]] == 3  # the correction counts


def test_a_player_dropping_with_a_result_is_one_of_its_table(run, db, paired):
    first, second = paired[0], paired[1]
    message = _refused(run, db, "event", "result", "Spring Open", "1", "1", "2-0", "--drop", second["player"])
    assert message == (
        f"Error: Spring Open: {second['player']} is not at table 1 of round 1 ({first['player']} v"
        f" {first['opponent']}); drop them with deckcli event drop\n"
    )
    done = run("event", "result", "Spring Open", "1", "1", "2-0", "--drop", first["opponent"])
    assert done.stdout.endswith(f"\n{first['opponent']} drops from the next round on.\n")


def test_drops(run, db, paired):
    assert "no player 'Nobody' is registered" in _refused(run, db, "event", "drop", "Spring Open", "Nobody")
    assert run("event", "drop", "Spring Open", "Ann Lee").exit_code == 0
    assert _refused(run, db, "event", "drop", "Spring Open", "ann lee") == (
        "Error: Spring Open: Ann Lee has already dropped (from round 2 on)\n"
    )


def test_commands_of_an_event_that_cannot_have_them(run, db, tmp_path, paired):
    assert _refused(run, db, "event", "pair", "Spring Opn") == "Error: no event called 'Spring Opn'; did you mean 'Spring Open'?\n"
    assert _refused(run, db, "event", "standings", "Spring Open", "--round", "4") == (
        "Error: Spring Open: no round 4 yet (1 paired)\n"
    )
    assert _refused(run, db, "event", "top", "Spring Open", "--cut", "4") == (
        "Error: Spring Open: the top cut comes after round 3; 1 paired so far\n"
    )
    new_event(run, db, tmp_path, ["Solo Player"], "Lonely Cup")
    assert _refused(run, db, "event", "pair", "Lonely Cup") == (
        "Error: Lonely Cup: round 1 cannot be paired: 1 active player, at least 2 needed\n"
    )


def test_a_cut_that_cannot_be(run, db, tmp_path):
    new_event(run, db, tmp_path, PLAYERS, "One Round Cup", "--rounds", "1")
    assert run("event", "pair", "One Round Cup").exit_code == 0
    assert _refused(run, db, "event", "top", "One Round Cup", "--cut", "4").startswith(
        "Error: One Round Cup: the top cut cannot be paired: no result yet for table 1 ("
    )
    for table in (1, 2):
        assert run("event", "result", "One Round Cup", "1", table, "2-0").exit_code == 0
    assert _refused(run, db, "event", "top", "One Round Cup") == (
        "Error: One Round Cup: give --cut 8, 4 or 2 to pair the top cut\n"
    )
    assert _refused(run, db, "event", "top", "One Round Cup", "--cut", "8") == (
        "Error: One Round Cup: a top 8 needs 8 players; 5 are still in the event\n"
    )
    assert run("event", "top", "One Round Cup", "--cut", "4").exit_code == 0
    assert _refused(run, db, "event", "top", "One Round Cup", "--cut", "2") == (
        "Error: One Round Cup: the cut is a top4 already; give no --cut to pair its next round\n"
    )
    assert _refused(run, db, "event", "pair", "One Round Cup") == (
        "Error: One Round Cup: the top cut has started; no Swiss round is paired after it\n"
    )
