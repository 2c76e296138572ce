"""simulate's two samplers: hands drawn from the exact distribution of class compositions (an alias table) and
bit masks over any number of 64-bit words; each deals hands of the right size within the class counts, and both
agree with the exact odds on decks either side of 64 cards, partial redraws included."""

from __future__ import annotations

from math import comb

import numpy as np
import pytest

from deckcli.cards.conditions import parse_conditions
from deckcli.odds import dealing, odds, split_classes
from deckcli.odds.dealing import CompositionSampler, HandSampler, composition_count, sampler_for
from deckcli.odds.mulligan import compositions
from deckcli.odds.simulate import simulate
from test_odds_simulate import BOA, FIELDS, SFB, deck, sfb_deck, within


def test_the_alias_table_draws_each_composition_with_its_probability():
    classes = split_classes(deck(copies=4, kinds=20), parse_conditions(["1+ kind=spell", "2+ element=Fire"], FIELDS))
    sampler = CompositionSampler.of(classes, 6)
    assert sampler is not None and len(sampler.compositions) == composition_count(classes.counts, 6)
    exact = np.array([w for _, w in compositions(classes.counts, 6)], dtype=np.float64) / comb(classes.size, 6)
    size = len(sampler.keep)
    implied = sampler.keep / size
    np.add.at(implied, sampler.alias, (1 - sampler.keep) / size)
    assert np.allclose(implied, exact, rtol=0, atol=1e-12)


@pytest.mark.parametrize("kinds", [15, 25, 40])  # 60, 100 and 160 cards: one, two and three words
def test_bit_masks_deal_hands_of_the_right_size_on_any_deck(kinds):
    classes = split_classes(deck(copies=4, kinds=kinds), parse_conditions(["1+ kind=spell", "1+ cost<=1"], FIELDS))
    sampler = HandSampler(classes)
    assert sampler.words == -(-classes.size // 64)
    hands = sampler.class_counts(sampler.deal(np.random.default_rng(kinds), 7, 20_000))
    assert (hands.sum(axis=1) == 7).all() and (hands <= np.array(classes.counts)).all()
    assert abs(hands.mean(axis=0) - 7 * np.array(classes.counts) / classes.size).max() < 0.05


@pytest.mark.parametrize("force_masks", [False, True])
@pytest.mark.parametrize("cards, wants, opening", [
    (deck(copies=4, kinds=25), ["1+ kind=monster,cost<=2", "1-2 kind=spell", "2+ element=Fire"], BOA),
    (deck(copies=4, kinds=12), ["2 kind=spell", "0-1 cost=4"], BOA),
    (sfb_deck(), ["1+ colour=red", "1+ colour=yellow", "1+ action=skill"], SFB),
])
def test_either_sampler_agrees_with_the_exact_odds(monkeypatch, force_masks, cards, wants, opening):
    if force_masks:
        monkeypatch.setattr(dealing, "MOST", -1)
    conditions = parse_conditions(wants, FIELDS)
    classes = split_classes(cards, conditions)
    chosen = sampler_for(classes, opening["hand_size"])
    assert isinstance(chosen, HandSampler if force_masks else CompositionSampler)
    sim = simulate(cards, conditions, opening, trials=200_000, seed=99)
    exact = odds(cards, conditions, opening)
    within(sim, exact.p_opening, exact.p_with_mulligan)
    assert [sum(h) for h in sim.histograms] == [200_000] * len(conditions)
