"""Exact probabilities that a hand meets every condition, with exact integers and fractions.

A dynamic programme walks the deck's classes once; its state is (cards drawn so far, per-condition count of
matching cards capped where the condition stops caring), held as a dense numpy tensor of exact integers, and
it sums products of binomials. One pass gives every hand size up to the largest asked for, so ``--turn 10``
costs about as much as the opening hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

import numpy as np

from deckcli.odds.classes import DeckClasses
from deckcli.odds.conditions import Condition

State = tuple[int, ...]
#: Cells of the DP tensor hold at most C(deck, n); below this bound int64 is exact, above it Python ints are used.
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


def p_hand(classes: DeckClasses, hand_size: int) -> Fraction:
    """The exact probability that a hand of ``hand_size`` cards meets every condition."""
    return p_by_size(classes, [hand_size])[min(max(0, hand_size), classes.size)]


def impossibility_notes(classes: DeckClasses, hand_size: int) -> list[str]:
    """Why no hand of ``hand_size`` cards can meet the conditions (empty when some hand can)."""
    notes = []
    for i, condition in enumerate(classes.conditions):
        matching = classes.matching(i)
        others = classes.size - matching
        most = min(hand_size, matching)
        least = max(0, hand_size - others)
        if condition.low > most:
            if matching < condition.low:
                have = f"the deck has only {matching}" if matching else "no card in the deck matches"
                notes.append(f"'{condition.text}' needs {condition.describe()}, but {have}")
            else:
                notes.append(f"'{condition.text}' needs {condition.describe()}, but a hand holds only {hand_size} cards")
        elif condition.high is not None and condition.high < least:
            notes.append(
                f"'{condition.text}' allows at most {condition.high}, but every hand of {hand_size} cards holds at "
                f"least {least} cards matching {condition.filter} (only {others} cards of the deck do not match)"
            )
    return notes
