"""Aquarian Age rules: a 40-card deck, 4 of a full name, the Extreme restricted list, and the 嫁スタンダード ネーム limit."""

from __future__ import annotations

import pytest
from rules_support import card_names, fill, problems, rules

EXTREME = ("禁呪詠唱", "大天使“天羽つかさ”", "百鬼夜行", "サイキック・ブラスト", "銀河征服計画")
TSUKASA = ["制服の“天羽つかさ”", "堕天使“天羽つかさ”", "熾天使“天羽つかさ”", "見習い天使“天羽つかさ”"]
REN = ["覚醒者“神崎レン”", "超能力者“神崎レン”"]


@pytest.fixture
def plain(db):
    """Card names without a ネーム and not on the sample Extreme list."""
    return card_names(db, "aqa", ("character", "break", "project"), exclude=EXTREME, no_nemu=True)


def deck(plain, size=40, *lines):
    used = {line[1] for line in lines}
    rest = size - sum(line[0] for line in lines)
    return {"main": [*lines, *fill([n for n in plain if n not in used], rest)]}


def test_a_deck_of_exactly_40_passes(db, plain):
    assert problems(db, "aqa", deck(plain)) == []


@pytest.mark.parametrize("size", [39, 41])
def test_any_other_size_breaks_deck_size(db, plain, size):
    found = problems(db, "aqa", deck(plain, size))
    assert rules(found) == {"deck-size"}
    assert "exactly 40" in found[0].message and found[0].zone == "main"


def test_five_of_a_name_breaks_copy_limit_even_across_spellings(db, plain):
    assert problems(db, "aqa", deck(plain, 40, (4, "雪女"))) == []
    found = problems(db, "aqa", deck(plain, 40, (3, "雪女"), (2, "Yuki-onna")))
    assert rules(found) == {"copy-limit"} and found[0].cards == ["雪女"]


def test_different_full_names_with_one_nemu_are_different_cards_in_standard(db, plain):
    zones = deck(plain, 40, (4, "堕天使“天羽つかさ”"), (4, "熾天使“天羽つかさ”"))
    assert problems(db, "aqa", zones) == []


def test_extreme_bans_and_restricts_by_full_name(db, plain):
    assert rules(problems(db, "aqa", deck(plain, 40, (1, "禁呪詠唱")), "aqa-extreme")) == {"banned"}
    assert problems(db, "aqa", deck(plain, 40, (1, "大天使“天羽つかさ”")), "aqa-extreme") == []
    found = problems(db, "aqa", deck(plain, 40, (2, 'Daitenshi "Amaha Tsukasa"')), "aqa-extreme")
    assert rules(found) == {"restricted"} and found[0].cards == ["大天使“天羽つかさ”"]


# -- 嫁スタンダード ---------------------------------------------------------------------------------------
def yome(db, plain, lines, declared="天羽つかさ"):
    meta = {"Ne-mu": declared} if declared else {}
    return problems(db, "aqa", deck(plain, 40, *lines), "aqa-yome", meta)


def test_the_declared_nemu_may_fill_12_cards(db, plain):
    assert yome(db, plain, [(4, n) for n in TSUKASA[:3]]) == []


def test_13_cards_of_the_declared_nemu_break_name_limit(db, plain):
    found = yome(db, plain, [(4, n) for n in TSUKASA[:3]] + [(1, TSUKASA[3])])
    assert rules(found) == {"name-limit"}
    (problem,) = found
    assert "13 cards" in problem.message and "天羽つかさ" in problem.message and "at most 12" in problem.message
    assert problem.cards == TSUKASA and problem.line == 1


def test_an_undeclared_nemu_may_fill_4_cards_and_5_break_name_limit(db, plain):
    assert yome(db, plain, [(2, REN[0]), (2, REN[1])]) == []
    found = yome(db, plain, [(3, REN[0]), (2, REN[1])])
    assert rules(found) == {"name-limit"}
    assert "at most 4" in found[0].message and "神崎レン" in found[0].message and found[0].cards == REN


def test_without_a_declaration_every_nemu_is_limited_to_4(db, plain):
    found = yome(db, plain, [(4, TSUKASA[0]), (1, TSUKASA[1])], declared=None)
    assert rules(found) == {"name-limit"} and "Ne-mu: 天羽つかさ" in found[0].message


def test_the_declaration_may_be_written_with_quotes_or_as_a_full_name(db, plain):
    twelve = [(4, n) for n in TSUKASA[:3]]
    assert yome(db, plain, twelve, declared="“天羽つかさ”") == []
    assert yome(db, plain, twelve, declared="堕天使“天羽つかさ”") == []


def test_the_declared_nemu_still_allows_only_4_of_each_full_name(db, plain):
    found = yome(db, plain, [(5, TSUKASA[0]), (4, TSUKASA[1])])
    assert rules(found) == {"copy-limit"}


def test_the_declaration_may_use_a_romanised_or_translated_nemu(db, plain):
    twelve = [(4, n) for n in TSUKASA[:3]]
    assert yome(db, plain, twelve, declared="Amaha Tsukasa") == []
    assert yome(db, plain, twelve, declared="“amaha tsukasa”") == []
    found = yome(db, plain, twelve, declared="Kanzaki Ren")
    assert rules(found) == {"name-limit"} and "12 cards" in found[0].message
