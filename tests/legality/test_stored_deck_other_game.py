"""A stored boa deck validated as sfb (``validate --deck "Ember Rush" --game sfb``) added, after its one wrong-game
problem, ``unknown-card: unknown set 'S01' in sfb; known sets: CORE`` with no card named: the stored printing of
Fireball (a name sfb has too) was looked up in sfb. It now gives what its decklist file gives."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py

EXAMPLE = paths.REPO / "examples" / "ember-rush.txt"


def _problems(result) -> list[tuple[str, str]]:
    (report,) = json.loads(result.stdout)
    return [(p["rule"], p["message"]) for p in report["problems"]]


def test_a_stored_deck_of_another_game_gives_what_its_file_gives(run, db):
    assert run("deck", "import", EXAMPLE).exit_code == 0
    stored = run("validate", "--deck", "Ember Rush", "--game", "sfb", "--json")
    from_file = run("validate", EXAMPLE, "--game", "sfb", "--json")
    assert stored.exit_code == from_file.exit_code == 1
    assert _problems(stored) == _problems(from_file)
    assert [rule for rule, _message in _problems(stored)] == ["wrong-game"]
    assert "unknown set" not in stored.stdout


def test_the_stored_deck_keeps_its_printings_in_its_own_game(run, db):
    assert run("deck", "import", EXAMPLE).exit_code == 0
    own = run("validate", "--deck", "Ember Rush", "--json")
    assert own.exit_code == 0 and _problems(own) == []
