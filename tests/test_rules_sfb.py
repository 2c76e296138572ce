"""Super Fantasy Brawl rules: exactly N different champions, each with its complete six-card set exactly once."""

from __future__ import annotations

import pytest
from rules_support import champion_cards, problems, rules, write_format

TEAM = ["Kilgore", "Al'kemi", "Deryn"]
POOL = [*TEAM, "Sir Tentaclot", "Jacques le Beau"]


def listed(db, champions):
    """The action cards of these champions, each once (a deck that lists its 18 cards)."""
    return [(1, name) for champion in champions for name in champion_cards(db, champion)]


def test_three_champions_by_name_make_a_legal_deck(db):
    assert problems(db, "sfb", {"champions": [(1, c) for c in TEAM]}) == []


def test_the_same_deck_listed_card_by_card_is_legal(db):
    assert problems(db, "sfb", {"main": listed(db, TEAM)}) == []


@pytest.mark.parametrize(("fmt", "team"), [("sfb-4p", TEAM[:2]), ("sfb-pool", POOL)])
def test_the_variants_take_their_own_number_of_champions(db, fmt, team):
    assert problems(db, "sfb", {"champions": [(1, c) for c in team]}, fmt) == []
    assert rules(problems(db, "sfb", {"champions": [(1, c) for c in TEAM[:1]]}, fmt)) == {"deck-size", "champion-count"}


def test_a_wrong_number_of_complete_champions_breaks_champion_count(db, tmp_path):
    # a format without the 18-card bound, so that only the champion count is wrong
    any_size = write_format(tmp_path, "any-size", extends="sfb-standard", zones={"main": {"min": 0, "max": 60}})
    assert problems(db, "sfb", {"main": listed(db, TEAM)}, any_size) == []
    found = problems(db, "sfb", {"main": listed(db, POOL[:4])}, any_size)
    assert rules(found) == {"champion-count"}
    assert "4 champions" in found[0].message and "exactly 3" in found[0].message
    assert found[0].cards == POOL[:4]


def test_two_champions_in_standard_break_deck_size_and_champion_count(db):
    found = problems(db, "sfb", {"champions": [(1, c) for c in TEAM[:2]]})
    assert rules(found) == {"deck-size", "champion-count"}


def test_a_card_twice_and_another_missing_breaks_champion_set(db):
    cards = listed(db, TEAM)
    kilgore = champion_cards(db, "Kilgore")
    cards[0] = (1, kilgore[1])  # Kilgore's first card replaced by a second copy of his second
    found = problems(db, "sfb", {"main": cards})
    assert rules(found) == {"champion-set"}
    (problem,) = found
    assert problem.cards == [kilgore[0], kilgore[1]]
    assert f"missing {kilgore[0]!r}" in problem.message and f"too many {kilgore[1]!r} (2)" in problem.message
    assert problem.message.startswith("Kilgore")


def test_a_fourth_champion_partly_there_breaks_champion_set_and_count(db):
    cards = listed(db, TEAM)
    cards[-1] = (1, champion_cards(db, "Sir Tentaclot")[0])
    found = problems(db, "sfb", {"main": cards})
    assert rules(found) == {"champion-count", "champion-set"}
    assert {p.message.split("'")[0] for p in found if p.rule == "champion-set"} == {"Deryn", "Sir Tentaclot"}


def test_a_champion_listed_twice_breaks_champion_set(db):
    found = problems(db, "sfb", {"champions": [(1, TEAM[0]), (1, TEAM[0]), (1, TEAM[1]), (1, TEAM[2])]}, None)
    assert "champion-set" in rules(found)


def test_a_side_deck_breaks_zone_kind_because_sfb_has_none(db):
    found = problems(db, "sfb", {"champions": [(1, c) for c in TEAM], "side": [(1, "Fury")]})
    assert rules(found) == {"zone-kind"}
    assert found[0].zone == "side" and found[0].cards == ["Fury"] and "no side zone" in found[0].message


def test_a_champion_card_in_the_action_deck_breaks_zone_kind(db, tmp_path):
    any_size = write_format(tmp_path, "any-size", extends="sfb-standard", zones={"main": {"min": 0, "max": 60}})
    found = problems(db, "sfb", {"main": [*listed(db, TEAM), (1, "Kilgore")]}, any_size)
    assert rules(found) == {"zone-kind"} and found[0].cards == ["Kilgore"]
