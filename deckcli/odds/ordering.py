"""The order the exact counts add a deck's classes in: axes (conditions) finished early, so the states stay few.

Pure Python (no numpy): the Python-integer counts of :mod:`deckcli.odds.polycounts` and
:mod:`deckcli.odds.jointcounts` use it as much as the numpy table of :mod:`deckcli.odds.sparse`.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import log


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
