"""Benchmark: exact odds for a 60-card deck with four overlapping filters and --turn 10; prints seconds.

Run: python bench/bench_odds.py
The goal is well under 0.1 s of computation (the parse of the conditions is included).
"""

from __future__ import annotations

import time

from _odds_deck import FIELDS, OPENING, WANTS, deck


def main() -> None:
    from deckcli.odds import odds, parse_conditions, split_classes

    cards = deck()
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        conditions = parse_conditions(WANTS, FIELDS)
        result = odds(cards, conditions, OPENING, turns=10)
        runs.append(time.perf_counter() - start)
    classes = split_classes(cards, parse_conditions(WANTS, FIELDS))
    print(f"deck: {classes.size} cards, {len(classes.classes)} classes; conditions: {'; '.join(WANTS)}")
    print(f"p_opening {float(result.p_opening):.6f}, p_with_mulligan {float(result.p_with_mulligan):.6f}, "
          f"p by turn 10 {float(result.by_turn[-1][2]):.6f}")
    print(f"exact odds with --turn 10: best {min(runs):.4f} s, median {sorted(runs)[2]:.4f} s (goal < 0.1 s)")


if __name__ == "__main__":
    main()
