"""Every hand's redraw counts from the whole deck's counts: the rest of the deck by inclusion-exclusion.

As generating functions over the classes (``z_i`` a card of class ``i``), the subsets of the rest ``deck - H`` are
the whole deck's with hand ``H``'s cards taken out: ``rest = deck * prod_i (1 + z_i) ** -h_i``, where
``(1 + z) ** -h = sum_j (-1) ** j * C(h + j - 1, j) * z ** j`` (exact once cut at ``n`` cards, as the counts are).
So keeping part ``K`` of ``H`` and drawing ``n - |K|`` cards succeeds in ``sum_E coef(E - K) * W(E)`` ways, over the
multisets ``E >= K`` of at most ``n`` cards of the classes ``H`` holds, where ``W(E)`` counts the
``(n - |E|)``-subsets of the *whole* deck that meet with ``E`` added: one array serves every hand, where a table
of the rest per hand costs a column each. Hands of one shape (their held counts) share the coefficients.

A multiset matters through its code: its size, then each condition's capped matched count, in the radix of the
caps (the size the most significant digit).
"""

from __future__ import annotations

from math import comb, lcm, prod

import numpy as np

#: Matched counts become capped codes through tables of at most this many entries (a few conditions each).
LOOKUP = 1 << 12


def whole_deck_keeps(hands: np.ndarray, counts, signatures: np.ndarray, holds, caps: np.ndarray, n: int,
                     ways: list[int], kind, multiply) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per hand (rows, ``n`` cards, none meeting): its best part, as the per-hand search picks it (the best chance
    ``good / ways[d]``, then the most cards kept, then the first part in its order), its good and its ways.

    Hands holding the same counts, whatever their classes and in whatever order, are counted together: their
    held classes listed by falling count, each hand's order of parts kept as a last digit of the scores.
    ``ways[d]``: ``C(rest, d)`` for every ``d <= n`` (0 past the rest); ``kind``: a float type exact for every
    partial sum; ``multiply``: the matrix product to use. The caller checks that ``lcm(ways) * (n + 2) * 2 ** n``
    fits int64."""
    whole, tables = whole_counts(counts, signatures, holds, caps, n), code_tables(signatures, caps, n)
    space = prod((caps + 1).tolist())
    most = int((hands > 0).sum(axis=1).max(initial=0))
    classes_held = np.argsort(-hands, axis=1, kind="stable")[:, :most]  # falling counts, then class order
    held = np.take_along_axis(hands, classes_held, axis=1)
    after = np.ones_like(hands)  # a part's place in its hand's order: sum (h - k) * prod (h + 1) of later classes
    after[:, :-1] = np.cumprod(hands[:, :0:-1] + 1, axis=1)[:, ::-1]
    after = np.take_along_axis(after, classes_held, axis=1)
    widest = multisets(most, n)  # those over fewer classes: the rows starting with zeros
    common = lcm(*(w for w in ways if w))
    scale = np.asarray([common // w if w else 0 for w in ways], dtype=np.int64)
    kept, good_of, ways_of = np.zeros_like(hands), np.zeros(len(hands), dtype=np.int64), np.zeros(len(hands), np.int64)
    _, shape_of = np.unique(held @ (n + 1) ** np.arange(most, dtype=np.int64), return_inverse=True)
    for rows in np.split(np.argsort(shape_of.ravel(), kind="stable"), np.cumsum(np.bincount(shape_of.ravel()))[:-1]):
        counts_held = held[rows[0]][held[rows[0]] > 0]
        r = len(counts_held)
        sets = widest[(widest[:, :most - r] == 0).all(axis=1), most - r:]
        parts = np.indices((counts_held + 1).tolist()).reshape(r, -1).T if r else np.zeros((1, 0), dtype=np.int64)
        counted = whole[set_codes(sets, classes_held[rows, :r], tables, space)].astype(kind)  # multisets x hands
        good = np.rint(multiply(coefficients(counts_held, parts, sets, n).T.astype(kind), counted)).astype(np.int64)
        discards = n - parts.sum(axis=1)
        score = good * (scale[discards] * (n + 1))[:, None] + (n - discards)[:, None]
        place = (counts_held - parts) @ after[rows, :r].T  # parts x hands
        score = score * len(parts) + (len(parts) - 1 - place)
        score[scale[discards] == 0] = -1  # more to draw than the rest holds
        best = score.argmax(axis=0)
        kept[rows[:, None], classes_held[rows, :r]] = parts[best]
        good_of[rows], ways_of[rows] = good[best, np.arange(len(rows))], np.asarray(ways)[discards[best]]
    return kept, good_of, ways_of


def multisets(slots: int, n: int) -> np.ndarray:
    """Every multiset of at most ``n`` cards over ``slots`` classes, a row of counts each (the first slowest)."""
    rows, left = np.zeros((1, 0), dtype=np.int64), np.array([n], dtype=np.int64)
    for _ in range(slots):
        options = left + 1
        ends = np.cumsum(options)
        taken = np.arange(int(ends[-1])) - np.repeat(ends - options, options)
        rows = np.column_stack([np.repeat(rows, options, axis=0), taken])
        left = np.repeat(left, options) - taken
    return rows


def coefficients(held: np.ndarray, parts: np.ndarray, sets: np.ndarray, n: int) -> np.ndarray:
    """``coef[E, K]``: the product over the held classes of ``(-1) ** j * C(h + j - 1, j)``, ``j = E - K`` (0 unless
    ``E >= K``), for the multisets ``sets`` (rows E) and the ``parts`` kept (rows K) of a hand holding ``held``."""
    if not len(held):
        return np.ones((len(sets), len(parts)), dtype=np.int64)
    most = int(held.max())
    terms = np.zeros((most + 1, n + 1 + most), dtype=np.int64)  # a negative j reads one of the zeros at the end
    for h in range(1, most + 1):
        terms[h, :n + 1] = [(-1) ** j * comb(h + j - 1, j) for j in range(n + 1)]
    coef = terms[held[0], sets[:, :1] - parts[:, 0]]
    for i in range(1, len(held)):
        coef *= terms[held[i], sets[:, i, None] - parts[:, i]]
    return coef


def counts_bound(n: int, deck_bound: int) -> int:
    """At least every partial sum of a count: ``W`` is at most ``deck_bound``, and a part's coefficients add up, in
    absolute value, to at most ``C(2n, n)`` (those of ``(1 - z) ** -n`` up to ``z ** n``)."""
    return comb(2 * n, n) * deck_bound


def whole_counts(counts, signatures: np.ndarray, holds, caps: np.ndarray, n: int) -> np.ndarray:
    """``W`` by code, then a last 0: from "has ``n`` cards and meets", each class's ``count`` cards taken in
    backwards (``W(code) = sum_k C(count, k) * W(code + k cards of the class)``), one gather per card. Floats:
    exact, as every value counts subsets of at most ``n`` cards."""
    radix = [n + 1, *(caps + 1).tolist()]
    total = prod(radix)
    values = np.indices(radix).reshape(len(radix), -1)  # (digits, codes)
    place = total // np.cumprod(radix)
    meets = values[0] == n
    for a, holding in enumerate(holds):
        meets &= holding[values[a + 1]]
    bumped = (np.minimum(values[1:] + 1, caps[:, None]) - values[1:]) * place[1:, None]  # one more on each condition
    steps = np.full((len(counts), total + 1), total, dtype=np.int64)  # past n cards: the 0 at the end
    room = np.flatnonzero(values[0] < n)
    steps[:, room] = (signatures.astype(np.float64) @ bumped[:, room].astype(np.float64)).astype(np.int64) \
        + room + place[0]
    out = np.append(meets.astype(np.float64), 0.0)
    for count, step in zip(counts, steps):
        moved, taken = out, out.copy()
        for k in range(1, min(count, n) + 1):
            moved = moved[step]
            taken += comb(count, k) * moved
        out = taken
    return out


def code_tables(signatures: np.ndarray, caps: np.ndarray, n: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """A few conditions at a time: each class's number (its matches as digits in base ``n + 1``, the first
    condition the most significant) and, per number a multiset reaches, its capped digits' share of a code."""
    space = prod((caps + 1).tolist())
    place = space // np.cumprod(caps + 1)
    width = 1
    while width < len(caps) and (n + 1) ** (width + 1) <= LOOKUP:
        width += 1
    tables = []
    for start in range(0, len(caps), width):
        group = slice(start, start + width)
        digits = np.indices([n + 1] * len(caps[group])).reshape(len(caps[group]), -1)
        table = (np.minimum(digits, caps[group, None]) * place[group, None]).sum(axis=0)
        weights = (n + 1) ** np.arange(len(caps[group]) - 1, -1, -1)
        tables.append((signatures[:, group] @ weights, table))
    return tables


def set_codes(sets: np.ndarray, classes_held: np.ndarray, tables, space: int) -> np.ndarray:
    """The code of every multiset (rows of ``sets``) on every hand (rows of ``classes_held``: the classes it holds),
    multisets x hands: per few conditions, the multiset's number (a matrix product, exact as floats: numbers stay
    below :data:`LOOKUP`) read through its table."""
    codes = (sets.sum(axis=1) * space)[:, None]
    taken = sets.astype(np.float32)
    for number, table in tables:
        codes = codes + table[(taken @ number.astype(np.float32)[classes_held].T).astype(np.int64)]
    return codes
