"""The proof that a Swiss round paired in parts (:mod:`deckcli.events.pairing`) is the best pairing of the whole
field: a lower bound of the cost of every pairing, met by the union of the parts or else pointing to where not.

The bound. Number the points groups top-down, the bye seat a group of its own below the last; a boundary ``b`` lies
between groups ``b`` and ``b+1``. Above an *odd* boundary (an odd number of seats before it) some pair must cross
it, in every pairing. Give each odd boundary a value ``z_b``: a pair-down by one group across it, to the best player
of the group below anyone above has not met (the bye boundary: the cheapest bye, less what it crosses above). Every
pair costs at least the ``z`` of the boundaries it crosses (a pair skipping a group pays the skip level, more than
all the ``z`` together; a rematch or a second bye more still), so every pairing costs at least ``Σ z_b``: this is a
dual solution of the matching's linear program, the odd prefix sets its odd-set constraints.

Regions. Where a pairing must cost more than that (players of a small group who met, a floater's best opponents
already met), the bound is raised over a region ``X`` of consecutive groups: drop the ``z`` of the boundaries
touching ``X`` and add the optimum of ``X`` relaxed, in which each seat of ``X`` either meets another seat of ``X``
or leaves ``X`` at the least its pair to an outside seat costs beyond the ``z`` that pair crosses (half of it towards
another region; costs are doubled to stay integers). Every pairing restricted to ``X`` is such a relaxed solution,
so the sum is still a lower bound. A pairing meeting the bound is optimal. Otherwise :func:`check` names the groups
where it falls short (a pair costing more than its ``z``, an odd boundary crossed more than once, a region above
its relaxed optimum), they join the regions, and the caller pairs again with each region one part; regions only
grow, and one region of the whole field is the exact matching of the whole field, so pairing ends, at the optimum.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

from deckcli.events.matching import min_cost_perfect_matching
from deckcli.events.paircost import Field


def boundary_values(field: Field) -> list[int]:
    """``z_b`` of each boundary (0 for an even one)."""
    starts, groups = field.starts, len(field.starts) - 1
    z = [0] * max(groups - 1, 0)
    for b in range(groups - 1):
        if starts[b + 1] % 2 == 0 or starts[b + 1] == field.bye:
            continue
        upper = range(starts[b], starts[b + 1])
        lower = range(starts[b + 1], starts[b + 2])
        best = next((v for v in lower if any(field.keys[v] not in field.met[u] for u in upper)), lower[0])
        gap = field.ranked[upper[0]].points - field.ranked[lower[0]].points
        z[b] = field.w_down + field.w_square * gap * gap + field.place[best]
    if field.bye is not None and z:
        above = [0, *accumulate(z)]
        z[-1] = min(field.rule(p, field.bye) - (above[-2] - above[field.group[p]]) for p in range(field.bye))
    return z


class _Bound:
    """The bound of the pairings of ``field`` with ``regions`` (each a pair of its first and last group)."""

    def __init__(self, field: Field, regions: Sequence[tuple[int, int]]):
        self.field, self.regions, self.z = field, regions, boundary_values(field)
        self.region_of = {g: k for k, (first, last) in enumerate(regions) for g in range(first, last + 1)}
        closed = {b for first, last in regions for b in range(first - 1, last + 1)}
        self.open = [0 if b in closed else value for b, value in enumerate(self.z)]
        self.above = [0, *accumulate(self.open)]

    def beyond(self, i: int, j: int) -> int:
        """What seats ``i`` and ``j`` meeting costs beyond the ``z`` of the open boundaries it crosses."""
        i, j = min(i, j), max(i, j)
        return self.field.rule(i, j) - (self.above[self.field.group[j]] - self.above[self.field.group[i]])

    def leaving(self, p: int, region: int) -> int | None:
        """The least a seat ``p`` of ``region`` costs paired outside it (doubled; half towards another region): in
        each other group the first seat not met costs least."""
        field, best = self.field, None
        for g in range(len(field.starts) - 1):
            if self.region_of.get(g) == region:
                continue
            seats = range(field.starts[g], field.starts[g + 1])
            if p != field.bye:  # the bye's cost is not monotone in rank: every seat of its group is tried
                unmet = (s for s in seats if s == field.bye or field.keys[s] not in field.met[p])
                seats = range(first := next(unmet, seats[0]), first + 1)
            cost = min(self.beyond(p, q) for q in seats) * (1 if g in self.region_of else 2)
            best = cost if best is None else min(best, cost)
        return best  # None: the region is the whole field

    def relaxed(self, region: int) -> int:
        """The optimum of ``region`` relaxed (doubled): its seats matched among themselves or leaving it."""
        field = self.field
        first, last = self.regions[region]
        seats = list(range(field.starts[first], field.starts[last + 1]))
        m = len(seats)
        costs = {(a, b): 2 * field.rule(seats[a], seats[b]) for a in range(m) for b in range(a + 1, m)}
        costs.update({(a + m, b + m): 0 for a in range(m) for b in range(a + 1, m)})
        leaving = [self.leaving(p, region) for p in seats]
        costs.update({(a, a + m): cost for a, cost in enumerate(leaving) if cost is not None})
        found = min_cost_perfect_matching(2 * m, costs)
        assert found is not None
        return sum(costs[pair] for pair in found)


def check(
    field: Field, pairs: Sequence[tuple[int, int]], regions: Sequence[tuple[int, int]]
) -> list[tuple[int, int]] | None:
    """None when ``pairs`` (seats, ``i < j``) meet the bound of ``regions``, else the grown regions to pair again."""
    if list(regions) == [(0, len(field.starts) - 2)]:
        return None  # one region of the whole field: its one part is the exact matching of the whole field
    bound, group = _Bound(field, regions), field.group
    marks: set[int] = set()
    share = [0] * len(regions)
    crossings = [0] * (len(bound.z) + 1)
    for i, j in pairs:
        crossings[group[i]] += 1
        crossings[group[j]] -= 1
        inside = [bound.region_of.get(group[i]), bound.region_of.get(group[j])]
        if inside[0] is not None and inside[0] == inside[1]:
            share[inside[0]] += 2 * field.rule(i, j)
        elif inside == [None, None]:
            marks |= {group[i], group[j]} if bound.beyond(i, j) else set()
        else:
            for k in {k for k in inside if k is not None}:
                share[k] += bound.beyond(i, j) * (1 if None not in inside else 2)
    crossed = list(accumulate(crossings))
    marks |= {g for b, value in enumerate(bound.open) if value and crossed[b] > 1 for g in (b, b + 1)}
    short = [k for k in range(len(regions)) if share[k] > bound.relaxed(k)]
    if not marks and not short:
        return None
    for first, last in regions:
        marks |= set(range(first, last + 1))
    marks |= {g for k in short for g in (regions[k][0] - 1, regions[k][1] + 1) if 0 <= g < len(field.starts) - 1}
    ordered = sorted(marks)
    runs = [[ordered[0], ordered[0]]]
    for g in ordered[1:]:
        if g == runs[-1][1] + 1:
            runs[-1][1] = g
        else:
            runs.append([g, g])
    return [(first, last) for first, last in runs]
