"""The odds engines against the dense reference (tests/odds/dense_reference.py) and brute force over labelled
cards, on random small decks and filters: plain odds by hand size, the sfb best policy (every hand's keep),
kept-and-later-hand mixes and by-turn joint counts, decks whose counts pass int64, and many wide conditions."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dense_reference as dense
from deckcli.cards.conditions import parse_conditions
from deckcli.odds import split_classes
from deckcli.odds.bestpolicy import best_policy
from deckcli.odds.mulligan import compositions, kept_and_seen, mixed_success
from deckcli.odds.opening import p_by_size, retiring_order

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string", "champion": "string"}
KINDS, COLOURS = ("monster", "spell"), ("red", "blue", "yellow")
FILTERS = [
    "kind=monster",
    "kind=spell",
    "colour=red",
    "colour=blue",
    "cost<=1",
    "cost>=3",
    "cost=2",
    "kind=monster,colour=red",
    "colour!=yellow",
]


@st.composite
def decks(draw, most_cards: int = 12, most_conditions: int = 4):
    """A random deck of 1..``most_cards`` cards in a few printings, and 1..``most_conditions`` overlapping
    conditions of every shape (N+, N, N-M, 0)."""
    cards = []
    for i in range(draw(st.integers(1, 6))):
        card = {
            "name": f"C{i}",
            "kind": draw(st.sampled_from(KINDS)),
            "cost": draw(st.integers(0, 4)),
            "colour": draw(st.sampled_from(COLOURS)),
        }
        cards.append((card, draw(st.integers(1, 3))))
    while sum(n for _, n in cards) > most_cards:
        cards.pop()
    wants = []
    for _ in range(draw(st.integers(1, most_conditions))):
        low = draw(st.integers(0, 3))
        shape = draw(st.sampled_from(["plus", "exact", "range", "none"]))
        count = {
            "plus": f"{max(low, 1)}+",
            "exact": str(low),
            "range": f"{low}-{low + draw(st.integers(0, 2))}",
            "none": "0",
        }[shape]
        wants.append(f"{count} {draw(st.sampled_from(FILTERS))}")
    return cards, parse_conditions(wants, FIELDS)


def _brute(cards, conditions, n):
    deck = [card for card, count in cards for _ in range(count)]
    hits = [[c.filter.matches(x) for c in conditions] for x in deck]
    hands = list(combinations(range(len(deck)), n))
    good = sum(all(c.holds(sum(hits[i][k] for i in hand)) for k, c in enumerate(conditions)) for hand in hands)
    return Fraction(good, len(hands))


@settings(max_examples=50, deadline=None)
@given(decks())
def test_odds_by_size_equal_the_dense_dp_and_brute_force(deck):
    cards, conditions = deck
    classes = split_classes(cards, conditions)
    sizes = list(range(classes.size + 1))
    found = p_by_size(classes, sizes)
    assert found == dense.p_by_size(classes, sizes)
    for n in {0, 1, min(3, classes.size), classes.size}:
        assert found[n] == _brute(cards, conditions, n)


@settings(max_examples=40, deadline=None)
@given(decks(most_cards=11), st.integers(1, 5))
def test_the_best_policy_equals_the_per_hand_search(deck, hand_size):
    cards, conditions = deck
    classes = split_classes(cards, conditions)
    n = min(hand_size, classes.size)
    reference_n, reference_table, reference_p = dense.compute_policy(classes, n)
    found = best_policy(classes, n)
    assert (found.hand_size, found.p_with_mulligan) == (reference_n, reference_p)
    assert dict(found.table) == reference_table  # every hand's kept part and its chance


def test_the_best_part_is_the_best_chance_then_the_most_cards_kept():
    """Two blue cards before a deck of only red ones succeed surely by redrawing one card or both: keep one."""
    deck = [
        ({"name": "B", "kind": "action", "colour": "blue", "cost": 0}, 2),
        ({"name": "R", "kind": "action", "colour": "red", "cost": 0}, 4),
    ]
    classes = split_classes(deck, parse_conditions(["1+ colour=red"], FIELDS))
    found = best_policy(classes, 2)
    blue_hand = next(hand for hand in found.table if list(classes.matched(hand)) == [0])
    keep = found.keep(blue_hand)
    assert keep.p_success == 1 and sum(keep.kept) == 1
    assert dict(found.table) == dense.compute_policy(classes, 2)[1]


@pytest.mark.parametrize("seed", range(3))
def test_a_team_with_many_conditions_gets_the_dense_policy(seed):
    """sfb-like teams of 10 to 12 cards, three to eight conditions over colours and champions."""
    wants = [
        "1+ colour=red",
        "1+ colour=yellow",
        "1+ colour=blue",
        "1+ champion=A",
        "1+ champion=B",
        "2+ champion=C",
        "0-1 colour=red,champion=A",
        "0-1 colour=blue,champion=C",
        "1 kind=spell",
    ]
    rng = random.Random(seed)
    cards = [
        (
            {"name": f"{c}{i}", "kind": rng.choice(KINDS), "champion": c, "colour": rng.choice(COLOURS)},
            rng.randint(1, 2),
        )
        for i in range(4)
        for c in "ABC"
    ]
    while sum(n for _, n in cards) > 10 + seed:
        cards.pop()
    classes = split_classes(cards, parse_conditions(rng.sample(wants, rng.randint(3, 8)), FIELDS))
    found = best_policy(classes, 5)
    reference_n, reference_table, reference_p = dense.compute_policy(classes, 5)
    assert (found.hand_size, found.p_with_mulligan, dict(found.table)) == (reference_n, reference_p, reference_table)


@settings(max_examples=40, deadline=None)
@given(decks(most_cards=10, most_conditions=3), st.data())
def test_kept_and_later_mixes_equal_the_dense_dp(deck, data):
    cards, conditions = deck
    classes = split_classes(cards, conditions)
    n = data.draw(st.integers(0, min(4, classes.size)))
    kept = data.draw(st.sampled_from([hand for hand, _ in compositions(classes.counts, n)]))
    pairs = [(j, k) for j in range(n + 1) for k in range(classes.size - n + 1)]
    assert mixed_success(classes, kept, pairs) == dense.mixed_success(classes, kept, pairs)
    extras = list(range(classes.size - n + 1))
    assert kept_and_seen(classes, n, extras) == dense.kept_and_seen(classes, n, extras)


def _hundred():
    cards = [({"name": f"N{i}", "kind": KINDS[i % 2], "cost": i % 5, "colour": COLOURS[i % 3]}, 4) for i in range(25)]
    conditions = parse_conditions(["2+ kind=spell", "1-3 colour=red", "0-1 cost>=4", "1+ cost=2"], FIELDS)
    return split_classes(cards, conditions)


def test_counts_past_int64_stay_exact_against_the_dense_dp():
    """100 cards: C(100, 18) and the (hand of 7, 13 later) pairs pass int64."""
    classes = _hundred()
    assert comb(100, 18) > 2**63 and comb(100, 7) * comb(93, 13) > 2**63
    assert p_by_size(classes, [7, 12, 18]) == dense.p_by_size(classes, [7, 12, 18])
    assert kept_and_seen(classes, 7, [0, 5, 13]) == dense.kept_and_seen(classes, 7, [0, 5, 13])


def test_many_wide_conditions_stay_exact():
    """Twelve conditions with counts up to 39 on a 40-card deck: 41**12 combinations, few of them reached."""
    cards = [({"name": f"R{i}", "kind": KINDS[i % 2], "cost": i % 5, "colour": COLOURS[i % 3]}, 2) for i in range(20)]
    wants = [f"0-39 {f}" for f in FILTERS] + ["0-39 cost<=2", "0-39 cost>=2", "1-39 colour=yellow"]
    conditions = parse_conditions(wants, FIELDS)
    assert p_by_size(split_classes(cards, conditions), [3]) == {3: _brute(cards, conditions, 3)}


@pytest.mark.parametrize("seed", range(30))
def test_the_retiring_order_finishes_each_axis_after_its_last_class(seed):
    rng = random.Random(seed)
    classes, axes = rng.randint(0, 9), rng.randint(0, 7)
    moves = [[rng.random() < 0.3 for _ in range(axes)] for _ in range(classes)]
    order, finished = retiring_order(moves, [rng.randint(2, 5) for _ in range(axes)])
    assert sorted(order) == list(range(classes)) and len(finished) == classes + 1
    assert sorted(a for done in finished for a in done) == list(range(axes))
    for a in range(axes):
        movers = [p for p, c in enumerate(order) if moves[c][a]]
        where = next(i for i, done in enumerate(finished) if a in done)
        assert where == (movers[-1] + 1 if movers else 0)


def test_the_retiring_order_keeps_few_axes_live():
    """Two blocks of classes over disjoint axes: the greedy order finishes one block before starting the other."""
    moves = [
        [True, True, False, False],
        [False, False, True, True],
        [True, False, False, False],
        [False, False, False, True],
        [False, True, False, False],
        [False, False, True, False],
    ]
    order, _ = retiring_order(moves, [4, 4, 4, 4])
    blocks = ["ab" if moves[c][0] or moves[c][1] else "cd" for c in order]
    assert blocks in (["ab"] * 3 + ["cd"] * 3, ["cd"] * 3 + ["ab"] * 3)


def test_classes_compare_each_value_once_and_agree_with_the_filters():
    """split_classes remembers a comparison's answer per plain card value: True and 1, 2 and 2.0 stay apart; list
    values and card names go to the filter itself."""
    fields = {"name": "string", "cost": "integer", "flag": "boolean", "tags": "array", "colour": "string"}
    wants = ["1+ cost=1", "1+ flag=true", "0-2 tags=fast", "1+ colour=Red", "1+ cost>=2,colour!=blue", '1 "Nova"']
    conditions = parse_conditions(wants, fields)
    values = [1, True, 2, 2.0, 0, False, None, "1"]
    cards = [
        (
            {
                "name": "Nova" if i == 3 else f"X{i}",
                "cost": values[i % len(values)],
                "flag": values[(i + 3) % 8],
                "tags": ["fast", "big"][: i % 3],
                "colour": ["red", "RED", "blue", None][i % 4],
            },
            1 + i % 2,
        )
        for i in range(24)
    ]
    classes = split_classes(cards, conditions)
    for cls in classes.classes:
        for card, _ in cls.cards:
            assert cls.signature == tuple(bool(c.filter.matches(card)) for c in conditions)
    assert sum(cls.count for cls in classes.classes) == sum(n for _, n in cards)
    assert len({cls.signature for cls in classes.classes}) == len(classes.classes) > 4


@pytest.mark.parametrize("copies", [20, 50])  # 80 and 200 cards, hands of 9: sums past floats; scores past int64
def test_a_policy_whose_counts_pass_floats_and_int64_stays_exact(copies):
    cards = [({"name": f"N{i}", "kind": KINDS[i % 2], "cost": i % 3, "colour": COLOURS[i % 3]}, copies)
             for i in range(4)]
    classes = split_classes(cards, parse_conditions(["2+ kind=spell", "0-1 cost=2"], FIELDS))
    reference_n, reference_table, reference_p = dense.compute_policy(classes, 9)
    found = best_policy(classes, 9)
    assert (found.hand_size, found.p_with_mulligan, dict(found.table)) == (reference_n, reference_p, reference_table)


def test_a_policy_over_many_wide_conditions_equals_brute_force():
    """Nine conditions counting up to three on a hand of four: millions of codes, of which the counts hold only
    those some hand reaches."""
    from odds_support import brute_partial

    cards = [({"name": f"W{i}", "kind": KINDS[i % 2], "cost": i % 5, "colour": COLOURS[i % 3]}, 1 + i % 2)
             for i in range(7)]
    wants = [f"0-3 {f}" for f in FILTERS[:8]] + ["1-3 colour=red"]
    conditions = parse_conditions(wants, FIELDS)
    classes = split_classes(cards, conditions)
    assert classes.size == 10
    found = best_policy(classes, 4)
    assert found.p_with_mulligan == brute_partial(cards, conditions, 4)


@pytest.mark.parametrize("seed", range(4))
def test_the_policy_over_the_reachable_codes_only_equals_the_dense_search(seed, monkeypatch):
    from deckcli.odds import codes

    monkeypatch.setattr(codes, "DENSE_CODES", 0)
    rng = random.Random(seed)
    cards = [({"name": f"C{i}", "kind": rng.choice(KINDS), "cost": rng.randint(0, 4), "colour": rng.choice(COLOURS)},
              rng.randint(1, 3)) for i in range(5)]
    conditions = parse_conditions(rng.sample([f"1+ {f}" for f in FILTERS] + ["0-1 cost>=3", "2 kind=spell"], 3),
                                  FIELDS)
    classes = split_classes(cards, conditions)
    n = min(4, classes.size)
    found = best_policy(classes, n)
    reference_n, reference_table, reference_p = dense.compute_policy(classes, n)
    assert (found.hand_size, found.p_with_mulligan, dict(found.table)) == (reference_n, reference_p, reference_table)
