"""The kept first hand after the game's mulligan, as an exact distribution over class compositions, and
the chance that a later hand made of part of it and fresh cards from the rest of the deck meets the conditions.

Given the kept hand's composition ``g``, the rest of the deck is a uniformly shuffled ``total - g`` (the
redraws shuffle it), so everything later depends on the past only through ``g``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import product
from math import comb, prod

from deckcli.odds.arraycounts import holds_tables, subset_counts, successes
from deckcli.odds.axes import condition_axes
from deckcli.odds.classes import DeckClasses
from deckcli.odds.mulligan import best_policy, compositions
from deckcli.odds.rules import OpeningRules

Composition = tuple[int, ...]
Distribution = dict[Composition, Fraction]


def uniform_hands(classes: DeckClasses, n: int) -> Distribution:
    """A random ``n``-card hand, by composition (no mulligan)."""
    total = comb(classes.size, n)
    return {hand: Fraction(ways, total) for hand, ways in compositions(classes.counts, n)}


def redrawn_hands(classes: DeckClasses, n: int) -> Distribution:
    """The kept hand under a whole-hand redraw: keep the first hand if it meets, else a fresh one."""
    first = uniform_hands(classes, n)
    miss = sum((p for hand, p in first.items() if not classes.meets(hand)), Fraction(0))
    return {hand: p * ((1 if classes.meets(hand) else 0) + miss) for hand, p in first.items()}


def partial_hands(classes: DeckClasses, n: int) -> Distribution:
    """The kept hand under the best partial redraw: kept part plus replacements from the cards not in hand."""
    policy = best_policy(classes, n)
    rest_size = classes.size - n
    out: Distribution = {}
    total = comb(classes.size, n)
    for hand, ways in compositions(classes.counts, n):
        kept = policy.keep(hand).kept
        discards = n - sum(kept)
        rest = [c - h for c, h in zip(classes.counts, hand)]
        draws = comb(rest_size, discards)
        for drawn, drawn_ways in compositions(rest, discards):
            final = tuple(k + d for k, d in zip(kept, drawn))
            out[final] = out.get(final, Fraction(0)) + Fraction(ways * drawn_ways, total * draws)
    return out


def kept_hands(classes: DeckClasses, rules: OpeningRules, n: int, on_the_play: bool = True) -> Distribution:
    """The distribution of the first hand the player keeps, under the format's mulligan."""
    if rules.mulligan == "partial-redraw":
        return partial_hands(classes, n)
    if rules.redraws(on_the_play):
        return redrawn_hands(classes, n)
    return uniform_hands(classes, n)


def mixed_success(
    classes: DeckClasses, kept: Composition, pairs: Iterable[tuple[int, int]]
) -> dict[tuple[int, int], Fraction]:
    """For each ``(j, k)``: the chance that ``j`` cards taken at random from the kept hand ``kept`` and ``k``
    drawn at random from the rest of the deck together meet the conditions."""
    pairs = sorted(set(pairs))
    caps = classes.caps
    axes = condition_axes(classes.conditions, classes.size)
    holds = holds_tables(classes.conditions, axes)
    rest = [c - g for c, g in zip(classes.counts, kept)]
    n, rest_size = sum(kept), sum(rest)
    table = subset_counts(rest, classes.signatures, axes, max((k for _, k in pairs), default=0))
    wanted = {j for j, _ in pairs}
    parts: list[tuple[int, int, tuple[int, ...]]] = []  # (cards taken from the kept hand, ways, capped matches)
    for part in product(*(range(g + 1) for g in kept)):
        j = sum(part)
        if j in wanted:
            weight = prod(comb(g, a) for g, a in zip(kept, part))
            parts.append((j, weight, tuple(min(cap, m) for cap, m in zip(caps, classes.matched(part)))))
    queries = sorted({(k, start) for j, _, start in parts for jj, k in pairs if jj == j and k <= rest_size})
    counted = dict(zip(queries, successes(table, holds, queries)))
    good = {pair: 0 for pair in pairs}
    for j, weight, start in parts:
        for pair in pairs:
            if pair[0] == j and pair[1] <= rest_size:
                good[pair] += weight * counted[(pair[1], start)]
    return {
        (j, k): Fraction(good[(j, k)], comb(n, j) * comb(rest_size, k)) if j <= n and k <= rest_size else Fraction(0)
        for j, k in pairs
    }


def expected_success(
    classes: DeckClasses, kept: Mapping[Composition, Fraction], pairs: Iterable[tuple[int, int]]
) -> dict[tuple[int, int], Fraction]:
    """:func:`mixed_success` averaged over the distribution ``kept`` of kept hands."""
    pairs = sorted(set(pairs))
    out = {pair: Fraction(0) for pair in pairs}
    for hand, p in kept.items():
        if p:
            for pair, q in mixed_success(classes, hand, pairs).items():
                out[pair] += p * q
    return out
