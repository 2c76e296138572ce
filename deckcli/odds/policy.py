"""The best partial-redraw policy (sfb) for every opening hand at once, reusing one rest-of-deck table for all.

For a hand ``H`` (a class composition), keeping part ``K`` and drawing ``d = n - |K|`` replacements from the
rest of the deck ``deck - H`` succeeds with ``good(K + D) / C(R, d)`` over the ``d``-subsets ``D`` of the rest.
The rest differs from hand to hand only in its class counts, so one sparse table over the states reachable with
at most ``n`` cards counts the rest-of-deck subsets of *every* hand, a column per hand (a class's ``k`` cards
are taken in ``C(c - h, k)`` ways in hand ``H``'s column). Every (kept part, discards) of every hand then needs
one row of a single matrix product, instead of a table rebuilt per hand; hands and kept parts are enumerated as
arrays, in the order the per-hand search visits them.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from deckcli.odds.classes import DeckClasses
from deckcli.odds.exact import condition_axes, holds_tables
from deckcli.odds.sparse import EXACT_LIMIT, SubsetCounts

#: Hands counted per batch (columns of one table); a bound on the table's memory for large decks.
BATCH = 2048
#: Below this (C(rest, discards) at most), two different chances never round to the same float.
FLOAT_RANKS = 1 << 26


@dataclass
class Keeps:
    """Per hand (rows of ``hands``): the part to keep, and its chance ``good / ways`` after the redraw."""

    hands: np.ndarray
    kept: np.ndarray
    good: np.ndarray
    ways: np.ndarray


def hand_compositions(counts: tuple[int, ...], n: int) -> np.ndarray:
    """Every class composition of an ``n``-card hand, one row each, in :func:`~deckcli.odds.mulligan.compositions`'
    order (the first class's count rising slowest)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    left = np.array([n], dtype=np.int64)
    after = [sum(counts[i + 1:]) for i in range(len(counts))]
    for count, rest in zip(counts, after):
        low, high = np.maximum(0, left - rest), np.minimum(count, left)
        repeats = np.maximum(high - low + 1, 0)
        source = np.repeat(np.arange(len(rows)), repeats)
        firsts = np.concatenate(([0], np.cumsum(repeats)[:-1]))
        taken = low[source] + np.arange(len(source)) - firsts[source]
        rows = np.column_stack([rows[source], taken])
        left = left[source] - taken
    return rows


def _kept_parts(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every part of every hand, hand by hand, each hand's in ``product(range(h, -1, -1) ...)`` order; and the hand
    each part belongs to."""
    options = hands + 1
    per_hand = np.prod(options, axis=1)
    owners = np.repeat(np.arange(len(hands)), per_hand)
    index = np.arange(len(owners)) - np.concatenate(([0], np.cumsum(per_hand)[:-1]))[owners]
    parts = np.zeros((len(owners), hands.shape[1]), dtype=np.int64)
    for i in range(hands.shape[1] - 1, -1, -1):  # the last class's count falls fastest
        radix = options[owners, i]
        parts[:, i] = hands[owners, i] - index % radix
        index //= radix
    return parts, owners


def batched_keeps(classes: DeckClasses, hands: np.ndarray, n: int) -> Keeps | None:
    """The best keep of each hand (rows of ``hands``, ``n`` cards), as the per-hand search picks it: the best
    chance; among equal chances the most cards kept; then the first in its order. None when the counts would not
    fit int64 (the caller then searches hand by hand)."""
    rest_size = classes.size - n
    if rest_size < 0 or _bound(rest_size, n) >= EXACT_LIMIT:
        return None
    kept, good, ways = [], [], []
    for start in range(0, len(hands), BATCH):
        k, g, w = _batch(classes, hands[start:start + BATCH], n, rest_size)
        kept.append(k), good.append(g), ways.append(w)
    return Keeps(hands, np.concatenate(kept), np.concatenate(good), np.concatenate(ways))


def _bound(rest_size: int, n: int) -> int:
    """The largest count a rest-of-deck table holds: the subsets of at most ``n`` of ``rest_size`` cards."""
    return max(comb(rest_size, d) for d in range(min(n, rest_size) + 1))


def _rest_tables(classes: DeckClasses, hands: np.ndarray, n: int, rest_size: int, axes) -> SubsetCounts:
    """The subsets of at most ``n`` cards of each hand's rest of the deck, a column per hand."""
    draws = min(n, rest_size)
    table = SubsetCounts([draws, *(limit for limit, _ in axes)], [False, *(sat for _, sat in axes)],
                         _bound(rest_size, n), columns=len(hands))
    for i, (count, signature) in enumerate(zip(classes.counts, classes.signatures)):
        rest = count - hands[:, i]
        table.add([([k, *(k if hit else 0 for hit in signature)],
                    np.array([comb(r, k) for r in range(count + 1)], dtype=np.int64)[rest])
                   for k in range(min(count, draws) + 1)])
    return table


def _batch(classes: DeckClasses, hands: np.ndarray, n: int, rest_size: int):
    axes = condition_axes(classes.conditions, classes.size)
    holds = holds_tables(classes.conditions, axes)
    caps = np.asarray(classes.caps, dtype=np.int64)
    table = _rest_tables(classes, hands, n, rest_size, axes)
    signatures = np.asarray(classes.signatures, dtype=np.int64).reshape(len(classes.classes), -1)
    parts, owners = _kept_parts(hands)
    discards = n - parts.sum(axis=1)
    usable = discards <= rest_size
    parts, owners, discards = parts[usable], owners[usable], discards[usable]
    starts = np.minimum(parts @ signatures, caps)
    radix = np.concatenate(([n + 1], caps + 1))  # (discards, start) as one key, in mixed radix
    places = np.concatenate((np.cumprod(radix[::-1])[::-1][1:], [1]))
    unique_keys, which = np.unique(np.column_stack([discards, starts]) @ places, return_inverse=True)
    queries = (unique_keys[:, None] // places) % radix
    good = table.column_totals(_selections(table, holds, queries))[which.ravel(), owners]
    ways = np.asarray([comb(rest_size, d) for d in range(n + 1)], dtype=np.int64)[discards]
    best = _choose(len(hands), owners, good, ways, parts.sum(axis=1))
    return parts[best], good[best], ways[best]


def _selections(table: SubsetCounts, holds, queries: np.ndarray) -> np.ndarray:
    """Per (discards, start) query, the states of that many drawn cards that meet everything with ``start`` added."""
    states = table.states
    tops = np.asarray([len(ok) - 1 for ok in holds], dtype=np.int64)
    values = np.minimum(states[None, :, 1:] + queries[:, None, 1:], tops)  # (queries, states, conditions)
    out = states[None, :, 0] == queries[:, :1]
    for i, holding in enumerate(holds):
        out &= holding[values[:, :, i]]
    return out


def _choose(hand_count: int, owners: np.ndarray, good: np.ndarray, ways: np.ndarray, sizes: np.ndarray) -> np.ndarray:
    """Per hand, the index of its part with the best chance, most cards kept among equals, first among those."""
    order = np.arange(len(owners))  # parts come hand by hand, each hand's in the search order
    if int(ways.max(initial=1)) < FLOAT_RANKS:
        ranked = np.lexsort((-order, sizes, good / ways, owners))
        return ranked[np.flatnonzero(np.concatenate((owners[ranked][1:] != owners[ranked][:-1], [True])))]
    best: dict[int, int] = {}  # chances too fine for floats: compare them exactly (cross products), in order
    for i in range(len(owners)):
        h = int(owners[i])
        j = best.get(h)
        if j is None or (int(good[i]) * int(ways[j]), int(sizes[i])) > (int(good[j]) * int(ways[i]), int(sizes[j])):
            best[h] = i
    return np.asarray([best[h] for h in range(hand_count)], dtype=np.int64)
