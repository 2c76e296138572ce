"""``deck add`` over a copy limit, or past the banned and restricted list in force today: the cards are added (an
illegal deck is stored, as an illegal import is) and a warning on stderr names the rule id and the limit."""

from __future__ import annotations


def test_adding_past_the_copy_limit_warns_with_the_rule_and_the_limit(run, db):
    assert run("deck", "new", "Burn", "--game", "boa").exit_code == 0
    result = run("deck", "add", "Burn", "Fireball", "9")
    assert result.exit_code == 0
    assert "Added 9 × Fireball (S01 083) to Main Deck: 9 now." in result.stdout
    assert result.stderr == ("Warning: [copy-limit] 9 copies of 'Fireball' (Main Deck 9); at most 4 of a name; the"
                             " deck is stored, not legal under boa-standard\n")


def test_adding_within_the_limit_says_nothing_more(run, db):
    assert run("deck", "new", "Burn", "--game", "boa").exit_code == 0
    result = run("deck", "add", "Burn", "Fireball", "4")
    assert result.exit_code == 0 and result.stderr == ""


def test_the_warning_names_only_the_card_added(run, db):
    assert run("deck", "new", "Burn", "--game", "boa").exit_code == 0
    assert run("deck", "add", "Burn", "Fireball", "5").exit_code == 0
    other = run("deck", "add", "Burn", "Ember Whelp", "2")
    assert other.exit_code == 0 and other.stderr == ""


def test_a_banned_card_added_under_a_restricted_list_warns_with_its_rule(run, db):
    assert run("deck", "new", "Control", "--game", "boa", "--format", "boa-advanced").exit_code == 0
    result = run("deck", "add", "Control", "Aeon Sphinx", "1")
    assert result.exit_code == 0
    assert result.stderr.startswith("Warning: [banned] 'Aeon Sphinx' is banned in boa-advanced")
    assert result.stderr.rstrip().endswith("the deck is stored, not legal under boa-advanced")
