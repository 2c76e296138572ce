"""Forgiving name keys and suggestions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from deckcli.games.hooks.name_level import nemu
from deckcli.names import closest, name_key


def test_width_forms_meet():
    assert name_key("ｶｰﾄﾞ") == name_key("カード")
    assert name_key("ＡＢＣ") == name_key("abc")


def test_quotes_and_apostrophes_meet():
    assert name_key("Lil’Y") == name_key("lil'y") == name_key("LIL`Y")
    assert name_key("堕天使“天羽つかさ”") == name_key('堕天使"天羽つかさ"')


def test_case_and_spaces():
    assert name_key("  Ember   Whelp ") == name_key("ember whelp")


def test_distinct_names_stay_distinct():
    assert name_key("Fireball") != name_key("Fire Ball")
    assert name_key("堕天使“天羽つかさ”") != name_key("熾天使“天羽つかさ”")


def test_nemu_is_the_quoted_part():
    assert nemu("堕天使“天羽つかさ”") == "天羽つかさ"
    assert nemu("熾天使「天羽つかさ」") == "天羽つかさ"
    assert nemu("炎の魔術師") is None


def test_closest_suggests_near_names():
    names = {name_key(n): n for n in ["Ember Whelp", "Fireball", "Frost Ward", "Worldbreaker"]}
    assert closest("Embr Whelp", names)[0] == "Ember Whelp"
    assert closest("worldbraker", names)[0] == "Worldbreaker"


@given(st.text())
def test_name_key_is_idempotent(text):
    assert name_key(name_key(text)) == name_key(text)
