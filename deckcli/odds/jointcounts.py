"""Exact counts of (opening hand, later draws) pairs that meet the conditions together, in plain Python integers.

The by-turn figures with a whole-hand redraw need P(the hand meets and so do the cards seen by turn t). That holds
when the hand has at least each condition's ``low`` and the cards seen at most its ``high`` (counts only grow), so
a state tracks the hand's size, its counts on the ``N+`` axes (saturating at ``low``) and the seen cards' counts on
the ``N-M`` axes (a state past ``M`` is dropped), all packed in one integer key; its weight is a polynomial in the
number of later cards, its coefficients packed ``slot`` bits each in one Python integer (as in
:mod:`deckcli.odds.polycounts`). Classes go in the order of :func:`~deckcli.odds.ordering.retiring_order`, and an
axis is forgotten once its last class is in, so with many overlapping filters the states stay few. Past
``most_states`` states it gives up (None) and the caller counts with the numpy table instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from deckcli.odds.conditions import Condition
from deckcli.odds.ordering import retiring_order
from deckcli.odds.polycounts import key_changes

#: Past this many states the numpy table (one array operation per step, whatever its size) counts instead.
MOST_STATES = 20_000


def hand_and_seen_counts(
    counts: Sequence[int],
    signatures: Sequence[Sequence[bool]],
    conditions: Sequence[Condition],
    hand_size: int,
    extras: Sequence[int],
    most_states: int | None = None,
) -> dict[int, int] | None:
    """For each ``e`` of ``extras``: how many (hand of ``hand_size`` cards, ``e`` later cards) pairs have the hand
    meeting every condition and the hand and later cards together too; None past ``most_states`` states.

    ``counts[c]`` cards are in class ``c``, which matches condition ``i``'s filter when ``signatures[c][i]``.
    """
    n, size = hand_size, sum(counts)
    most = max(extras, default=0)
    most_states = MOST_STATES if most_states is None else most_states
    # the axes: the hand's counts for each N+ (low > 0), the seen cards' for each binding N-M
    watched = [(i, c.low, False) for i, c in enumerate(conditions) if c.low > 0]
    watched += [(i, c.high, True) for i, c in enumerate(conditions) if c.high is not None and c.high < size]
    axis_hits = [[signature[i] for i, _, _ in watched] for signature in signatures]
    order, finished = retiring_order(axis_hits, [limit + 1 for _, limit, _ in watched])
    if any(not seen for _, _, seen in (watched[a] for a in finished[0])):
        return {e: 0 for e in extras}  # an N+ that no card of the deck matches
    hand_bits = n.bit_length()
    hand_mask = (1 << hand_bits) - 1
    fields, bits = [], hand_bits  # per axis: its place, the mask of its bits (the hand's size takes the lowest)
    for _, limit, _ in watched:
        fields.append((1 << bits, (1 << max(1, limit.bit_length())) - 1))
        bits += max(1, limit.bit_length())
    # every coefficient, kept or past the later cards wanted, counts pairs of the cards added so far (at most this)
    bound = max(comb(size, a) * comb(size - a, (size - a) // 2) for a in range(n + 1))
    slot = -(-bound.bit_length() // 8) * 8
    keep = (1 << slot * (most + 1)) - 1
    # the hand's size is an axis too (dropped past n, checked against each state's room below): in the changes
    hand_axis = (1, n, False, False, None)
    table = {0: 1}
    for c, done in zip(order, finished[1:]):
        axes = [a for a, on in enumerate(axis_hits[c]) if on]
        hit = [hand_axis, *(_axis(fields[a][0], watched[a][1], watched[a][2], a in done) for a in axes)]
        along = sum(fields[a][0] * fields[a][1] for a in axes)
        offers = _offers(counts[c], n, most, slot, any(watched[a][2] for a in axes))
        moves = {}
        for projected in {key & along for key in table}:
            values = [0, *(projected // fields[a][0] & fields[a][1] for a in axes)]
            moves[projected] = sorted(key_changes(values, hit, offers).items(), key=lambda move: move[0] & hand_mask)
        grown: dict[int, int] = {}
        get = grown.get
        for key, weight in table.items():
            room = n - (key & hand_mask)
            for change, ways in moves[key & along]:
                if change & hand_mask > room:  # moves come by hand cards taken: the rest take more
                    break
                moved = key + change
                grown[moved] = get(moved, 0) + weight * ways
        if len(grown) > most_states:
            return None
        table = {key: weight & keep for key, weight in grown.items()}
    total, digit = table.get(n, 0), (1 << slot) - 1
    return {e: total >> e * slot & digit for e in extras}


def _offers(count: int, n: int, most: int, slot: int, seen: bool) -> list[tuple[int, int, int]]:
    """A class's moves ``(hand cards, seen cards, ways as a polynomial in the later cards)``: ``a`` of its
    ``count`` cards to the hand and ``b`` drawn later. When none of its axes counts seen cards, ``b`` changes no
    state and the moves of one ``a`` are one."""
    offers = []
    for a in range(min(count, n) + 1):
        ways = comb(count, a)
        later = [ways * comb(count - a, b) << b * slot for b in range(min(count - a, most) + 1)]
        if seen:
            offers += [(a, a + b, poly) for b, poly in enumerate(later)]
        else:
            offers.append((a, a, sum(later)))
    return offers


def _axis(place: int, limit: int, seen: bool, retired: bool) -> tuple:
    """An axis as :func:`~deckcli.odds.polycounts.key_changes` takes it: an N+ counts the hand's cards and saturates
    at ``low`` (retired: met only there); an N-M counts the seen cards and drops a state past ``M`` (retired: every
    value left is met)."""
    holding = None if not retired else [True] * (limit + 1) if seen else [False] * limit + [True]
    return place, limit, not seen, seen, holding
