"""Two judges at once, in two processes on either backend: entering results of different tables loses none, and
pairing the next round twice at once gives one round, the other judge told so."""

from __future__ import annotations

import json
import subprocess

from race import race  # tests/support/race.py
from swiss_support import new_event

JUDGE = """
import sys
from deckcli.cli.main import cli
for command in ARGS:
    try:
        cli.main(["event", *command.split("|")], prog_name="deckcli", standalone_mode=False)
    except Exception as exc:
        print(exc, file=sys.stderr)
"""
PLAYERS = [f"Player {i:02d}" for i in range(16)]


def _judges(tmp_path, db, *commands: list[str]) -> list[str]:
    """Run each judge's commands in its own process, all started at once; what each printed on stderr."""
    procs = race(tmp_path, JUDGE, list(commands), env={"DECKCLI_DB": str(db.target)}, stdout=subprocess.DEVNULL)
    return [proc.communicate(timeout=300)[1] for proc in procs]


def test_two_judges_entering_results_of_different_tables_lose_none(run, db, tmp_path):
    new_event(run, db, tmp_path, PLAYERS)
    assert run("event", "pair", "Spring Open").exit_code == 0
    odd = [f"result|Spring Open|1|{t}|2-1" for t in (1, 3, 5, 7)] + [f"result|Spring Open|1|{t}|2-0|--replace" for t in (1, 3, 5, 7)]
    even = [f"result|Spring Open|1|{t}|0-2" for t in (2, 4, 6, 8)] + [f"result|Spring Open|1|{t}|1-2|--replace" for t in (2, 4, 6, 8)]
    assert _judges(tmp_path, db, odd, even) == ["", ""]
    from deckcli.events.rounds import load_tournament

    scores = {p.table: str(p.score) for p in load_tournament(db, "Spring Open").rounds[0].pairings}
    assert scores == {t: "2-0" if t % 2 else "1-2" for t in range(1, 9)}
    assert run("event", "pair", "Spring Open").exit_code == 0  # round 1 complete: every result landed


def test_pairing_the_next_round_twice_at_once_gives_one_round(run, db, tmp_path):
    new_event(run, db, tmp_path, PLAYERS)
    errors = _judges(tmp_path, db, ["pair|Spring Open"], ["pair|Spring Open"])
    paired = [e.startswith("Round 1 of 4:\n") for e in errors]  # (the pairing client says which round, on stderr)
    assert sorted(paired) == [False, True]
    lost = next(e for e, won in zip(errors, paired) if not won)
    assert (
        lost == "Spring Open: round 1 was paired by another client at the same time; nothing was changed here\n"
        or lost.startswith("Spring Open: round 2 cannot be paired: no result yet for table 1 (")  # (it came second)
    )
    shown = json.loads(run("event", "show", "Spring Open", "--json").stdout)
    assert shown["current_round"] == "1"
