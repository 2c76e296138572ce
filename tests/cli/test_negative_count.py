"""``deck add X CARD -3`` said "No such option '-3'": a negative COUNT is a count out of range, said as ``0`` is, with
the card it counts; another word starting with a dash is still an unknown option, with Click's suggestion."""

from __future__ import annotations


def test_a_negative_count_is_a_count_out_of_range_naming_the_card(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "Fireball", "2", "Ember Whelp", "-3", "--zone", "maybe")
    assert result.exit_code == 2
    assert "Error: Invalid value for COUNT of 'Ember Whelp': -3 is not in the range 1<=x<=2147483647." in result.stderr
    assert "No such option" not in result.stderr


def test_a_negative_count_first_asks_for_its_card(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "-3", "Fireball")
    assert result.exit_code == 2 and "Error: give a CARD before its COUNT (-3)" in result.stderr


def test_an_unknown_option_is_still_one_with_its_suggestion(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "Fireball", "--zoen", "maybe")
    assert result.exit_code == 2
    assert "Error: No such option '--zoen'. Did you mean '--zone'?" in result.stderr
    assert run("deck", "show", "R", "--json").output.count("Fireball") == 0


def test_after_a_double_dash_a_word_with_a_dash_is_a_card(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    result = run("deck", "add", "R", "--", "-Drain", "2")
    assert result.exit_code == 1 and "unknown card '-Drain' in boa" in result.stderr
    assert "No such option" not in result.stderr


def test_deck_remove_says_a_negative_count_is_out_of_range(run, db):
    assert run("deck", "new", "R", "--game", "boa").exit_code == 0
    assert run("deck", "add", "R", "Fireball", "2").exit_code == 0
    result = run("deck", "remove", "R", "Fireball", "-3")
    assert result.exit_code == 2
    assert "Error: Invalid value for '[COUNT]': -3 is not in the range 1<=x<=2147483647." in result.stderr
    assert "No such option" not in result.stderr
    refused = run("deck", "remove", "R", "Fireball", "--zoen", "main")
    assert refused.exit_code == 2 and "Error: No such option '--zoen'. Did you mean '--zone'?" in refused.stderr
    assert '"count": 2' in run("deck", "show", "R", "--json").stdout
