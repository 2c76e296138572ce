"""The dense dynamic programme deckcli used before the sparse one, kept as the tests' oracle: a numpy tensor over
every combination of capped counts, Python integers (object arrays) past int64, and the sfb best policy rebuilt
per hand. Copied from deckcli/odds as it was; only the imports differ, and the policy's tie-break (GAMES.md's
Decision: round 2's chance, by the dense mixed count over every final hand, then more cards kept) is added."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from itertools import product
from math import comb, prod

import numpy as np

from deckcli.cards.conditions import Condition
from deckcli.odds.bestpolicy import Keep
from deckcli.odds.classes import DeckClasses
from deckcli.odds.mulligan import compositions

State = tuple[int, ...]
Composition = tuple[int, ...]
INT64_SAFE = 1 << 62

def ways_tensor(
    counts: Sequence[int],
    signatures: Sequence[Sequence[bool]],
    caps: Sequence[int],
    max_n: int,
) -> np.ndarray:
    """``T[n, v_1, ..., v_m]``: how many ``n``-card subsets of the deck hold ``v_i`` cards matching condition
    ``i`` (capped at ``caps[i]``), for every ``n <= max_n``.

    ``counts[k]`` cards are in class ``k``, which matches condition ``i`` when ``signatures[k][i]``. The cells
    are exact integers: int64 while no count can overflow it, Python ints (object arrays) beyond.
    """
    size = sum(counts)
    biggest = max((comb(size, n) for n in range(min(max_n, size) + 1)), default=1)
    dtype = np.int64 if biggest < INT64_SAFE else object
    table = np.zeros((max_n + 1, *(cap + 1 for cap in caps)), dtype=dtype)
    table[(0,) * table.ndim] = 1
    for count, signature in zip(counts, signatures):
        if count <= 0:
            continue
        axes = [i + 1 for i, hit in enumerate(signature) if hit]
        new = table.copy()  # k = 0
        for k in range(1, min(count, max_n) + 1):
            moved = np.zeros_like(table)
            moved[k:] = table[: max_n + 1 - k]
            for axis in axes:
                moved = saturating_shift(moved, axis, k)
            new += moved * comb(count, k)
        table = new
    return table


def saturating_shift(table: np.ndarray, axis: int, k: int) -> np.ndarray:
    """Move every cell ``k`` steps up ``axis``; cells pushed past the last index pile up on it (the cap)."""
    cap = table.shape[axis] - 1
    out = np.zeros_like(table)
    src = [slice(None)] * table.ndim
    dst = [slice(None)] * table.ndim
    if k < cap:
        src[axis], dst[axis] = slice(0, cap - k), slice(k, cap)
        out[tuple(dst)] = table[tuple(src)]
    src[axis], dst[axis] = slice(max(0, cap - k), None), cap
    out[tuple(dst)] = table[tuple(src)].sum(axis=axis)
    return out


def shift_all(layer: np.ndarray, start: Sequence[int]) -> np.ndarray:
    """A layer ``T[n]`` with ``start[i]`` more matching cards for each condition (kept cards plus a redraw)."""
    for axis, k in enumerate(start):
        if k:
            layer = saturating_shift(layer, axis, k)
    return layer


def success_mask(conditions: Sequence[Condition], caps: Sequence[int] | None = None) -> np.ndarray:
    """Boolean tensor over capped matched counts: which combinations meet every condition."""
    mask = np.ones((), dtype=bool)
    for condition, cap in zip(conditions, caps or [c.cap for c in conditions]):
        ok = np.array([condition.holds(v) for v in range(cap + 1)], dtype=bool)
        mask = np.multiply.outer(mask, ok)
    return mask


def success_ways(layer: np.ndarray, mask: np.ndarray) -> int:
    """How many of the hands counted in ``layer`` (one hand size) meet every condition."""
    if layer.dtype == object:
        return int(sum(layer[mask].tolist()))
    return int(layer[mask].sum())


def p_by_size(classes: DeckClasses, sizes: Sequence[int]) -> dict[int, Fraction]:
    """For each hand size, the exact probability that a random hand of that size meets every condition."""
    sizes = [min(max(0, n), classes.size) for n in sizes]
    if not sizes:
        return {}
    caps = classes.caps
    table = ways_tensor(classes.counts, classes.signatures, caps, max(sizes))
    mask = success_mask(classes.conditions, caps)
    return {n: Fraction(success_ways(table[n], mask), comb(classes.size, n)) for n in sizes}


def compute_policy(classes: DeckClasses, hand_size: int):
    """The policy: (hand size, table of hand -> Keep, the probability it achieves)."""
    caps = classes.caps
    counts = classes.counts
    size = classes.size
    n = min(hand_size, size)
    rest_size = size - n
    table: dict[tuple[int, ...], Keep] = {}
    total = Fraction(0)
    memo: dict[tuple[int, ...], Fraction] = {}  # round 2's chance by round 1's hand
    for hand, hand_ways in compositions(counts, n):
        keep = best_keep(classes, hand, caps, rest_size, memo)
        table[hand] = keep
        total += hand_ways * keep.p_success
    return n, table, total / comb(size, n)


def best_keep(classes: DeckClasses, hand: tuple[int, ...], caps: Sequence[int], rest_size: int, memo: dict) -> Keep:
    """Of all sub-multisets of ``hand`` to keep, the one with the best chance; ties go to the best chance for round
    2's hand (:func:`round_two`), then to more cards kept, then to the first in ``product`` order."""
    conditions = classes.conditions
    rest = [c - h for c, h in zip(classes.counts, hand)]
    n = sum(hand)
    table = ways_tensor(rest, classes.signatures, caps, min(n, rest_size))
    mask = success_mask(conditions, caps)
    cache: dict[tuple[State, int], Fraction] = {}
    best: tuple[Fraction, Fraction, int] | None = None
    chosen: tuple[int, ...] = hand
    for kept in product(*(range(h, -1, -1) for h in hand)):
        discards = n - sum(kept)
        if discards > rest_size:
            continue
        start = tuple(min(cap, m) for cap, m in zip(caps, classes.matched(kept)))
        key = (start, discards)
        if key not in cache:
            good = success_ways(shift_all(table[discards], start), mask)
            cache[key] = Fraction(good, comb(rest_size, discards))
        p = cache[key]
        if best is not None and p < best[0]:
            continue
        finals = [(tuple(k + r for k, r in zip(kept, drawn)), ways) for drawn, ways in compositions(rest, discards)]
        tie = sum((ways * round_two(classes, final, memo) for final, ways in finals), Fraction(0))
        tie /= comb(rest_size, discards)
        if best is None or (p, tie, sum(kept)) > best:
            best, chosen = (p, tie, sum(kept)), tuple(kept)
    assert best is not None
    return Keep(chosen, best[0])


def round_two(classes: DeckClasses, final: tuple[int, ...], memo: dict[tuple[int, ...], Fraction]) -> Fraction:
    """The chance that round 2's hand meets, round 1's hand being ``final``: the next ``n`` cards of the deck (the
    setup's discards shuffled back in), and when fewer are left, all of them and the rest from ``final`` shuffled."""
    if final not in memo:
        n = sum(final)
        j = max(0, 2 * n - classes.size)
        memo[final] = mixed_success(classes, final, [(j, n - j)])[(j, n - j)]
    return memo[final]


def mixed_success(classes: DeckClasses, kept: Composition, pairs: Iterable[tuple[int, int]]) -> dict[tuple[int, int], Fraction]:
    """For each ``(j, k)``: the chance that ``j`` cards taken at random from the kept hand ``kept`` and ``k``
    drawn at random from the rest of the deck together meet the conditions."""
    pairs = sorted(set(pairs))
    caps = classes.caps
    mask = success_mask(classes.conditions, caps)
    rest = [c - g for c, g in zip(classes.counts, kept)]
    n, rest_size = sum(kept), sum(rest)
    table = ways_tensor(rest, classes.signatures, caps, max((k for _, k in pairs), default=0))
    good = {pair: 0 for pair in pairs}
    wanted = {j for j, _ in pairs}
    cache: dict[tuple[tuple[int, ...], int], int] = {}
    for part in product(*(range(g + 1) for g in kept)):
        j = sum(part)
        if j not in wanted:
            continue
        weight = prod(comb(g, a) for g, a in zip(kept, part))
        start = tuple(min(cap, m) for cap, m in zip(caps, classes.matched(part)))
        for pair in pairs:
            if pair[0] != j or pair[1] > rest_size:
                continue
            key = (start, pair[1])
            if key not in cache:
                cache[key] = success_ways(shift_all(table[pair[1]], start), mask)
            good[pair] += weight * cache[key]
    return {
        (j, k): Fraction(good[(j, k)], comb(n, j) * comb(rest_size, k)) if j <= n and k <= rest_size else Fraction(0)
        for j, k in pairs
    }


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
