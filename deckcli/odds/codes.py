"""A multiset of cards added to a hand, as the conditions tell it apart: its code, its size then each condition's
matched count capped, in the radix of the caps (:mod:`deckcli.odds.bestkeeps` holds the whole deck's counts by
code). Codes come a few digits at a time through small tables, for many multisets on many hands at once (numpy).
"""

from __future__ import annotations

from math import prod
from typing import Any

import numpy as np

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
