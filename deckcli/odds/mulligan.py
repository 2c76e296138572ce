"""Each game's mulligan, exactly: the chance of keeping a hand that meets the conditions, and the law of the
first hand kept (by class composition) with what a later hand made of part of it and fresh cards holds.

Given the kept hand's composition ``g``, the rest of the deck is a uniformly shuffled ``total - g`` (the redraws
shuffle it), so everything later depends on the past only through ``g``. The partial redraw (sfb) keeps what
its best policy keeps (:mod:`deckcli.odds.bestpolicy`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import product
from math import comb, prod

from deckcli.odds.classes import DeckClasses
from deckcli.odds.opening import meeting_counts, p_hand
from deckcli.odds.rules import OpeningRules

Composition = tuple[int, ...]
Distribution = dict[Composition, Fraction]


def compositions(counts: Sequence[int], n: int) -> list[tuple[Composition, int]]:
    """Every class composition of an ``n``-card hand (:func:`~deckcli.odds.bestkeeps.composition_rows`, numpy) with
    how many hands have it (a product of binomials)."""
    from deckcli.odds.bestkeeps import composition_rows

    binomials = [[comb(c, k) for k in range(c + 1)] for c in counts]
    return [(tuple(hand), prod(b[h] for b, h in zip(binomials, hand))) for hand in composition_rows(counts, n).tolist()]


def p_with_mulligan(
    classes: DeckClasses,
    rules: OpeningRules,
    hand_size: int,
    on_the_play: bool = True,
    p_opening: Fraction | None = None,
) -> Fraction:
    """The chance of ending the mulligan with a hand that meets the conditions (keeping only such hands); a redraw
    deals a new hand of ``rules.new_hand_size``."""
    if rules.mulligan == "partial-redraw":
        from deckcli.odds.bestpolicy import best_policy

        return best_policy(classes, hand_size).p_with_mulligan
    p = p_hand(classes, hand_size) if p_opening is None else p_opening
    if rules.redraws(on_the_play):
        redrawn = min(rules.new_hand_size, classes.size)
        return p + (1 - p) * (p if redrawn == hand_size else p_hand(classes, redrawn))
    return p


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
    from deckcli.odds.bestpolicy import best_policy

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
    drawn at random from the rest of the deck together meet the conditions (one count over the rest, a start
    per distinct part of the kept hand)."""
    pairs = sorted(set(pairs))
    rest = [c - g for c, g in zip(classes.counts, kept)]
    n, rest_size = sum(kept), sum(rest)
    wanted = {j for j, _ in pairs}
    parts: dict[tuple[int, tuple[int, ...]], int] = {}  # (cards taken from the kept hand, matched counts): ways
    for part in product(*(range(g + 1) for g in kept)):
        j = sum(part)
        if j in wanted:
            key = (j, tuple(classes.matched(part)))
            parts[key] = parts.get(key, 0) + prod(comb(g, a) for g, a in zip(kept, part))
    starts = sorted({start for _, start in parts})
    draws = sorted({k for _, k in pairs if k <= rest_size})
    counted = dict(zip(starts, meeting_counts(rest, classes.signatures, classes.conditions, draws, starts)))
    at = {k: i for i, k in enumerate(draws)}
    good = {pair: 0 for pair in pairs}
    for (j, start), ways in parts.items():
        for pair in pairs:
            if pair[0] == j and pair[1] <= rest_size:
                good[pair] += ways * counted[start][at[pair[1]]]
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
