"""A deck of another game checked under a format is one ``wrong-game`` problem: its ``Game:`` line naming that game
is folded into it, and the format's size, kind and champion rules, which would only repeat it, are not listed
(issue 32)."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py

EXAMPLE = paths.REPO / "examples" / "ember-rush.txt"
ONE = "21 lines (61 cards) name Battle of Aeons (boa) cards, not Super Fantasy Brawl (sfb) ones: this looks like a deck for boa"


def test_a_boa_deck_checked_as_sfb_is_one_problem(run):
    result = run("validate", EXAMPLE, "--format", "sfb-standard")
    assert result.exit_code == 1
    assert "NOT legal, 1 problem" in result.stdout
    assert result.stdout.count("wrong-game") == 1 and ONE in result.stdout
    for rule in ("deck-size", "zone-kind", "champion-count", "champion-set", "Game: boa"):
        assert rule not in result.stdout


def test_its_json_keeps_the_cards_game_count_and_lines(run):
    (report,) = json.loads(run("validate", EXAMPLE, "--game", "sfb", "--json").stdout)
    (problem,) = report["problems"]
    assert problem["rule"] == "wrong-game" and problem["message"] == ONE
    assert (problem["game"], problem["count"], problem["line"]) == ("boa", 61, 8)
    assert problem["cards"][0] == "Ember Whelp" and problem["lines"][:3] == [8, 9, 10]


def test_a_game_line_of_another_game_alone_is_still_said(run, tmp_path):
    path = tmp_path / "d.txt"
    path.write_text("Game: aqa\n4 Ember Whelp\n", encoding="utf-8")
    (report,) = json.loads(run("validate", path, "--game", "boa", "--json").stdout)
    said = [p["message"] for p in report["problems"] if p["rule"] == "wrong-game"]
    assert said == ["the decklist says Game: aqa, but it is being checked as boa"]
    assert "main-size" in {p["rule"] for p in report["problems"]}
