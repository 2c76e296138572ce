"""The shared `field OP value` filter language."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckcli.cards.filters import parse_filter, split_top_level
from deckcli.errors import InputError

FIELDS = {"kind": "string", "cost": "integer", "name": "string", "icons": "array", "aggressive": "boolean"}
CARD = {"name": "Ember Whelp", "kind": "monster", "cost": 1, "icons": ["♀", "天使"], "aggressive": True}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("kind=monster", True),
        ("kind=Monster", True),
        ("kind!=monster", False),
        ("cost<=1", True),
        ("cost<1", False),
        ("cost>=1,kind=monster", True),
        ("cost>=2,kind=monster", False),
        ("icons=天使", True),
        ("icons!=天使", False),
        ("aggressive=true", True),
        ("name=ember whelp", True),
        ('"Ember Whelp"', True),
        ('"Fireball"', False),
    ],
)
def test_matches(text, expected):
    assert parse_filter(text, FIELDS).matches(CARD) is expected


def test_missing_field_never_matches():
    assert not parse_filter("cost<=3", FIELDS).matches({"kind": "spell"})


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("cots<=2", "did you mean 'cost'"),
        ("cost=>2", "'=>' is not an operator"),
        ("cost<=two", "cost is a number"),
        ("kind monster", "bad operator"),
        ("cost<=", "missing value"),
        ("", "empty filter"),
    ],
)
def test_errors_point_at_the_mistake(text, fragment):
    with pytest.raises(InputError) as info:
        parse_filter(text, FIELDS)
    assert fragment in str(info.value)


def test_quoted_values_keep_commas():
    f = parse_filter("name=\"Didn't See That Comin', Eh?\"", FIELDS)
    assert f.matches({"name": "Didn’t See That Comin’, Eh?"})


@given(st.lists(st.text(alphabet="abc=<", min_size=1), min_size=1, max_size=5))
def test_split_top_level_round_trips_unquoted(parts):
    assert split_top_level(",".join(parts)) == parts


def test_apostrophes_inside_names_are_not_quotes():
    f = parse_filter("name=Lil'Y,kind=champion", FIELDS)
    assert f.matches({"name": "Lil’Y", "kind": "champion"})
    assert parse_filter("name=Didn't,kind=action", FIELDS).comparisons[0].value == "Didn't"


def test_unclosed_quote_at_a_value_start_is_an_error():
    with pytest.raises(InputError, match="unclosed quote"):
        parse_filter("name='Lil", FIELDS)


@pytest.mark.parametrize("typed, meant", [("cst", "cost"), ("kindd", "kind"), ("aggr", "aggressive")])
def test_a_mistyped_field_gets_the_same_suggestion_in_a_filter_and_in_curve_by(typed, meant):
    """One closest-field for --where/--want and curve --by (deckcli.names.closest): a typo or a field's first letters."""
    from deckcli.cards.buckets import check_bucket_fields

    with pytest.raises(InputError) as in_filter:
        parse_filter(f"{typed}=1", FIELDS)
    assert f"unknown field '{typed}' in '{typed}=1'; did you mean '{meant}'?" in in_filter.value.text
    with pytest.raises(InputError) as in_curve:
        check_bucket_fields([typed], FIELDS)
    assert in_curve.value.text == f"unknown card field '{typed}' for --by; did you mean '{meant}'?"
