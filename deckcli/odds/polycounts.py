"""Exact counts of the subsets meeting every condition, by size, in plain Python integers: for few states.

While the reachable states are few, the numpy steps of :mod:`deckcli.odds.sparse` cost mostly the fixed price of
each array call. Here a state is only the conditions' capped counts (one integer key, a few bits per axis, the axes of
:func:`~deckcli.odds.axes.condition_axes`), and its weight is a polynomial in the subset size with its
coefficients packed in one Python integer, ``slot`` bits each: taking ``k`` of a class's ``c`` cards multiplies it
by ``C(c, k) x**k`` (a product and a shift). Every coefficient, before and after keeping the sizes wanted, counts
subsets of the cards added so far, so it is at most ``C(size, size // 2)`` and never carries into the next: the
counts are exact for any deck size. Axes are retired as in the numpy table (failing states dropped, the axis
forgotten), so at the end one polynomial is left. Past ``most_states`` states it stops, and the numpy table
goes on from there (:class:`Unfinished`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

#: Past this many states the numpy table (one array operation per step, whatever its size) goes on.
MOST_STATES = 400


@dataclass
class Unfinished:
    """Where the counts stopped: the first ``added`` classes of the order are in; ``table``: state key -> its
    counts by size (``slot`` bits, whole bytes, each; sizes past the largest wanted dropped); ``place``: each
    axis's lowest bit in a key (an axis retired reads 0)."""

    added: int
    table: dict[int, int]
    slot: int
    place: list[int]


def meeting_by_size(
    counts: Sequence[int],
    signatures: Sequence[Sequence[bool]],
    axes: Sequence[tuple[int, bool]],
    holds: Sequence[Sequence[bool]],
    order: Sequence[int],
    finished: Sequence[Sequence[int]],
    sizes: Sequence[int],
    most_states: int | None = None,
) -> list[int] | Unfinished:
    """For each ``n`` of ``sizes``, how many ``n``-card subsets meet every condition; past ``most_states`` states
    (default :data:`MOST_STATES`), where it stopped.

    ``counts[c]``, ``signatures[c]``: class ``c``; ``axes``/``holds``: per condition, its axis (largest value,
    saturating) and which values meet it; ``order``/``finished``: the classes' order and the axes finished before
    the first and after each (:func:`~deckcli.odds.ordering.retiring_order`)."""
    if not sizes:
        return []
    most_states = MOST_STATES if most_states is None else most_states
    size, max_n = sum(counts), max(sizes)
    slot = -(-comb(size, size // 2).bit_length() // 8) * 8  # whole bytes: the table can be handed over as bytes
    mask = (1 << slot * (max_n + 1)) - 1
    place, bits = [], 0  # each axis's place value: its own bits of the key, so a class's axes are one mask
    for limit, _ in axes:
        place.append(1 << bits)
        bits += limit.bit_length()
    if not all(holds[a][0] for a in finished[0]):  # an axis no card moves, failing at 0
        return [0] * len(sizes)
    table, degree = {0: 1}, 0
    for added, (c, done) in enumerate(zip(order, finished[1:]), 1):
        count = counts[c]
        offers = [(k, k, comb(count, k) << k * slot) for k in range(min(count, max_n) + 1)]
        hit = [
            (place[a], axes[a][0], axes[a][1], False, holds[a] if a in done else None)
            for a, on in enumerate(signatures[c])
            if on
        ]
        fields = [(p, (1 << limit.bit_length()) - 1) for p, limit, *_ in hit]
        along = sum(p * width for p, width in fields)
        moves: dict[int, list[tuple[int, int]]] = {}  # per value on the class's axes: (key change, ways)
        grown: dict[int, int] = {}
        get = grown.get
        for key, weight in table.items():
            taken = moves.get(key & along)
            if taken is None:
                values = [key // p & width for p, width in fields]
                taken = moves[key & along] = list(key_changes(values, hit, offers).items())
            for change, ways in taken:
                grown[key + change] = get(key + change, 0) + weight * ways
        if len(grown) > most_states:
            return Unfinished(added, {key: weight & mask for key, weight in grown.items()}, slot, place)
        degree += len(offers) - 1
        if degree > 2 * max_n:  # sizes past the largest wanted, dropped now and then: shorter integers
            grown, degree = {key: weight & mask for key, weight in grown.items()}, max_n
        table = grown
    total, digit = table.get(0, 0), (1 << slot) - 1
    return [total >> n * slot & digit for n in sizes]


def key_changes(values: Sequence[int], hit, offers) -> dict[int, int]:
    """A class's moves from a state whose values on the class's axes are ``values``: each reachable key change
    with its ways summed.

    ``hit``: per axis of the class, (place, limit, saturating, counts seen cards, which values hold if the axis is
    retired now, else None); ``offers``: per move, (cards to the hand, cards seen, ways). An axis moves by the
    hand's cards, or the seen ones if it counts those (:mod:`deckcli.odds.jointcounts`); past its limit it stays
    there if it saturates, else the move fails (past an N-M's M: never met again). A retired axis's final value
    decides, then it reads 0.
    """
    reached: dict[int, int] = {}
    for hand, seen, ways in offers:
        change = 0
        for value, (place, limit, saturate, counts_seen, holding) in zip(values, hit):
            moved = value + (seen if counts_seen else hand)
            if moved > limit:
                if not saturate:
                    break
                moved = limit
            if holding is not None:
                if not holding[moved]:
                    break
                change -= value * place
            else:
                change += (moved - value) * place
        else:
            reached[change] = reached.get(change, 0) + ways
    return reached
