"""``odds DECK --want Fireball`` (the count forgotten) is a usage error showing the shape expected, and ``hand
--mulligan`` with no ``--want`` says once, before the hands, that every hand is kept (issue 32)."""

from __future__ import annotations

import paths  # tests/support/paths.py

EMBER = paths.REPO / "examples" / "ember-rush.txt"
SHADOWS = paths.REPO / "examples" / "team-shadows.txt"


def test_a_want_with_no_count_is_a_usage_error_showing_the_shape(run):
    result = run("odds", EMBER, "--want", "Fireball")
    assert result.exit_code == 2
    assert "Invalid value for --want" in result.stderr and "missing count before the card name" in result.stderr
    assert "e.g. --want '1+ \"Fireball\"'" in result.stderr and "Usage: " in result.stderr


def test_a_count_typed_wrong_is_still_bad_input(run):
    result = run("odds", EMBER, "--want", "x+ Fireball")
    assert result.exit_code == 1 and "malformed count 'x+'" in result.stderr


def test_hand_mulligan_without_want_says_once_that_every_hand_is_kept(run):
    result = run("hand", SHADOWS, "--mulligan", "--count", "3", "--seed", "1")
    assert result.exit_code == 0, result.output
    note = "Mulligan (partial-redraw): no conditions given (--want), so every hand is kept."
    lines = result.stdout.splitlines()
    assert lines[1] == note and result.stdout.count("every hand is kept") == 1
    assert lines.index("Hand 1") > 1


def test_a_full_redraw_without_want_keeps_every_hand_too(run):
    result = run("hand", EMBER, "--mulligan", "--count", "3", "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "Mulligan (full-redraw): no conditions given (--want), so every hand is kept."
    assert "New hand" not in result.stdout and "shuffle" not in result.stdout


def test_a_want_on_a_field_of_another_game_is_refused_naming_the_deck_s_game_fields(run):
    result = run("odds", EMBER, "--want", "1+ colour=red")
    assert result.exit_code == 1
    first = result.stderr.splitlines()[0]
    assert first.startswith("Error: bad condition '1+ colour=red': unknown field 'colour' in 'colour=red'")
    listed = first.split("(fields: ")[1].rstrip(")").split(", ")
    assert "cost" in listed and "element" in listed and not {"colour", "hp", "armour", "faction"} & set(listed)
