"""Mulligans, exactly: whole-hand redraws and the sfb partial redraw, against brute force over every deal."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest

from deckcli.cards.conditions import parse_conditions
from deckcli.odds import odds, split_classes
from deckcli.odds.bestpolicy import best_policy
from deckcli.odds.mulligan import compositions
from odds_support import brute_partial, card, expand, hits_of, meets, small_deck

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string"}


def brute_redraw(cards, conditions, hand_size):
    """Keep the first hand if it meets the conditions, else shuffle back and draw a fresh hand: every pair of deals."""
    deck = expand(cards)
    hits = hits_of(deck, conditions)
    hands = list(combinations(range(len(deck)), hand_size))
    ok = [meets(hits, conditions, h) for h in hands]
    good = sum(1 for first in ok for second in ok if first or second)
    return Fraction(good, len(hands) ** 2)


def sfb_like():
    """12 cards, 4 of each colour, with costs to give overlapping filters."""
    cards = []
    for colour in ("red", "yellow", "blue"):
        cards.append((card(f"{colour} attack", "attack", 1, colour), 2))
        cards.append((card(f"{colour} skill", "skill", 2, colour), 2))
    return cards


def small_boa():
    """The shared 12-card deck without its yellow monsters: 10 cards."""
    return small_deck()[:5]


BOA = {"hand_size": 4, "mulligan": "full-redraw", "first_turn_draw": "second-player"}
AQA = {"hand_size": 4, "mulligan": "second-player-redraw"}
SFB = {"hand_size": 5, "mulligan": "partial-redraw", "draws_per_turn": 5}
SFB4 = {"hand_size": 4, "mulligan": "partial-redraw", "draws_per_turn": 5}


@pytest.mark.parametrize("wants", [["1+ kind=monster,cost<=2", "1 colour=red"], ["2-3 kind=spell,colour=blue"]])
def test_full_redraw_matches_enumeration_of_both_deals(wants):
    cards = small_boa()
    conditions = parse_conditions(wants, FIELDS)
    result = odds(cards, conditions, BOA)
    expected = brute_redraw(cards, conditions, 4)
    assert result.p_with_mulligan == expected
    assert abs(float(result.p_with_mulligan) - float(expected)) < 1e-12
    assert result.p_with_mulligan > result.p_opening


def test_second_player_redraw_only_going_second():
    cards = small_boa()
    conditions = parse_conditions(["1+ kind=monster,cost<=2", "0-1 colour=blue"], FIELDS)
    on_play = odds(cards, conditions, AQA, on_the_play=True)
    on_draw = odds(cards, conditions, AQA, on_the_play=False)
    assert on_play.p_with_mulligan == on_play.p_opening
    assert on_draw.p_opening == on_play.p_opening
    assert on_draw.p_with_mulligan == brute_redraw(cards, conditions, 4)


def test_no_mulligan_format_keeps_p():
    cards = small_boa()
    conditions = parse_conditions(["1+ kind=spell"], FIELDS)
    result = odds(cards, conditions, {"hand_size": 4, "mulligan": "none"})
    assert result.p_with_mulligan == result.p_opening


@pytest.mark.parametrize(
    "wants,opening",
    [
        (["1+ colour=red", "1+ colour=yellow", "1+ colour=blue"], SFB),
        (["2 colour=red", "1+ kind=skill"], SFB),
        (["1+ colour=red,cost<=1", "0 colour=blue", "2-3 kind=attack"], SFB4),
        (["1+ colour=red", "1+ colour=yellow", "1+ colour=blue"], SFB4),
    ],
)
def test_partial_redraw_best_policy_matches_brute_force(wants, opening):
    cards = sfb_like()
    conditions = parse_conditions(wants, FIELDS)
    result = odds(cards, conditions, opening)
    expected = brute_partial(cards, conditions, opening["hand_size"])
    assert result.p_with_mulligan == expected
    assert abs(float(result.p_with_mulligan) - float(expected)) < 1e-12
    assert result.p_with_mulligan >= result.p_opening


def test_policy_keeps_good_hands_and_discards_to_fix_bad_ones():
    cards = sfb_like()
    conditions = parse_conditions(["1+ colour=red", "1+ colour=yellow", "1+ colour=blue"], FIELDS)
    classes = split_classes(cards, conditions)
    policy = best_policy(classes, 5)
    assert sum(1 for _ in compositions(classes.counts, 5)) == len(policy.table)
    for hand, keep in policy.table.items():
        assert all(k <= h for k, h in zip(keep.kept, hand))
        if classes.meets(hand):  # kept whole, or a spare card redrawn for round 2: it meets surely
            assert keep.p_success == 1
    red = classes.signatures.index((True, False, False))
    only_red = tuple(4 if i == red else 0 for i in range(3))
    hand = tuple(4 if i == red else 1 if classes.signatures[i] == (False, True, False) else 0 for i in range(3))
    assert only_red != hand
    keep = policy.keep(hand)
    # red x4 + yellow x1: keep one red and the yellow, redraw 3 from the 7 cards left (4 blue)
    assert keep.kept[red] == 1 and sum(keep.kept) == 2
