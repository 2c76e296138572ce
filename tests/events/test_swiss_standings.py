"""Standings against figures worked by hand from the tiebreaker rules (the 0.33 floor, a bye, a drop)."""

from __future__ import annotations

import pytest

from deckcli.events.standings import standings, tiebreak
from deckcli.events.tournament import Pairing, Round, Score

# Five players, two rounds; D drops after round 1.
#   round 1: A v B 2-0, C v D 2-1, E has the bye (a 2-0 win: 3 match points, 6 game points over 2 games)
#   round 2: A v C 1-1-1 (a draw), E v B 0-2
# match points, rounds, MW% (match points / 3 x rounds, at least 0.33):
#   A 3+1 = 4 in 2: 4/6 = 66.67   B 0+3 = 3: 3/6 = 50.00   C 3+1 = 4: 66.67
#   D 0 in 1: 0/3 = 0, floored to 33.00                    E 3 (bye) + 0 = 3: 50.00
# game points / (3 x games), at least 0.33 (GW):
#   A 6+4 = 10 over 2+3 games: 10/15 = 66.67   B 0+6 = 6 over 4: 6/12 = 50.00   C 6+4 = 10 over 6: 55.56
#   D 3 over 3: 3/9 = 33.33                    E 6 (bye) + 0 over 4: 50.00
# OMW and OGW average the opponents' MW% and GW%, the bye left out:
#   A (B, C): OMW (50 + 66.67)/2 = 58.33, OGW (50 + 55.56)/2 = 52.78
#   C (D, A): OMW (33 + 66.67)/2 = 49.83 (D's floor counts, not 0), OGW (33.33 + 66.67)/2 = 50.00
#   B (A, E): OMW (66.67 + 50)/2 = 58.33, OGW (66.67 + 50)/2 = 58.33
#   E (B only, the bye left out): OMW 50.00, OGW 50.00
#   D (C): OMW 66.67, OGW 55.56
# Order: points (A, C on 4; B, E on 3; D), then OMW: A 58.33 over C 49.83, B 58.33 over E 50.00.
ROUNDS = [
    Round("1", (Pairing(1, "A", "B", Score(2, 0)), Pairing(2, "C", "D", Score(2, 1)), Pairing(3, "E", None))),
    Round("2", (Pairing(1, "A", "C", Score(1, 1, 1)), Pairing(2, "E", "B", Score(0, 2)))),
]
WORKED = [
    {"rank": 1, "player": "A", "points": 4, "record": "1-0-1", "omw": "58.33%", "gw": "66.67%", "ogw": "52.78%", "dropped": False},
    {"rank": 2, "player": "C", "points": 4, "record": "1-0-1", "omw": "49.83%", "gw": "55.56%", "ogw": "50.00%", "dropped": False},
    {"rank": 3, "player": "B", "points": 3, "record": "1-1-0", "omw": "58.33%", "gw": "50.00%", "ogw": "58.33%", "dropped": False},
    {"rank": 4, "player": "E", "points": 3, "record": "1-1-0", "omw": "50.00%", "gw": "50.00%", "ogw": "50.00%", "dropped": False},
    {"rank": 5, "player": "D", "points": 0, "record": "0-1-0", "omw": "66.67%", "gw": "33.33%", "ogw": "55.56%", "dropped": True},
]


def test_standings_match_the_figures_worked_by_hand():
    lines = standings(["A", "B", "C", "D", "E"], ROUNDS, "seed", dropped=["D"])
    assert [line.as_row() for line in lines] == WORKED
    assert [line.as_dict()["omw"] for line in lines] == [58.33, 49.83, 58.33, 50.0, 66.67]


def test_a_table_without_a_result_is_not_counted():
    open_round = Round("2", (Pairing(1, "A", "C"), Pairing(2, "E", "B")))
    lines = standings(["A", "B", "C", "D", "E"], [ROUNDS[0], open_round], "seed")
    assert {s.player: s.points for s in lines} == {"A": 3, "B": 0, "C": 3, "D": 0, "E": 3}


@pytest.mark.parametrize("seed", ["one", "two", "three"])
def test_players_equal_on_every_tiebreaker_are_ordered_by_the_seed(seed):
    # two first-round winners with the same game score and no-result opponents: equal on points, OMW, GW, OGW
    tied = [Round("1", (Pairing(1, "Ann", "Bo", Score(2, 0)), Pairing(2, "Cy", "Di", Score(2, 0))))]
    order = [s.player for s in standings(["Ann", "Bo", "Cy", "Di"], tied, seed)][:2]
    assert order == sorted(["Ann", "Cy"], key=lambda p: tiebreak(seed, p))
    assert order == [s.player for s in standings(["Di", "Cy", "Bo", "Ann"], tied, seed)][:2]  # not by entry order
