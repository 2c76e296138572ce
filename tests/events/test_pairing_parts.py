"""Pairing in parts and its proof (:mod:`deckcli.events.pairbound`): the bound is below the cost of every pairing
(brute force over every matching of small events, with and without regions), and round 2 of a large event, with an
odd or an even winners' group, is paired in small parts, never in one matching of the whole field (no timing here:
``bench/bench_pairing.py`` measures it)."""

from __future__ import annotations

import random

import pytest

from deckcli.events import pairing
from deckcli.events.pairbound import _Bound, check
from deckcli.events.paircost import Field
from deckcli.events.pairing import Entrant, swiss_round
from test_pairing_rule import history, matchings


def _bound(field: Field, regions: list[tuple[int, int]]) -> int:
    """The lower bound of ``regions``, doubled as :mod:`deckcli.events.pairbound` counts it."""
    bound = _Bound(field, regions)
    return 2 * sum(bound.open) + sum(bound.relaxed(k) for k in range(len(regions)))


def _regions(rng: random.Random, groups: int) -> list[tuple[int, int]]:
    """A few regions of consecutive groups, none touching another."""
    found, g = [], rng.randint(0, 2)
    while g < groups:
        last = min(groups - 1, g + rng.randint(0, 2))
        found.append((g, last))
        g = last + 2 + rng.randint(0, 2)
    return found


@pytest.mark.parametrize("seed", range(6))
def test_the_bound_is_below_every_pairing_and_met_by_the_one_made(seed):
    rng = random.Random(seed)
    for _ in range(25):
        field = Field(history(rng, rng.randint(2, 10)))
        least = min(sum(field.rule(i, j) for i, j in m) for m in matchings(list(range(field.seats))))
        groups = len(field.starts) - 1
        for regions in ([], _regions(rng, groups), [(0, groups - 1)]):
            assert _bound(field, regions) <= 2 * least
        whole = pairing.pair_top_down(field, [(0, groups - 1)], {})
        assert sum(field.rule(i, j) for i, j in whole) == least  # one region of the whole field: the optimum
        made = pairing.pair_top_down(field, [], {})
        if check(field, made, []) is None:  # the parts' union proved optimal: it is, and it meets the bound
            assert sum(field.rule(i, j) for i, j in made) == least == _bound(field, []) // 2


def _round_two(players: int, odd_winners: bool) -> list[Entrant]:
    """Round 2 of ``players``: round 1 paired in order, one table in five drawn, the first table turned so that the
    winners' group (the bye's player in it) is odd or even."""
    rng = random.Random(players)
    names = [f"P{i:04d}" for i in range(players)]
    points, met = dict.fromkeys(names, 0), {p: frozenset() for p in names}
    tables = [(names[i], names[i + 1]) for i in range(0, players - 1, 2)]
    draws = [rng.random() < 0.2 for _ in tables]
    winners = draws.count(False) + players % 2
    if (winners % 2 == 1) != odd_winners:
        draws[0] = not draws[0]
    for (a, b), drawn in zip(tables, draws):
        points[a], points[b] = (1, 1) if drawn else (3, 0)
        met[a], met[b] = frozenset({b}), frozenset({a})
    if players % 2:
        points[names[-1]] = 3
    ranked = sorted(names, key=lambda p: -points[p])
    return [Entrant(p, points[p], met[p], players % 2 == 1 and p == names[-1]) for p in ranked]


@pytest.mark.parametrize("players", [1024, 1025])
@pytest.mark.parametrize("odd_winners", [True, False])
def test_round_two_of_a_large_event_is_paired_in_small_parts(monkeypatch, players, odd_winners):
    sizes = []
    solve = pairing.solve_part
    monkeypatch.setattr(
        pairing,
        "solve_part",
        lambda field, part, carried: sizes.append(part.end - part.start) or solve(field, part, carried),
    )
    ranked = _round_two(players, odd_winners)
    assert (sum(1 for e in ranked if e.points == 3) % 2 == 1) == odd_winners
    pairs = swiss_round(ranked)
    assert max(sizes) <= pairing.CHUNK + 1 and len(sizes) < 2 * players / pairing.CHUNK
    assert sorted(p for pair in pairs for p in pair if p) == sorted(e.player for e in ranked)
    assert not any(b in next(e.met for e in ranked if e.player == a) for a, b in pairs if b)  # no rematch
