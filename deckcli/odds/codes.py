"""The counting arrays of the sfb best policy (:mod:`deckcli.odds.bestpolicy`), numpy throughout: every class
composition of a hand, the multisets added to it and their coefficients, and the whole deck's counts ``W``.

A multiset of cards added to a hand matters only as the conditions tell it apart: its code, its size then each
condition's matched count capped, in the radix of the caps (``W`` is held by code). Codes come a few digits at a time
through small tables, for many multisets on many hands at once.

Worked example: conditions ``1+ A`` (cap 1) and ``0-1 B`` (cap 2: a second B fails, a third changes nothing more),
hands of ``n = 5``. A code is ``size * 6 + min(a, 1) * 3 + min(b, 2)`` (6 = (1 + 1) * (2 + 1) codes per size). Two
cards matching A alone and one matching both make size 3, a = 3, b = 1: code ``3 * 6 + 1 * 3 + 1 = 22``; three
matching A alone make ``3 * 6 + 1 * 3 + 0 = 21``. Through a table (:func:`code_tables`): its digits are size, a, b
in base ``n + 1 = 6``, so a card matching A alone adds ``1 * 36 + 1 * 6 + 0 = 42`` (its class's number) and one
matching both ``43``; the first multiset's number is ``2 * 42 + 43 = 127`` (digits 3, 3, 1) and the table's entry
127 is 22 (:func:`set_codes`: one matrix product and one look-up per multiset and hand).
"""

from __future__ import annotations

from math import comb, prod
from typing import Any

import numpy as np

#: Past this many codes (a hand's size and its capped matched counts) ``W`` is held for the reachable codes only.
DENSE_CODES = 1 << 21
#: Matched counts become capped codes through tables of at most this many entries (a few conditions each).
LOOKUP = 1 << 13


def code_tables(signatures: np.ndarray, caps: np.ndarray, n: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """A few digits of a code at a time (the size, then the conditions): each class's number (what one card adds
    to those digits, in base ``n + 1``) and, per number a multiset reaches, those digits capped, as a share of
    its code."""
    space = prod((caps + 1).tolist())
    limits = np.asarray([n, *caps.tolist()], dtype=np.int64)  # the size is never capped: it is at most n
    place = np.asarray([space, *(space // np.cumprod(caps + 1)).tolist()], dtype=np.int64)
    adds = np.column_stack([np.ones(len(signatures), dtype=np.int64), signatures])
    width = 1
    while width < len(limits) and (n + 1) ** (width + 1) <= LOOKUP:
        width += 1
    tables = []
    kind = np.int32 if (n + 1) * space < 1 << 31 else np.int64  # codes in half the memory where they fit
    for start in range(0, len(limits), width):
        group = slice(start, start + width)
        table = np.zeros(1, dtype=kind)  # digit by digit, the first the most significant
        for limit, at in zip(limits[group].tolist(), place[group].tolist()):
            table = (table[:, None] + np.minimum(np.arange(n + 1), limit) * at).ravel()
        numbers = (adds[:, group] @ (n + 1) ** np.arange(len(limits[group]) - 1, -1, -1)).astype(np.float32)
        tables.append((numbers, table.astype(kind)))  # the int64 places widened it
    return tables


def set_codes(sets: np.ndarray, numbers: np.ndarray, tables) -> np.ndarray:
    """The code of every multiset (rows of ``sets``, as float32) on every hand, multisets x hands: per few digits
    (``numbers[t]``: what a card of each class a hand holds adds to table ``t``'s digits, held classes x hands), the
    multiset's number (a matrix product, exact as floats: numbers stay below :data:`LOOKUP`) read through its table."""
    keys = (sets @ numbers).astype(np.int32)  # tables x multisets x hands: each table's keys one contiguous block
    codes = np.take(tables[0][1], keys[0])
    for t in range(1, len(tables)):
        codes += np.take(tables[t][1], keys[t])
    return codes


def fold_sets(sets: np.ndarray, reach, coef: np.ndarray, n: int, kind: Any) -> tuple[np.ndarray, np.ndarray]:
    """The multisets as codes tell them apart, and per part their coefficients summed: a class's count past its
    ``reach`` changes no condition's capped count, only the size (a last column: the cards past the reaches)."""
    capped = np.minimum(sets, reach)
    rows = np.column_stack([capped, sets.sum(axis=1) - capped.sum(axis=1)])
    if (n + 1) ** rows.shape[1] >= 1 << 62 or np.array_equal(capped, sets):  # nothing to fold (or no key for it)
        return rows.astype(np.float32), coef.T.astype(kind)
    keys = rows @ (n + 1) ** np.arange(rows.shape[1], dtype=np.int64)
    order = np.argsort(keys, kind="stable")
    starts = np.concatenate([[0], np.flatnonzero(np.diff(keys[order])) + 1])
    folded = np.add.reduceat(coef[order], starts, axis=0)  # a row per distinct multiset, by its first
    return rows[order[starts]].astype(np.float32), folded.T.astype(kind)


def composition_rows(counts, n: int) -> np.ndarray:
    """Every class composition of an ``n``-card hand, one row each, the first class's count rising slowest."""
    left = np.array([n], dtype=np.int64)
    after = [sum(counts[i + 1 :]) for i in range(len(counts))]
    levels = []  # per class: each row's parent row one class before, and its count of this class
    for count, rest in zip(counts, after):
        low, high = np.maximum(0, left - rest), np.minimum(count, left)
        repeats = np.maximum(high - low + 1, 0)
        ends = np.cumsum(repeats)
        parent = np.repeat(np.arange(len(left)), repeats)
        offset = np.arange(int(ends[-1]) if len(ends) else 0) - np.repeat(ends - repeats, repeats)
        taken = np.repeat(low, repeats) + offset
        levels.append((parent, taken))
        left = left[parent] - taken
    rows = np.zeros((len(left), len(counts)), dtype=np.int64)
    index = np.arange(len(left))
    for i in range(len(counts) - 1, -1, -1):  # back from each hand to its first class
        parent, taken = levels[i]
        rows[:, i] = taken[index]
        index = parent[index]
    return rows


def composition_ways(counts, rows: np.ndarray, kind: Any) -> np.ndarray:
    """How many hands have each class composition (rows of ``rows``): a product of binomials, in ``kind``."""
    ways = np.ones(len(rows), dtype=kind)
    for i, count in enumerate(counts):
        ways *= np.asarray([comb(count, k) for k in range(count + 1)], dtype=kind)[rows[:, i]]
    return ways


def coefficients(held: np.ndarray, sets: np.ndarray, n: int) -> np.ndarray:
    """``coef[E, K]``: the product over the held classes of ``(-1) ** j * C(h + j - 1, j)``, ``j = E - K`` (0 unless
    ``E >= K``), for the multisets ``sets`` (rows E) and every part ``K`` of a hand holding ``held`` (columns, in
    ``np.indices`` order: the last class fastest), one class at a time (a row's outer product)."""
    coef = np.ones((len(sets), 1), dtype=np.int64)
    for i, h in enumerate(held.tolist()):
        terms = np.asarray([(-1) ** j * comb(h + j - 1, j) for j in range(n + 1)] + [0] * h, dtype=np.int64)
        factor = terms[sets[:, i, None] - np.arange(h + 1)]  # a negative j reads one of the h zeros at the end
        coef = (coef[:, :, None] * factor[:, None, :]).reshape(len(sets), -1)
    return coef


def whole_counts(
    counts, signatures: np.ndarray, holds: list[np.ndarray], caps: np.ndarray, n: int, kind: Any
) -> tuple[np.ndarray, np.ndarray | None]:
    """``W`` (the ``(n - |E|)``-subsets of the whole deck that meet with multiset ``E`` added) by code, then a zero
    (where one more card than ``n`` lands), and the codes it is counted for (None: every code, ``W`` indexed by the
    code itself; else the sorted codes some multiset of at most ``n`` cards reaches, when every code would be more
    than :data:`DENSE_CODES`). From "has ``n`` cards and meets", each class's ``count`` cards are taken in backwards
    (``W(code) = sum_k C(count, k) * W(code + k cards of the class)``), one gather per card, in the counts' type."""
    space = prod((caps + 1).tolist())
    place = (space // np.cumprod(caps + 1)).astype(np.int64)
    codes = None if (n + 1) * space <= DENSE_CODES else _reachable(signatures, caps, n, space, place)
    every = np.arange((n + 1) * space, dtype=np.int64) if codes is None else codes
    size, *digits = np.unravel_index(every, (n + 1, *(caps + 1).tolist()))
    meets = size == n
    for holding, values in zip(holds, digits):
        meets &= holding[values]
    steps = _one_more(every, signatures, caps, place, space)
    if codes is not None:  # where that code is held
        steps = np.searchsorted(codes, steps)
    steps[:, size == n] = len(every)  # past n cards: the zero at the end
    out = np.zeros(len(every) + 1, dtype=kind)
    out[:-1] = meets
    moved = [np.zeros(len(every) + 1, dtype=kind), np.zeros(len(every) + 1, dtype=kind)]  # k cards moved, in turn
    for count, step in zip(counts, steps):
        source = out
        for k in range(1, min(count, n) + 1):  # each take reads the cards moved before (out's own values at k = 1)
            source = np.take(source, step, out=moved[k % 2][:-1])
            out[:-1] += comb(count, k) * source
            source = moved[k % 2]
    return out, codes


def _reachable(signatures: np.ndarray, caps: np.ndarray, n: int, space: int, place: np.ndarray) -> np.ndarray:
    """The codes of every multiset of at most ``n`` cards over the classes, sorted: one card more at a time."""
    level, found = np.zeros(1, dtype=np.int64), [np.zeros(1, dtype=np.int64)]
    for _ in range(n):
        level = np.unique(_one_more(level, signatures, caps, place, space))
        found.append(level)
    return np.concatenate(found)  # levels by size, the leading digit: sorted


def _one_more(codes: np.ndarray, signatures: np.ndarray, caps: np.ndarray, place: np.ndarray, space: int) -> np.ndarray:
    """Per class (rows), each code with one card of the class more: the size up one, and each condition the class
    meets up one below its cap (a matrix product, exact as floats)."""
    bumps = np.zeros((len(caps), len(codes)))  # per condition, what one more matching card adds to a code
    for a, (c, p) in enumerate(zip(caps.tolist(), place.tolist())):
        bumps[a] = np.where(codes // p % (c + 1) < c, p, 0)
    return (signatures @ bumps).astype(np.int64) + (codes + space)
