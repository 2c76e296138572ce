"""A format's rules are typed fields, parsed once with the schema's defaults (deckcli/legality/format.py), and the zones
of a deck are shown in one order: the format's, then the games' canonical order."""

from __future__ import annotations

import pytest

from deckcli.errors import InputError
from deckcli.legality.format import FormatZone
from deckcli.legality.formats import load_format
from deckcli.legality.opening import OpeningRules
from deckcli.odds.rules import draw_rules
from rules_support import write_format


def test_a_zone_and_a_format_that_state_little_get_the_schemas_defaults(tmp_path):
    path = write_format(
        tmp_path,
        "bare",
        game="boa",
        title="Bare",
        zones={"side": {"max": 5}, "main": {"kinds": []}},
        opening={"mulligan": "full-redraw"},
    )
    fmt = load_format(path)
    side, main = fmt.zones["side"], fmt.zones["main"]
    assert side == FormatZone("side", max=5) and (side.fewest, side.sizes, side.size_rule) == (0, "0-5", "side-size")
    assert side.holds("spell") and not main.holds("spell") and main.sizes == "0+"
    assert (fmt.copy_limit, fmt.legal_sets, fmt.side_exchange, fmt.champions, fmt.name_limit) == (None,) * 5
    assert (fmt.card_limits, fmt.versions, fmt.checks, fmt.draft_pool_format) == ({}, (), (), None)
    assert (fmt.draw_zone, fmt.is_default, fmt.description) == ("main", False, None)
    assert fmt.opening is None  # no hand size: the commands that deal the deck refuse it, naming the field
    with pytest.raises(InputError, match=r"the format has no opening hand size \(opening.hand_size\)"):
        draw_rules(fmt.opening)


def test_the_opening_rules_are_the_one_opening_rules_with_their_defaults(tmp_path):
    path = write_format(tmp_path, "dealt", extends="boa-standard", opening={"hand_size": 5, "mulligan": "none"})
    assert load_format(path).opening == OpeningRules(
        hand_size=5, mulligan="none", draws_per_turn=1, first_turn_draw="second-player", opponent_mulligan_cards=1
    )  # the rest inherited from boa-standard, the defaults of new_hand_each_turn and draw as the schema gives them
    assert load_format("sfb-pool").opening == OpeningRules(hand_size=5, draw=False)  # a pool is never drawn from


def test_a_decks_zones_are_shown_in_the_formats_order_then_the_games(tmp_path):
    path = write_format(
        tmp_path, "reversed", extends="boa-standard", zones={"side": {"min": 0, "max": 20}, "main": {}}
    )
    standard, other = load_format("boa-standard"), load_format(path)
    assert standard.display_order(["maybe", "side"]) == ["main", "limitbreak", "side", "maybe"]
    assert other.display_order() == ["main", "limitbreak", "side"]  # merged zones keep the parent's order
    assert sorted(["maybe", "champions", "side", "main"], key=standard.display_rank) == [
        "main", "side", "champions", "maybe"
    ]  # zones the format lacks follow in the games' canonical order (deck-code id)
