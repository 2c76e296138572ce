"""The hypergeometric law, exactly: how many marked cards a random draw holds (every odds module asks it)."""

from __future__ import annotations

from fractions import Fraction
from math import comb


def hypergeometric(population: int, marked: int, draws: int) -> dict[int, Fraction]:
    """How many of ``marked`` cards ``draws`` cards drawn at random from ``population`` hold: each count's chance."""
    total = comb(population, draws)
    return {
        k: Fraction(comb(marked, k) * comb(population - marked, draws - k), total)
        for k in range(max(0, draws - population + marked), min(marked, draws) + 1)
    }


def p_at_least_one(population: int, marked: int, draws: int) -> Fraction:
    """The chance that ``draws`` cards drawn from ``population`` hold at least one of ``marked`` cards."""
    draws = min(draws, population)
    if population == 0:
        return Fraction(0)
    return 1 - hypergeometric(population, marked, draws).get(0, Fraction(0))
