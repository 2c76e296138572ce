"""Two judges registering for one event at once (two processes, on either backend): no registration is lost, and
one player registered by both at once lands once, the other judge told so."""

from __future__ import annotations

import subprocess

import paths  # tests/support/paths.py
from race import race  # tests/support/race.py

EMBER = paths.EXAMPLES / "ember-rush.txt"

JUDGE = """
from deckcli.cli.main import cli
event, deck, prefix, n = ARGS[0], ARGS[1], ARGS[2], int(ARGS[3])
for i in range(n):
    player = prefix if n == 1 else f"{prefix} {i}"
    try:
        cli.main(["event", "register", event, player, deck], prog_name="deckcli", standalone_mode=False)
    except Exception as exc:
        print(f"{player}: {exc}", file=sys.stderr)
"""


def _registered(db) -> list[str]:
    """The current registrations' players, read through the fixture's connection: opened before the in-process
    `event new` opened the file a second time, it still reads the judges' writes (no lock of it was dropped)."""
    from deckcli.events.store import event_registrations

    return sorted(r.player for r in event_registrations(db, "Open")[1])


def _judges(tmp_path, db, prefixes: list[str], n: int) -> list[tuple[int, str]]:
    procs = race(tmp_path, JUDGE, [["Open", EMBER, prefix, n] for prefix in prefixes],
                 env={"DECKCLI_DB": str(db.target)}, stdout=subprocess.DEVNULL)
    done = []
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        done.append((proc.returncode, err))
    return done


def test_two_judges_registering_at_once_lose_no_registration(run, db, tmp_path):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    done = _judges(tmp_path, db, ["Table A", "Table B"], 8)
    assert all(err == "" for _, err in done), done
    assert _registered(db) == sorted(f"Table {t} {i}" for t in "AB" for i in range(8))


def test_one_player_registered_by_two_judges_at_once_lands_once(run, db, tmp_path):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    done = _judges(tmp_path, db, ["Sam", "Sam"], 1)
    errors = [err for _, err in done if err]
    assert len(errors) == 1 and "already registered" in errors[0] and "internal error" not in errors[0], done
    assert _registered(db) == ["Sam"]
