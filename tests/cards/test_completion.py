"""Shell completion through Click's API (``_DECKCLI_COMPLETE``, ``COMP_WORDS``, ``COMP_CWORD``): card names, stored
deck names, format names and game codes, read-only and without SQLAlchemy."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.sqlite_only  # completion reads the SQLite file (a server gives no names)


def _complete(runner, line: str, db_path: str | None = None) -> list[str]:
    """What bash completion offers for ``line`` (the word being completed is its last, maybe empty, word)."""
    from deckcli.cli.main import cli

    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    env = {"_DECKCLI_COMPLETE": "bash_complete", "COMP_WORDS": " ".join(shlex.quote(w) for w in words),
           "COMP_CWORD": str(len(words) - 1)}
    if db_path is not None:
        env["DECKCLI_DB"] = db_path
    result = runner.invoke(cli, [], env=env, prog_name="deckcli")
    assert result.exit_code == 0, result.output
    return [line.split(",", 1)[1] for line in result.stdout.splitlines() if line]


@pytest.mark.parametrize("line, names", [
    ("deckcli cards show Emb", ["Ember Whelp"]),
    ("deckcli cards show lil", ["Lil'Y"]),
    ("deckcli collection add --game aqa テレ", ["テレパスの少女"]),
    ("deckcli collection remove Kilg", ["Kilgore"]),
    ("deckcli collection set Worldb", ["Worldbreaker"]),
    ("deckcli collection show --game sfb Fireb", ["Fireball"]),
    ("deckcli cards show kakuseisha", ['Kakuseisha "Kanzaki Ren"']),
])
def test_card_names_complete(run, runner, line, names):
    assert _complete(runner, line) == names


def test_deck_names_and_cards_in_deck_commands(run, runner):
    for name in ("Ember Rush", "Emerald Wall", "Shadows"):
        assert run("deck", "new", name, "--game", "boa").exit_code == 0
    assert _complete(runner, "deckcli deck show Em") == ["Ember Rush", "Emerald Wall"]
    assert _complete(runner, "deckcli deck add em") == ["Ember Rush", "Emerald Wall"]
    assert _complete(runner, "deckcli deck add 'Ember Rush' Frost") == ["Frost Ward", "Frostbite Kit", "Frostbound Empress",
                                                                       "Frostforged Shield"]
    assert _complete(runner, "deckcli deck remove Shadows Ember") == ["Ember Whelp"]
    assert _complete(runner, "deckcli collection missing --deck Sha") == ["Shadows"]
    assert _complete(runner, "deckcli deck diff Sh") == ["Shadows", "Sh"]  # a stored deck, or a file
    assert _complete(runner, "deckcli validate --deck Emb") == ["Ember Rush"]


def test_format_names_and_game_codes(runner, run):
    assert _complete(runner, "deckcli deck new X --game boa --format ") == ["boa-advanced", "boa-standard"]
    assert _complete(runner, "deckcli odds --format sfb-") == ["sfb-4p", "sfb-pool", "sfb-standard"]
    assert _complete(runner, "deckcli validate --format aqa") == ["aqa-extreme", "aqa-standard", "aqa-yome"]
    assert _complete(runner, "deckcli validate --format ./") == ["./"]  # a format file: the shell completes it
    assert _complete(runner, "deckcli cards search --game ") == ["aqa", "boa", "sfb"]
    assert _complete(runner, "deckcli collection export --to m") == ["manabox", "moxfield"]


def test_without_a_database_nothing_is_offered_and_nothing_created(runner, tmp_path):
    missing = tmp_path / "none.db"
    assert _complete(runner, "deckcli cards show Emb", str(missing)) == []
    assert _complete(runner, "deckcli deck show E", str(missing)) == []
    assert not missing.exists()
    broken = tmp_path / "broken.db"
    broken.write_bytes(b"not a database")
    assert _complete(runner, "deckcli cards show Emb", str(broken)) == []


def test_completion_reads_the_database_commands_use(monkeypatch, tmp_path):
    from deckcli.cards.completion import database_file
    from deckcli.storage.location import default_db_path

    for env in ({"DECKCLI_DB": str(tmp_path / "a.db")}, {"DECKCLI_DATA_DIR": str(tmp_path / "data")}, {}):
        monkeypatch.delenv("DECKCLI_DB", raising=False)
        monkeypatch.delenv("DECKCLI_DATA_DIR", raising=False)
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        assert database_file() == default_db_path()
    assert database_file(tmp_path / "given.db") == tmp_path / "given.db"


SCRIPT = """
import json, os, sys
from click.testing import CliRunner
from deckcli.cli.main import cli
env = {"_DECKCLI_COMPLETE": "bash_complete", "COMP_WORDS": "deckcli cards show Emb", "COMP_CWORD": "3"}
result = CliRunner().invoke(cli, [], env=env, prog_name="deckcli")
heavy = sorted(m for m in sys.modules if m.split(".")[0] in ("sqlalchemy", "sqlmodel", "pydantic", "numpy", "jsonschema"))
print(json.dumps({"out": result.output, "heavy": heavy}))
"""


def test_card_completion_imports_no_sqlalchemy(db):
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, check=True,
                         env={**os.environ, "DECKCLI_DB": str(Path(db.path))}).stdout
    data = json.loads(out.strip().splitlines()[-1])
    assert data == {"out": "plain,Ember Whelp\n", "heavy": []}


def test_another_programs_database_offers_nothing_and_is_left_as_it_was(runner, tmp_path):
    """Completion reads through the read path: a file that is not deckcli's (here one with a card_name and a deck
    table of its own) gives no names, and its bytes stay as they were."""
    import sqlite3

    foreign = tmp_path / "notes.db"
    con = sqlite3.connect(foreign)
    con.executescript("CREATE TABLE card_name (key TEXT, display TEXT, game TEXT); CREATE TABLE deck (name TEXT);"
                      "INSERT INTO card_name VALUES ('ember whelp', 'Ember Whelp', 'boa');"
                      "INSERT INTO deck VALUES ('Ember Rush');")
    con.commit()
    con.close()
    before = foreign.read_bytes()
    assert _complete(runner, "deckcli cards show Emb", str(foreign)) == []
    assert _complete(runner, "deckcli deck show Emb", str(foreign)) == []
    assert foreign.read_bytes() == before
