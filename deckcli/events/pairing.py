"""Swiss pairing: the rules as costs of a minimum-cost perfect matching (:mod:`deckcli.events.matching`), solved in
small parts whose union is proved optimal by a lower bound (:mod:`deckcli.events.pairbound`).

The rules, most important first: no rematch while any other pairing allows it; no second bye while a player without
one can take it, and the bye to the lowest-ranked such player; no pair-down that skips a points group while a pairing
without one exists; the fewest pair-downs, then the smallest (squared point gaps); each paired-down player meets the
highest-ranked player of the next group possible (the lower player's place in its group). Each rule is a level of
an integer cost (:class:`deckcli.events.paircost.Field`) weighing more than everything below it can add up to, so
the least total cost is the best pairing by these rules in that order. Under the rules a last level that is no rule,
the squared rank gaps of the pairs (1 v 2 of a group, 3 v 4), decides between equally good pairings.

Why parts. The blossom algorithm is far from linear in Python (one matching of 5,000 players: 37 s), and a large
event is mostly points groups whose players have not met. So the field is paired top-down in parts (each points
group, cut into parts of :data:`CHUNK` players): a part's players, with the one player carried down from the part
above (if any), are matched exactly over the complete graph, with one more seat "down" when their count is odd,
priced for each player as their best opponent below; whoever takes it is carried into the next part. The union is
then checked against a lower bound of every pairing's cost (:func:`deckcli.events.pairbound.check`); where it is not
met, the groups around the shortfall become one part and one region of the bound, and the round is paired again.
A region that grows to the whole field is the whole field matched at once, so the answer is always the optimum; in
a large event the regions are a few small groups (round 2 of 5,000 players: about 1 s). This is the one way every
round is paired, at any size; tests compare it with brute force up to 10 players and with one matching of the whole
field in played events of 33 and 128 players, round by round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from deckcli.events.matching import min_cost_perfect_matching
from deckcli.events.pairbound import check
from deckcli.events.paircost import Entrant, Field
from deckcli.names import name_key

#: The most players of a points group paired as one part while no region holds them.
CHUNK = 24


def first_round(players: Sequence[str], seed: str) -> list[tuple[str, str | None]]:
    """Round 1: the players in a random order drawn from the event's seed (the same seed, the same round), paired
    first with second and so on; with an odd count the last one has the bye."""
    order = sorted(players, key=name_key)
    random.Random(f"{seed}:round 1").shuffle(order)
    pairs: list[tuple[str, str | None]] = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    if len(order) % 2:
        pairs.append((order[-1], None))
    return pairs


@dataclass(frozen=True)
class Part:
    """Seats ``start … end-1`` paired as one matching (with the player carried from above, and the bye seat in the
    last part)."""

    start: int
    end: int


#: A part's pairs (seats, ``i < j``) and the player it carries down.
Solved = tuple[list[tuple[int, int]], int | None]


def solve_part(field: Field, part: Part, carried: int | None) -> Solved:
    """The least-cost pairing of ``part``'s seats and ``carried``, and the player left to carry down (their count
    odd): one more seat, ``down``, priced for each player as their best opponent below the part. Neighbours of one
    points group who have not met, paired 1 v 2, 3 v 4, need no matching: every pair costs at least that."""
    nodes = ([carried] if carried is not None else []) + list(range(part.start, part.end))
    if part.end == len(field.ranked) and field.bye is not None:
        nodes.append(field.bye)
    down = len(nodes) if len(nodes) % 2 else None
    consecutive = [(nodes[a], nodes[a + 1]) for a in range(0, len(nodes) - 1, 2)]
    if down is None and all(j - i == 1 and j != field.bye and field.rule(i, j) == 0 for i, j in consecutive):
        return consecutive, None  # each pair of the same group, not met, one apart: no pairing costs less
    costs = {(a, b): field.cost(nodes[a], nodes[b]) for a in range(len(nodes)) for b in range(a + 1, len(nodes))}
    if down is not None:
        costs.update({(a, down): field.best_below(nodes[a], part.end) for a in range(len(nodes))})
    found = min_cost_perfect_matching(len(nodes) + (down is not None), costs)
    assert found is not None  # a complete graph with an even number of seats
    pairs = sorted((min(nodes[a], nodes[b]), max(nodes[a], nodes[b])) for a, b in found if b != down)
    return pairs, next((nodes[a] for a, b in found if b == down), None)


def parts(field: Field, regions: Sequence[tuple[int, int]]) -> list[Part]:
    """The parts of the field, top-down: each region (groups ``first … last``) one part, every other points group
    cut into parts of about :data:`CHUNK` players (one more at most), of even sizes but the last."""
    found, g, n = [], 0, len(field.ranked)
    inside = {h: region for region in regions for h in range(region[0], region[1] + 1)}
    while g < len(field.starts) - 1:
        start = field.starts[g]
        if g in inside:
            last = inside[g][1]
            found.append(Part(start, min(field.starts[last + 1], n)))
            g = last + 1
            continue
        end = min(field.starts[g + 1], n)
        k = -(-(end - start) // CHUNK)  # parts of even sizes as equal as can be: no small last one
        cuts = [start + 2 * (i * (end - start) // (2 * k)) for i in range(k)] + [end]
        found += [Part(a, b) for a, b in pairwise(cuts)]
        g += 1
    return [part for part in found if part.end > part.start] or [Part(0, n)]


def pair_top_down(
    field: Field, regions: Sequence[tuple[int, int]], known: dict[tuple[Part, int | None], Solved]
) -> list[tuple[int, int]]:
    """The union of the parts' pairings, each part with the player carried from the one above (``known`` keeps
    the parts already solved, so a second pass solves only the parts that changed)."""
    pairs: list[tuple[int, int]] = []
    carried = None
    for part in parts(field, regions):
        if (part, carried) not in known:
            known[(part, carried)] = solve_part(field, part, carried)
        found, carried = known[(part, carried)]
        pairs += found
    assert carried is None
    return sorted(pairs)


def swiss_round(ranked: Sequence[Entrant]) -> list[tuple[str, str | None]]:
    """The next round of ``ranked`` players (best first): the pairs, higher-ranked player first, in order of the
    higher-ranked player, then the bye (opponent None) if the count is odd."""
    field, known = Field(ranked), dict[tuple[Part, int | None], Solved]()
    regions: list[tuple[int, int]] = []
    while True:
        pairs = pair_top_down(field, regions, known)
        grown = check(field, pairs, regions)
        if grown is None:
            break
        regions = grown
    named: list[tuple[str, str | None]] = [(ranked[i].player, ranked[j].player) for i, j in pairs if j != field.bye]
    return named + [(ranked[i].player, None) for i, j in pairs if j == field.bye]
