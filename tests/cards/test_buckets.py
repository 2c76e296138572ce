"""The one bucketing of a deck's cards by a field (every curve): whole numbers with their gaps up to a span, text in
the game's order then by name, case ignored, a list counted in each of its values, cards without a value last."""

from __future__ import annotations

import pytest

from deckcli.cards.buckets import field_buckets
from deckcli.games import registry


@pytest.mark.parametrize(
    "cards, expected",
    [
        ([({"cost": 3}, 2), ({"cost": 1}, 4)], [(1, 4), (2, 0), (3, 2)]),
        ([({"cost": 2}, 1), ({"cost": 2.0}, 1), ({"cost": 0}, 0)], [(2, 2)]),  # no copies: no bucket
        ([({"cost": 1.5}, 1), ({"cost": 3}, 2)], [(1.5, 1), (3, 2)]),  # not whole: the values found
        ([({"cost": 0}, 1), ({"cost": 30}, 1)], [*((n, 1 if n == 0 else 0) for n in range(19)), ("19+", 1)]),
        ([({"cost": 1}, 2), ({}, 3), ({"cost": ""}, 1), ({"cost": "X"}, 1)], [(1, 2), ("X", 1), ("(none)", 4)]),
    ],
)
def test_numbers(cards, expected):
    assert field_buckets(cards, "cost", registry.game("boa")) == expected


def test_text_in_the_games_order_then_by_name_case_ignored():
    cards = [({"colour": "Blue"}, 2), ({"colour": "green"}, 1), ({"colour": "red"}, 3), ({"colour": "blue"}, 1),
             ({"colour": "Amber"}, 1)]
    assert field_buckets(cards, "colour", registry.game("sfb")) == [
        ("red", 3), ("Blue", 3), ("Amber", 1), ("green", 1)]


def test_a_list_counts_in_each_of_its_values():
    cards = [({"icons": ["sword", "shield"]}, 2), ({"icons": []}, 1), ({"icons": ["sword"]}, 1)]
    assert field_buckets(cards, "icons", registry.game("boa")) == [("shield", 2), ("sword", 3), ("(none)", 1)]
