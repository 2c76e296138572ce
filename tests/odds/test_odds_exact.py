"""Exact odds against independent computations: scipy's hypergeometric and brute force over every hand."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import hypergeom

from deckcli.cards.conditions import parse_conditions
from deckcli.errors import InputError
from deckcli.legality.opening import OpeningRules
from deckcli.odds import odds, split_classes
from deckcli.odds.opening import p_by_size, p_hand
from odds_support import card, small_deck

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string", "element": "string"}
BOA = {"hand_size": 6, "mulligan": "full-redraw", "draws_per_turn": 1, "first_turn_draw": "second-player"}
AQA = {"hand_size": 7, "mulligan": "second-player-redraw", "draws_per_turn": 1, "first_turn_draw": "both"}


def boa_deck():
    """60 cards: overlapping kinds, costs and elements."""
    cards = []
    for i in range(15):
        cards.append((card(f"Card {i}", "monster" if i % 3 else "spell", i % 5, element=["Fire", "Water", "Earth"][i % 3]), 4))
    return cards


def brute_force(cards, conditions, hand_size):
    """The share of all hands (sets of card positions) that meet every condition, by enumeration."""
    deck = [c for c, n in cards for _ in range(n)]
    hits = [[c.filter.matches(x) for c in conditions] for x in deck]
    good = total = 0
    for hand in combinations(range(len(deck)), hand_size):
        total += 1
        if all(cond.holds(sum(hits[i][k] for i in hand)) for k, cond in enumerate(conditions)):
            good += 1
    return Fraction(good, total)


@pytest.mark.parametrize("k", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("n", [6, 7, 10, 16])
def test_single_filter_matches_scipy(k, n):
    cards = boa_deck()
    conditions = parse_conditions([f"{k}+ kind=spell"], FIELDS)
    classes = split_classes(cards, conditions)
    spells = classes.matching(0)
    assert spells == 20
    expected = hypergeom.sf(k - 1, 60, spells, n)
    assert abs(float(p_hand(classes, n)) - expected) < 1e-12


@pytest.mark.parametrize("count,lo,hi", [("2", 2, 2), ("1-3", 1, 3), ("0", 0, 0)])
def test_exact_and_range_counts_match_scipy(count, lo, hi):
    conditions = parse_conditions([f"{count} element=Fire"], FIELDS)
    classes = split_classes(boa_deck(), conditions)
    expected = sum(hypergeom.pmf(x, 60, 20, 6) for x in range(lo, hi + 1))
    assert abs(float(p_hand(classes, 6)) - expected) < 1e-12


@pytest.mark.parametrize(
    "wants",
    [
        ["1+ kind=monster,cost<=2", "1+ colour=red"],
        ["2 colour=red", "1-2 kind=spell"],
        ["0 cost>=4", "1+ colour=blue", "2+ kind=monster"],
        ['1+ "A"', "1 colour=red", "0-1 cost=1"],
        ["3+ cost<=3", "1-1 kind=spell"],
    ],
)
@pytest.mark.parametrize("hand_size", [4, 5])
def test_overlapping_filters_match_enumeration(wants, hand_size):
    cards = small_deck()
    conditions = parse_conditions(wants, FIELDS)
    classes = split_classes(cards, conditions)
    expected = brute_force(cards, conditions, hand_size)
    got = p_hand(classes, hand_size)
    assert got == expected
    assert abs(float(got) - float(expected)) < 1e-12


def test_one_pass_gives_every_hand_size():
    cards = small_deck()
    conditions = parse_conditions(["1+ kind=spell", "1-2 colour=red"], FIELDS)
    classes = split_classes(cards, conditions)
    by_size = p_by_size(classes, [3, 4, 5, 6])
    for n, p in by_size.items():
        assert p == brute_force(cards, conditions, n)


def test_probabilities_of_all_hand_outcomes_sum_to_one():
    cards = boa_deck()
    parts = [parse_conditions([f"{k} kind=spell"], FIELDS) for k in range(7)]
    total = sum(p_hand(split_classes(cards, c), 6) for c in parts)
    assert total == 1


@st.composite
def decks_and_conditions(draw):
    kinds = ["monster", "spell"]
    colours = ["red", "blue", "yellow"]
    n_cards = draw(st.integers(2, 5))
    cards = [
        (card(f"C{i}", draw(st.sampled_from(kinds)), draw(st.integers(0, 3)), draw(st.sampled_from(colours))),
         draw(st.integers(1, 3)))
        for i in range(n_cards)
    ]
    filters = ["kind=monster", "kind=spell", "cost<=1", "colour=red", "colour!=blue", "cost>=2,kind=monster"]
    wants = []
    for _ in range(draw(st.integers(1, 3))):
        low = draw(st.integers(0, 3))
        form = draw(st.sampled_from(["+", "exact", "range"]))
        count = f"{low}+" if form == "+" else str(low) if form == "exact" else f"{low}-{low + draw(st.integers(0, 2))}"
        wants.append(f"{count} {draw(st.sampled_from(filters))}")
    size = sum(n for _, n in cards)
    return cards, wants, draw(st.integers(0, min(size, 5)))


@settings(max_examples=40, deadline=None)
@given(decks_and_conditions())
def test_random_decks_match_enumeration(case):
    cards, wants, hand_size = case
    conditions = parse_conditions(wants, FIELDS)
    assert p_hand(split_classes(cards, conditions), hand_size) == brute_force(cards, conditions, hand_size)


def test_cards_seen_by_turn_follow_the_opening_rules():
    boa = OpeningRules.from_dict(BOA)
    assert [boa.cards_seen(t, 60, on_the_play=True) for t in (1, 2, 10)] == [6, 7, 15]
    assert [boa.cards_seen(t, 60, on_the_play=False) for t in (1, 2, 10)] == [7, 8, 16]
    aqa = OpeningRules.from_dict(AQA)
    assert [aqa.cards_seen(t, 40, on_the_play=True) for t in (1, 3)] == [8, 10]
    sfb = OpeningRules.from_dict(
        {"hand_size": 5, "mulligan": "partial-redraw", "draws_per_turn": 5, "first_turn_draw": "none"}
    )
    for on_the_play in (True, False):
        assert [sfb.cards_seen(t, 18, on_the_play) for t in (1, 2, 3, 4)] == [5, 10, 15, 18]


def test_unknown_first_turn_draw_is_refused():
    with pytest.raises(InputError, match="first_turn_draw"):
        OpeningRules.from_dict({"hand_size": 5, "first_turn_draw": "sometimes"})


def test_odds_by_turn_matches_scipy_on_play_and_draw():
    cards = boa_deck()
    conditions = parse_conditions(["1+ cost=0"], FIELDS)
    on_play = odds(cards, conditions, BOA, turns=10, on_the_play=True)
    on_draw = odds(cards, conditions, BOA, turns=10, on_the_play=False)
    assert [seen for _, seen, _ in on_play.by_turn] == list(range(6, 16))
    assert [seen for _, seen, _ in on_draw.by_turn] == list(range(7, 17))
    for result in (on_play, on_draw):
        for _, seen, p in result.by_turn:
            assert abs(float(p) - hypergeom.sf(0, 60, 12, seen)) < 1e-12
    data = on_play.as_dict()
    assert data["p_by_turn"][0] == data["p_opening"]
    assert set(data) >= {"hand_size", "p_opening", "p_with_mulligan", "p_by_turn"}
    assert "p_by_turn" not in odds(cards, conditions, BOA).as_dict()


def test_impossible_conditions_give_zero_and_say_why():
    cards = small_deck()  # 5 spells, 12 cards
    too_many = odds(cards, parse_conditions(["6+ kind=spell"], FIELDS), {"hand_size": 6})
    assert too_many.p_opening == 0 and too_many.p_with_mulligan == 0
    assert "the deck has only 5" in too_many.notes[0]
    too_big = odds(cards, parse_conditions(["7+ cost>=0"], FIELDS), {"hand_size": 6})
    assert too_big.p_opening == 0 and "a hand holds only 6 cards" in too_big.notes[0]
    none_match = odds(cards, parse_conditions(["1+ colour=green"], FIELDS), {"hand_size": 6})
    assert none_match.p_opening == 0 and "no card in the deck matches" in none_match.notes[0]
    at_most = odds(cards, parse_conditions(["0 kind=monster"], FIELDS), {"hand_size": 6})
    assert at_most.p_opening == 0 and "allows at most 0" in at_most.notes[0]
    jointly = odds(cards, parse_conditions(["4+ kind=spell", "3+ kind=monster"], FIELDS), {"hand_size": 6})
    assert jointly.p_opening == 0 and "together" in jointly.notes[0]
    possible = odds(cards, parse_conditions(["5+ kind=spell"], FIELDS), {"hand_size": 6})
    assert possible.p_opening == Fraction(comb(7, 1), comb(12, 6)) and possible.notes == []


def test_huge_deck_stays_exact():
    """400 cards, 70 seen: counts pass int64, and the Python-integer counts stay exact."""
    cards = [(card(f"Big {i}", "monster" if i % 2 else "spell", i % 4), 4) for i in range(100)]
    conditions = parse_conditions(["30+ kind=spell"], FIELDS)
    classes = split_classes(cards, conditions)
    p = p_hand(classes, 70)
    assert p.denominator > 2**63  # the exact fraction needs big integers
    assert abs(float(p) - hypergeom.sf(29, 400, 200, 70)) < 1e-12


def test_conditions_every_hand_meets_count_every_hand_once():
    cards = small_deck()
    conditions = parse_conditions(["0+ kind=spell", "0-12 colour=red"], FIELDS)
    classes = split_classes(cards, conditions)
    assert p_by_size(classes, list(range(13))) == {n: 1 for n in range(13)}


@pytest.mark.parametrize("opening", [BOA, {"hand_size": 5, "mulligan": "partial-redraw"}])
def test_huge_counts_are_bounded_by_the_deck_not_allocated(opening):
    """A well-formed count far above the deck size gives 0 (or "any number") without a table that large."""
    cards = small_deck()  # 12 cards, 5 spells
    big = 10**30
    impossible = odds(cards, parse_conditions([f"{big}+ kind=spell", "1+ colour=red"], FIELDS), opening, turns=2)
    assert impossible.p_opening == 0 and impossible.p_with_mulligan == 0
    assert all(p == 0 for _, _, p in impossible.by_turn)
    assert "the deck has only 5" in impossible.notes[0]
    anything = odds(cards, parse_conditions([f"0-{big} kind=spell", "1+ colour=red"], FIELDS), opening)
    plain = odds(cards, parse_conditions(["1+ colour=red"], FIELDS), opening)
    assert anything.p_opening == plain.p_opening and anything.p_with_mulligan == plain.p_with_mulligan
