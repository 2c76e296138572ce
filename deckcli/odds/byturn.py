"""By-turn odds with the game's mulligan: the player keeps the opening hand only when it meets the
conditions (sfb: the best setup redraw), and the chance is that the cards seen by each turn meet them.

Whole-hand redraw, cards seen adding up (boa, aqa on the draw): with A "the opening hand meets" and S_t "the
cards seen by turn t meet", the figure is ``P(A and S_t) + (1 - P(A)) * P(S_t)`` (a redraw is a fresh
shuffle). When every condition is ``N+``, A implies S_t and the first term is P(A); otherwise one joint
count over (hand, later draws) gives it. Partial redraw: the kept hand's law (:mod:`deckcli.odds.kept`)
plus the draws from the rest. A new hand each round: :mod:`deckcli.odds.rounds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

import numpy as np

from deckcli.odds.classes import DeckClasses
from deckcli.odds.exact import INT64_SAFE
from deckcli.odds.kept import expected_success, kept_hands
from deckcli.odds.rounds import round_odds
from deckcli.odds.rules import OpeningRules


def _step(table: np.ndarray, axis: int, saturate: bool) -> np.ndarray:
    """Every cell one step up ``axis``; past the end it piles up on the last cell (``saturate``) or is dropped."""
    out = np.zeros_like(table)
    src = [slice(None)] * table.ndim
    dst = [slice(None)] * table.ndim
    src[axis], dst[axis] = slice(0, -1), slice(1, None)
    out[tuple(dst)] = table[tuple(src)]
    if saturate:
        last = [slice(None)] * table.ndim
        last[axis] = -1
        out[tuple(last)] += table[tuple(last)]
    return out


def kept_and_seen(classes: DeckClasses, hand_size: int, extras: Sequence[int]) -> dict[int, Fraction]:
    """For each ``e`` in ``extras``: P(the first ``hand_size`` cards meet the conditions and so do the first
    ``hand_size + e``).

    Both hold exactly when the hand has at least ``low`` of each condition and the cards seen at most ``high``
    (counts only grow), so the count tracks the hand's lower bounds and the seen cards' upper bounds, card by
    card: each card stays in the deck, goes to the hand, or is drawn later.
    """
    n, size = hand_size, classes.size
    most = max(extras, default=0)
    conditions = classes.conditions
    low_axes = {i: c.low + 1 for i, c in enumerate(conditions) if c.low > 0}
    high_axes = {i: c.high + 2 for i, c in enumerate(conditions) if c.high is not None}
    lows, highs = list(low_axes), list(high_axes)
    shape = (n + 1, most + 1, *low_axes.values(), *high_axes.values())
    biggest = max(comb(size, a) * comb(size - a, e) for a in range(n + 1) for e in range(most + 1))
    table = np.zeros(shape, dtype=np.int64 if biggest < INT64_SAFE else object)
    table[(0,) * table.ndim] = 1
    for cls in classes.classes:
        hand_hits = [2 + k for k, i in enumerate(lows) if cls.signature[i]]
        seen_hits = [2 + len(lows) + k for k, i in enumerate(highs) if cls.signature[i]]
        for _ in range(cls.count):
            to_hand = _step(table, 0, False)
            to_later = _step(table, 1, False)
            for axis in hand_hits:
                to_hand = _step(to_hand, axis, True)
            for axis in seen_hits:
                to_hand = _step(to_hand, axis, True)
                to_later = _step(to_later, axis, True)
            table = table + to_hand + to_later
    out = {}
    for e in extras:
        cell = table[(n, e, *(cells - 1 for cells in low_axes.values()))]
        cell = cell[tuple(slice(0, cells - 1) for cells in high_axes.values())]
        good = int(sum(cell.ravel().tolist())) if cell.dtype == object else int(cell.sum())
        out[e] = Fraction(good, comb(size, n) * comb(size - n, e))
    return out


def by_turn_with_mulligan(
    classes: DeckClasses,
    rules: OpeningRules,
    seen: Sequence[int],
    p_opening: Fraction,
    p_seen: dict[int, Fraction],
    on_the_play: bool = True,
) -> list[Fraction]:
    """For each turn (``seen[t]`` cards seen by then), the chance with the game's mulligan.

    ``p_opening`` and ``p_seen`` (by cards seen) are the figures without the mulligan, already computed.
    """
    n = min(rules.hand_size, classes.size)
    if rules.new_hand_each_turn:
        if rules.mulligan != "partial-redraw" and not rules.redraws(on_the_play):
            return [p_opening] * len(seen)
        return round_odds(classes, n, len(seen), kept_hands(classes, rules, n, on_the_play))
    if rules.mulligan == "partial-redraw":
        kept = kept_hands(classes, rules, n, on_the_play)
        success = expected_success(classes, kept, [(n, m - n) for m in seen])
        return [success[(n, m - n)] for m in seen]
    if not rules.redraws(on_the_play):
        return [p_seen[m] for m in seen]
    if all(c.high is None for c in classes.conditions):
        both = {m - n: p_opening for m in seen}
    else:
        both = kept_and_seen(classes, n, sorted({m - n for m in seen}))
    return [both[m - n] + (1 - p_opening) * p_seen[m] for m in seen]
