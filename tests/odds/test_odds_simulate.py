"""Monte Carlo estimates agree with the exact odds within 4 standard errors, and seeds repeat runs."""

from __future__ import annotations

import numpy as np
import pytest

from deckcli.cards.conditions import parse_conditions
from deckcli.odds import odds, split_classes
from deckcli.odds.dealing import HandSampler
from deckcli.odds.simulate import CHUNK, draw_from, simulate

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string", "element": "string", "action": "string"}
BOA = {"hand_size": 6, "mulligan": "full-redraw", "draws_per_turn": 1, "first_turn_draw": "second-player"}
AQA = {"hand_size": 7, "mulligan": "second-player-redraw"}
SFB = {"hand_size": 5, "mulligan": "partial-redraw", "draws_per_turn": 5}


def deck(copies=4, kinds=15):
    return [
        ({"name": f"C{i}", "kind": "monster" if i % 3 else "spell", "cost": i % 5,
          "element": ["Fire", "Water", "Earth"][i % 3]}, copies)
        for i in range(kinds)
    ]


def sfb_deck():
    return [({"name": f"A{i}", "kind": "action", "colour": ["red", "yellow", "blue"][i % 3],
              "action": "attack" if i < 5 else "skill"}, 2) for i in range(9)]


def within(sim, exact_open, exact_mull, sigmas=4):
    assert abs(sim.p_opening - float(exact_open)) <= sigmas * max(sim.stderr_opening, 1e-9)
    assert abs(sim.p_with_mulligan - float(exact_mull)) <= sigmas * max(sim.stderr_with_mulligan, 1e-9)


@pytest.mark.parametrize(
    "cards,wants,opening,on_the_play",
    [
        (deck(), ["1+ kind=monster,cost<=2", "1-2 kind=spell", "2+ element=Fire", "0 cost=4"], BOA, True),
        (deck(), ["2 kind=spell"], BOA, False),
        (deck(copies=3, kinds=14), ["1+ kind=monster,cost<=1", "1+ element=Water"], AQA, False),
        (deck(copies=3, kinds=14), ["1+ kind=monster,cost<=1"], AQA, True),
        (sfb_deck(), ["1+ colour=red", "1+ colour=yellow", "1+ colour=blue"], SFB, True),
        (sfb_deck(), ["2 colour=red", "1+ action=skill"], SFB, True),
        # 80 cards: past 64 cards, hands are compositions drawn from their exact distribution (or two-word masks)
        (deck(copies=4, kinds=20), ["1+ kind=spell,cost<=1", "0-1 element=Earth"], BOA, True),
    ],
)
def test_simulation_agrees_with_exact(cards, wants, opening, on_the_play):
    conditions = parse_conditions(wants, FIELDS)
    exact = odds(cards, conditions, opening, on_the_play=on_the_play)
    sim = simulate(cards, conditions, opening, trials=200_000, seed=12345, on_the_play=on_the_play)
    within(sim, exact.p_opening, exact.p_with_mulligan)
    assert sim.trials == 200_000
    if opening is AQA and on_the_play:
        assert sim.p_with_mulligan == sim.p_opening


def test_same_seed_same_result_and_different_seed_differs():
    conditions = parse_conditions(["1+ kind=spell,cost<=1"], FIELDS)
    a = simulate(deck(), conditions, BOA, trials=50_000, seed=7)
    b = simulate(deck(), conditions, BOA, trials=50_000, seed=7)
    c = simulate(deck(), conditions, BOA, trials=50_000, seed=8)
    assert a.as_dict() == b.as_dict()
    assert a.as_dict() != c.as_dict()


def test_json_keys_and_histograms():
    conditions = parse_conditions(["1+ kind=spell", "2+ element=Fire"], FIELDS)
    sim = simulate(deck(), conditions, BOA, trials=30_000, seed=1)
    data = sim.as_dict()
    for key in ("trials", "p_opening", "p_with_mulligan", "stderr_opening", "stderr_with_mulligan"):
        assert key in data
    assert data["seed"] == 1
    assert [sum(h["counts"]) for h in data["histograms"]] == [30_000, 30_000]
    assert all(len(h["counts"]) == 7 for h in data["histograms"])
    # a hand of 6 from 60 with 20 spells: mean 2 spells
    counts = data["histograms"][0]["counts"]
    mean = sum(k * n for k, n in enumerate(counts)) / 30_000
    assert abs(mean - 2.0) < 0.05
    # the histogram of the 1+ condition gives p_opening's first factor
    assert data["p_opening"] <= 1 - counts[0] / 30_000


def test_progress_reports_every_chunk():
    seen = []
    conditions = parse_conditions(["1+ kind=spell"], FIELDS)
    simulate(deck(), conditions, BOA, trials=CHUNK + 10, seed=3, progress=seen.append)
    assert seen == [CHUNK, 10]


def test_samplers_deal_hands_of_the_right_size_within_the_class_counts():
    rng = np.random.default_rng(0)
    for copies, kinds in ((4, 15), (4, 20)):  # 60 cards (bit masks) and 80 cards (multivariate)
        cards = deck(copies, kinds)
        classes = split_classes(cards, parse_conditions(["1+ kind=spell", "1+ cost<=1"], FIELDS))
        sampler = HandSampler(classes)
        hands = sampler.class_counts(sampler.deal(rng, 6, 10_000))
        assert (hands.sum(axis=1) == 6).all()
        assert (hands <= np.array(classes.counts)).all()
        pools = np.tile(np.array(classes.counts), (1000, 1)) - hands[:1000]
        got = draw_from(rng, pools, np.full(1000, 3))
        assert (got.sum(axis=1) == 3).all() and (got <= pools).all()
