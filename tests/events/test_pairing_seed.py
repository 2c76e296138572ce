"""``event new --seed N``: round 1 is paired from the seed the organiser gives, which is recorded and shown, so the
same seed gives the same round 1 (an event can be replayed, and shown not to be tuned); without it a seed is drawn
and recorded as before."""

from __future__ import annotations

import json

from swiss_support import new_event

PLAYERS = [f"Player {i:02d}" for i in range(11)]


def _json(result):
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _round_one(run, event: str) -> list[tuple[str, str | None]]:
    return [(t["player"], t["opponent"]) for t in _json(run("event", "pair", event, "--json"))["pairings"]]


def test_the_same_seed_gives_the_same_round_one(run, db, tmp_path):
    first = new_event(run, db, tmp_path, PLAYERS, "Spring Open", "--seed", "42")
    again = new_event(run, db, tmp_path, PLAYERS, "Summer Open", "--seed", "42")
    other = new_event(run, db, tmp_path, PLAYERS, "Autumn Open", "--seed", "43")
    assert _json(run("event", "show", first, "--json"))["seed"] == "42"
    assert "seed: 42\n" in run("event", "show", again).stdout
    paired = _round_one(run, first)
    assert _round_one(run, again) == paired
    assert _round_one(run, other) != paired


def test_without_a_seed_one_is_drawn_recorded_shown_and_replays(run, db, tmp_path):
    event = new_event(run, db, tmp_path, PLAYERS)
    seed = _json(run("event", "show", event, "--json"))["seed"]
    assert len(seed) == 16 and f"seed: {seed}\n" in run("event", "show", event).stdout
    replay = new_event(run, db, tmp_path, PLAYERS, "Replayed Open", "--seed", seed)  # the seed as event show prints it
    assert _round_one(run, replay) == _round_one(run, event)


def test_a_seed_that_is_not_letters_and_digits_is_refused(run):
    for bad in ("-1", "a b", "x" * 65):
        refused = run("event", "new", "Winter Open", "--game", "boa", "--seed", bad)
        assert refused.exit_code == 2 and "--seed" in refused.output and "letters and digits" in refused.output
    assert "Winter Open" not in run("event", "list").stdout
