"""By-turn odds with the mulligan (cards seen adding up): against scipy's hypergeometric and brute force."""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.stats import hypergeom

from deckcli.cards.conditions import parse_conditions
from deckcli.odds import odds, split_classes
from deckcli.odds.bestpolicy import best_policy
from deckcli.odds.mulligan import expected_success, kept_and_seen, redrawn_hands, uniform_hands
from odds_support import card, small_deck

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string"}
BOA = {"hand_size": 6, "mulligan": "full-redraw", "draws_per_turn": 1, "first_turn_draw": "second-player"}
AQA = {"hand_size": 7, "mulligan": "second-player-redraw", "draws_per_turn": 1, "first_turn_draw": "both"}


def expand(cards):
    return [c for c, n in cards for _ in range(n)]


def meets(conditions, hand) -> bool:
    return all(c.holds(sum(1 for x in hand if c.filter.matches(x))) for c in conditions)


def brute_seen(cards, conditions, hand_size, seen):
    """P(the first ``seen`` cards meet), over every set of that many cards."""
    deck = expand(cards)
    sets = list(combinations(range(len(deck)), seen))
    return Fraction(sum(meets(conditions, [deck[i] for i in s]) for s in sets), len(sets))


def brute_redraw_by_turn(cards, conditions, hand_size, seen):
    """Deal a hand and the later draws; keep the hand if it meets, else shuffle everything back and deal again."""
    deck = expand(cards)
    positions = range(len(deck))
    again = brute_seen(cards, conditions, hand_size, seen)
    total, count = Fraction(0), 0
    for hand in combinations(positions, hand_size):
        rest = [i for i in positions if i not in hand]
        for later in combinations(rest, seen - hand_size):
            count += 1
            if meets(conditions, [deck[i] for i in hand]):
                total += meets(conditions, [deck[i] for i in hand + later])
            else:
                total += again
    return total / count


def brute_partial_by_turn(cards, conditions, hand_size, seen):
    """The best setup redraw (the library's policy), the discards shuffled back, then the later draws."""
    deck = expand(cards)
    classes = split_classes(cards, conditions)
    index = {c.signature: i for i, c in enumerate(classes.classes)}
    of = [index[tuple(bool(c.filter.matches(x)) for c in conditions)] for x in deck]
    policy = best_policy(classes, hand_size)
    positions = set(range(len(deck)))
    hands = list(combinations(sorted(positions), hand_size))
    total = Fraction(0)
    for hand in hands:
        counts = [0] * len(classes.classes)
        for i in hand:
            counts[of[i]] += 1
        drop = [h - k for h, k in zip(counts, policy.keep(counts).kept)]
        kept = []
        for i in hand:
            if drop[of[i]]:
                drop[of[i]] -= 1
            else:
                kept.append(i)
        rest = sorted(positions - set(hand))
        draws = list(combinations(rest, hand_size - len(kept)))
        for drawn in draws:
            first = set(kept) | set(drawn)
            later = list(combinations(sorted(positions - first), seen - hand_size))
            good = sum(meets(conditions, [deck[i] for i in first | set(extra)]) for extra in later)
            total += Fraction(good, len(hands) * len(draws) * len(later))
    return total


TINY = [
    (card("A", "monster", 1, "red"), 2),
    (card("C", "spell", 1, "blue"), 2),
    (card("E", "spell", 4, "red"), 1),
    (card("F", "monster", 5, "yellow"), 2),
]


@pytest.mark.parametrize("wants", [
    ["1+ kind=monster"],
    ["1+ colour=red", "0-1 kind=spell"],
    ["0 cost>=4"],
    ["1-2 colour=red", "1+ kind=spell"],
])
def test_full_redraw_by_turn_matches_brute_force(wants):
    conditions = parse_conditions(wants, FIELDS)
    result = odds(TINY, conditions, {**BOA, "hand_size": 3}, turns=4, on_the_play=False)
    expected = [brute_redraw_by_turn(TINY, conditions, 3, seen) for _, seen, _ in result.by_turn]
    assert result.by_turn_with_mulligan == expected
    assert result.by_turn_with_mulligan[0] == brute_redraw_by_turn(TINY, conditions, 3, 4)


@pytest.mark.parametrize("wants", [["1+ kind=monster", "1+ colour=red"], ["1+ colour=red", "0-1 kind=spell"]])
def test_partial_redraw_with_draws_adding_up_matches_brute_force(wants):
    conditions = parse_conditions(wants, FIELDS)
    result = odds(TINY, conditions, {"hand_size": 3, "mulligan": "partial-redraw", "first_turn_draw": "none"}, turns=3)
    assert [seen for _, seen, _ in result.by_turn] == [3, 4, 5]
    assert result.by_turn_with_mulligan == [brute_partial_by_turn(TINY, conditions, 3, s) for s in (3, 4, 5)]
    assert result.by_turn_with_mulligan[0] == result.p_with_mulligan


@pytest.mark.parametrize("on_the_play", [True, False])
def test_boa_one_at_least_condition_is_the_closed_form(on_the_play):
    """P(A) + (1 - P(A)) * P(S_t): a 1+ condition only gets easier with more cards (scipy's hypergeometric)."""
    cards = [(card("Cheap", "monster", 1), 14), (card("Other", "spell", 3), 38)]
    conditions = parse_conditions(["1+ kind=monster"], FIELDS)
    result = odds(cards, conditions, BOA, turns=12, on_the_play=on_the_play)
    p_a = hypergeom.sf(0, 52, 14, 6)
    for (turn, seen, _), got in zip(result.by_turn, result.by_turn_with_mulligan):
        assert seen == 6 + turn - (1 if on_the_play else 0)
        assert abs(float(got) - (p_a + (1 - p_a) * hypergeom.sf(0, 52, 14, seen))) < 1e-12


def test_aqa_on_the_play_is_the_plain_figure_and_on_the_draw_the_redraw():
    cards = [(card("Character", "character", 1), 16), (card("Break", "break", 2), 24)]
    conditions = parse_conditions(["2+ kind=character", "0-3 kind=break"], FIELDS)
    play = odds(cards, conditions, AQA, turns=5, on_the_play=True)
    assert play.by_turn_with_mulligan == [p for _, _, p in play.by_turn]
    drawn = odds(cards, conditions, AQA, turns=5, on_the_play=False)
    classes = split_classes(cards, conditions)
    again = expected_success(classes, redrawn_hands(classes, 7), [(7, seen - 7) for _, seen, _ in drawn.by_turn])
    assert drawn.by_turn_with_mulligan == [again[(7, seen - 7)] for _, seen, _ in drawn.by_turn]
    # two bounds: 2+ characters and at most 3 breaks among 7 + t cards: the closed form would be wrong
    p_a = drawn.p_opening
    closed = [p_a + (1 - p_a) * p for _, _, p in drawn.by_turn]
    assert drawn.by_turn_with_mulligan != closed


@settings(max_examples=25, deadline=None)
@given(
    counts=st.lists(st.integers(min_value=0, max_value=4), min_size=6, max_size=6),
    wants=st.lists(st.sampled_from(["1+ kind=monster", "0-1 colour=red", "2+ cost<=2", "1-2 kind=spell",
                                    "0 colour=yellow", "2-3 colour=blue"]), min_size=1, max_size=3, unique=True),
    hand=st.integers(min_value=1, max_value=5),
    extra=st.integers(min_value=0, max_value=6),
)
def test_the_joint_count_matches_the_kept_hand_law_on_random_decks(counts, wants, hand, extra):
    """kept_and_seen (one count card by card) against the kept-hand law, hand composition by composition."""
    cards = [(c, n) for (c, _), n in zip(small_deck(), counts)]
    classes = split_classes(cards, parse_conditions(wants, FIELDS))
    if classes.size < hand + extra:
        return
    joint = kept_and_seen(classes, hand, [extra])[extra]
    first = redrawn_hands(classes, hand)
    p_a = sum((p for h, p in uniform_hands(classes, hand).items() if classes.meets(h)), Fraction(0))
    mixed = expected_success(classes, _kept_if_met(classes, hand), [(hand, extra)])[(hand, extra)]
    assert joint == mixed
    later = expected_success(classes, first, [(hand, extra)])[(hand, extra)]
    plain = expected_success(classes, uniform_hands(classes, hand), [(hand, extra)])[(hand, extra)]
    assert later == joint + (1 - p_a) * plain


def _kept_if_met(classes, n):
    """Hands that meet the conditions, each with its chance (the others dropped): P(A and later)."""
    return {h: p for h, p in uniform_hands(classes, n).items() if classes.meets(h)}


def test_lazy_figures_are_computed_once_and_only_when_asked():
    cards = [(card("Cheap", "monster", 1), 20), (card("Other", "spell", 3), 40)]
    result = odds(cards, parse_conditions(["1-2 kind=monster"], FIELDS), BOA, turns=3)
    assert "by_turn_with_mulligan" not in vars(result)
    data = result.as_dict()
    assert len(data["p_by_turn_with_mulligan"]) == 3 == len(data["turns"])
    assert [t["p_with_mulligan"] for t in data["turns"]] == data["p_by_turn_with_mulligan"]


def test_the_joint_count_stays_exact_beyond_int64():
    """120 cards and 30 later draws: the counts pass 2**62, so the joint count runs on Python integers."""
    cards = [(card("Beast", "monster", 2), 45), (card("Rock", "land", 0), 75)]
    classes = split_classes(cards, parse_conditions(["1-4 kind=monster"], FIELDS))
    joint = kept_and_seen(classes, 6, [0, 30])
    for extra in (0, 30):
        assert joint[extra] == expected_success(classes, _kept_if_met(classes, 6), [(6, extra)])[(6, extra)]
