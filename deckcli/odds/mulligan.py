"""Each game's mulligan, exactly: the chance of keeping a hand that meets the conditions, and the law of the
first hand kept (by class composition) with what a later hand made of part of it and fresh cards holds.

Given the kept hand's composition ``g``, the rest of the deck is a uniformly shuffled ``total - g`` (the redraws
shuffle it), so everything later depends on the past only through ``g``. The partial redraw (sfb) keeps what
its best policy keeps (:mod:`deckcli.odds.bestpolicy`).

By turn, with the game's mulligan (the opening hand kept only when it meets the conditions) and a whole-hand
redraw: with A "the opening hand meets" and S_t "the cards seen by turn t meet", the figure is
``P(A and S_t) + (1 - P(A)) * P(S_t)`` (a redraw is a fresh shuffle); when every condition is ``N+``, A implies S_t,
else one joint count gives the first term (:func:`kept_and_seen`). Partial redraw: the kept hand's law plus the
draws from the rest. A new hand each round: :func:`round_odds`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from itertools import product
from math import comb, prod

from deckcli.legality.opening import OpeningRules
from deckcli.odds.classes import DeckClasses
from deckcli.odds.hypergeometric import overlap_by_round
from deckcli.odds.opening import (
    Axis,
    Offer,
    Step,
    class_axes,
    condition_axes,
    holding_lists,
    key_places,
    meeting_counts,
    p_hand,
    retiring_order,
    sweep,
)

Composition = tuple[int, ...]
Distribution = dict[Composition, Fraction]


def compositions(counts: Sequence[int], n: int) -> list[tuple[Composition, int]]:
    """Every class composition of an ``n``-card hand (:func:`~deckcli.odds.codes.composition_rows`, numpy) with
    how many hands have it (a product of binomials)."""
    from deckcli.odds.codes import composition_rows, composition_ways

    rows = composition_rows(counts, n)
    return [(tuple(hand), ways) for hand, ways in zip(rows.tolist(), composition_ways(counts, rows, object).tolist())]


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


def kept_and_seen(classes: DeckClasses, hand_size: int, extras: Sequence[int]) -> dict[int, Fraction]:
    """For each ``e`` in ``extras``: P(the first ``hand_size`` cards meet the conditions and so do the first
    ``hand_size + e``).

    Both hold exactly when the hand has at least each condition's ``low`` and the cards seen at most its ``high``
    (counts only grow), so a state tracks the hand's size, its counts on the ``N+`` axes (saturating at ``low``)
    and the seen cards' counts on the ``N-M`` axes (a state past ``M`` dropped), packed in one integer key as in
    :mod:`deckcli.odds.opening`; its weight is a polynomial in the number of later cards. Of a class's cards,
    ``a`` go to the hand and ``b`` are drawn later (the others stay in the deck).
    """
    n, size, most = hand_size, classes.size, max(extras, default=0)
    conditions = classes.conditions
    # the N+ axes, then the N-M ones (an M of at least the most cards ever seen always holds), as conditions' axes
    lows = [i for i, c in enumerate(conditions) if c.low > 0]
    highs = [i for i, c in enumerate(conditions) if c.high is not None and c.high < min(size, n + most)]
    watched = [replace(conditions[i], high=None) for i in lows] + [replace(conditions[i], low=0) for i in highs]
    limits = condition_axes(watched, size)
    holds = holding_lists(watched, limits)
    axis_hits = [[signature[i] for i in lows + highs] for signature in classes.signatures]
    order, finished = retiring_order(axis_hits, [limit + 1 for limit, _ in limits])
    if not all(holds[a][0] for a in finished[0]):
        return {e: Fraction(0) for e in extras}  # an N+ that no card of the deck matches
    place, _ = key_places([limit for limit, _ in limits], low=n.bit_length())  # the hand's size: lowest bits
    # every coefficient, kept or past the later cards wanted, counts pairs of the cards added so far (at most this)
    bound = max(comb(size, a) * comb(size - a, (size - a) // 2) for a in range(n + 1))
    slot = bound.bit_length()
    hand_axis = Axis(1, n, saturates=False, counts_seen=False, holding=None)  # the hand's size: dropped past n
    offers_of: dict[tuple[int, bool], list[Offer]] = {}  # a class's offers, by its count and whether they count seen

    def step(c: int, done: Sequence[int]) -> Step:
        hit = class_axes(axis_hits[c], place, limits, holds, done, seen_from=len(lows))
        shape = (classes.counts[c], any(axis.counts_seen for axis in hit))
        if shape not in offers_of:
            offers_of[shape] = _offers(*shape, n, most, slot)
        return shape[0], [hand_axis, *hit], offers_of[shape]

    table = sweep({0: 1}, (step(c, done) for c, done in zip(order, finished[1:])), most, slot, hand=n)
    total, digit = table.get(n, 0), (1 << slot) - 1
    return {e: Fraction(total >> e * slot & digit, comb(size, n) * comb(size - n, e)) for e in extras}


def _offers(count: int, seen: bool, n: int, most: int, slot: int) -> list[Offer]:
    """A class's moves (their ways a polynomial in the later cards): ``a`` of its ``count`` cards to the hand and
    ``b`` drawn later; when none of its axes counts seen cards, ``b`` changes no state: one move per ``a``."""
    offers = []
    for a in range(min(count, n) + 1):
        ways = comb(count, a)
        later = [ways * comb(count - a, b) << b * slot for b in range(min(count - a, most) + 1)]
        if seen:
            offers += [Offer(a, a + b, poly) for b, poly in enumerate(later)]
        else:
            offers.append(Offer(a, a, sum(later)))
    return offers


def by_turn_with_mulligan(
    classes: DeckClasses,
    rules: OpeningRules,
    seen: Sequence[int],
    p_by: Mapping[int, Fraction],
    on_the_play: bool = True,
) -> list[Fraction]:
    """For each turn (``seen[t]`` cards seen by then), the chance with the game's mulligan; ``p_by``: the chance
    without it by cards seen, already computed (for the opening hand, and the cards seen after a redraw too)."""
    n = min(rules.hand_size, classes.size)
    p_opening = p_by[n]
    if rules.new_hand_each_turn:
        if rules.mulligan != "partial-redraw" and not rules.redraws(on_the_play):
            return [p_opening] * len(seen)
        return round_odds(classes, n, len(seen), kept_hands(classes, rules, n, on_the_play))
    if rules.mulligan == "partial-redraw":
        kept = kept_hands(classes, rules, n, on_the_play)
        success = expected_success(classes, kept, [(n, m - n) for m in seen])
        return [success[(n, m - n)] for m in seen]
    if not rules.redraws(on_the_play):
        return [p_by[m] for m in seen]
    if all(c.high is None for c in classes.conditions):
        both = {m - n: p_opening for m in seen}
    else:
        both = kept_and_seen(classes, n, sorted({m - n for m in seen}))
    redrawn = min(rules.new_hand_size, classes.size)  # a new hand, then the same draws
    return [both[m - n] + (1 - p_opening) * p_by[min(classes.size, redrawn + m - n)] for m in seen]


def round_odds(
    classes: DeckClasses, hand_size: int, rounds: int, kept: Mapping[Composition, Fraction]
) -> list[Fraction]:
    """The chance that the hand of each round 1..``rounds`` meets the conditions, given the law ``kept`` of
    round 1's hand (by class composition). Without a mulligan every round equals the opening figure; with the best
    setup redraw round 1's hand is not uniform and later rounds differ."""
    n = min(hand_size, classes.size)
    laws = overlap_by_round(classes.size, n, rounds)
    pairs = {(j, n - j) for law in laws for j in law}
    success = expected_success(classes, kept, pairs)
    return [sum((q * success[(j, n - j)] for j, q in law.items()), Fraction(0)) for law in laws]
