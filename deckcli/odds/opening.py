"""What the opening hand holds: exact counts of the subsets of a deck that meet every condition, by size.

The one subset-count engine of :mod:`deckcli.odds`. A state is the conditions' capped counts packed in one integer
key (a few bits per axis); its weight is a polynomial in the subset size with its coefficients packed in one Python
integer, ``slot`` bits each: taking ``k`` of a class's ``c`` cards multiplies it by ``C(c, k) x**k`` (a product and
a shift). Every coefficient counts subsets of the cards added so far, so it never carries into the next: exact for
any deck size. Classes go in an order that finishes conditions early (:func:`retiring_order`), and a condition is
retired once its last class is in (failing states dropped, the axis forgotten): with many overlapping filters the
states stay few, and at the end only the size is left. One pass gives every hand size up to the largest asked for.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from math import comb, log
from typing import NamedTuple

from deckcli.cards.conditions import Condition
from deckcli.odds.classes import DeckClasses


class Limit(NamedTuple):
    """How far a condition's axis counts: up to ``limit``, past it staying there if it ``saturates``, else dropped."""

    limit: int
    saturates: bool


class Axis(NamedTuple):
    """One axis of a class's move, as :func:`mover` reads it: its ``place`` in the key, its :class:`Limit`,
    whether it counts the cards seen (``counts_seen``, by turn) rather than the hand's, and ``holding``: which values
    meet its condition when this class retires it (None while later classes still move it)."""

    place: int
    limit: int
    saturates: bool
    counts_seen: bool
    holding: Sequence[bool] | None


class Offer(NamedTuple):
    """One way to take a class's cards: ``hand`` of them to the hand, ``seen`` seen in all, in ``ways`` ways (a
    polynomial packed in one integer)."""

    hand: int
    seen: int
    ways: int


#: A class's step of :func:`sweep`: its count, the axes it moves (:func:`class_axes`) and its offers.
Step = tuple[int, list[Axis], list[Offer]]


def condition_axes(conditions: Sequence[Condition], deck_size: int) -> list[Limit]:
    """Per condition, its axis's :class:`Limit`; ``deck_size``: the most matching cards a subset counted can hold.

    ``N+`` saturates at N: more matching cards change nothing. ``N-M`` drops a state whose count passes M at once:
    counts only grow, so no subset reaching it (with any cards added later) ever meets the condition again.
    """
    return [
        Limit(c.high, False) if c.high is not None and c.high < deck_size else Limit(min(c.cap, deck_size), True)
        for c in conditions
    ]


def holding_lists(conditions: Sequence[Condition], axes: Sequence[Limit]) -> list[list[bool]]:
    """Per condition, which values of its axis meet it; a dropping axis has one more value (past M: never)."""
    return [
        [c.holds(v) for v in range(limit + 1)] + ([] if saturate else [False])
        for c, (limit, saturate) in zip(conditions, axes)
    ]


def retiring_order(moves: Sequence[Sequence[bool]], sizes: Sequence[int]) -> tuple[list[int], list[list[int]]]:
    """An order to add classes in so that axes finish early; before the first class and after each class, the
    axes then finished (no class left moves them): a list one longer than the order.

    ``moves[c][a]``: class ``c`` moves axis ``a``; ``sizes[a]``: how many values axis ``a`` takes. Greedy: each next
    class is the one after which the live axes (moved already, still moved by a class left) span the fewest
    combinations; the first such class among equals.
    """
    weight = [log(size) for size in sizes]
    axes_of = [[a for a, hit in enumerate(row) if hit] for row in moves]
    masks = [sum(1 << a for a in axes) for axes in axes_of]
    left = [0] * len(sizes)
    for axes in axes_of:
        for a in axes:
            left[a] += 1
    finished = [[a for a in range(len(sizes)) if not left[a]]]
    last = sum(1 << a for a in range(len(sizes)) if left[a] == 1)  # axes one class still moves
    spans: dict[int, float] = {0: 0.0}  # the combinations a mask's axes span, as a sum of logs

    def span(mask: int) -> float:
        spans[mask] = total = sum(weight[a] for a in range(mask.bit_length()) if mask >> a & 1)
        return total

    touched, order, remaining = 0, [], list(range(len(masks)))
    while remaining:
        # live after c: touched | masks[c] without the axes c finishes; compared without the common span(touched)
        best, at = float("inf"), 0
        for place, c in enumerate(remaining):
            mask = masks[c]
            new, ending = mask & ~touched, mask & last
            score = (spans[new] if new in spans else span(new)) - (spans[ending] if ending in spans else span(ending))
            if score < best:
                best, at = score, place
        c = remaining.pop(at)
        order.append(c)
        touched |= masks[c]
        done = []
        for a in axes_of[c]:
            left[a] -= 1
            if left[a] == 1:
                last |= 1 << a
            elif not left[a]:
                done.append(a)
                last &= ~(1 << a)
        finished.append(done)
    return order, finished


def meeting_counts(
    counts: Sequence[int],
    signatures: Sequence[Sequence[bool]],
    conditions: Sequence[Condition],
    sizes: Sequence[int],
    starts: Sequence[Sequence[int]] = ((),),
) -> list[list[int]]:
    """Per start, for each ``n`` of ``sizes``: how many ``n``-card subsets of the cards (``counts[c]`` cards in class
    ``c``, matching condition ``i``'s filter when ``signatures[c][i]``) meet every condition once the start's
    matched counts (cards already held, one per condition; ``()``: none) are added to theirs.

    Each start is a state of its own, tagged above the conditions' bits so that starts never merge."""
    size = sum(counts)
    if not sizes:
        return [[] for _ in starts]
    # no subset of the sizes wanted holds more matching cards than this: counts past it need not be told apart
    reach = min(size, max(sizes)) + max((max(start, default=0) for start in starts), default=0)
    axes = condition_axes(conditions, reach)
    holds = holding_lists(conditions, axes)
    asked = [a for a, (axis, holding) in enumerate(zip(axes, holds)) if not (axis.saturates and all(holding))]
    if len(asked) < len(axes):  # a condition every count it can reach meets asks nothing
        axes, holds = [axes[a] for a in asked], [holds[a] for a in asked]
        signatures = [[signature[a] for a in asked] for signature in signatures]
        starts = [[start[a] for a in asked] if start else () for start in starts]
    order, finished = retiring_order(signatures, [axis.limit + 1 for axis in axes])
    most = max(sizes)
    slot = comb(size, size // 2).bit_length()
    place, bits = key_places([axis.limit for axis in axes])
    table: dict[int, int] = {}
    for tag, start in enumerate(starts):
        key = _start_key(start, axes, holds, place, finished[0])
        if key is not None:
            table[tag << bits | key] = 1
    offers_of: dict[int, list[Offer]] = {}  # a class's offers, by its count

    def step(c: int, done: Sequence[int]) -> Step:
        count = counts[c]
        if count not in offers_of:
            offers_of[count] = [Offer(k, k, comb(count, k) << k * slot) for k in range(min(count, most) + 1)]
        return count, class_axes(signatures[c], place, axes, holds, done), offers_of[count]

    table = sweep(table, (step(c, done) for c, done in zip(order, finished[1:])), most, slot)
    digit = (1 << slot) - 1
    return [[table.get(tag << bits, 0) >> n * slot & digit for n in sizes] for tag in range(len(starts))]


def class_axes(
    moves: Sequence[bool],
    place: Sequence[int],
    limits: Sequence[Limit],
    holds: Sequence[Sequence[bool]],
    done: Sequence[int],
    seen_from: int = -1,
) -> list[Axis]:
    """The axes a class moves (``moves[a]``) as :func:`mover` reads them: one it retires (in ``done``) with the values
    that meet its condition; the axes from ``seen_from`` on count the cards seen."""
    return [
        Axis(place[a], *limits[a], counts_seen=0 <= seen_from <= a, holding=holds[a] if a in done else None)
        for a, on in enumerate(moves)
        if on
    ]


def key_places(limits: Sequence[int], low: int = 0) -> tuple[list[int], int]:
    """Each axis's place value in a state's key (its own bits above ``low``, for ``0..limit``), and the bits in all."""
    place, bits = [], low
    for limit in limits:
        place.append(1 << bits)
        bits += limit.bit_length()
    return place, bits


def sweep(
    table: dict[int, int], steps: Iterable[Step], most: int, slot: int, hand: int | None = None
) -> dict[int, int]:
    """The counting pass of :func:`meeting_counts` and :func:`~deckcli.odds.mulligan.kept_and_seen`: add the classes
    to the states ``table``, a :data:`Step` each; every state moves by every offer (:func:`mover`, once per value on
    the class's axes) and equal keys add up. Powers past ``most`` are dropped now and then (shorter integers).

    ``hand``: the first axis of every step counts a hand of at most ``hand`` cards in the key's lowest bits; it is
    read as 0 (a move says what it adds) and a state takes the moves that fit, fewest cards first."""
    degree, keep = 0, (1 << slot * (most + 1)) - 1
    low = 0 if hand is None else (1 << hand.bit_length()) - 1  # the hand's bits (none: no hand axis)
    for count, hit, offers in steps:
        fields = [(axis.place, (1 << axis.limit.bit_length()) - 1) for axis in hit]
        if hand is not None:
            fields[0] = (1, 0)
        along = sum(p * width for p, width in fields)
        key_changes = mover(hit, offers)
        moves: dict[int, list] = {}  # per value on the class's axes: (key change, ways); with a hand, (cards, ...)
        grown: dict[int, int] = {}
        get = grown.get
        if hand is None:
            for key, weight in table.items():
                taken = moves.get(key & along)
                if taken is None:
                    taken = moves[key & along] = list(key_changes([key // p & w for p, w in fields]).items())
                for change, ways in taken:
                    grown[key + change] = get(key + change, 0) + weight * ways
        else:
            for key, weight in table.items():
                taken = moves.get(key & along)
                if taken is None:
                    found = key_changes([key // p & w for p, w in fields]).items()
                    taken = moves[key & along] = sorted((change & low, change, ways) for change, ways in found)
                room = hand - (key & low)
                for cards, change, ways in taken:
                    if cards > room:  # moves come by cards to the hand: the rest take more
                        break
                    grown[key + change] = get(key + change, 0) + weight * ways
        degree += min(count, most)
        if degree > 2 * most:
            grown, degree = {key: weight & keep for key, weight in grown.items()}, most
        table = grown
    return table


def _start_key(
    start: Sequence[int], axes: Sequence[Limit], holds, place: Sequence[int], unmoved: Sequence[int]
) -> int | None:
    """A start's key (its counts capped, axes no class moves already decided and read as 0); None if it fails."""
    values = []
    for value, (limit, saturate) in zip(start or [0] * len(axes), axes):
        if value > limit and not saturate:
            return None
        values.append(min(value, limit))
    if not all(holds[a][values[a]] for a in unmoved):
        return None
    return sum(value * place[a] for a, value in enumerate(values) if a not in unmoved)


def mover(hit: Sequence[Axis], offers: Sequence[Offer]) -> Callable[[Sequence[int]], dict[int, int]]:
    """A class's moves: given a state's ``values`` on the class's axes ``hit``, each key change its ``offers`` reach,
    with their ways summed.

    An axis moves by the hand's cards, or the seen ones if it counts those
    (:func:`deckcli.odds.mulligan.kept_and_seen`); past its limit it stays there if it saturates, else the move fails
    (past an N-M's M: never met again). A retired axis's final value decides, then it reads 0. The axes and offers
    are read as exact tuples: CPython 3.11 unpacks one about three times faster than a NamedTuple (a subclass takes
    the generic path), and this unpacking is every count's inner loop.
    """
    axes = [(*axis,) for axis in hit]
    moves = [(*offer,) for offer in offers]

    def key_changes(values: Sequence[int]) -> dict[int, int]:
        reached: dict[int, int] = {}
        for hand, seen, ways in moves:
            change = 0
            for value, (place, limit, saturate, counts_seen, holding) in zip(values, axes):
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

    return key_changes


def p_by_size(classes: DeckClasses, sizes: Sequence[int]) -> dict[int, Fraction]:
    """For each hand size, the exact probability that a random hand of that size meets every condition."""
    wanted = sorted({min(max(0, n), classes.size) for n in sizes})
    (good,) = meeting_counts(classes.counts, classes.signatures, classes.conditions, wanted)
    return {n: Fraction(g, comb(classes.size, n)) for n, g in zip(wanted, good)}


def p_hand(classes: DeckClasses, hand_size: int) -> Fraction:
    """The exact probability that a hand of ``hand_size`` cards meets every condition."""
    return p_by_size(classes, [hand_size])[min(max(0, hand_size), classes.size)]
