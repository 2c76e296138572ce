"""``deck add`` to the maybeboard of any format, several cards in one command (``CARD N [CARD N]...``) and decklist
lines on stdin (``-``): one transaction, so a wrong card stores nothing, and every problem is listed (issue 32)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("game", ["boa", "aqa", "sfb"])
def test_the_maybeboard_takes_cards_in_every_format(run, db, game):
    card = {"boa": "Ember Whelp", "aqa": "Fireball", "sfb": "Relentless Advance"}[game]
    assert run("deck", "new", "M", "--game", game).exit_code == 0
    result = run("deck", "add", "M", card, "2", "--zone", "maybe")
    assert result.exit_code == 0, result.output
    assert "to Maybeboard: 2 now." in result.stdout and "Maybeboard: 2 cards." in result.stdout
    assert "has no maybe zone" not in result.output
    removed = run("deck", "remove", "M", card, "--zone", "maybe")
    assert removed.exit_code == 0 and "from Maybeboard: 1 left." in removed.stdout


def test_a_zone_neither_format_nor_game_has_lists_the_maybeboard_too(run, db):
    assert run("deck", "new", "M", "--game", "sfb").exit_code == 0
    result = run("deck", "add", "M", "Kilgore", "--zone", "side")
    assert result.exit_code == 1
    assert "format sfb-standard has no side zone; its zones: main, maybe" in result.stderr


def test_several_cards_in_one_command(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "Ember Whelp", "4", "Fireball", "Cinder Imp", "2")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == [
        "Added 4 × Ember Whelp (S01 001) to Main Deck: 4 now.",
        "Added 1 × Fireball (S01 083) to Main Deck: 1 now.",
        "Added 2 × Cinder Imp (S01 002) to Main Deck: 2 now.",
        "Main Deck: 7 cards.",
    ]


def test_one_wrong_card_stores_nothing_and_every_problem_is_listed(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "Ember Whelp", "4", "Fireballz", "Kilgore", "2")
    assert result.exit_code == 1
    assert "deck add: unknown card 'Fireballz' in boa; did you mean 'Fireball'?" in result.stderr
    assert "deck add: 'Kilgore' is a card of Super Fantasy Brawl (sfb)" in result.stderr
    assert "2 problems in deck add; nothing was added" in result.stderr
    assert "Main Deck (0," in run("deck", "show", "R").stdout


def test_decklist_lines_on_stdin_keep_their_sections(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    lines = "2 Ember Whelp\n1 Fireball\n\nMaybeboard\n1 Cinder Imp\n"
    result = run("deck", "add", "R", "-", input=lines)
    assert result.exit_code == 0, result.output
    assert "Added 1 × Cinder Imp (S01 002) to Maybeboard: 1 now." in result.stdout
    assert "Main Deck: 3 cards." in result.stdout and "Maybeboard: 1 card." in result.stdout


def test_stdin_lines_that_are_wrong_are_all_listed_by_line_and_nothing_is_added(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "-", input="2 Ember Whelpq\n1 Fireball\nxx yy zz\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines()[-3:] == [
        "Error: <stdin>: line 1: unknown card 'Ember Whelpq' in boa; did you mean 'Ember Whelp'?",
        '<stdin>: line 3: expected "COUNT NAME" (like "4 Ember Whelp"), got "xx yy zz"',
        "2 problems in <stdin>; nothing was added",
    ]
    assert "Main Deck (0," in run("deck", "show", "R").stdout


def test_a_count_before_any_card_is_a_usage_error(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "3", "Fireball")
    assert result.exit_code == 2 and "give a CARD before its COUNT (3)" in result.stderr
    one = run("deck", "add", "R", "Fireball", "2", "Ember Whelp", "--set", "S01")
    assert one.exit_code == 2 and "give one CARD with them" in one.stderr


def test_a_count_out_of_range_names_the_card_it_counts(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "Fireball", "2", "Ember Whelp", "0")
    assert result.exit_code == 2
    assert "Error: Invalid value for COUNT of 'Ember Whelp': 0 is not in the range 1<=x<=" in result.stderr
    assert "Main Deck (0," in run("deck", "show", "R").stdout
