"""``event result``: several tables on the command line or a whole round from a results file (``--from``), all
stored or none with every problem named by its row; a score of any length refused with a message; a cut's result
named as the slips name the round ("Top 4, table 1")."""

from __future__ import annotations

import json

import pytest

from backends import sql_rows
from dbdump import dump_tables
from swiss_support import new_event

PLAYERS = [f"Player {i:02d}" for i in range(9)]  # 4 tables and a bye (table 5)
EVENT = "Spring Open"


@pytest.fixture
def tables(run, db, tmp_path) -> list[dict]:
    """A 9-player event with round 1 paired: its tables as printed."""
    new_event(run, db, tmp_path, PLAYERS)
    paired = run("event", "pair", EVENT, "--json")
    assert paired.exit_code == 0, paired.output
    return json.loads(paired.stdout)["pairings"]


def _refused(run, db, *args, code: int = 1, input: str | None = None) -> str:
    before = dump_tables(db)
    result = run(*args, input=input)
    assert result.exit_code == code, result.output
    assert dump_tables(db) == before
    return result.stderr


def _scores(db) -> dict[int, tuple]:
    return dict(
        ((t, (wins, losses, draws)) for t, wins, losses, draws in sql_rows(
            db, "SELECT p.table_no, e.wins, e.losses, e.draws FROM result_entry e JOIN pairing p ON p.id = e.pairing_id"
                " ORDER BY e.id"))
    )


def test_a_score_of_thousands_of_digits_is_refused_with_a_message(run, db, tables):
    long = "1" * 5000
    message = _refused(run, db, "event", "result", EVENT, "1", "1", f"{long}-0")
    assert message == "Error: result 111111111111… (5,000 digits)-0 cannot be a best-of-3 match (at most 2 wins each," \
                      " not both, 3 games)\n"
    assert "internal error" not in _refused(run, db, "event", "result", EVENT, "1", "1", f"0-0-{long}")
    assert _refused(run, db, "event", "result", EVENT, "1", long, "2-0") == (
        f"Error: {EVENT}: round 1 has no table 111111111111… (5,000 digits) (tables 1-5)\n"
    )


def test_several_tables_at_once_on_the_command_line(run, db, tables):
    done = run("event", "result", EVENT, "1", "1", "2-0", "3", "1-1-1", "2", "0-2")
    assert done.exit_code == 0, done.output
    t = {row["table"]: row for row in tables}
    assert done.stdout == (
        f"Round 1, table 1: {t[1]['player']} 2-0 {t[1]['opponent']}.\n"
        f"Round 1, table 3: {t[3]['player']} 1-1-1 {t[3]['opponent']}.\n"
        f"Round 1, table 2: {t[2]['player']} 0-2 {t[2]['opponent']}.\n"
    )
    assert _scores(db) == {1: (2, 0, 0), 2: (0, 2, 0), 3: (1, 1, 1)}
    again = run("event", "result", EVENT, "1", "1", "2-0", "4", "2-1")  # table 1 as stored: not stored twice
    assert again.stdout == (
        f"Round 1, table 1: {t[1]['player']} 2-0 {t[1]['opponent']} (entered already; unchanged).\n"
        f"Round 1, table 4: {t[4]['player']} 2-1 {t[4]['opponent']}.\n"
    )
    assert len(sql_rows(db, "SELECT id FROM result_entry")) == 4


def test_every_problem_of_the_command_line_is_listed_and_nothing_stored(run, db, tables):
    assert run("event", "result", EVENT, "1", "4", "2-1").exit_code == 0
    message = _refused(run, db, "event", "result", EVENT, "1", "1", "2-0", "5", "2-0", "9", "1-0", "x", "2-0",
                       "2", "3-3", "1", "0-2", "4", "0-2")
    bye = next(t["player"] for t in tables if t["opponent"] is None)
    assert message.splitlines() == [
        f"Error: {EVENT}: table 5 of round 1 is {bye}'s bye; it has no result to enter",
        f"{EVENT}: round 1 has no table 9 (tables 1-5)",
        f"{EVENT}: 'x' is not a table number (tables 1-5)",
        "result 3-3 cannot be a best-of-3 match (at most 2 wins each, not both, 3 games)",
        f"{EVENT}: table 1 of round 1 is given twice (first on the command line)",
        message.splitlines()[5],
        "6 problems; no result was stored",
    ]
    assert message.splitlines()[5].startswith(f"{EVENT}: table 4 of round 1 already has the result 2-1 (entered ")


@pytest.mark.parametrize(
    "text",
    [
        "table,result\n1,2-0\n2,0-2\n3,1-1-1\n4,2-1\n",
        "sep=;\nTable No;Player 1 wins;Player 2 wins;Drawn games\n1;2;0;\n2;0;2;0\n\n3;1;1;1\n4;2;1;0\n",
        "1,2-0\n2,0-2\n3,1-1-1\n4,2-1\n",  # the slips' lines as they are, no header
        "\ufeffTABLE\tWins\tLosses\tDraws\r\n1\t2\t0\t0\r\n2\t0\t2\t0\r\n3\t1\t1\t1\r\n4\t2\t1\t0\r\n",
    ],
)
def test_a_whole_round_from_a_results_file(run, db, tables, tmp_path, text):
    (tmp_path / "round1.csv").write_bytes(text.encode("utf-8"))
    done = run("event", "result", EVENT, "1", "--from", str(tmp_path / "round1.csv"))
    assert done.exit_code == 0, done.output
    assert done.stdout == f"Round 1: 4 results stored from {tmp_path / 'round1.csv'}.\n"
    assert _scores(db) == {1: (2, 0, 0), 2: (0, 2, 0), 3: (1, 1, 1), 4: (2, 1, 0)}
    stdin = run("event", "result", EVENT, "1", "--from", "-", input=text)  # the same again, from stdin
    assert stdin.stdout == "Round 1: 0 results stored from <stdin>.\n4 tables had these results already; unchanged.\n"
    assert run("event", "pair", EVENT).exit_code == 0  # round 1 complete


def test_every_problem_of_a_results_file_is_named_by_its_line_and_nothing_stored(run, db, tables, tmp_path):
    assert run("event", "result", EVENT, "1", "4", "2-1").exit_code == 0
    (tmp_path / "r.csv").write_text("table,result\n1,2-0\n5,2-0\n\n9,1-0\nx,2-0\n2,3-3\n1,0-2\n4,0-2\n3,\n",
                                    encoding="utf-8")
    message = _refused(run, db, "event", "result", EVENT, "1", "--from", str(tmp_path / "r.csv"))
    bye = next(t["player"] for t in tables if t["opponent"] is None)
    f = tmp_path / "r.csv"
    lines = message.splitlines()
    assert lines == [
        f"Error: {f}: line 3: {EVENT}: table 5 of round 1 is {bye}'s bye; it has no result to enter",
        f"{f}: line 5: {EVENT}: round 1 has no table 9 (tables 1-5)",
        f"{f}: line 6: {EVENT}: 'x' is not a table number (tables 1-5)",
        f"{f}: line 7: result 3-3 cannot be a best-of-3 match (at most 2 wins each, not both, 3 games)",
        f"{f}: line 8: {EVENT}: table 1 of round 1 is given twice (first on line 2)",
        lines[5],
        f"{f}: line 10: result '' is not W-L or W-L-D (games won by the first player, by the second, drawn)",
        f"7 problems in {f}; no result was stored",
    ]
    assert lines[5].startswith(f"{f}: line 9: {EVENT}: table 4 of round 1 already has the result 2-1 (entered ")
    corrected = run("event", "result", EVENT, "1", "--from", "-", "--replace", input="table,result\n4,0-2\n")
    assert corrected.stdout == "Round 1: 1 result stored from <stdin>.\n" and _scores(db)[4] == (0, 2, 0)
    refused = _refused(run, db, "event", "result", EVENT, "1", "4", "2-0")
    assert refused.startswith(f"Error: {EVENT}: table 4 of round 1 already has the result 0-2 (entered ")
    assert refused.endswith(" from <stdin>:2); give --replace to correct it\n")  # who entered it: the file's line


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("player,deck\nAnn,Ember\n", "line 1: no table and result columns (headers found: 'player', 'deck'; expected"
                                     " table,result or table,player_a_wins,player_b_wins,draws)"),
        ("table,result\n\n", "holds no results (one row per table: table,result)"),
        ('table,result\n1,"2-0\n', 'line 2: not CSV: a quoted cell is not closed (a " is missing)'),
    ],
)
def test_a_file_that_is_no_results_file_is_refused(run, db, tables, tmp_path, text, message):
    (tmp_path / "r.csv").write_text(text, encoding="utf-8")
    assert _refused(run, db, "event", "result", EVENT, "1", "--from", str(tmp_path / "r.csv")) == (
        f"Error: {tmp_path / 'r.csv'}: {message}\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give TABLE W-L[-D] (one or more pairs) or --from FILE"),
        (["1", "2-0", "--from", "-"], "give TABLE W-L[-D] pairs or --from FILE, not both"),
        (["1", "2-0", "3"], "table 3 has no result after it (TABLE W-L[-D] pairs)"),
    ],
)
def test_the_tables_given_wrongly_are_a_usage_error(run, db, tables, args, message):
    assert message in _refused(run, db, "event", "result", EVENT, "1", *args, code=2)


def test_a_drop_with_several_tables_is_of_a_player_at_one_of_them(run, db, tables):
    t = {row["table"]: row for row in tables}
    message = _refused(run, db, "event", "result", EVENT, "1", "1", "2-0", "2", "2-0", "--drop", t[3]["player"])
    assert message == f"Error: {EVENT}: {t[3]['player']} is at none of the tables entered; drop them with deckcli" \
                      " event drop\n"
    done = run("event", "result", EVENT, "1", "1", "2-0", "2", "2-0", "--drop", t[2]["opponent"])
    assert done.stdout.endswith(f"\n{t[2]['opponent']} drops from the next round on.\n")


def test_a_result_of_the_cut_is_named_as_the_slips_name_its_round(run, db, tmp_path):
    new_event(run, db, tmp_path, PLAYERS[:4], "Cup", "--rounds", "1")
    assert run("event", "pair", "Cup").exit_code == 0
    assert run("event", "result", "Cup", "1", "1", "2-0", "2", "2-0").exit_code == 0
    cut = json.loads(run("event", "top", "Cup", "--cut", "4", "--json").stdout)["pairings"][0]
    done = run("event", "result", "Cup", "top4", "1", "2-1")
    assert done.stdout == f"Top 4, table 1: {cut['player']} 2-1 {cut['opponent']}.\n"
