"""Every event command of an event day, on a ready SQLite file, imports no SQLAlchemy, SQLModel or pydantic: reads
and writes alike go through sqlite3 (issue 36). Each command runs in a fresh process, in the order of a real day
(register, check, pair, side exchange, result, drop, standings, top cut), and says what it did."""

from __future__ import annotations

import pytest

import paths  # tests/support/paths.py
from child_imports import ORM, invoke_counting

pytestmark = pytest.mark.sqlite_only  # the sqlite3 path of a ready file

HEAVY = ORM + ("numpy", "networkx")
EMBER = str(paths.EXAMPLES / "ember-rush.txt")
EVENT = "Spring Open"



def _invoke(args: list[str], env: dict[str, str]) -> dict:
    return invoke_counting(args, env, HEAVY)


@pytest.fixture
def ready(run, db):
    """A one-round boa event with four players registered, in the test's database (created and synced: ready)."""
    import os

    assert run("event", "new", EVENT, "--game", "boa", "--rounds", "1").exit_code == 0
    for player in ("Ann", "Bo", "Cy", "Di"):
        done = run("event", "register", EVENT, player, EMBER, "--new-player")
        assert done.exit_code == 0, done.output
    return dict(os.environ)


#: Each step of the day: the command, its exit status, a text its output holds.
DAY = [
    (["event", "new", "Autumn Cup", "--game", "boa"], 0, "Created event 'Autumn Cup'"),
    (["event", "delete", "Autumn Cup", "--yes"], 0, "Deleted event 'Autumn Cup'."),
    (["event", "register", EVENT, "Eve", EMBER, "--new-player"], 0, "Receipt:"),
    (["event", "register", EVENT, "Eve", EMBER, "--replace"], 0, "Receipt:"),
    (["event", "check", EVENT, "Ann", EMBER], 0, "passed"),
    (["event", "set", EVENT, "--format", "boa-standard"], 0, "Event 'Spring Open'"),
    (["event", "list", "--json"], 0, '"name": "Spring Open"'),
    (["event", "show", EVENT], 0, "players: 5"),
    (["event", "status", EVENT, "--json"], 0, '"player": "Eve"'),
    (["event", "pair", EVENT], 0, "Round 1 of 1"),
    (["event", "side", EVENT, "Ann", "1", EMBER], 0, "legal"),
    (["event", "result", EVENT, "1", "1", "2-0"], 0, "Round 1, table 1: "),
    (["event", "result", EVENT, "1", "2", "2-1"], 0, "Round 1, table 2: "),
    (["event", "drop", EVENT, "Cy"], 0, "Cy"),
    (["event", "standings", EVENT, "--json"], 0, '"points": 3'),
    (["event", "top", EVENT, "--cut", "2", "--json"], 0, "\"top2\""),
]


def test_every_event_command_of_the_day_imports_no_orm_on_a_ready_file(ready):
    for args, status, said in DAY:
        done = _invoke(args, ready)
        assert done["exit"] == status, (args, done["out"])
        assert said in done["out"], (args, done["out"])
        allowed = {"networkx"} if args[1] == "pair" else set()  # (the matching library of Swiss pairings)
        assert set(done["heavy"]) <= allowed, (args, done["heavy"])


def test_a_refused_write_on_a_ready_file_says_why_and_stores_nothing(ready, db):
    from backends import sql_rows

    assert _invoke(["event", "pair", EVENT], ready)["exit"] == 0
    assert _invoke(["event", "result", EVENT, "1", "1", "2-0"], ready)["exit"] == 0
    done = _invoke(["event", "result", EVENT, "1", "1", "0-2", "2", "2-1"], ready)
    assert done["exit"] == 1
    assert f"{EVENT}: table 1 of round 1 already has the result 2-0 (entered " in done["out"]
    assert done["out"].endswith("); give --replace to correct it\n")  # (table 2, fine, was not stored either)
    assert not set(done["heavy"]) & set(ORM), done["heavy"]
    assert sql_rows(db, "SELECT wins, losses FROM result_entry") == [(2, 0)]


def test_a_registration_refused_on_a_ready_file_says_why_and_stores_nothing(ready, db):
    from backends import sql_rows

    done = _invoke(["event", "register", EVENT, "ann", EMBER], ready)
    assert done["exit"] == 1
    assert done["out"].startswith("Error: 'Ann' is already registered for event 'Spring Open'; give --replace")
    assert not set(done["heavy"]) & set(ORM), done["heavy"]
    assert sql_rows(db, "SELECT count(*) FROM registration") == [(4,)]
