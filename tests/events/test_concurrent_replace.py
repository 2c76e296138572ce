"""Eight judges replacing one player's decklist at once (``event register --replace``, each its own connection, on
either backend): every one replaces or waits its turn, none is told to give the --replace it gave, and the history
keeps every list replaced."""

from __future__ import annotations

import json
import threading

import paths  # tests/support/paths.py
from backends import sql_rows

EMBER = paths.EXAMPLES / "ember-rush.txt"
JUDGES = 8
ROUNDS = 3


def _judge(target, barrier: threading.Barrier, said: list[str]) -> None:
    """One judge's run of ``deckcli --db TARGET event register Open Sam EMBER --replace``, its message kept."""
    import click

    from deckcli.cli.main import cli

    barrier.wait()
    try:
        cli.main(["--db", str(target), "event", "register", "Open", "Sam", str(EMBER), "--replace"],
                 prog_name="deckcli", standalone_mode=False)
        said.append("replaced")
    except click.ClickException as exc:
        said.append(exc.format_message())
    except Exception as exc:  # a judge's failure is the test's finding
        said.append(f"{type(exc).__name__}: {exc}")


def _history(db) -> tuple[int, int]:
    """Sam's registration rows: (current, superseded)."""
    rows = sql_rows(db, "SELECT superseded_at IS NULL FROM registration WHERE player_key = 'sam'")
    return sum(1 for (current,) in rows if current), sum(1 for (current,) in rows if not current)


def test_judges_replacing_one_player_at_once_all_replace_and_the_history_keeps_every_list(run, db):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    first = run("event", "register", "Open", "Sam", EMBER)
    assert first.exit_code == 0, first.output
    for round_ in range(ROUNDS):
        barrier, said = threading.Barrier(JUDGES), []
        judges = [threading.Thread(target=_judge, args=(db.target, barrier, said)) for _ in range(JUDGES)]
        for judge in judges:
            judge.start()
        for judge in judges:
            judge.join(timeout=120)
        refused = [s for s in said if s != "replaced"]
        assert refused == [] and len(said) == JUDGES, (round_, refused)
        assert _history(db) == (1, JUDGES * (round_ + 1))
    shown = run("event", "show", "Open", "--json")
    assert shown.exit_code == 0 and json.loads(shown.stdout)["players"] == 1
