"""Read-only commands on a ready database import no SQLAlchemy, SQLModel or pydantic (they read through sqlite3),
and give the same output as through the Database when the file first needs work (created, migrated)."""

from __future__ import annotations

import pytest

import paths  # tests/support/paths.py
from child_imports import ORM, invoke_counting

pytestmark = pytest.mark.sqlite_only  # the sqlite3 fast path of a ready file

HEAVY = ORM + ("numpy", "jsonschema")
EMBER = str(paths.EXAMPLES / "ember-rush.txt")


COMMANDS = [
    ["validate", EMBER],
    ["validate", "--deck", "Ember Rush", "--collection", "--json"],
    ["cards", "show", "Fireball", "--game", "boa"],
    ["cards", "search", "whelp", "--json"],
    ["games"],
    ["deck", "show", "ember rush"],
    ["deck", "list", "--json"],
    ["collection", "missing", "--deck", "Ember Rush", "--json"],
    ["collection", "buildable", "--json"],
    ["odds", EMBER, "--want", "1+ kind=monster,cost<=2"],
    ["simulate", EMBER, "--want", "1+ cost<=2", "--trials", "1000", "--seed", "3"],
]


def _invoke(args: list[str], env: dict[str, str]) -> dict:
    return invoke_counting(args, env, HEAVY)


@pytest.fixture
def ready(run, db, monkeypatch):
    """The test database with a stored deck and a few owned cards: created and synced, so ready to read."""
    import os

    assert run("deck", "import", EMBER).exit_code == 0
    assert run("collection", "add", "Ember Whelp", "2").exit_code == 0
    return dict(os.environ)


@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: " ".join(a[:2]))
def test_read_only_commands_import_no_orm_on_a_ready_database(ready, args):
    done = _invoke(args, ready)
    assert done["exit"] in (0, 1), done["out"]
    assert not set(done["heavy"]) & set(ORM), done["heavy"]


@pytest.mark.parametrize("args", [
    ["odds", EMBER, "--want", "1+ kind=monster,cost<=2"],
    ["odds", EMBER, "--want", "1+ kind=monster,cost<=2", "--want", "0-1 cost>=4", "--turn", "10", "--json"],
    ["odds", str(paths.EXAMPLES / "wizdom-standard.txt"), "--want", "1+ kind=ruler", "--turn", "3"],
], ids=["opening hand", "by turn with the mulligan", "aqa"])
def test_odds_with_a_whole_hand_redraw_loads_no_numpy(ready, args):
    """Its counts stay few, so plain Python integers do them (numpy's import alone costs about as much as all the
    rest of the start-up); sfb's partial redraw and many states still count in numpy."""
    done = _invoke(args, ready)
    assert done["exit"] == 0, done["out"]
    assert "numpy" not in done["heavy"], done["heavy"]
    assert "Opening" in done["out"] or '"p_by_turn_with_mulligan"' in done["out"]
    team = _invoke(["odds", str(paths.EXAMPLES / "team-shadows.txt"), "--want", "1+ colour=red"], ready)
    assert team["exit"] == 0 and "numpy" in team["heavy"], team  # the sfb best policy: numpy, as before


def test_a_database_that_needs_work_gives_the_same_answers(ready, db, tmp_path):
    import sqlite3

    before = {" ".join(a): _invoke(a, ready)["out"] for a in COMMANDS[:9]}
    con = sqlite3.connect(db.path)
    con.execute("UPDATE meta SET value = 'an older release' WHERE key = 'bundled_cards_sha256'")
    con.commit()
    con.close()
    first = _invoke(COMMANDS[0], ready)  # re-syncs the bundled cards through the Database (SQLAlchemy)
    assert set(first["heavy"]) & set(ORM) and first["out"] == before[" ".join(COMMANDS[0])]
    assert {" ".join(a): _invoke(a, ready)["out"] for a in COMMANDS[:9]} == before
