"""Benchmark: exact odds for a 60-card deck with four overlapping filters and --turn 10; prints seconds
(the plain figures, then what the by-turn figures with the mulligan add: a joint count, as two conditions are bounded).

Run: python bench/bench_odds.py
The goal is well under 0.1 s of computation (the parse of the conditions is included).
"""

from __future__ import annotations

import time

from _odds_deck import FIELDS, OPENING, WANTS, deck


def main() -> None:
    from deckcli.cards.conditions import parse_conditions
    from deckcli.odds import odds, split_classes

    cards = deck()
    runs, mulligan_runs = [], []
    for _ in range(5):
        start = time.perf_counter()
        conditions = parse_conditions(WANTS, FIELDS)
        result = odds(cards, conditions, OPENING, turns=10)
        runs.append(time.perf_counter() - start)
        start = time.perf_counter()
        with_mulligan = result.by_turn_with_mulligan
        mulligan_runs.append(time.perf_counter() - start)
    classes = split_classes(cards, parse_conditions(WANTS, FIELDS))
    print(f"deck: {classes.size} cards, {len(classes.classes)} classes; conditions: {'; '.join(WANTS)}")
    print(f"p_opening {float(result.p_opening):.6f}, p_with_mulligan {float(result.p_with_mulligan):.6f}, "
          f"p by turn 10 {float(result.by_turn[-1][2]):.6f}")
    print(f"exact odds with --turn 10: best {min(runs):.4f} s, median {sorted(runs)[2]:.4f} s (goal < 0.1 s)")
    both = [a + b for a, b in zip(runs, mulligan_runs)]
    print(f"p by turn 10 with the mulligan {float(with_mulligan[-1]):.6f}; the by-turn figures with the mulligan "
          f"add best {min(mulligan_runs):.4f} s (odds --turn 10 in all: median {sorted(both)[2]:.4f} s)")


if __name__ == "__main__":
    main()
