"""simulate's sampler: bit masks over any number of 64-bit words deal hands of the right size within the class
counts, and agree with the exact odds on decks either side of 64 cards, partial redraws included."""

from __future__ import annotations

import numpy as np
import pytest

from test_odds_simulate import BOA, FIELDS, SFB, deck, sfb_deck, within

from deckcli.odds import odds, parse_conditions, split_classes
from deckcli.odds.simulate import HandSampler, simulate


@pytest.mark.parametrize("kinds", [15, 25, 40])  # 60, 100 and 160 cards: one, two and three words
def test_bit_masks_deal_hands_of_the_right_size_on_any_deck(kinds):
    classes = split_classes(deck(copies=4, kinds=kinds), parse_conditions(["1+ kind=spell", "1+ cost<=1"], FIELDS))
    sampler = HandSampler(classes)
    assert sampler.words == -(-classes.size // 64)
    hands = sampler.class_counts(sampler.deal(np.random.default_rng(kinds), 7, 20_000))
    assert (hands.sum(axis=1) == 7).all() and (hands <= np.array(classes.counts)).all()
    assert abs(hands.mean(axis=0) - 7 * np.array(classes.counts) / classes.size).max() < 0.05


@pytest.mark.parametrize(
    "cards, wants, opening",
    [
        (deck(copies=4, kinds=25), ["1+ kind=monster,cost<=2", "1-2 kind=spell", "2+ element=Fire"], BOA),
        (deck(copies=4, kinds=12), ["2 kind=spell", "0-1 cost=4"], BOA),
        (sfb_deck(), ["1+ colour=red", "1+ colour=yellow", "1+ action=skill"], SFB),
    ],
)
def test_the_bit_masks_agree_with_the_exact_odds(cards, wants, opening):
    conditions = parse_conditions(wants, FIELDS)
    sim = simulate(cards, conditions, opening, trials=200_000, seed=99)
    exact = odds(cards, conditions, opening)
    within(sim, exact.p_opening, exact.p_with_mulligan)
    assert [sum(h) for h in sim.histograms] == [200_000] * len(conditions)
