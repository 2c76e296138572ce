"""The sparse DP over reachable class compositions (deckcli/odds/sparse.py) equals the dense one it replaced
(tests/odds/dense_reference.py) and brute force over labelled cards, on random small decks and filters: plain
odds by hand size, the sfb best policy (every hand's keep), kept-and-later-hand mixes and by-turn joint counts;
its int64 residues give exact integers past int64, and its row keys work where one int64 key cannot hold a state."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb, prod

import dense_reference as dense
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.odds import jointcounts, parse_conditions, polycounts, split_classes
from deckcli.odds.byturn import kept_and_seen
from deckcli.odds.arraycounts import subset_counts
from deckcli.odds.axes import condition_axes
from deckcli.odds.exact import p_by_size
from deckcli.odds.kept import mixed_success
from deckcli.odds.mulligan import _compute_policy, _policy_hand_by_hand, compositions
from deckcli.odds import policy as policy_module
from deckcli.odds.policy import hand_compositions
from deckcli.odds.residues import EXACT_LIMIT
from deckcli.odds.sparse import exact, moduli

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string"}
KINDS, COLOURS = ("monster", "spell"), ("red", "blue", "yellow")
FILTERS = ["kind=monster", "kind=spell", "colour=red", "colour=blue", "cost<=1", "cost>=3", "cost=2",
           "kind=monster,colour=red", "colour!=yellow"]


@st.composite
def decks(draw, most_cards: int = 12, most_conditions: int = 4):
    """A random deck of 1..``most_cards`` cards in a few printings, and 1..``most_conditions`` overlapping
    conditions of every shape (N+, N, N-M, 0)."""
    cards = []
    for i in range(draw(st.integers(1, 6))):
        card = {"name": f"C{i}", "kind": draw(st.sampled_from(KINDS)), "cost": draw(st.integers(0, 4)),
                "colour": draw(st.sampled_from(COLOURS))}
        cards.append((card, draw(st.integers(1, 3))))
    while sum(n for _, n in cards) > most_cards:
        cards.pop()
    wants = []
    for _ in range(draw(st.integers(1, most_conditions))):
        low = draw(st.integers(0, 3))
        shape = draw(st.sampled_from(["plus", "exact", "range", "none"]))
        count = {"plus": f"{max(low, 1)}+", "exact": str(low), "range": f"{low}-{low + draw(st.integers(0, 2))}",
                 "none": "0"}[shape]
        wants.append(f"{count} {draw(st.sampled_from(FILTERS))}")
    return cards, parse_conditions(wants, FIELDS)


def _labelled(cards):
    return [card for card, n in cards for _ in range(n)]


def _brute(cards, conditions, n):
    deck = _labelled(cards)
    hits = [[c.filter.matches(x) for c in conditions] for x in deck]
    hands = list(combinations(range(len(deck)), n))
    good = sum(all(c.holds(sum(hits[i][k] for i in hand)) for k, c in enumerate(conditions)) for hand in hands)
    return Fraction(good, len(hands))


@settings(max_examples=60)
@given(decks())
def test_odds_by_size_equal_the_dense_dp_and_brute_force(deck):
    cards, conditions = deck
    classes = split_classes(cards, conditions)
    sizes = list(range(classes.size + 1))
    new = p_by_size(classes, sizes)
    assert new == dense.p_by_size(classes, sizes)
    for n in {0, 1, min(3, classes.size), classes.size}:
        assert new[n] == _brute(cards, conditions, n)


@settings(max_examples=40)
@given(decks(most_cards=11), st.integers(1, 5))
def test_the_best_policy_equals_the_per_hand_search(deck, hand_size):
    cards, conditions = deck
    classes = split_classes(cards, conditions)
    n = min(hand_size, classes.size)
    reference_n, reference_table, reference_p = dense.compute_policy(classes, n)
    found = [_policy_hand_by_hand(classes, n)]
    # from the whole deck's counts; parts shape by shape from rest tables; one list of every hand's parts
    for many_hands, whole_deck in ((0, 1 << 21), (0, 0), (10**9, 1 << 21)):
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(policy_module, "MANY_HANDS", many_hands)
            patch.setattr(policy_module, "WHOLE_DECK_CELLS", whole_deck)
            found.append(_compute_policy(classes, n))
    for policy in found:
        assert policy.hand_size == reference_n and policy.p_with_mulligan == reference_p
        assert policy.table == reference_table  # every hand's kept part and its chance


@pytest.mark.parametrize("most_states", [0, None])  # the numpy table; Python integers
@settings(max_examples=40)
@given(decks(most_cards=10, most_conditions=3), st.data())
def test_kept_and_later_mixes_equal_the_dense_dp(most_states, deck, data):
    cards, conditions = deck
    jointcounts.MOST_STATES = 20_000 if most_states is None else most_states
    classes = split_classes(cards, conditions)
    n = data.draw(st.integers(0, min(4, classes.size)))
    kept = data.draw(st.sampled_from([hand for hand, _ in compositions(classes.counts, n)]))
    pairs = [(j, k) for j in range(n + 1) for k in range(classes.size - n + 1)]
    assert mixed_success(classes, kept, pairs) == dense.mixed_success(classes, kept, pairs)
    extras = list(range(classes.size - n + 1))
    try:
        assert kept_and_seen(classes, n, extras) == dense.kept_and_seen(classes, n, extras)
    finally:
        jointcounts.MOST_STATES = 20_000


@pytest.mark.parametrize("most_states", [0, 10**9])  # the numpy table (residues); Python integers
def test_hand_and_seen_past_int64_stay_exact_against_the_dense_dp(most_states, monkeypatch):
    """100 cards, a hand of 7 and up to 13 later: pairs of (hand, later cards) pass int64 many times over."""
    monkeypatch.setattr(jointcounts, "MOST_STATES", most_states)
    cards = [({"name": f"N{i}", "kind": KINDS[i % 2], "cost": i % 5, "colour": COLOURS[i % 3]}, 4) for i in range(25)]
    conditions = parse_conditions(["2+ kind=spell", "1-3 colour=red", "0-1 cost>=4", "1+ cost=2"], FIELDS)
    classes = split_classes(cards, conditions)
    assert comb(100, 7) * comb(93, 13) > 2**63
    assert kept_and_seen(classes, 7, [0, 5, 13]) == dense.kept_and_seen(classes, 7, [0, 5, 13])


def test_hand_compositions_are_listed_in_the_search_order():
    counts = (3, 1, 2, 4)
    for n in range(11):
        assert [tuple(r) for r in hand_compositions(counts, n).tolist()] == [h for h, _ in compositions(counts, n)]


def test_residues_give_exact_integers_past_int64():
    mods = moduli(comb(400, 200))
    assert len(mods) >= 2 and all(m < 2**31 for m in mods)
    product = 1
    for m in mods:
        product *= m
    assert product > comb(400, 200)
    rng = random.Random(5)
    for value in [0, 1, 2**62, comb(400, 200)] + [rng.randrange(comb(400, 200)) for _ in range(50)]:
        assert exact([value % m for m in mods], mods) == value


@pytest.mark.parametrize("most_states", [0, 10**9])  # numpy residues; Python integers
def test_a_deck_past_int64_stays_exact_against_the_dense_dp(most_states, monkeypatch):
    """100 cards, 18 seen: C(100, 18) passes int64; the dense DP switched to Python integers there."""
    monkeypatch.setattr(polycounts, "MOST_STATES", most_states)
    cards = [({"name": f"N{i}", "kind": KINDS[i % 2], "cost": i % 5, "colour": COLOURS[i % 3]}, 4) for i in range(25)]
    conditions = parse_conditions(["2+ kind=spell", "1-3 colour=red", "0-1 cost>=4", "1+ cost=2"], FIELDS)
    classes = split_classes(cards, conditions)
    assert comb(100, 18) > 2**63
    assert p_by_size(classes, [7, 12, 18]) == dense.p_by_size(classes, [7, 12, 18])


@pytest.mark.parametrize("seen", [3])
def test_states_too_many_for_one_int64_key_are_kept_as_rows(seen):
    """Twelve conditions with counts up to 40 on a 40-card deck: 41**12 combinations pass an int64 key."""
    cards = [({"name": f"R{i}", "kind": KINDS[i % 2], "cost": i % 5, "colour": COLOURS[i % 3]}, 2) for i in range(20)]
    wants = [f"0-39 {f}" for f in FILTERS] + ["0-39 cost<=2", "0-39 cost>=2", "0-39 colour=yellow"]
    conditions = parse_conditions(wants, FIELDS)
    classes = split_classes(cards, conditions)
    table = subset_counts(classes.counts, classes.signatures, condition_axes(conditions, classes.size), seen)
    assert prod(int(limit) + 1 for limit in table.limits) >= EXACT_LIMIT  # rows, not keys: no int64 key holds them
    assert p_by_size(classes, [seen]) == {seen: _brute(cards, conditions, seen)}
