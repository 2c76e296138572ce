"""How many copies: ``copies_needed`` and ``odds --target --vary`` against scipy and brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from scipy.stats import hypergeom

from deckcli.cards.conditions import parse_conditions, parse_vary
from deckcli.errors import InputError
from deckcli.odds.copies import copies_needed
from odds_support import card

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string"}
BOA = {"hand_size": 6, "mulligan": "full-redraw", "draws_per_turn": 1, "first_turn_draw": "second-player"}
NONE = {"hand_size": 3, "mulligan": "none", "draws_per_turn": 1, "first_turn_draw": "both"}
BOLT = card("Bolt", "spell", 1, "red")


def with_redraw(p: float) -> float:
    return p + (1 - p) * p


def test_copies_of_a_card_match_the_hypergeometric_opening_and_by_turn():
    # 40 cards: 2 Bolts, 10 monsters that a condition wants, 28 blanks
    cards = [(BOLT, 2), (card("Beast", "monster", 2, "green"), 10), (card("Rock", "land", 0), 28)]
    conditions = parse_conditions(['1+ "Bolt"'], FIELDS)
    result = copies_needed(cards, conditions, BOA, parse_vary("Bolt"), Fraction(9, 10), max_copies=30)
    for copies, p, plain in result.table:
        assert abs(float(plain) - hypergeom.sf(0, 40, copies, 6)) < 1e-12
        assert abs(float(p) - with_redraw(hypergeom.sf(0, 40, copies, 6))) < 1e-12
    needed = next(k for k in range(41) if with_redraw(hypergeom.sf(0, 40, k, 6)) >= 0.9)
    assert result.needed == needed == result.table[-1][0]
    assert [k for k, _, _ in result.table] == list(range(needed + 1))
    # by turn 4 on the play: 9 cards seen; A the opening hand, S the 9 cards
    by_turn = copies_needed(cards, conditions, BOA, parse_vary("Bolt"), Fraction(95, 100), by_turn=4, max_copies=30)
    for copies, p, plain in by_turn.table:
        a, s = hypergeom.sf(0, 40, copies, 6), hypergeom.sf(0, 40, copies, 9)
        assert abs(float(plain) - s) < 1e-12 and abs(float(p) - (a + (1 - a) * s)) < 1e-12
    assert by_turn.as_dict()["needed"] == by_turn.needed


def brute(deck, conditions, hand_size) -> Fraction:
    hands = list(combinations(range(len(deck)), hand_size))
    good = sum(all(c.holds(sum(c.filter.matches(deck[i]) for i in h)) for c in conditions) for h in hands)
    return Fraction(good, len(hands))


def test_varying_a_filter_replaces_cards_that_meet_no_condition():
    """Brute force over every hand of each deck the table stands for: the other condition's cards stay put."""
    cheap, blank, monster = card("Spark", "spell", 1, "red"), card("Stone", "land", 0), card("Imp", "monster", 1)
    cards = [(cheap, 1), (monster, 3), (blank, 5)]
    conditions = parse_conditions(["1+ kind=spell", "1+ kind=monster"], FIELDS)
    result = copies_needed(cards, conditions, NONE, parse_vary("kind=spell,cost<=1", FIELDS), Fraction(1))
    assert result.needed is None and "reaches 100.0%" in result.notes[-1]
    assert [k for k, _, _ in result.table] == list(range(7))  # 1 spell + 5 blanks
    for copies, p, plain in result.table:
        deck = [cheap] * copies + [monster] * 3 + [blank] * (6 - copies)
        assert p == plain == brute(deck, conditions, 3)


def test_a_copy_limit_bounds_the_count_and_a_target_out_of_reach_says_so():
    cards = [(BOLT, 1), (card("Rock", "land", 0), 39)]
    result = copies_needed(cards, parse_conditions(['2+ "Bolt"'], FIELDS), BOA, parse_vary('"Bolt"'),
                           Fraction(9, 10), max_copies=4)
    assert result.needed is None
    assert [k for k, _, _ in result.table] == [0, 1, 2, 3, 4]
    assert result.notes == ["no count from 0 to 4 of Bolt reaches 90.0% (the format allows at most 4)"]
    assert result.as_dict()["needed"] is None


def test_a_card_the_deck_lacks_is_varied_from_its_own_data():
    cards = [(card("Rock", "land", 0), 40)]
    result = copies_needed(cards, parse_conditions(["1+ kind=spell"], FIELDS), BOA, parse_vary("Bolt"),
                           Fraction(1, 2), card=BOLT, max_copies=4)
    assert result.in_deck == 0
    needed = next(k for k in range(5) if with_redraw(hypergeom.sf(0, 40, k, 6)) >= 0.5)
    assert result.needed == needed == 3
    assert abs(float(result.table[-1][1]) - with_redraw(hypergeom.sf(0, 40, needed, 6))) < 1e-12


def test_varied_cards_that_differ_for_a_condition_are_refused():
    cards = [(BOLT, 2), (card("Frost", "spell", 1, "blue"), 2), (card("Rock", "land", 0), 36)]
    conditions = parse_conditions(["1+ kind=spell", "1+ colour=red"], FIELDS)
    with pytest.raises(InputError, match=r"differ for '1\+ colour=red' \('Bolt' and 'Frost'\)"):
        copies_needed(cards, conditions, BOA, parse_vary("kind=spell", FIELDS), Fraction(1, 2))
    with pytest.raises(InputError, match="no card of the deck matches cost>=7"):
        copies_needed(cards, conditions, BOA, parse_vary("cost>=7", FIELDS), Fraction(1, 2))


def test_vary_reads_a_card_name_or_a_filter():
    assert parse_vary("Fireball").card_name == "Fireball"
    assert parse_vary('"Lil\'Y"').card_name == "Lil'Y"
    assert parse_vary("kind=spell,cost<=2", FIELDS).card_name is None
