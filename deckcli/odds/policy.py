"""The best partial-redraw policy (sfb) for every opening hand at once, reusing one rest-of-deck table for all.

For a hand ``H`` (a class composition), keeping part ``K`` and drawing ``d = n - |K|`` replacements from the
rest of the deck ``deck - H`` succeeds with ``good(K + D) / C(R, d)`` over the ``d``-subsets ``D`` of the rest.
The rest differs from hand to hand only in its class counts, so one sparse table counts the rest-of-deck subsets
of *every* hand, a column per hand (a class's ``k`` cards are taken in ``C(c - h, k)`` ways in hand ``H``'s
column). Hands sharing their first classes share those columns: the table is built class by class over the
distinct prefixes of the hands (a trie), so early classes cost a few columns, not one per hand.

A part matters only through ``(d, its capped matched counts)``: one query. Each query's count per hand is a row
of a matrix product over the rest states of ``d`` cards; each part reads its count, and the best per hand is
found exactly on integer numerators over one common denominator. A hand that already meets keeps everything.

Many hands are counted without a table of the rest at all, from the whole deck's counts by inclusion-exclusion
over the cards in hand (:mod:`deckcli.odds.wholedeck`), while its sums stay exact as floats; the rest tables
count the others.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from math import comb, lcm, prod

import numpy as np

from deckcli.odds.arraycounts import holds_tables
from deckcli.odds.axes import condition_axes
from deckcli.odds.classes import DeckClasses
from deckcli.odds.sparse import EXACT_LIMIT, FLOAT_EXACT, SubsetCounts
from deckcli.odds.wholedeck import counts_bound, whole_deck_keeps

#: Below this a chance's numerator over the common denominator, with the cards kept as a last digit, fits int64.
SCORE_LIMIT = EXACT_LIMIT
#: Below this float32 holds every integer exactly.
FLOAT32_EXACT = 1 << 24
#: OpenBLAS multiplies on one thread up to this many multiply-adds (rows x inner x columns).
SINGLE_THREAD = 1 << 18
#: Classes of the rest table go in one step while states x moves x prefixes stay below this.
TRIE_STEP = 1 << 15
#: Hands counted per batch (columns of one table); a bound on the table's memory for large decks.
BATCH = 2048
#: Parts are listed shape by shape (a matrix each) from this many hands per possible shape (a hand of n cards has
#: at most 2**(n-1)): below it, one list of every hand's parts costs fewer array operations.
MANY_HANDS = 8
#: Hands x multisets of their classes up to this are counted from the whole deck (:mod:`deckcli.odds.wholedeck`).
WHOLE_DECK_CELLS = 1 << 21
#: Queries coded below this are told apart by one flag per possible code (no sort).
DENSE_QUERIES = 1 << 16


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


def batched_keeps(classes: DeckClasses, hands: np.ndarray, n: int) -> Keeps | None:
    """The best keep of each hand (rows of ``hands``, ``n`` cards), as the per-hand search picks it: the best
    chance; among equal chances the most cards kept; then the first in its order. None when the counts would not
    fit int64 (the caller then searches hand by hand)."""
    rest_size = classes.size - n
    if rest_size < 0 or _bound(rest_size, n) >= EXACT_LIMIT or (n + 1) ** (len(classes.conditions) + 1) >= EXACT_LIMIT:
        return None
    axes = condition_axes(classes.conditions, classes.size)
    holds = holds_tables(classes.conditions, axes)
    signatures = np.asarray(classes.signatures, dtype=np.int64).reshape(len(classes.classes), len(axes))
    kept, good, ways = hands.copy(), np.ones(len(hands), dtype=np.int64), np.ones(len(hands), dtype=np.int64)
    matched = (hands.astype(np.float64) @ signatures).astype(np.int64)  # small integers: BLAS, exactly
    meets = np.ones(len(hands), dtype=bool)
    for i, holding in enumerate(holds):
        meets &= holding[np.minimum(matched[:, i], len(holding) - 1)]
    missing = np.flatnonzero(~meets)  # a hand that meets keeps everything, at a chance of 1
    for start in range(0, len(missing), BATCH):
        rows = missing[start : start + BATCH]
        kept[rows], good[rows], ways[rows] = _batch(classes, hands[rows], n, rest_size, axes, holds, signatures)
    return Keeps(hands, kept, good, ways)


def _bound(rest_size: int, n: int) -> int:
    """The largest count a rest-of-deck table holds: the subsets of at most ``n`` of ``rest_size`` cards."""
    return max(comb(rest_size, d) for d in range(min(n, rest_size) + 1))


def _rest_table(classes: DeckClasses, hands: np.ndarray, n: int, rest_size: int, axes) -> SubsetCounts:
    """The subsets of at most ``n`` cards of each hand's rest of the deck, a column per hand at the end; after
    class ``i`` a column per distinct prefix ``hand[:i + 1]`` (hands come in order, so a prefix's hands are
    consecutive). Classes go in together while the step stays small (the first ones: few states, few prefixes)."""
    draws = min(n, rest_size)
    table = SubsetCounts(
        [draws, *(limit for limit, _ in axes)],
        [False, *(sat for _, sat in axes)],
        _bound(rest_size, n),
        columns=max(len(hands), 2),
    )
    # changed[h, i]: hand h + 1's first i + 1 classes differ from hand h's; prefix[h, i]: hand h's prefix of i classes
    changed = np.logical_or.accumulate(hands[1:] != hands[:-1], axis=1)
    prefix = np.zeros((len(hands), hands.shape[1] + 1), dtype=np.int64)
    prefix[1:, 1:] = np.cumsum(changed, axis=0)
    levels = prefix.T
    binomials: dict[int, np.ndarray] = {}  # per class count: C(count - held, k), a row per held
    start = 0
    while start < len(classes.counts):
        end, moves = start + 1, min(classes.counts[start], draws) + 1
        while (
            end < len(classes.counts)
            and len(table.weights) * moves * (min(classes.counts[end], draws) + 1) * (int(levels[end + 1][-1]) + 1)
            <= TRIE_STEP
        ):
            moves *= min(classes.counts[end], draws) + 1
            end += 1
        firsts = np.flatnonzero(np.concatenate(([True], changed[:, end - 1])))
        table.pick_columns(levels[start][firsts])
        group = []
        for i in range(start, end):
            count = classes.counts[i]
            if count not in binomials:
                binomials[count] = np.array(
                    [[comb(r, k) for k in range(min(count, draws) + 1)] for r in range(count, -1, -1)], dtype=np.int64
                )
            group.append(
                (
                    [0, *(a + 1 for a, hit in enumerate(classes.signatures[i]) if hit)],
                    binomials[count][hands[firsts, i]].T,
                )
            )
        table.add_classes(group)
        start = end
    return table


def _parts(hands: np.ndarray, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every part of every hand, hand by hand, each hand's in ``product(range(h, -1, -1) ...)`` order: the hand it
    belongs to, its place among that hand's parts, and the sum of ``codes[class]`` over its cards."""
    kind = np.int32 if int(codes.max(initial=0)) * int(hands.sum(axis=1).max(initial=0)) < 1 << 31 else np.int64
    owners = np.arange(len(hands), dtype=np.int32)  # int32 where it holds them: half the memory to move
    place = np.zeros(len(hands), dtype=kind)
    code = np.zeros(len(hands), dtype=kind)
    codes = codes.astype(kind)
    hands = hands.astype(np.int32) if kind == np.int32 else hands
    for i in range(hands.shape[1]):  # the first class's count falls slowest
        held = hands[owners, i]
        options = held + 1
        ends = np.cumsum(options)
        offset = np.arange(int(ends[-1])) - np.repeat(ends - options, options)  # 0..h: h - offset kept
        owners = np.repeat(owners, options)
        place = np.repeat(place * options, options) + offset
        code = np.repeat(code, options) + (np.repeat(held, options) - offset) * codes[i]
    return owners, place, code


def _batch(classes: DeckClasses, hands: np.ndarray, n: int, rest_size: int, axes, holds, signatures: np.ndarray):
    """:func:`batched_keeps` for hands none of which meets: (kept parts, good, ways), a row per hand."""
    caps = np.asarray(classes.caps, dtype=np.int64)
    many = len(hands) >= MANY_HANDS << max(n - 1, 0)
    found = _whole_deck_keeps(classes, hands, n, rest_size, holds, caps, signatures) if many else None
    if found is not None:
        return found
    table = _rest_table(classes, hands, n, rest_size, axes)
    base = n + 1  # a part as one code: its size, then each condition's matched count (uncapped), in base n + 1
    digits = base ** np.arange(len(axes), dtype=np.int64)
    top = base ** len(axes)
    codes = top + signatures @ digits
    shapes = _shapes(hands, signatures, caps, n, rest_size) if many else None
    if shapes is not None:
        query_of, queries = _shape_queries(shapes, caps, n)
    else:
        owners, place, code = _parts(hands, codes)
        usable = n - code // top <= rest_size
        if not usable.all():
            owners, place, code = owners[usable], place[usable], code[usable]
        unique, which = np.unique(code, return_inverse=True)  # then the same query once capped: one row
        capped = unique // top * top + np.minimum((unique[:, None] // digits) % base, caps) @ digits
        queries_code, again = np.unique(capped, return_inverse=True)
        queries = np.column_stack([n - queries_code // top, (queries_code[:, None] // digits) % base])
        query_of = again.ravel()[which.ravel()]
    counts = _query_counts(table, holds, queries)
    ways_of = np.asarray([comb(rest_size, d) for d in range(n + 1)], dtype=np.int64)
    if shapes is not None:
        return _choose_by_shape(hands, shapes, counts, query_of, ways_of, rest_size, n)
    good = counts[query_of, owners].astype(np.int64)
    discards = n - code // top
    best = _choose(owners, good, discards, rest_size, n)
    chosen_place, kept = place[best], np.zeros_like(hands)
    for i in range(hands.shape[1] - 1, -1, -1):  # a part's place, back to its counts (the last class fastest)
        options = hands[:, i] + 1
        kept[:, i] = hands[:, i] - chosen_place % options
        chosen_place = chosen_place // options
    return kept, good[best], ways_of[discards[best]]


def _whole_deck_keeps(
    classes: DeckClasses, hands: np.ndarray, n: int, rest_size: int, holds, caps: np.ndarray, signatures: np.ndarray
):
    """:func:`_batch` from the whole deck's counts, no table per hand (:func:`.wholedeck.whole_deck_keeps`). None
    when a sum would not be exact as a float, a score would pass int64, or codes or multisets would be too many."""
    bound = counts_bound(n, _bound(classes.size, n))
    ways = [comb(rest_size, d) for d in range(n + 1)]
    most = int((hands > 0).sum(axis=1).max(initial=0))
    if (
        bound >= FLOAT_EXACT
        or lcm(*(w for w in ways if w)) * (n + 2) << n >= SCORE_LIMIT
        or (n + 1) * prod((caps + 1).tolist()) > DENSE_QUERIES
        or len(hands) * comb(n + most, n) > WHOLE_DECK_CELLS
    ):
        return None
    kind = np.float32 if bound < FLOAT32_EXACT else np.float64
    return whole_deck_keeps(hands, classes.counts, signatures, holds, caps, n, ways, kind, _product)


def _shapes(hands: np.ndarray, signatures: np.ndarray, caps: np.ndarray, n: int, rest_size: int):
    """The hands grouped by shape (the counts of the classes they hold, in class order): per shape its hands
    (rows), their held classes (a row each), its parts (a row of kept counts per part, in
    ``product(range(h, -1, -1) ...)`` order, those leaving more to draw than the rest holds left out) and every
    hand's parts as queries (hands x parts): the part's size, then its capped matched counts, as one code in the
    radix of the caps (one matrix product for a shape). None when a code would not be exact as a float."""
    held_count = int((hands > 0).sum(axis=1).max(initial=0))
    radix = int(hands.max(initial=0)) + 1
    space = prod((caps + 1).tolist())
    if radix**held_count >= EXACT_LIMIT or (n + 1) * space >= FLOAT_EXACT:
        return None
    place = (space // np.cumprod(caps + 1)).astype(np.float64)  # the first condition the most significant digit
    ceilings, matching = caps.astype(np.float64), signatures.astype(np.float64)
    held_classes = np.argsort(hands == 0, axis=1, kind="stable")[:, :held_count]  # held ones first, in order
    held = np.take_along_axis(hands, held_classes, axis=1)
    _, shape_of = np.unique(held @ radix ** np.arange(held_count, dtype=np.int64), return_inverse=True)
    shape_of = shape_of.ravel()
    by_shape = np.argsort(shape_of, kind="stable")
    ends = np.searchsorted(shape_of[by_shape], np.arange(int(shape_of.max(initial=-1)) + 2))
    shapes = []
    for start, end in zip(ends[:-1].tolist(), ends[1:].tolist()):
        rows = by_shape[start:end]
        counts = [h for h in held[rows[0]].tolist() if h]
        listed = list(product(*(range(h, -1, -1) for h in counts)))
        parts = np.asarray(listed, dtype=np.int64).reshape(len(listed), len(counts))
        parts = parts[n - parts.sum(axis=1) <= rest_size]
        classes_held = held_classes[rows, : len(counts)]
        along = matching[classes_held].transpose(1, 0, 2).reshape(len(counts), -1)
        matched = (parts.astype(np.float64) @ along).reshape(len(parts), len(rows), len(caps))
        codes = np.minimum(matched, ceilings, out=matched) @ place + (parts.sum(axis=1) * space)[:, None]
        shapes.append((rows, classes_held, parts, codes.T.astype(np.int64)))  # below 2**53: exact as floats
    return shapes


def _shape_queries(shapes, caps: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray]:
    """The queries of :func:`_shapes`' codes: every code's query (in the shapes' order, hand by hand) and each
    query as ``(d, capped start)``, by code. Codes in a small range are told apart by one flag per code, else
    sorted."""
    code = np.concatenate([codes.ravel() for *_, codes in shapes])
    space = prod((caps + 1).tolist())
    if (n + 1) * space <= DENSE_QUERIES:
        present = np.zeros((n + 1) * space, dtype=bool)
        present[code] = True
        query_of = (np.cumsum(present) - 1)[code]
        queries_code = np.flatnonzero(present)
    else:
        queries_code, query_of = np.unique(code, return_inverse=True)
    place = space // np.cumprod(caps + 1)
    starts = (queries_code[:, None] // place) % (caps + 1)
    return query_of.ravel(), np.column_stack([n - queries_code // space, starts]).astype(np.int64)


def _choose_by_shape(
    hands: np.ndarray, shapes, counts: np.ndarray, query_of: np.ndarray, ways_of: np.ndarray, rest_size: int, n: int
):
    """:func:`_choose` on the parts of :func:`_shapes`: per shape, every hand's scores as one matrix, the best
    the first greatest of its row (parts in order); past int64 scores, the parts listed hand by hand."""
    ways = [comb(rest_size, d) for d in range(min(n, rest_size) + 1)]
    common = lcm(*ways)
    kept = np.zeros_like(hands)
    good_of, ways_kept = np.zeros(len(hands), dtype=np.int64), np.zeros(len(hands), dtype=np.int64)
    if common * (n + 2) >= SCORE_LIMIT:
        owners = np.concatenate([np.repeat(rows, len(parts)) for rows, _, parts, _ in shapes])
        columns = np.concatenate([np.tile(np.arange(len(parts)), len(rows)) for rows, _, parts, _ in shapes])
        discards = np.concatenate([np.tile(n - parts.sum(axis=1), len(rows)) for rows, _, parts, _ in shapes])
        good = counts[query_of, owners].astype(np.int64)
        order = np.argsort(owners, kind="stable")  # hand by hand, each hand's parts in order
        chosen = order[_choose(owners[order], good[order], discards[order], rest_size, n)]  # one per hand
        for rows, classes_held, parts, _ in shapes:
            kept[rows[:, None], classes_held] = parts[columns[chosen[rows]]]
        return kept, good[chosen], ways_of[discards[chosen]]
    scale = np.asarray([common // w for w in ways], dtype=np.int64)
    at = 0
    for rows, classes_held, parts, part_codes in shapes:
        queries = query_of[at : at + part_codes.size].reshape(part_codes.shape)
        at += part_codes.size
        good = counts[queries, rows[:, None]].astype(np.int64)
        discards = n - parts.sum(axis=1)
        best = (good * (scale[discards] * (n + 1)) + (n - discards)).argmax(axis=1)
        kept[rows[:, None], classes_held] = parts[best]
        good_of[rows] = good[np.arange(len(rows)), best]
        ways_kept[rows] = ways_of[discards[best]]
    return kept, good_of, ways_kept


def _query_counts(table: SubsetCounts, holds, queries: np.ndarray) -> np.ndarray:
    """Per query ``(d, start)`` (rows) and per column: how many ``d``-card subsets of the rest meet everything
    with ``start`` added; per ``d``, one matrix product over the states of ``d`` drawn cards only. Floats where
    they hold every sum exactly (each is at most C(rest, d), at most the table's bound), else int64."""
    states, weights = table.states, table.weights
    picked = _meeting(holds, queries[:, 1:], states[:, 1:])
    kind = np.float32 if table.bound < FLOAT32_EXACT else np.float64 if table.bound < FLOAT_EXACT else np.int64
    block = weights.astype(kind)
    out = np.zeros((len(queries), weights.shape[1]), dtype=kind)
    draws = states[:, 0]  # sorted: the draws are the keys' leading digit
    for d in np.unique(queries[:, 0]).tolist():
        rows = np.flatnonzero(queries[:, 0] == d)
        low, high = np.searchsorted(draws, [d, d + 1]).tolist()
        if high > low:
            out[rows] = _product(picked[rows, low:high].astype(kind), block[low:high])
    return out


def _meeting(holds, starts: np.ndarray, drawn: np.ndarray) -> np.ndarray:
    """Per start (rows) and drawn counts (rows): whether their capped sums meet every condition. The failing
    conditions are counted by one small matrix product (per start, the drawn values failing each condition, times
    one-hot columns of the drawn values), whatever the number of conditions: a pair meets when none fails."""
    widths = [len(holding) for holding in holds]
    offsets = np.cumsum([0, *widths[:-1]]).astype(np.int64)
    fails = np.zeros((sum(widths), sum(widths)), dtype=np.float32)  # per condition: fails[start, drawn]
    for holding, offset in zip(holds, offsets.tolist()):
        top = len(holding) - 1
        reach = np.minimum(np.arange(top + 1)[:, None] + np.arange(top + 1), top)
        fails[offset : offset + top + 1, offset : offset + top + 1] = ~holding[reach]
    failing = fails[starts + offsets].sum(axis=1)  # per start: which drawn values fail each condition
    drawn_hot = np.zeros((len(fails), len(drawn)), dtype=np.float32)
    drawn_hot[drawn + offsets, np.arange(len(drawn))[:, None]] = 1
    return _product(failing, drawn_hot) == 0  # at most one failure per condition: small integers, exactly


def _product(left: np.ndarray, right: np.ndarray) -> np.ndarray:
    """``left @ right``, floats in column slices small enough for BLAS to keep each on one thread (threads on
    products this small cost more than they save, and much more on a busy machine)."""
    if left.dtype.kind != "f":
        return left @ right
    out = np.empty((left.shape[0], right.shape[1]), dtype=left.dtype)
    step = max(1, SINGLE_THREAD // max(1, left.shape[0] * left.shape[1]))
    for c in range(0, right.shape[1], step):
        out[:, c : c + step] = left @ right[:, c : c + step]
    return out


def _choose(owners: np.ndarray, good: np.ndarray, discards: np.ndarray, rest_size: int, n: int) -> np.ndarray:
    """Per hand, the index of its part with the best chance, most cards kept among equals, first among those.

    Chances ``good / C(rest, d)`` are compared exactly as integer numerators over one common denominator, with
    the cards kept as a last digit; past int64 they are compared by cross products, part by part."""
    ways = [comb(rest_size, d) for d in range(min(n, rest_size) + 1)]
    common = lcm(*ways)
    starts = np.flatnonzero(np.concatenate(([True], owners[1:] != owners[:-1])))  # parts come hand by hand
    if common * (n + 2) < SCORE_LIMIT:
        scale = np.asarray([common // w for w in ways], dtype=np.int64)
        score = good * scale[discards] * (n + 1) + (n - discards)
        best = np.maximum.reduceat(score, starts)
        top = np.flatnonzero(score == best[owners])
        return top[np.concatenate(([True], owners[top][1:] != owners[top][:-1]))]
    chosen = []
    for start, end in zip(starts.tolist(), [*starts[1:].tolist(), len(owners)]):
        j = start
        for i in range(start + 1, end):
            mine, theirs = int(good[i]) * ways[int(discards[j])], int(good[j]) * ways[int(discards[i])]
            if mine > theirs or (mine == theirs and discards[i] < discards[j]):
                j = i
        chosen.append(j)
    return np.asarray(chosen, dtype=np.int64)
