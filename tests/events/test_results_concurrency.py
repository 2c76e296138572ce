"""Two judges writing the same thing at once, in two real processes on either backend: one table's conflicting
results, one player's drop, two results files of one round. Exactly one write is stored; the other judge is told
what the first stored (as when they come one after the other), never "saved" nor an internal error.

The race is forced, not hoped for: each judge process signals it is ready (a file), waits for the go file, then runs
the command. On PostgreSQL the test holds a SHARE lock on the table both will insert into, so both judges have read
the state (no result, no drop) before either can write; the lock is released only once the server shows both waiting
on it. SQLite serialises writers (BEGIN IMMEDIATE), so there the second judge always reads the first one's row.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import paths  # tests/support/paths.py
from backends import sql_rows
from race import commands_at_once as _judges  # tests/support/race.py: the judges' commands, all at once
from swiss_support import new_event

PLAYERS = [f"Player {i:02d}" for i in range(8)]
EVENT = "Spring Open"


def _paired(run, db, tmp_path) -> list[dict]:
    import json

    new_event(run, db, tmp_path, PLAYERS)
    paired = run("event", "pair", EVENT, "--json")
    assert paired.exit_code == 0, paired.output
    return json.loads(paired.stdout)["pairings"]


def _entries(db) -> list[tuple]:
    return sql_rows(db, "SELECT p.table_no, e.wins, e.losses, e.entry_no FROM result_entry e JOIN pairing p"
                        " ON p.id = e.pairing_id ORDER BY e.id")


def test_two_judges_entering_one_table_differently_at_once_store_one_and_refuse_the_other(run, db, tmp_path):
    table = _paired(run, db, tmp_path)[0]
    done = _judges(tmp_path, db, "result_entry", ["event", "result", EVENT, "1", "1", "2-0"],
                   ["event", "result", EVENT, "1", "1", "0-2"])
    assert sorted(p.returncode for p in done) == [0, 1], [(p.stdout, p.stderr) for p in done]
    won, lost = sorted(done, key=lambda p: p.returncode)
    stored = "2-0" if "2-0" in won.stdout else "0-2"
    assert won.stdout == f"Round 1, table 1: {table['player']} {stored} {table['opponent']}.\n"
    assert lost.stdout == ""
    assert lost.stderr.startswith(f"Error: {EVENT}: table 1 of round 1 already has the result {stored} (entered ")
    assert lost.stderr.endswith("); give --replace to correct it\n")
    assert _entries(db) == [(1, int(stored[0]), int(stored[2]), 1)]  # one row: the one the winner was told of


def test_two_judges_entering_the_same_result_at_once_store_it_once(run, db, tmp_path):
    _paired(run, db, tmp_path)
    done = _judges(tmp_path, db, "result_entry", ["event", "result", EVENT, "1", "2", "2-1"],
                   ["event", "result", EVENT, "1", "2", "2-1"])
    assert [p.returncode for p in done] == [0, 0], [(p.stdout, p.stderr) for p in done]
    assert sorted("(entered already; unchanged)" in p.stdout for p in done) == [False, True]
    assert _entries(db) == [(2, 2, 1, 1)]


@pytest.mark.parametrize("second", [["event", "drop", EVENT, "Player 03"], "result"])
def test_two_judges_dropping_one_player_at_once_drop_them_once(run, db, tmp_path, second):
    tables = _paired(run, db, tmp_path)
    if second == "result":  # the drop given with the result of the player's table
        at = next(t for t in tables if "Player 03" in (t["player"], t["opponent"]))
        second = ["event", "result", EVENT, "1", str(at["table"]), "2-0", "--drop", "Player 03"]
    done = _judges(tmp_path, db, "event_drop", ["event", "drop", EVENT, "Player 03"], second)
    assert sorted(p.returncode for p in done) == [0, 1], [(p.stdout, p.stderr) for p in done]
    lost = max(done, key=lambda p: p.returncode)
    assert lost.stderr == f"Error: {EVENT}: Player 03 has already dropped (from round 2 on)\n"
    assert "internal error" not in "".join(p.stderr for p in done)
    assert sql_rows(db, "SELECT player, from_round FROM event_drop") == [("Player 03", 2)]
    results = len(_entries(db))
    assert results == (1 if lost is done[0] and second[1] == "result" else 0)  # a refused command stored nothing


def test_two_judges_entering_results_files_of_one_round_at_once(run, db, tmp_path):
    tables = _paired(run, db, tmp_path)
    (tmp_path / "a.csv").write_text("table,result\n1,2-0\n2,2-1\n3,1-1-1\n", encoding="utf-8")
    (tmp_path / "b.csv").write_text("Table,Player A wins,Player B wins,Draws\n3,0,2,0\n4,2,0,0\n", encoding="utf-8")
    done = _judges(tmp_path, db, "result_entry", ["event", "result", EVENT, "1", "--from", "a.csv"],
                   ["event", "result", EVENT, "1", "--from", "b.csv"])
    assert sorted(p.returncode for p in done) == [0, 1], [(p.stdout, p.stderr) for p in done]
    won, lost = sorted(done, key=lambda p: p.returncode)
    first, other = ("a.csv", "b.csv") if "a.csv" in won.stdout else ("b.csv", "a.csv")
    line, score, count = {"a.csv": 4, "b.csv": 2}, {"a.csv": "1-1-1", "b.csv": "0-2"}, {"a.csv": 3, "b.csv": 2}
    assert won.stdout == f"Round 1: {count[first]} results stored from {first}.\n"
    assert lost.stderr.startswith(f"Error: {other}: line {line[other]}: {EVENT}: table 3 of round 1 already has the"
                                  f" result {score[first]} (entered ")
    assert f" from {first}:{line[first]}); give --replace to correct it\n" in lost.stderr
    assert lost.stderr.endswith(f"1 problem in {other}; no result was stored\n")
    per_table = sql_rows(db, "SELECT pairing_id, count(*) FROM result_entry GROUP BY pairing_id")
    assert all(n == 1 for _, n in per_table) and len(per_table) == count[first]
    assert len(tables) == 4


def test_a_judge_never_waits_for_an_entry_of_another_table(run, db, tmp_path):
    """While another client's entry of table 1 is written but not committed, table 2's entry goes through (a wait
    would hang the judge's process until the guard's timeout, a failure); SQLite serialises every writer."""
    if db.backend != "postgresql":
        pytest.skip("SQLite serialises every writer: there, judges always queue")
    _paired(run, db, tmp_path)
    env = {**os.environ, "PYTHONPATH": str(paths.REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with db.engine.connect() as other:
        other.exec_driver_sql(
            "INSERT INTO result_entry (pairing_id, wins, losses, draws, entered_at, entry_no)"
            " SELECT id, 2, 0, 0, now(), 1 FROM pairing WHERE table_no = 1"
        )
        done = subprocess.run([sys.executable, "-m", "deckcli", "event", "result", EVENT, "1", "2", "2-1"], env=env,
                              capture_output=True, text=True, timeout=120, check=False)
        other.rollback()
    assert (done.returncode, done.stderr) == (0, "")
    assert _entries(db) == [(2, 2, 1, 1)]
