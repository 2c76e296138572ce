"""Commands that write, on a ready SQLite file, write through sqlite3 (:mod:`deckcli.storage.writes`) and import no
SQLAlchemy, SQLModel or pydantic (issue 36: ``sqlmodel`` alone cost 218 ms of a 0.42 s ``deck add``); the same
commands on a file that needs work first go through SQLAlchemy and say the same."""

from __future__ import annotations

import os

import pytest

import paths  # tests/support/paths.py
from child_imports import ORM, invoke_counting

pytestmark = pytest.mark.sqlite_only  # the sqlite3 write path of a ready file

HEAVY = ORM
EMBER = str(paths.EXAMPLES / "ember-rush.txt")


#: Each command with what it prints, run in this order on one database.
COMMANDS = [
    (["deck", "new", "Mine", "--game", "boa"], "Created deck 'Mine' (boa, boa-standard)."),
    (["deck", "add", "Mine", "Ember Whelp", "3"], "Added 3 × Ember Whelp (S01 001) to Main Deck: 3 now."),
    (["deck", "remove", "Mine", "Ember Whelp"], "Removed 1 × Ember Whelp (S01 001) from Main Deck: 2 left."),
    (["deck", "copy", "Mine", "Other"], "Copied 'Mine' to 'Other'."),
    (["deck", "rename", "Other", "Third"], "Renamed 'Other' to 'Third'."),
    (["deck", "delete", "Third", "--yes"], "Deleted deck 'Third'."),
    (["deck", "import", EMBER], "Imported deck 'Ember Rush'"),
    (["collection", "add", "Ember Whelp", "2"], "Added 2 × Ember Whelp"),
    (["collection", "remove", "Ember Whelp"], "Removed 1 × Ember Whelp"),
    (["collection", "set", "Fireball", "4", "--game", "boa"], "Fireball"),
    (["collection", "list", "--json"], '"name": "Fireball"'),
]


def _invoke(args: list[str], env: dict[str, str]) -> dict:
    return invoke_counting(args, env, HEAVY)


def _run_all() -> list[dict]:
    return [_invoke(args, dict(os.environ)) for args, _ in COMMANDS]


def test_writing_commands_import_no_orm_on_a_ready_database(db):
    db.close()
    for (args, said), done in zip(COMMANDS, _run_all()):
        assert done["exit"] == 0, (args, done["out"])
        assert said in done["out"], (args, done["out"])
        assert not set(done["heavy"]) & set(ORM), (args, done["heavy"])


def test_a_database_that_needs_work_is_written_the_same_through_sqlalchemy(db):
    db.close()
    ready = [done["out"] for done in _run_all()]
    os.remove(db.path)  # (a new file: made, migrated and filled on first use, through SQLAlchemy)
    first = _invoke(COMMANDS[0][0], dict(os.environ))
    assert set(first["heavy"]) & set(ORM) and first["out"] == ready[0]
    assert [done["out"] for done in [first, *_run_all()[1:]]] == ready
