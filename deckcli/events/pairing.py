"""The Swiss pairing rules as costs of a minimum-cost perfect matching (:mod:`deckcli.events.matching`).

Players are given ranked by the standings. A matching's cost ranks, most important first: rematches; byes to a
player who had one; how far above the lowest-ranked player the bye goes; how many pairs join two points groups (a
pair-down); the squares of those pairs' point differences; and, for each pair-down, the place of the lower player in
its own points group (a player paired down meets the highest-ranked of the next group possible); last, the squared
rank gaps of the pairs (players meet the nearest-ranked they can: 1 v 2 of a group, 3 v 4, which also spares the
solver the countless equal choices that slow it). Each level weighs more than everything below it can add up to,
so the least cost is the best pairing by these rules in that order.

Events of up to :data:`COMPLETE_UP_TO` players are matched over the complete graph: exact over every pairing
(tests compare it with brute force up to 10 players). A larger event is matched over a sparse candidate graph,
exactly for that graph: each player linked to the ``width`` nearest-ranked players below it that it has not met and
to the ``width`` highest-ranked it has not met of each lower points group (where a pair-down's best opponent is),
the bye to the ``width`` lowest-ranked players without one; with no perfect matching there the width grows, and
at last the graph is complete, rematch and repeat-bye edges included, so a pairing always exists. (Tests compare
90-player events with the complete graph's optimum.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from deckcli.events.matching import min_cost_perfect_matching
from deckcli.names import name_key

#: The first widths of the candidate graph (the last graph is complete).
WIDTHS = (4, 16)
#: Events of up to this many players are paired over the complete graph from the start.
COMPLETE_UP_TO = 17
#: The fewest players of a part a large event is paired in (:func:`chunks`).
CHUNK = 64


@dataclass(frozen=True)
class Entrant:
    """An active player as pairing sees them: points so far, the players met, whether they had a bye."""

    player: str
    points: int = 0
    met: frozenset[str] = frozenset()
    had_bye: bool = False


def first_round(players: Sequence[str], seed: str) -> list[tuple[str, str | None]]:
    """Round 1: the players in a random order drawn from the event's seed (the same seed, the same round), paired
    first with second and so on; with an odd count the last one has the bye."""
    order = sorted(players, key=name_key)
    random.Random(f"{seed}:round 1").shuffle(order)
    pairs: list[tuple[str, str | None]] = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    if len(order) % 2:
        pairs.append((order[-1], None))
    return pairs


class _Costs:
    """The cost of each candidate pair of ranked entrants (index ``n`` is the bye when the count is odd)."""

    def __init__(self, ranked: Sequence[Entrant]):
        self.ranked, n = ranked, len(ranked)
        self.keys = [name_key(e.player) for e in ranked]
        self.met = [{name_key(p) for p in e.met} for e in ranked]
        group_place: list[int] = []
        for i, e in enumerate(ranked):
            group_place.append(group_place[-1] + 1 if i and ranked[i - 1].points == e.points else 0)
        self.place = group_place
        spread = (max((e.points for e in ranked), default=0) - min((e.points for e in ranked), default=0)) ** 2
        base = (n + 2) ** 3 * (spread + 1)  # above what any one level can add up to
        self.w_place, self.w_square, self.w_down = base, base**2, base**3
        self.w_bye_rank, self.w_bye_again, self.w_rematch = base**4, base**5, base**6

    def pair(self, i: int, j: int) -> int:
        a, b = self.ranked[i], self.ranked[j]
        cost = (j - i) ** 2 + (self.w_rematch if self.keys[j] in self.met[i] else 0)
        if a.points != b.points:
            cost += self.w_down + self.w_square * (a.points - b.points) ** 2 + self.w_place * self.place[j]
        return cost

    def bye(self, i: int) -> int:
        return self.w_bye_again * self.ranked[i].had_bye + self.w_bye_rank * (len(self.ranked) - 1 - i)


def _candidates(costs: _Costs, width: int | None) -> dict[tuple[int, int], int]:
    """The edges of the candidate graph of ``width`` (None: complete), with their costs: each player's ``width``
    nearest-ranked players below it not met, and the ``width`` highest-ranked not met of each lower points group
    (where a pair-down's best opponents are)."""
    ranked, n = costs.ranked, len(costs.ranked)
    if width is None:
        edges = {(i, j): costs.pair(i, j) for i in range(n) for j in range(i + 1, n)}
        edges.update({(i, n): costs.bye(i) for i in range(n)} if n % 2 else {})
        return edges
    starts = [i for i in range(n) if i == 0 or ranked[i].points != ranked[i - 1].points] + [n]
    group = [g for g in range(len(starts) - 1) for _ in range(starts[g], starts[g + 1])]
    edges = {}
    for i in range(n):
        firsts = [i + 1] + starts[group[i] + 1 : -1]
        for first in firsts:
            linked = 0
            for j in range(max(first, i + 1), n):
                if linked >= width:
                    break
                if costs.keys[j] not in costs.met[i]:
                    edges[(i, j)] = costs.pair(i, j)
                    linked += 1
    if n % 2:
        byes = [i for i in reversed(range(n)) if not ranked[i].had_bye]
        edges.update({(i, n): costs.bye(i) for i in byes[:width]})
    return edges


def _solve(ranked: Sequence[Entrant]) -> tuple[list[tuple[str, str | None]], bool]:
    """The least-cost pairing of ``ranked`` over candidate graphs widening to the complete one, and whether it holds
    a rematch or a repeat bye."""
    costs, n = _Costs(ranked), len(ranked)
    widths: list[int | None] = list(WIDTHS) if n > COMPLETE_UP_TO else []
    for width in [*widths, None]:
        edges = _candidates(costs, width)
        found = min_cost_perfect_matching(n + n % 2, edges)
        if found is not None:
            break
    assert found is not None  # the complete graph has a perfect matching
    pairs: list[tuple[str, str | None]] = [(ranked[i].player, ranked[j].player) for i, j in found if j < n]
    pairs += [(ranked[i].player, None) for i, j in found if j == n]
    return pairs, any(edges[pair] >= costs.w_bye_again for pair in found)


def chunks(ranked: Sequence[Entrant], least: int = CHUNK) -> list[Sequence[Entrant]]:
    """``ranked`` cut where one points group ends after an even number of players, into parts of at least
    ``least`` players (the last one takes the rest)."""
    parts, start = [], 0
    for end in range(1, len(ranked)):
        if end - start >= least and end % 2 == 0 and ranked[end].points != ranked[end - 1].points:
            parts.append(ranked[start:end])
            start = end
    return [*parts, ranked[start:]]


def swiss_round(ranked: Sequence[Entrant]) -> list[tuple[str, str | None]]:
    """The next round of ``ranked`` players (best first): the pairs, higher-ranked player first, in order of the
    higher-ranked player, then the bye (opponent None) if the count is odd.

    A large event is paired in :func:`chunks` (each one a matching of its own: the blossom algorithm is far from
    linear); their union is as good as one matching of everyone unless a part needs a rematch or a repeat bye, so
    then everyone is paired in one matching. (Across a cut after an even number of players, pairs crossing it come
    in twos, and pairing their upper players together and their lower ones together never adds a pair-down and
    never grows a squared gap; only a rematch that re-pairing would make can call for crossing.)"""
    parts = chunks(ranked)
    if len(parts) > 1:
        solved = [_solve(part) for part in parts]
        if not any(flawed for _, flawed in solved):
            byes = [pair for pairs, _ in solved for pair in pairs if pair[1] is None]
            return [pair for pairs, _ in solved for pair in pairs if pair[1] is not None] + byes
    return _solve(ranked)[0]
