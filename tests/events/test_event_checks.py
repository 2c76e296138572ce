"""``event check`` (deck checks) and ``event side`` (between-rounds side exchanges) against the registered list."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from event_world import event_rows

EMBER = paths.EXAMPLES / "ember-rush.txt"
TEAM = paths.EXAMPLES / "team-shadows.txt"


@pytest.fixture
def registered(run):
    assert run("event", "new", "Open", "--game", "boa", "--date", "2099-05-01", "--rounds", "2").exit_code == 0
    assert run("event", "register", "Open", "Sam Example", EMBER).exit_code == 0
    return "Open"


def _variant(tmp_path, name, *swaps):
    text = EMBER.read_text()
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_judge_typing_names_without_printings_or_headers_in_another_case_passes(run, registered, tmp_path):
    typed = tmp_path / "typed.txt"
    lines = [line.split(" (")[0].lower() for line in EMBER.read_text().splitlines()
             if line[:1].isdigit() or line.endswith("Deck")]
    typed.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run("event", "check", registered, "sam example", typed)
    assert result.exit_code == 0, result.output
    assert "Deck check of 'Sam Example': passed, the deck matches the registered list (receipt " in result.stdout


def test_differences_are_listed_per_zone_and_card_and_stored(run, registered, tmp_path, db):
    presented = _variant(tmp_path, "presented.txt", ("4 Fireball", "5 Fireball"), ("3 Frost Ward", "1 Frost Ward"),
                         ("2 Mirror Shield", "2 Mirror Shield\n1 Arcane Insight"))
    result = run("event", "check", registered, "Sam Example", presented)
    assert result.exit_code == 1
    assert "Deck check of 'Sam Example': FAILED, 3 differences (registered " in result.stdout
    table = [line.split() for line in result.stdout.splitlines()[3:]]
    assert table == [["main", "Fireball", "4", "5", "too", "many"], ["side", "Arcane", "Insight", "0", "1", "not",
                     "registered"], ["side", "Frost", "Ward", "3", "1", "too", "few"]]
    (row,) = event_rows(db)["deck_check"]
    assert row[3] == 0  # passed: false, with its time
    as_json = json.loads(run("event", "check", registered, "Sam Example", presented, "--json").stdout)
    assert [(d["zone"], d["card"], d["registered"], d["presented"], d["verdict"]) for d in as_json["differences"]] == [
        ("main", "Fireball", 4, 5, "too many"), ("side", "Arcane Insight", 0, 1, "not registered"),
        ("side", "Frost Ward", 3, 1, "too few")]


def test_a_card_moved_to_another_zone_is_two_differences(run, registered, tmp_path):
    moved = _variant(tmp_path, "moved.txt", ("3 Frost Ward", "2 Frost Ward"), ("4 Fireball", "4 Fireball\n1 Frost Ward"))
    rows = json.loads(run("event", "check", registered, "Sam Example", moved, "--json").stdout)["differences"]
    assert [(r["zone"], r["verdict"]) for r in rows] == [("main", "not registered"), ("side", "too few")]


def test_an_unknown_player_is_named_with_the_closest_players(run, registered, db):
    before = event_rows(db)
    result = run("event", "check", registered, "Sam Exampel", EMBER)
    assert result.exit_code == 1
    assert "no player 'Sam Exampel' is registered for event 'Open'; did you mean 'Sam Example'?" in result.stderr
    assert event_rows(db) == before


def test_a_presented_deck_that_cannot_be_read_records_nothing(run, registered, tmp_path, db):
    bad = tmp_path / "bad.txt"
    bad.write_text("4 Ember Whelpp\n", encoding="utf-8")
    before = event_rows(db)
    result = run("event", "check", registered, "Sam Example", bad)
    assert result.exit_code == 1
    assert "unknown card 'Ember Whelpp' in boa" in result.stderr and "no deck check was recorded" in result.stderr
    assert event_rows(db) == before


def test_a_legal_side_exchange_is_stored_per_round_and_starts_the_event(run, registered, tmp_path, db):
    swapped = _variant(tmp_path, "r1.txt", ("4 Fireball", "2 Fireball\n2 Frost Ward"),
                       ("3 Frost Ward", "1 Frost Ward\n2 Fireball"))
    assert "started: no" in run("event", "show", registered).stdout
    result = run("event", "side", registered, "Sam Example", 1, swapped)
    assert result.exit_code == 0, result.output
    assert "Round 1 side exchange of 'Sam Example': legal." in result.stdout
    assert "started: since " in run("event", "show", registered).stdout
    again = run("event", "side", registered, "Sam Example", 1, EMBER)
    assert again.exit_code == 0 and "(replaces the earlier record of that round)" in again.stdout
    rows = event_rows(db)["side_exchange"]
    assert [(r[2], r[5], r[7] is None) for r in rows] == [(1, 1, False), (1, 1, True)]  # round, legal, current


def test_an_illegal_side_exchange_is_stored_flagged(run, registered, tmp_path, db):
    grown = _variant(tmp_path, "r2.txt", ("3 Frost Ward", "3 Frost Ward\n2 Arcane Insight"))
    result = run("event", "side", registered, "Sam Example", 2, grown, "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["legal"] is False and [p["rule"] for p in data["problems"]] == ["side-exchange"]
    assert "card counts across Main Deck + Limitbreak Deck + Side Deck changed: 'Arcane Insight' 0 -> 2" in \
        data["problems"][0]["message"]
    assert [r[5] for r in event_rows(db)["side_exchange"]] == [0]


@pytest.mark.parametrize("round_no, message", [(0, "round 0 is not a round of event 'Open' (rounds: 1 to 2)"),
                                               (3, "round 3 is not a round of event 'Open' (rounds: 1 to 2)")])
def test_a_round_outside_the_event_is_refused(run, registered, db, round_no, message):
    before = event_rows(db)
    result = run("event", "side", registered, "Sam Example", round_no, EMBER)
    assert result.exit_code == 1 and message in result.stderr
    assert event_rows(db) == before


def test_a_game_without_a_side_deck_has_no_side_exchange(run, db):
    assert run("event", "new", "Brawl", "--game", "sfb").exit_code == 0
    assert run("event", "register", "Brawl", "Kim", TEAM).exit_code == 0
    before = event_rows(db)
    result = run("event", "side", "Brawl", "Kim", 1, TEAM)
    assert result.exit_code == 1
    assert "format 'sfb-standard' of event 'Brawl' has no side deck to exchange with: its zones are Action Deck" in \
        result.stderr
    assert event_rows(db) == before
