"""Parsing ``COUNT FILTER`` conditions, and splitting a deck into classes by the filters its cards match."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckcli.carderrors import UnknownCard
from deckcli.cards.conditions import parse_condition, parse_conditions
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.odds import split_classes
from deckcli.odds.hypergeometric import p_at_least_one
from deckcli.odds.report import distribution
from deckcli.play.hands import sample_hands
from deckcli.validation.jsonschemas import card_fields


@given(st.integers(0, 60), st.integers(0, 60), st.sampled_from(["+", "exact", "range"]))
def test_counts_round_trip(low, extra, form):
    count = f"{low}+" if form == "+" else str(low) if form == "exact" else f"{low}-{low + extra}"
    condition = parse_condition(f"{count} kind=monster", card_fields())
    assert condition.low == low
    assert condition.high == (None if form == "+" else low if form == "exact" else low + extra)
    again = parse_condition(f"{condition.count_text} {condition.filter}", card_fields())
    assert (again.low, again.high, again.filter.comparisons) == (condition.low, condition.high, condition.filter.comparisons)
    assert condition.holds(low)
    assert not condition.holds(low - 1) if low else True
    if condition.high is not None:
        assert not condition.holds(condition.high + 1)
        assert condition.cap == condition.high + 1
    else:
        assert condition.cap == low


@given(st.text(alphabet="0123456789+-x ", min_size=1, max_size=6).filter(lambda t: t.strip()))
def test_any_count_token_parses_or_fails_cleanly(token):
    try:
        condition = parse_condition(f"{token} kind=spell", card_fields())
    except InputError as exc:
        assert "bad condition" in str(exc) or "empty condition" in str(exc)
    else:
        assert condition.high is None or condition.low <= condition.high


def test_zero_means_none_and_card_names_parse():
    none = parse_condition('0 "Worldbreaker"', card_fields())
    assert (none.low, none.high) == (0, 0)
    assert none.filter.card_name == "Worldbreaker"
    assert none.filter.matches({"name": "worldbreaker"})
    assert none.describe() == "no cards named 'Worldbreaker'"
    assert parse_condition("1+ kind=monster,cost<=2", card_fields()).describe() == (
        "at least 1 card matching kind=monster,cost<=2"
    )
    assert parse_condition("2-3 colour=red", card_fields()).describe() == "2 to 3 cards matching colour=red"


@pytest.mark.parametrize(
    "text,message,pointed",
    [
        ("1+ cst<=2", "did you mean 'cost'", "cst<=2"),
        ("2 kind=spell,elemnt=Fire", "unknown field 'elemnt'", "elemnt=Fire"),
        ("1+ cost=>2", "bad operator", "cost=>2"),
        ("x+ kind=spell", "malformed count 'x+'", "x+"),
        ("1++ kind=spell", "malformed count '1++'", "1++"),
        ("3-1 kind=spell", "empty range '3-1'", "3-1"),
        ("kind=spell", "missing count", "k"),
        ("1+kind=spell", "put a space between the count '1+' and the filter, e.g. '1+ kind=spell'", "k"),
        ("2-3colour=red", "put a space between the count '2-3'", "c"),
    ],
)
def test_errors_point_at_the_mistake(text, message, pointed):
    with pytest.raises(InputError) as info:
        parse_condition(text, card_fields())
    lines = str(info.value).splitlines()
    assert message in lines[0]
    shown, carets = lines[1], lines[2]
    assert shown.strip() == text
    start = carets.index("^")
    assert shown[start:start + len(pointed)] == pointed
    assert carets.count("^") == len(pointed) or pointed == "k"


def test_card_names_must_belong_to_the_game():
    wants = ['1+ "Ember Whelpp"', "1+ kind=spell"]

    def find(name):
        raise UnknownCard(name, ["Ember Whelp"], "boa")

    with pytest.raises(InputError) as info:
        parse_conditions(wants, find=find)
    assert "did you mean 'Ember Whelp'" in str(info.value)
    parse_conditions(wants, find=lambda name: object())  # a real card, even if absent from the deck, is fine


def test_classes_group_cards_by_signature():
    cards = [
        ({"name": "A", "kind": "monster", "cost": 1}, 4),
        ({"name": "B", "kind": "monster", "cost": 5}, 3),
        ({"name": "C", "kind": "spell", "cost": 1}, 2),
        ({"name": "D", "kind": "monster", "cost": 2}, 1),
        ({"name": "E", "kind": "spell", "cost": 0}, 0),  # no copies: ignored
    ]
    conditions = [parse_condition("1+ kind=monster"), parse_condition("1+ cost<=2")]
    classes = split_classes(cards, conditions)
    assert classes.signatures == ((True, True), (True, False), (False, True))
    assert classes.counts == (5, 3, 2)
    assert classes.size == 10
    assert [classes.matching(0), classes.matching(1)] == [8, 7]
    assert classes.matched((1, 2, 1)) == [3, 2]
    assert classes.meets((0, 1, 0)) is False and classes.meets((1, 0, 0)) is True


def test_curve_buckets_lists_and_missing_values():
    cards = [
        ({"name": "A", "cost": 2, "icons": ["♂", "sword"]}, 4),
        ({"name": "B", "cost": 0}, 2),
        ({"name": "C", "kind": "x"}, 2),
    ]
    by_cost = distribution(cards, "cost", 3, registry.game("boa"))
    assert [(r.bucket, r.count) for r in by_cost] == [(0, 2), (1, 0), (2, 4), ("(none)", 2)]
    assert abs(sum(r.percent for r in by_cost) - 100) < 1e-9
    assert by_cost[2].p_opening == float(p_at_least_one(8, 4, 3))
    by_icon = distribution(cards, "icons", 3, registry.game("boa"))
    assert {r.bucket: r.count for r in by_icon} == {"sword": 4, "♂": 4, "(none)": 4}


def test_sample_hands_without_conditions_keep_under_partial_redraw():
    cards = [({"name": f"A{i}", "colour": "red"}, 1) for i in range(18)]
    seed, hands = sample_hands(cards, {"hand_size": 5, "mulligan": "partial-redraw"}, count=2, seed=9, mulligan=True)
    assert seed == 9 and len(hands) == 2
    assert all(h.mulligan.action == "keep" and len(h.cards) == 5 for h in hands)
    again = sample_hands(cards, {"hand_size": 5, "mulligan": "partial-redraw"}, count=2, seed=9)[1]
    assert [[c.name for c in h.cards] for h in again] == [[c.name for c in h.cards] for h in hands]
