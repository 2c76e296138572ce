"""The numpy side of the exact counts: a deck's subsets by size and matched counts in the sparse table of
:mod:`deckcli.odds.sparse`, which states meet the conditions, and the counts by size carried on from the
Python-integer counts (:mod:`deckcli.odds.polycounts`) once their states grow many.

Imported only when a count needs arrays (many states, the sfb policy, the kept hands' law), so that ``odds`` on a
deck whose states stay few never loads numpy.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

import numpy as np

from deckcli.odds.axes import holding_lists
from deckcli.odds.classes import DeckClasses
from deckcli.odds.conditions import Condition
from deckcli.odds.polycounts import Unfinished
from deckcli.odds.sparse import SubsetCounts

#: Classes are added together while states times moves stay below this: one array step for several classes
#: (each step costs a few dozen array operations, whatever its size, and a merge that grows with it).
STEP_BUDGET = 4096


def subset_counts(
    counts: Sequence[int],
    signatures: Sequence[Sequence[bool]],
    axes: Sequence[tuple[int, bool]],
    max_n: int,
) -> SubsetCounts:
    """How many ``n``-card subsets of the deck hold ``v_i`` cards matching condition ``i`` (on its axis, see
    :func:`condition_axes`), for every ``n <= max_n``: states ``(n, v_1, ..., v_m)``. Subsets whose count passes
    an ``N-M`` condition's M are left out: they meet no condition set, whatever is added to them.

    ``counts[k]`` cards are in class ``k``, which matches condition ``i`` when ``signatures[k][i]``.
    """
    size = sum(counts)
    bound = max((comb(size, n) for n in range(min(max_n, size) + 1)), default=1)
    table = SubsetCounts([max_n, *(limit for limit, _ in axes)], [False, *(sat for _, sat in axes)], bound)
    for count, signature in zip(counts, signatures):
        if count > 0:
            table.add(
                [([k, *(k if hit else 0 for hit in signature)], comb(count, k)) for k in range(min(count, max_n) + 1)]
            )
    return table


def holds_tables(conditions: Sequence[Condition], axes: Sequence[tuple[int, bool]]) -> list[np.ndarray]:
    """Per condition, which values of its axis meet it; a dropping axis has one more value, ``limit + 1``
    (past M: never), which a count with kept cards added may reach."""
    return [np.asarray(values, dtype=bool) for values in holding_lists(conditions, axes)]


def successes(
    table: SubsetCounts, holds: Sequence[np.ndarray], queries: Sequence[tuple[int, Sequence[int] | None]]
) -> list[int]:
    """For each query ``(n, start)``: how many ``n``-card subsets meet every condition once ``start[i]`` more
    matching cards (kept cards, say) are added to their counts."""
    if not queries:
        return []
    states = table.states
    tops = np.asarray([len(ok) - 1 for ok in holds], dtype=np.int64)
    meeting: dict[tuple[int, ...], np.ndarray] = {}  # per start: which states then meet every condition
    selections = np.zeros((len(queries), len(states)), dtype=bool)
    for row, (n, start) in enumerate(queries):
        start = tuple(start or ()) if start is not None and any(start) else ()
        if start not in meeting:
            values = np.minimum(states[:, 1:] + np.asarray(start, dtype=np.int64), tops) if start else states[:, 1:]
            ok = np.ones(len(states), dtype=bool)
            for i, holding in enumerate(holds):
                ok &= holding[values[:, i]]
            meeting[start] = ok
        selections[row] = meeting[start] & (states[:, 0] == n)
    return table.totals(selections)


def counts_from(
    few: Unfinished,
    classes: DeckClasses,
    axes: Sequence[tuple[int, bool]],
    holding: Sequence[Sequence[bool]],
    order: Sequence[int],
    finished: Sequence[Sequence[int]],
    sizes: Sequence[int],
) -> list[int]:
    """:func:`~deckcli.odds.exact.meeting_counts` carried on in numpy steps from where the Python-integer counts
    stopped (``few``): for each size of ``sizes``, how many subsets of that size meet every condition."""
    size = classes.size
    max_n = max(sizes, default=0)
    signatures = classes.signatures
    holds = [np.asarray(h, dtype=bool) for h in holding]
    bound = max((comb(size, n) for n in range(min(max_n, size) + 1)), default=1)
    limits, saturate = [max_n, *(limit for limit, _ in axes)], [False, *(sat for _, sat in axes)]
    table, added = _handed_over(few, SubsetCounts(limits, saturate, bound), max_n), few.added
    if table is None:  # counts past int64 (residues) or states past one int64 key: from the start
        table, added = SubsetCounts(limits, saturate, bound), 0
        for axis in finished[0]:
            table.retire(axis + 1, holds[axis])
    group: list[tuple[list[int], list[int]]] = []
    finish: list[tuple[int, np.ndarray]] = []
    moves = 1
    for c, done in zip(order[added:], finished[added + 1 :]):
        count = classes.classes[c].count
        ways = [comb(count, k) for k in range(min(count, max_n) + 1)]
        if group and len(table.weights) * moves * len(ways) > STEP_BUDGET:
            table.add_classes(group, finish)
            group, finish, moves = [], [], 1
        group.append(([0, *(a + 1 for a, hit in enumerate(signatures[c]) if hit)], ways))
        finish += [(axis + 1, holds[axis]) for axis in done]
        moves *= len(ways)
    table.add_classes(group, finish)
    if not sizes:
        return []
    sized = table.states[:, 0]
    return table.totals(np.stack([sized == n for n in sizes]))


def _handed_over(stop: Unfinished, table: SubsetCounts, max_n: int) -> SubsetCounts | None:
    """The Python-integer counts where they stopped, as the (empty) numpy ``table`` over the same axes: each state's
    counts by size read from its bytes; None when the table holds residues or rows (it then starts afresh)."""
    if table.moduli or table._keys is None or not stop.table:
        return None
    keys = list(stop.table)
    width, sizes = stop.slot // 8, max_n + 1
    raw = b"".join(weight.to_bytes(width * sizes, "little") for weight in stop.table.values())
    digits = np.frombuffer(raw, dtype=np.uint8).reshape(len(keys), sizes, width).astype(np.uint64)
    counts = np.zeros((len(keys), sizes), dtype=np.uint64)
    for byte in range(width):
        counts |= digits[:, :, byte] << np.uint64(8 * byte)
    mixed = np.zeros(len(keys), dtype=np.int64)  # a state's key in the table's own places (the size the first)
    packed = np.asarray(keys, dtype=np.int64) if max(keys).bit_length() < 63 else None
    for axis, low in enumerate(stop.place):
        top = (1 << int(table.limits[axis + 1]).bit_length()) - 1
        values = (
            packed >> (low.bit_length() - 1) & top
            if packed is not None
            else np.asarray([key // low & top for key in keys], dtype=np.int64)
        )
        mixed += values * table._place[axis + 1]
    full = mixed[:, None] + np.arange(sizes, dtype=np.int64) * table._place[0]
    kept = counts != 0
    order = np.argsort(full[kept])
    table._keys, table.weights = full[kept][order], counts[kept][order].astype(np.int64).reshape(-1, 1)
    return table
