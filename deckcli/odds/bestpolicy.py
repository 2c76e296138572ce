"""The sfb best partial-redraw policy: for every opening hand (by class composition), the part to keep that
maximises the exact chance of meeting the conditions after drawing one replacement per discard from the rest;
among parts with that chance, the one giving round 2's hand the best chance (GAMES.md's Decision), then the one
keeping more cards. Computed once per deck shape (``odds`` and ``simulate`` in one run share it), over the
conditions some hand can fail, for every hand at once from the whole deck's counts:

As generating functions over the classes (``z_i`` a card of class ``i``), the subsets of the rest ``deck - H`` are
the whole deck's with hand ``H``'s cards taken out: ``rest = deck * prod_i (1 + z_i) ** -h_i``, where
``(1 + z) ** -h = sum_j (-1) ** j * C(h + j - 1, j) * z ** j`` (exact once cut at ``n`` cards, as the counts are).
So keeping part ``K`` of ``H`` and drawing ``n - |K|`` cards succeeds in ``sum_E coef(E - K) * W(E)`` ways, over the
multisets ``E >= K`` of at most ``n`` cards of the classes ``H`` holds, where ``W(E)`` counts the
``(n - |E|)``-subsets of the *whole* deck that meet with ``E`` added: one array serves every hand. Hands holding
the same counts share the coefficients: their counts are one matrix product, a few hands at a time. A multiset
matters through its code (:mod:`deckcli.odds.codes`, which also holds ``W`` and the coefficients): multisets
differing only past a class's caps are one, their coefficients summed.

Parts with the same best chance (a hand that meets has several when a spare card can go) are told apart by round
2's chance from the same counts: round 2's hand holds part ``a`` of ``H`` and ``n - |a|`` cards of the rest, as
``good[a]`` counts, so one small matrix per hand shape turns a hand's ``good`` into every part's round-2 count
(:func:`round_two_spread`), for the hands with a tie only. Counts are floats while every partial sum is exact as
one (BLAS products), else Python integers in object arrays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import product
from math import comb, lcm
from typing import Any

import numpy as np

from deckcli.odds.classes import CardClass, DeckClasses
from deckcli.odds.codes import (
    code_tables,
    coefficients,
    composition_rows,
    composition_ways,
    fold_sets,
    set_codes,
    whole_counts,
)
from deckcli.odds.hypergeometric import overlap_by_round
from deckcli.odds.opening import condition_axes, holding_lists

#: Hands are counted a few at a time, multisets x hands up to this: arrays small enough to stay in cache.
CELLS = 1 << 14


@dataclass(frozen=True)
class Keep:
    """The best choice for one hand: class counts to keep, and the chance of success after the redraw."""

    kept: tuple[int, ...]
    p_success: Fraction


@dataclass
class Policy:
    """The best partial-redraw policy for ``n``-card hands: per hand composition (rows of ``hands``, numpy) the part
    to keep and its chance ``good / ways`` after the redraw, and the overall chance with the redraw."""

    hand_size: int
    hands: np.ndarray
    kept: np.ndarray
    good: np.ndarray
    ways: np.ndarray
    p_with_mulligan: Fraction

    @cached_property
    def table(self) -> dict[tuple[int, ...], Keep]:
        """Hand composition -> :class:`Keep`, made on first use (``odds`` alone needs only the overall chance, not a
        :class:`Fraction` per hand)."""
        rows = zip(self.hands.tolist(), self.kept.tolist(), self.good.tolist(), self.ways.tolist())
        return {tuple(hand): Keep(tuple(kept), Fraction(good, ways)) for hand, kept, good, ways in rows}

    def keep(self, hand: Sequence[int]) -> Keep:
        return self.table[tuple(hand)]

    def kept_rows(self, hands: np.ndarray) -> np.ndarray:
        """The part kept of each hand (rows of class counts), found among the policy's hands by a key in which the
        first class counts most (their order: :func:`~deckcli.odds.codes.composition_rows`)."""
        sizes = self.hands.max(axis=0, initial=0) + 1
        radix = np.cumprod(np.concatenate([sizes[1:], [1]])[::-1])[::-1]
        return self.kept[np.searchsorted(self.hands @ radix, hands @ radix)]


def best_policy(classes: DeckClasses, hand_size: int) -> Policy:
    """The exact best partial-redraw policy for every opening hand, and the probability it achieves (counted over
    the conditions some hand can fail, once per deck shape: ``odds`` and ``simulate`` in one run share it)."""
    key = (classes.counts, classes.signatures, tuple((c.low, c.high) for c in classes.conditions), hand_size)
    if key not in _POLICIES:
        if len(_POLICIES) >= 8:
            _POLICIES.clear()
        n = min(hand_size, classes.size)
        _POLICIES[key] = best_keeps(_asked(classes, n), n)
    return _POLICIES[key]


#: Policies already computed, by deck shape (class counts, signatures, condition bounds, hand size).
_POLICIES: dict[tuple, Policy] = {}


def _asked(classes: DeckClasses, n: int) -> DeckClasses:
    """The classes with only the conditions some hand of ``n`` cards can fail (the same classes, in the same order:
    the policy's hands are theirs)."""
    asked = [i for i, c in enumerate(classes.conditions) if c.low > 0 or (c.high is not None and c.high < n)]
    if len(asked) == len(classes.conditions):
        return classes
    return DeckClasses(
        tuple(CardClass(tuple(c.signature[i] for i in asked), c.count, c.cards) for c in classes.classes),
        tuple(classes.conditions[i] for i in asked),
    )


@dataclass(frozen=True)
class Terms:
    """What every hand's count shares: the hand size, the classes' signatures (a 0/1 matrix), each condition's
    holding values and cap, the whole deck's ``W`` by code (:func:`whole_counts`) and the code tables (a last class
    meeting no condition: the cards past the reaches), ``ways[d]`` (``C(rest, d)``, 0 past the rest) and their least
    common multiple, the types of the counts (exact for every partial sum) and the scores, and for the tie-break:
    round 2's replacement ways ``[|K|, |a|, p]`` (:func:`round_two_spread`), the type of the tie scores and of round
    2's counts (float64 where every partial sum is exact as one: a BLAS product)."""

    n: int
    signatures: np.ndarray
    holds: list[np.ndarray]
    caps: np.ndarray
    whole: np.ndarray
    codes: np.ndarray | None
    tables: list[tuple[np.ndarray, np.ndarray]]
    ways: list[int]
    common: int
    kind: Any
    score: Any
    round_two: np.ndarray
    tie: Any
    spread: Any

    @classmethod
    def of(cls, classes: DeckClasses, n: int) -> Terms:
        ways = [comb(classes.size - n, d) for d in range(n + 1)]
        common = lcm(*(w for w in ways if w))
        bound = comb(2 * n, n) * max(comb(classes.size, d) for d in range(n + 1))  # at least every partial sum
        kind = np.float32 if bound < 1 << 24 else np.float64 if bound < 1 << 53 else object
        axes = condition_axes(classes.conditions, n)  # a hand after the redraw holds n cards: counts up to n
        holds = [np.asarray(h, dtype=bool) for h in holding_lists(classes.conditions, axes)]
        score = np.int64 if (n + 2) * common << n < 1 << 62 and kind is not object else object
        rest = classes.size - n
        law = overlap_by_round(classes.size, n, 2)[-1]  # round 2's hand: j cards of round 1's, n - j of the rest
        shares = {j: q / (comb(n, j) * comb(rest, n - j)) for j, q in law.items()}
        over = lcm(*(share.denominator for share in shares.values()))
        weights = [(j, int(share * over)) for j, share in sorted(shares.items())]  # each j's chance over ``over``
        tie = np.int64 if (over * common + 1) * (n + 2) << n < 1 << 62 and score is np.int64 else object
        spread = np.float64 if over * common < 1 << 53 and tie is np.int64 else tie  # a count is at most this
        round_two = np.zeros((n + 1, n + 1, max(shares) + 1), dtype=tie)
        for kept, size, p in product(range(n + 1), range(n + 1), range(max(shares) + 1)):
            x, d = n - size, n - kept
            round_two[kept, size, p] = sum(w * _choose(x, j - p) * _choose(rest - x, d - j + p) for j, w in weights)
        signatures = np.asarray(classes.signatures, dtype=np.int64).reshape(len(classes.classes), len(axes))
        caps = np.asarray([len(h) - 1 for h in holds], dtype=np.int64)
        whole, codes = whole_counts(classes.counts, signatures, holds, caps, n, kind)
        tables = code_tables(np.vstack([signatures, np.zeros_like(signatures[:1])]), caps, n)
        return cls(n, signatures, holds, caps, whole, codes, tables, ways, common, kind, score, round_two, tie, spread)


def best_keeps(classes: DeckClasses, n: int) -> Policy:
    """Every ``n``-card hand's best part to keep (GAMES.md's Decision): the best chance ``good / ways[d]``; among
    parts with that chance, the best chance for round 2's hand; then the most cards kept; then the first part in
    ``product(range(h, -1, -1) ...)`` order. A hand that meets may discard: a spare card redrawn can help round 2.
    The overall chance: one exact sum over the hands."""
    terms = Terms.of(classes, n)
    hands = composition_rows(classes.counts, n)
    kept, good, ways_of = whole_deck_keeps(hands, terms)
    common = terms.common
    sums: Any = np.int64 if comb(classes.size, n) * common < 1 << 62 and terms.score is np.int64 else object
    hand_ways = composition_ways(classes.counts, hands, sums)
    total = int((hand_ways * good.astype(sums) * (common // ways_of.astype(sums))).sum())
    return Policy(n, hands, kept, good, ways_of, Fraction(total, common * comb(classes.size, n)))


def whole_deck_keeps(hands: np.ndarray, terms: Terms) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per hand (rows): its best part (see :func:`best_keeps`), its good and its ways.

    Hands holding the same counts, whatever their classes and in whatever order, are counted together (their held
    classes by falling count, :func:`_held`). Among them, hands whose classes' counts matter as far (a class's reach:
    the largest cap of the conditions it meets) share the multisets folded by what their codes tell apart."""
    n, ways, score, tables = terms.n, terms.ways, terms.score, terms.tables
    reach = (terms.signatures * terms.caps).max(axis=1, initial=0)  # a class's count past this changes no code
    top, width = int(reach.max(initial=0)) + 1, hands.shape[1]  # the reaches' radix; the class past them
    classes_held, held, after = _held(hands, reach, n)
    most = held.shape[1]
    widest = composition_rows([n] * (most + 1), n)  # the multisets of at most n cards, and a class for the rest,
    widest[:, most] = 0  # its column then the cards past the reaches: none (multisets over fewer classes: zeros first)
    scale = np.asarray([terms.common // w if w else 0 for w in ways], dtype=score)
    kept, good_of, ways_of = np.zeros_like(hands), np.zeros(len(hands), dtype=score), np.zeros(len(hands), dtype=score)
    shape_of = held @ (n + 1) ** np.arange(most, dtype=np.int64)
    by_shape = np.argsort(shape_of, kind="stable")
    for group in np.split(by_shape, np.flatnonzero(np.diff(shape_of[by_shape])) + 1):
        counts_held = held[group[0]][held[group[0]] > 0]
        r = len(counts_held)
        sets = widest[(widest[:, : most - r] == 0).all(axis=1), most - r :]
        parts = np.indices((counts_held + 1).tolist()).reshape(r, -1).T if r else np.zeros((1, 0), dtype=np.int64)
        coef = coefficients(counts_held, sets, n)
        weight = scale[n - parts.sum(axis=1)][:, None]  # the chance over ``common`` (0: more discards than the rest)
        folds = len(group) * len(sets) > 8 * CELLS  # folding pays over many blocks, not over a few hands
        ends = np.zeros(0, dtype=np.int64)
        if folds:  # hands whose held classes reach as far, together
            reaches = reach[classes_held[group, :r]] @ top ** np.arange(r, dtype=np.int64)
            group = group[np.argsort(reaches, kind="stable")]
            ends = np.flatnonzero(np.diff(np.sort(reaches))) + 1
        good = np.empty((len(parts), len(group)), dtype=score)  # parts x hands
        for start, end in zip([0, *ends.tolist()], [*ends.tolist(), len(group)]):
            rows = group[start:end]
            held_classes = np.column_stack([classes_held[rows, :r], np.full(len(rows), width)])  # + past reaches
            if folds:
                profiles, folded = fold_sets(sets[:, :r], reach[held_classes[0, :r]], coef, n, terms.kind)
            else:
                profiles, folded = sets.astype(np.float32), coef.T.astype(terms.kind)
            numbers = np.stack([number[held_classes].T for number, _ in tables])  # tables x held x hands
            step = max(1, CELLS // len(profiles))
            for at in range(0, len(rows), step):  # the codes a few hands at a time: small arrays
                found = set_codes(profiles, numbers[:, :, at : at + step], tables)
                codes = found if terms.codes is None else np.searchsorted(terms.codes, found)
                counted = np.take(terms.whole, codes)  # sets x hands
                good[:, start + at : min(end, start + at + step)] = folded @ counted
        best = _best_parts(good, weight, counts_held, parts, after[group, :r], terms)
        kept[group[:, None], classes_held[group, :r]] = parts[best]
        good_of[group] = good[best, np.arange(len(group))]
        ways_of[group] = np.asarray(ways, dtype=score)[n - parts[best].sum(axis=1)]
    return kept, good_of, ways_of


def _held(hands: np.ndarray, reach: np.ndarray, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per hand, the classes it holds by falling count, then reach, then class order (one sort of unique keys), their
    counts, and each one's weight in the hand's order of parts (``sum (h - k) * prod (h + 1)`` of later classes)."""
    most, width = int((hands > 0).sum(axis=1).max(initial=0)), hands.shape[1]
    top = int(reach.max(initial=0)) + 1
    ranked = np.sort(((n - hands) * top + top - 1 - reach) * width + np.arange(width), axis=1)[:, :most]
    classes_held, held = ranked % width, n - ranked // (width * top)
    after = np.ones(hands.shape[::-1])
    for i in range(width - 2, -1, -1):  # column by column (a cumulative product along rows is slow)
        after[i] = after[i + 1] * (hands[:, i + 1] + 1)
    return classes_held, held, np.take_along_axis(after.T, classes_held, axis=1)


def _best_parts(good, weight, held: np.ndarray, parts: np.ndarray, after: np.ndarray, terms: Terms) -> np.ndarray:
    """Per hand of a group (columns of ``good``, the parts' counts), the best part's row (see :func:`best_keeps`);
    ``after``: the hands' held classes' weights in their order of parts (:func:`_held`)."""
    n, discards = terms.n, terms.n - parts.sum(axis=1)
    chance = good * weight
    chance[weight[:, 0] == 0] = -1  # a part discarding more than the rest holds is never chosen
    best = chance.argmax(axis=0)
    tied = chance == chance[best, np.arange(good.shape[1])]
    several = np.flatnonzero(np.count_nonzero(tied, axis=0) > 1)
    if len(several):  # the tie-break: round 2's chance, then cards kept, then the hand's order of parts
        spread = round_two_spread(held, parts, terms)
        tie = (spread @ good[:, several].astype(terms.spread)).astype(terms.tie) * weight.astype(terms.tie)
        removed = (held - parts).astype(np.float64)
        order = (n - discards)[:, None] * len(parts) + len(parts) - 1 - removed @ after[several].T
        ranked = np.where(tied[:, several], tie * ((n + 1) * len(parts)) + order.astype(np.int64), -1)
        best[several] = ranked.argmax(axis=0)
    return best


def round_two_spread(held: np.ndarray, parts: np.ndarray, terms: Terms) -> np.ndarray:
    """``spread[K, a]`` (parts x parts of a hand holding ``held``), so that ``spread @ good`` counts, for each part
    ``K`` kept, the (replacements, round 2's hand) pairs where round 2's hand meets, weighted by its chance.

    Round 2's hand ``G`` meets through its part ``a`` in the hand ``H`` and its ``x = n - |a|`` cards from the rest,
    which ``good[a]`` counts: ``a`` is ``p`` cards of ``K`` (in ``G``'s ``j`` from round 1's hand) and the rest of
    ``H - K`` (discarded, shuffled back); of the ``x``, ``j - p`` are replacements, and the other replacements avoid
    all ``x``: ``C(x, j - p) * C(rest - x, d - j + p)`` ways, ``d = n - |K|`` (``terms.round_two``)."""
    top = terms.round_two.shape[2] - 1
    poly = np.zeros((len(parts), len(parts), top + 1), dtype=np.int64)  # by p: ways to take a from K and H - K
    poly[..., 0] = 1
    for i, h in enumerate(held.tolist()):
        table = np.zeros((h + 1, h + 1, top + 1), dtype=np.int64)  # [k, a, p]: C(k, p) * C(h - k, a - p)
        for k, a in product(range(h + 1), repeat=2):
            for p in range(max(0, a - h + k), min(k, a, top) + 1):
                table[k, a, p] = comb(k, p) * comb(h - k, a - p)
        factor = table[parts[:, i, None], parts[None, :, i]]
        poly = np.stack([sum(poly[..., s - t] * factor[..., t] for t in range(s + 1)) for s in range(top + 1)], axis=-1)
    sizes = parts.sum(axis=1)
    return (poly.astype(terms.tie) * terms.round_two[sizes[:, None], sizes[None, :]]).sum(axis=2).astype(terms.spread)


def _choose(n: int, k: int) -> int:
    """``C(n, k)``, 0 unless ``0 <= k <= n``: the ways to pick ``k`` of ``n`` cards."""
    return comb(n, k) if 0 <= k <= n else 0
