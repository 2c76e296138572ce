"""boa (GAMES.md Decision): a player who received the extra card for the opponent's mulligan and then redraws
shuffles the whole hand back, the extra card too, and draws a new hand of 6. The figures are checked against
closed forms written here with math.comb, independent of deckcli's counts."""

import json
from fractions import Fraction
from math import comb

import pytest

from deckcli.cards.conditions import parse_conditions
from deckcli.odds import odds

BOA = {"hand_size": 6, "mulligan": "full-redraw", "draws_per_turn": 1, "first_turn_draw": "second-player",
       "opponent_mulligan_cards": 1}
DECK = [({"name": "X", "kind": "spell"}, 4), ({"name": "Y", "kind": "monster"}, 36)]  # 40 cards, 4 X


def at_most(k: int, n: int, marked: int = 4, size: int = 40) -> Fraction:
    """P(n cards drawn from size hold at most k of marked)."""
    return sum((Fraction(comb(marked, i) * comb(size - marked, n - i), comb(size, n)) for i in range(k + 1)),
               Fraction(0))


@pytest.mark.parametrize("on_the_play", [True, False])
def test_at_least_one_the_redraw_is_a_hand_of_six(on_the_play):
    result = odds(DECK, parse_conditions(["1+ name=X"]), BOA, turns=3, on_the_play=on_the_play,
                  opponent_mulligan=True)
    p7, p6 = 1 - at_most(0, 7), 1 - at_most(0, 6)
    assert result.hand_size == 7 and result.p_opening == p7
    assert result.p_with_mulligan == p7 + (1 - p7) * p6  # not p7 + (1 - p7) * p7: the new hand has 6 cards
    draws = [t - 1 if on_the_play else t for t in (1, 2, 3)]
    # kept: the 7 meet, so every later count does; redrawn: 6 cards, then the same draws
    assert result.by_turn_with_mulligan == [p7 + (1 - p7) * (1 - at_most(0, 6 + d)) for d in draws]


def test_at_most_one_by_turn_follows_the_smaller_new_hand():
    result = odds(DECK, parse_conditions(["0-1 name=X"]), BOA, turns=2, opponent_mulligan=True)
    p7, p6 = at_most(1, 7), at_most(1, 6)
    assert result.p_with_mulligan == p7 + (1 - p7) * p6
    # on the play: turn 1 has no draw, turn 2 one. Kept and still at most one X by then: P(the first 7+d hold <= 1).
    assert result.by_turn_with_mulligan == [at_most(1, 7 + d) + (1 - p7) * at_most(1, 6 + d) for d in (0, 1)]


def test_without_the_extra_card_the_redraw_is_the_same_size():
    result = odds(DECK, parse_conditions(["1+ name=X"]), BOA)
    p6 = 1 - at_most(0, 6)
    assert result.p_with_mulligan == p6 + (1 - p6) * p6


def test_hand_deals_the_new_hand_of_six_and_says_so(run, tmp_path):
    deck = tmp_path / "d.txt"
    deck.write_text("Game: boa\n40 Ember Whelp\n", encoding="utf-8")
    result = run("hand", deck, "--opponent-mulligan", "--mulligan", "--want", "1+ kind=spell", "--count", "3",
                 "--seed", "1", "--json")
    assert result.exit_code in (0, 1), result.output
    for dealt in json.loads(result.stdout)["hands"]:
        assert len(dealt["cards"]) == 7
        assert dealt["mulligan"]["action"] == "redraw" and len(dealt["mulligan"]["final"]) == 6
        assert dealt["mulligan"]["note"] == ("the hand misses the conditions: shuffle it back and draw a new hand "
                                             "of 6")
