"""Benchmark: simulate (numpy, class counts) against a plain-Python random.sample loop; prints rates and ratio.

Run: python bench/bench_simulate.py [TRIALS]
Both deal the opening hand and, when it misses, the full-redraw mulligan hand, on the same 60-card deck and
four overlapping conditions. Goals: at least 1,000,000 hands/s and at least 20 times the plain loop.

Then (issue "Speed at scale"): the rate on a 100-card deck against the 60-card one (goal: within 1.5x, no cliff
above 64 cards), and each of simulate's two samplers on its own for one condition: hands drawn from the exact
distribution of class compositions, and bit masks (Floyd's sampling).
"""

from __future__ import annotations

import random
import time

from _odds_deck import FIELDS, OPENING, WANTS, deck
from _setup import size_argument


def plain_loop(cards, conditions, trials: int, seed: int = 1) -> tuple[float, float]:
    """random.sample per hand; each card's filter matches are precomputed, so the loop only counts."""
    pool = [tuple(c.filter.matches(card) for c in conditions) for card, n in cards for _ in range(n)]
    bounds = [(c.low, c.high if c.high is not None else 10**9) for c in conditions]
    hand = OPENING["hand_size"]
    rng = random.Random(seed)

    def meets(cards_in_hand) -> bool:
        for i, (low, high) in enumerate(bounds):
            n = sum(1 for sig in cards_in_hand if sig[i])
            if n < low or n > high:
                return False
        return True

    ok_open = ok_mull = 0
    for _ in range(trials):
        if meets(rng.sample(pool, hand)):
            ok_open += 1
            ok_mull += 1
        elif meets(rng.sample(pool, hand)):
            ok_mull += 1
    return ok_open / trials, ok_mull / trials


def main() -> None:
    from deckcli.cards.conditions import parse_conditions
    from deckcli.odds import odds
    from deckcli.odds.simulate import simulate

    trials = size_argument(__doc__, 2_000_000, "trials")
    plain_trials = max(20_000, trials // 20)
    cards = deck()
    conditions = parse_conditions(WANTS, FIELDS)
    exact = odds(cards, conditions, OPENING)
    simulate(cards, conditions, OPENING, trials=10_000, seed=0)  # warm up numpy

    start = time.perf_counter()
    fast = simulate(cards, conditions, OPENING, trials=trials, seed=1)
    fast_seconds = time.perf_counter() - start
    start = time.perf_counter()
    slow_open, slow_mull = plain_loop(cards, conditions, plain_trials)
    slow_seconds = time.perf_counter() - start

    fast_rate = trials / fast_seconds
    slow_rate = plain_trials / slow_seconds
    print(f"deck: 60 cards; conditions: {'; '.join(WANTS)}; mulligan: full-redraw")
    print(f"exact:        p_opening {float(exact.p_opening):.5f}  p_with_mulligan {float(exact.p_with_mulligan):.5f}")
    print(f"simulate:     p_opening {fast.p_opening:.5f}  p_with_mulligan {fast.p_with_mulligan:.5f}"
          f"  ({trials:,} hands in {fast_seconds:.3f} s = {fast_rate:,.0f} hands/s)")
    print(f"plain Python: p_opening {slow_open:.5f}  p_with_mulligan {slow_mull:.5f}"
          f"  ({plain_trials:,} hands in {slow_seconds:.3f} s = {slow_rate:,.0f} hands/s)")
    print(f"speed-up: {fast_rate / slow_rate:.1f}x (goals: >= 1,000,000 hands/s and >= 20x)")
    deck_sizes(trials)
    samplers(trials)


def _rate(cards, wants, trials: int) -> float:
    from deckcli.cards.conditions import parse_conditions
    from deckcli.odds.simulate import simulate

    conditions = parse_conditions(wants, FIELDS)
    simulate(cards, conditions, OPENING, trials=10_000, seed=0)
    start = time.perf_counter()
    simulate(cards, conditions, OPENING, trials=trials, seed=1)
    return trials / (time.perf_counter() - start)


def deck_sizes(trials: int) -> None:
    """The same four conditions on 60 and on 100 cards (15 and 25 different cards, 4 copies each)."""
    sixty, hundred = _rate(deck(), WANTS, trials), _rate(deck(kinds=25), WANTS, trials)
    ratio = sixty / hundred
    verdict = "ok" if ratio <= 1.5 else "ABOVE the goal of 1.5x"
    print(f"100-card deck: {hundred:,.0f} hands/s; 60-card deck: {sixty:,.0f} hands/s; ratio {ratio:.2f}x  {verdict}")


def samplers(trials: int) -> None:
    """One condition on the 60-card deck: composition table against bit masks, each forced."""
    from deckcli.cards.conditions import parse_conditions
    from deckcli.odds import dealing, split_classes
    from deckcli.odds.simulate import simulate

    wants = WANTS[:1]
    table = _rate(deck(), wants, trials)
    most = dealing.MOST
    dealing.MOST = -1  # no table: bit masks
    try:
        masks = _rate(deck(), wants, trials)
    finally:
        dealing.MOST = most
    classes = split_classes(deck(), parse_conditions(wants, FIELDS))
    size = dealing.composition_count(classes.counts, OPENING["hand_size"])
    print(f"one condition: composition table ({size} compositions) {table:,.0f} hands/s; bit masks {masks:,.0f}"
          f" hands/s; table/masks {table / masks:.2f}x")
    assert simulate  # the samplers are what simulate uses


if __name__ == "__main__":
    main()
