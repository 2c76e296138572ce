"""Played events, 33 and 128 players to the end, paired round by round by deckcli: after every round no pairing of
the field has fewer rematches, a better bye or fewer pair-downs that skip a points group, and none is better by the
whole rule (the badness of :mod:`test_pairing_rule`).

The independent method: one matching of the complete graph of the round's players (a bye seat when the count is
odd), built here with networkx directly, each pair weighted by the oracle's badness of that pair alone, its levels
as digits of a number base ``10**8`` (more than any level can add up to). Every level of the badness is a sum over
pairs, so the least-weight perfect matching has the least badness in the rule's order; the test compares deckcli's
pairing with it. This shares nothing with deckcli's costs or its pairing in parts and its bound."""

from __future__ import annotations

import random

import pytest
from networkx import Graph
from networkx.algorithms.matching import max_weight_matching

from deckcli.events.pairing import Entrant, first_round, swiss_round
from test_pairing_rule import badness


def complete_best(ranked: list[Entrant]) -> tuple[int, ...]:
    """The least badness over every pairing of ``ranked``: one matching of the complete graph."""
    seats, scale = len(ranked) + len(ranked) % 2, 10**8
    names = [e.player for e in ranked] + [None]
    costs = {}
    for i in range(seats):
        for j in range(i + 1, seats):
            levels = badness(ranked, [(names[i], names[j])])  # type: ignore[list-item]
            costs[(i, j)] = sum(level * scale**k for k, level in enumerate(reversed(levels)))
    top = max(costs.values()) + 1
    graph = Graph()
    graph.add_weighted_edges_from((i, j, top - cost) for (i, j), cost in costs.items())
    found = max_weight_matching(graph, maxcardinality=True)
    assert 2 * len(found) == seats
    return badness(ranked, [(names[min(p)], names[max(p)]) for p in found])  # type: ignore[misc]


def play(players: int, rounds: int, seed: int):
    """Each round of an event: the ranked players (points, then a fixed random order) and deckcli's pairing;
    results drawn at random (one in five a draw)."""
    rng = random.Random(seed)
    names = [f"Player {i:03d}" for i in range(players)]
    points, met, byes = dict.fromkeys(names, 0), {p: set() for p in names}, set()
    order = {p: rng.random() for p in names}
    for number in range(1, rounds + 1):
        ranked = [
            Entrant(p, points[p], frozenset(met[p]), p in byes)
            for p in sorted(names, key=lambda p: (-points[p], order[p]))
        ]
        pairs = first_round(names, str(seed)) if number == 1 else swiss_round(ranked)
        yield ranked, pairs
        for a, b in pairs:
            if b is None:
                points[a] += 3
                byes.add(a)
                continue
            met[a].add(b)
            met[b].add(a)
            draw = rng.random()
            points[a] += 1 if draw < 0.2 else 3 if draw < 0.6 else 0
            points[b] += 1 if draw < 0.2 else 0 if draw < 0.6 else 3


@pytest.mark.parametrize(("players", "rounds"), [(33, 6), (128, 7)])
def test_every_round_of_a_played_event_has_no_pairing_with_fewer_group_skipping_pair_downs(players, rounds):
    for ranked, pairs in list(play(players, rounds, seed=players))[1:]:
        ours, least = badness(ranked, pairs), complete_best(ranked)
        assert ours[:4] == least[:4]  # rematches, byes, then pair-downs skipping a group
        assert ours == least
