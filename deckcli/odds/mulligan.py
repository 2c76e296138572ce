"""The games' mulligans, exactly: whole-hand redraws, and the sfb partial redraw under its best discard policy.

Partial redraw (sfb): after seeing the hand, keep any part of it, draw one replacement per discard from the
rest of the deck (the discards are shuffled back only afterwards). For every possible hand, by class
composition, the best policy keeps the part that maximises the exact chance of meeting the conditions.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import comb, lcm, prod

from deckcli.odds.axes import condition_axes
from deckcli.odds.classes import DeckClasses
from deckcli.odds.exact import p_hand
from deckcli.odds.residues import EXACT_LIMIT
from deckcli.odds.rules import OpeningRules


@dataclass(frozen=True)
class Keep:
    """The best choice for one hand: class counts to keep, and the chance of success after the redraw."""

    kept: tuple[int, ...]
    p_success: Fraction


@dataclass
class Policy:
    """The best partial-redraw policy: ``table[hand class counts]`` and the resulting overall probability."""

    hand_size: int
    table: Mapping[tuple[int, ...], Keep]
    p_with_mulligan: Fraction

    def keep(self, hand: Sequence[int]) -> Keep:
        return self.table[tuple(hand)]


def compositions(counts: Sequence[int], n: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every class composition of an ``n``-card hand with how many hands have it (product of binomials)."""
    suffix = [0] * (len(counts) + 1)
    for i in range(len(counts) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + counts[i]

    def walk(i: int, left: int, chosen: list[int], ways: int) -> Iterator[tuple[tuple[int, ...], int]]:
        if i == len(counts):
            if left == 0:
                yield tuple(chosen), ways
            return
        for k in range(max(0, left - suffix[i + 1]), min(counts[i], left) + 1):
            chosen.append(k)
            yield from walk(i + 1, left - k, chosen, ways * comb(counts[i], k))
            chosen.pop()

    yield from walk(0, n, [], 1)


def best_policy(classes: DeckClasses, hand_size: int) -> Policy:
    """The exact best partial-redraw policy for every opening hand, and the probability it achieves.

    Computed once per deck shape: ``odds`` and ``simulate`` in one run share it.
    """
    key = (classes.counts, classes.signatures, tuple((c.low, c.high) for c in classes.conditions), hand_size)
    if key not in _POLICIES:
        if len(_POLICIES) >= 8:
            _POLICIES.clear()
        _POLICIES[key] = _compute_policy(classes, hand_size)
    return _POLICIES[key]


#: Policies already computed, by deck shape (class counts, signatures, condition bounds, hand size).
_POLICIES: dict[tuple, Policy] = {}


def _compute_policy(classes: DeckClasses, hand_size: int) -> Policy:
    """The policy itself, computed by :func:`best_policy`: every hand at once (:mod:`deckcli.odds.policy`), or hand
    by hand when its counts would not fit int64."""
    import numpy as np  # the partial-redraw policy counts in arrays (a whole-hand redraw never loads numpy)

    from deckcli.odds.policy import batched_keeps, hand_compositions

    size = classes.size
    n = min(hand_size, size)
    keeps = batched_keeps(classes, hand_compositions(classes.counts, n), n)
    if keeps is None:
        return _policy_hand_by_hand(classes, n)
    denominator = lcm(*(comb(size - n, d) for d in range(n + 1) if d <= size - n))
    if comb(size, n) * denominator < EXACT_LIMIT:  # the whole sum fits int64: every hand at once
        hand_ways = np.ones(len(keeps.hands), dtype=np.int64)  # how many hands have each composition
        for i, count in enumerate(classes.counts):
            hand_ways *= np.asarray([comb(count, k) for k in range(count + 1)], dtype=np.int64)[keeps.hands[:, i]]
        total = int((hand_ways * keeps.good * (denominator // keeps.ways)).sum())
    else:  # each hand's chance over the common denominator, in Python integers
        total = sum(
            w * g * (denominator // v)
            for w, g, v in zip(
                hand_ways_of(classes.counts, keeps.hands.tolist()), keeps.good.tolist(), keeps.ways.tolist()
            )
        )
    return Policy(n, KeepTable(keeps), Fraction(total, denominator * comb(size, n)))


def hand_ways_of(counts: tuple[int, ...], hands: list[list[int]]) -> list[int]:
    """How many hands have each composition (a product of binomials per class)."""
    binomials = [[comb(c, k) for k in range(c + 1)] for c in counts]
    return [prod(b[h] for b, h in zip(binomials, hand)) for hand in hands]


class KeepTable(Mapping):
    """Hand composition -> :class:`Keep`, made from the batched arrays on first use (``odds`` alone needs only
    the overall probability, not a :class:`Fraction` per hand)."""

    def __init__(self, keeps):
        self._keeps = keeps
        self._table: dict[tuple[int, ...], Keep] | None = None

    def _built(self) -> dict[tuple[int, ...], Keep]:
        if self._table is None:
            k = self._keeps
            self._table = {
                tuple(hand): Keep(tuple(kept), Fraction(good, ways))
                for hand, kept, good, ways in zip(k.hands.tolist(), k.kept.tolist(), k.good.tolist(), k.ways.tolist())
            }
        return self._table

    def __getitem__(self, hand: tuple[int, ...]) -> Keep:
        return self._built()[hand]

    def __iter__(self):
        return iter(self._built())

    def __len__(self) -> int:
        return len(self._keeps.hands)


def _policy_hand_by_hand(classes: DeckClasses, n: int) -> Policy:
    """The policy searched hand by hand (counts too large for int64 tables of every hand at once)."""
    caps, rest_size = classes.caps, classes.size - n
    table: dict[tuple[int, ...], Keep] = {}
    total = Fraction(0)
    for hand, hand_ways in compositions(classes.counts, n):
        table[hand] = keep = _best_keep(classes, hand, caps, rest_size)
        total += hand_ways * keep.p_success
    return Policy(n, table, total / comb(classes.size, n))


def _best_keep(classes: DeckClasses, hand: tuple[int, ...], caps: Sequence[int], rest_size: int) -> Keep:
    """Of all sub-multisets of ``hand`` to keep, the one with the best chance; ties keep more cards."""
    from deckcli.odds.arraycounts import holds_tables, subset_counts, successes

    if classes.meets(hand):
        return Keep(hand, Fraction(1))
    rest = [c - h for c, h in zip(classes.counts, hand)]
    n = sum(hand)
    axes = condition_axes(classes.conditions, classes.size)
    table = subset_counts(rest, classes.signatures, axes, min(n, rest_size))
    holds = holds_tables(classes.conditions, axes)
    options = []
    for kept in product(*(range(h, -1, -1) for h in hand)):
        discards = n - sum(kept)
        if discards <= rest_size:
            options.append((kept, discards, tuple(min(cap, m) for cap, m in zip(caps, classes.matched(kept)))))
    queries = sorted({(discards, start) for _, discards, start in options})
    good = dict(zip(queries, successes(table, holds, queries)))
    best: Keep | None = None
    for kept, discards, start in options:
        p = Fraction(good[(discards, start)], comb(rest_size, discards))
        if best is None or p > best.p_success or (p == best.p_success and sum(kept) > sum(best.kept)):
            best = Keep(tuple(kept), p)
    assert best is not None
    return best


def p_with_mulligan(
    classes: DeckClasses,
    rules: OpeningRules,
    hand_size: int,
    on_the_play: bool = True,
    p_opening: Fraction | None = None,
) -> Fraction:
    """The chance of ending the mulligan with a hand that meets the conditions (keeping only such hands)."""
    if rules.mulligan == "partial-redraw":
        return best_policy(classes, hand_size).p_with_mulligan
    p = p_hand(classes, hand_size) if p_opening is None else p_opening
    if rules.redraws(on_the_play):
        return p + (1 - p) * p
    return p
