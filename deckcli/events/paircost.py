"""The Swiss pairing rules as one integer cost per pair of players (:class:`Field`), for the matching of
:mod:`deckcli.events.pairing`: each rule a level weighing more than everything below it can add up to over a round."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckcli.names import name_key


@dataclass(frozen=True)
class Entrant:
    """An active player as pairing sees them: points so far, the players met, whether they had a bye."""

    player: str
    points: int = 0
    met: frozenset[str] = frozenset()
    had_bye: bool = False


class Field:
    """The ranked players as seats ``0 … n-1`` (seat ``n`` is the bye when ``n`` is odd), their points groups
    (the bye seat a group of its own, the last) and the cost of each pair: :meth:`rule` by the rules' levels,
    :meth:`cost` with the rank gap under them."""

    def __init__(self, ranked: Sequence[Entrant]):
        self.ranked, n = ranked, len(ranked)
        self.bye = n if n % 2 else None
        self.seats = n + n % 2
        self.keys = [name_key(e.player) for e in ranked]
        self.met = [{name_key(p) for p in e.met} for e in ranked]
        self.starts = [i for i in range(n) if i == 0 or ranked[i].points != ranked[i - 1].points] + [n]
        if self.bye is not None:
            self.starts.append(n + 1)
        self.group = [g for g in range(len(self.starts) - 1) for _ in range(self.starts[g], self.starts[g + 1])]
        self.place = [i - self.starts[self.group[i]] for i in range(n)]
        points = [e.points for e in ranked]
        spread = max(points, default=0) - min(points, default=0)
        base = (n + 4) ** 2 * (spread + 1) ** 2  # more than any one level adds up to over a whole round
        self.w_square, self.w_down, self.w_skip = base, base**2, base**3
        self.w_bye_rank, self.w_bye_again, self.w_rematch = base**4, base**5, base**6
        self.w_rule = (n + 2) ** 3  # under one unit of the rules: the sum of the squared rank gaps

    def rule(self, i: int, j: int) -> int:
        """The cost of seats ``i < j`` meeting by the rules alone."""
        if j == self.bye:
            return self.w_bye_again * self.ranked[i].had_bye + self.w_bye_rank * (j - 1 - i)
        cost = self.w_rematch if self.keys[j] in self.met[i] else 0
        apart = self.group[j] - self.group[i]
        if apart:
            gap = self.ranked[i].points - self.ranked[j].points
            cost += self.w_skip * (apart > 1) + self.w_down + self.w_square * gap * gap + self.place[j]
        return cost

    def cost(self, i: int, j: int) -> int:
        """The cost the matching minimises: the rules, then the squared rank gap (``i < j``)."""
        return self.rule(i, j) * self.w_rule + (0 if j == self.bye else (j - i) ** 2)

    def best_below(self, i: int, end: int) -> int:
        """The least :meth:`cost` of seat ``i`` meeting a seat from ``end`` on: in each group the first player not
        met (or its first, when all were met) costs least of that group."""
        best = None
        for g in range(self.group[end] if end < self.seats else len(self.starts) - 1, len(self.starts) - 1):
            first = max(end, self.starts[g])
            seats = range(first, self.starts[g + 1])
            j = next((s for s in seats if s == self.bye or self.keys[s] not in self.met[i]), first)
            cost = self.cost(i, j)
            best = cost if best is None else min(best, cost)
        assert best is not None
        return best
