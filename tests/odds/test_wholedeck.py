"""The sfb best policy counted from the whole deck (deckcli/odds/wholedeck.py: the rest of the deck by
inclusion-exclusion over the cards in hand) against brute force over labelled cards, the dense reference and the
rest-of-deck tables it replaced; its counts ``W`` against the plain subset counts."""

from __future__ import annotations

import random
from math import prod

import dense_reference as dense
import numpy as np
import pytest
from odds_support import brute_partial

from deckcli.odds import parse_conditions, policy, split_classes, wholedeck
from deckcli.odds.arraycounts import holds_tables, subset_counts, successes
from deckcli.odds.axes import condition_axes
from deckcli.odds.mulligan import _compute_policy

FIELDS = {"name": "string", "kind": "string", "colour": "string", "champion": "string"}
COLOURS, CHAMPIONS = ("red", "yellow", "blue"), "ABC"
WANTS = ["1+ colour=red", "1+ colour=yellow", "1+ colour=blue", "1+ champion=A", "1+ champion=B", "2+ champion=C",
         "0-1 colour=red,champion=A", "0-1 colour=blue,champion=C", "1 kind=attack", "0 colour=yellow,champion=B",
         "1-2 colour!=red"]


def _team(rng: random.Random, cards: int) -> list:
    """An sfb-like deck: each card a champion's, of a colour and a kind, one or two copies."""
    deck = [({"name": f"{c}{i}", "kind": rng.choice(["attack", "skill"]), "champion": c,
              "colour": rng.choice(COLOURS)}, rng.randint(1, 2)) for i in range(4) for c in CHAMPIONS]
    rng.shuffle(deck)
    while sum(n for _, n in deck) > cards:
        deck.pop()
    return deck


@pytest.fixture
def whole_deck_calls(monkeypatch):
    """Every hand counted in batches (no per-hand list), and how many batches the whole deck's counts served."""
    calls = []
    keeps = policy.whole_deck_keeps

    def counted(*args, **kwargs):
        calls.append(1)
        return keeps(*args, **kwargs)

    monkeypatch.setattr(policy, "MANY_HANDS", 0)
    monkeypatch.setattr(policy, "whole_deck_keeps", counted)
    return calls


@pytest.mark.parametrize("seed", range(6))
def test_the_whole_deck_policy_equals_brute_force_over_labelled_cards(seed, whole_deck_calls):
    rng = random.Random(seed)
    cards = _team(rng, rng.randint(9, 11))
    conditions = parse_conditions(rng.sample(WANTS, rng.randint(3, 8)), FIELDS)
    classes = split_classes(cards, conditions)
    n = rng.choice([4, 5])
    found = _compute_policy(classes, n)
    assert whole_deck_calls  # counted from the whole deck, not from rest tables
    assert found.p_with_mulligan == brute_partial(cards, conditions, n)
    assert dict(found.table) == dense.compute_policy(classes, n)[1]  # every hand's kept part and its chance


def test_the_benchmark_team_gets_the_same_policy_as_from_rest_tables(whole_deck_calls, monkeypatch):
    """18 cards, 8 overlapping conditions, hands of 5: every keep equals the rest tables' (forced after)."""
    cards = [({"name": f"{c}{i}", "kind": "action", "champion": c, "colour": COLOURS[i % 3]}, 1)
             for c in CHAMPIONS for i in range(6)]
    conditions = parse_conditions(WANTS[:5] + ["1+ champion=C"] + WANTS[6:8], FIELDS)
    classes = split_classes(cards, conditions)
    found = _compute_policy(classes, 5)
    assert whole_deck_calls == [1]
    monkeypatch.setattr(policy, "WHOLE_DECK_CELLS", 0)
    expected = _compute_policy(classes, 5)
    assert whole_deck_calls == [1]  # declined: too many multisets
    assert found.p_with_mulligan == expected.p_with_mulligan and dict(found.table) == dict(expected.table)
    assert len(found.table) == 882 and sum(keep.kept != hand for hand, keep in found.table.items()) > 500


@pytest.mark.parametrize("seed", range(4))
def test_whole_deck_counts_equal_the_subset_counts(seed):
    """W(code): the (n - m)-card subsets of the deck meeting every condition with the code's counts added."""
    rng = random.Random(seed)
    cards = _team(rng, 12)
    conditions = parse_conditions(rng.sample(WANTS, 4), FIELDS)
    classes = split_classes(cards, conditions)
    n = 4
    caps = np.asarray(classes.caps, dtype=np.int64)
    axes = condition_axes(classes.conditions, classes.size)
    holds = holds_tables(classes.conditions, axes)
    signatures = np.asarray(classes.signatures, dtype=np.int64)
    whole = wholedeck.whole_counts(classes.counts, signatures, holds, caps, n)
    radix = [n + 1, *(caps + 1).tolist()]
    assert len(whole) == prod(radix) + prod(radix[1:]) and not whole[prod(radix):].any()  # past n cards: 0
    table = subset_counts(classes.counts, classes.signatures, axes, n)
    codes = list(np.ndindex(*radix))
    expected = successes(table, holds, [(n - code[0], code[1:]) for code in codes])
    assert whole[:prod(radix)].tolist() == expected
    assert 0 < sum(expected) and len(set(expected)) > 3
