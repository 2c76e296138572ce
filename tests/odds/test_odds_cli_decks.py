"""``odds``, ``simulate`` and ``hand`` on the decks the rules single out: sfb teams by round, pools, illegal
decks, and the boa extra card after the opponent's mulligan; ``odds --target --vary`` on the command line."""

from __future__ import annotations

import json
from math import comb

import pytest
from scipy.stats import hypergeom

import paths  # tests/support/paths.py

TEAM = str(paths.EXAMPLES / "team-shadows.txt")
EMBER = str(paths.EXAMPLES / "ember-rush.txt")
POOL = str(paths.DATA / "decks" / "sfb-pool" / "legal" / "pool-of-five.txt")
COLOURS = ["--want", "1+ colour=red", "--want", "1+ colour=yellow", "--want", "1+ colour=blue"]
#: All three colours in 5 of 18 (6 of each): inclusion-exclusion.
SFB_P = 1 - (3 * comb(12, 5) - 3 * comb(6, 5)) / comb(18, 5)
#: Ember Rush's main deck: 51 cards, of which monsters of cost <= 1 (Ember Whelp, Cinder Imp, Sparkwire Drone) 12.
EMBER_SIZE, CHEAP = 51, 12


def as_json(result):
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout)


def test_team_shadows_by_round(run):
    data = as_json(run("odds", TEAM, *COLOURS, "--turn", "4", "--json"))
    assert [t["cards_seen"] for t in data["turns"]] == [5, 5, 5, 5]
    assert all(abs(p - SFB_P) < 1e-12 for p in data["p_by_turn"]) and abs(data["p_opening"] - SFB_P) < 1e-12
    mulligan = data["p_by_turn_with_mulligan"]
    assert abs(mulligan[0] - data["p_with_mulligan"]) < 1e-12
    assert len(mulligan) == 4 and all(SFB_P < p < data["p_with_mulligan"] for p in mulligan[1:])
    assert [t["p_with_mulligan"] for t in data["turns"]] == mulligan
    text = run("odds", TEAM, *COLOURS, "--turn", "2")
    assert text.exit_code == 0, text.output
    assert "round" in text.stdout and "with mulligan" in text.stdout and "cards seen" not in text.stdout


def test_boa_table_shows_both_columns_and_json_both_lists(run):
    data = as_json(run("odds", EMBER, "--want", "1+ kind=monster,cost<=1", "--turn", "3", "--json"))
    p_a = hypergeom.sf(0, EMBER_SIZE, CHEAP, 6)
    for seen, got in zip((6, 7, 8), data["p_by_turn_with_mulligan"]):
        assert abs(got - (p_a + (1 - p_a) * hypergeom.sf(0, EMBER_SIZE, CHEAP, seen))) < 1e-12
    text = run("odds", EMBER, "--want", "1+ kind=monster,cost<=1", "--turn", "3")
    assert text.exit_code == 0, text.output
    assert "cards seen" in text.stdout and "with mulligan" in text.stdout


@pytest.mark.parametrize("command", ["odds", "simulate", "hand"])
def test_a_pool_is_refused(run, command):
    result = run(command, POOL, "--want", "1+ colour=red")
    assert result.exit_code == 1
    assert "pool-of-five.txt: a deck of format sfb-pool is never shuffled or drawn from" in result.stderr
    assert "pick the deck you play from it first" in result.stderr


def test_the_refusal_follows_the_format_data_not_its_name(run, tmp_path):
    fmt = tmp_path / "boa-sealed-pool.json"
    fmt.write_text(json.dumps({"name": "boa-sealed-pool", "extends": "boa-standard", "opening": {"draw": False}}))
    result = run("odds", EMBER, "--format", str(fmt), "--want", "1+ kind=spell")
    assert result.exit_code == 1 and "a deck of format boa-sealed-pool is never shuffled" in result.stderr
    assert run("curve", POOL).exit_code == 0  # a pool still has a curve


@pytest.mark.parametrize("command", ["odds", "simulate", "hand"])
def test_an_illegal_deck_is_warned_about_on_stderr(run, command):
    deck = str(paths.DATA / "decks" / "boa-standard" / "illegal" / "main-49.txt")
    result = run(command, deck, "--want", "1+ kind=spell")
    assert result.exit_code == 0, result.output
    assert "warning: main-49.txt is not legal in boa-standard (main-size)" in result.stderr
    assert "warning" not in result.stdout
    legal = run(command, EMBER, "--want", "1+ kind=spell")
    assert legal.exit_code == 0 and "warning" not in legal.stderr


def test_opponent_mulligan_gives_a_seventh_card(run):
    data = as_json(run("odds", EMBER, "--want", "1+ kind=monster,cost<=1", "--opponent-mulligan", "--turn", "2",
                       "--json"))
    p7, p6 = hypergeom.sf(0, EMBER_SIZE, CHEAP, 7), hypergeom.sf(0, EMBER_SIZE, CHEAP, 6)
    assert data["hand_size"] == 7 and data["opponent_mulligan"] is True
    assert abs(data["p_opening"] - p7) < 1e-12
    assert abs(data["p_with_mulligan"] - (p7 + (1 - p7) * p6)) < 1e-12  # the extra card goes back: a new 6
    assert [t["cards_seen"] for t in data["turns"]] == [7, 8]
    plain = as_json(run("odds", EMBER, "--want", "1+ kind=monster,cost<=1", "--json"))
    assert plain["hand_size"] == 6 and plain["opponent_mulligan"] is False


def test_hand_shows_the_extra_card(run):
    data = as_json(run("hand", EMBER, "--opponent-mulligan", "--seed", "5", "--count", "2", "--json"))
    for dealt in data["hands"]:
        assert len(dealt["cards"]) == 7 and dealt["extra"] == dealt["cards"][-1:]
    text = run("hand", EMBER, "--opponent-mulligan", "--seed", "5")
    assert text.exit_code == 0, text.output
    assert "hand of 7" in text.stdout and "Extra card for the opponent's mulligan:" in text.stdout
    without = as_json(run("hand", EMBER, "--seed", "5", "--json"))
    assert len(without["hands"][0]["cards"]) == 6 and "extra" not in without["hands"][0]
    # the same seed deals the same first six
    assert without["hands"][0]["cards"] == data["hands"][0]["cards"][:6]


def test_opponent_mulligan_needs_a_format_that_gives_a_card(run):
    result = run("odds", TEAM, *COLOURS, "--opponent-mulligan")
    assert result.exit_code == 1
    assert "gets no extra card when the opponent takes a mulligan" in result.stderr


def test_target_and_vary_on_the_command_line(run):
    data = as_json(run("odds", EMBER, "--want", '1+ "Fireball"', "--target", "0.5", "--vary", "Fireball", "--json"))
    assert {"target", "needed", "table"} <= set(data)
    assert data["target"] == 0.5
    for row in data["table"]:
        p = hypergeom.sf(0, EMBER_SIZE, row["copies"], 6)
        assert abs(row["p"] - (p + (1 - p) * p)) < 1e-12
    assert data["needed"] == data["table"][-1]["copies"] == 3
    out = run("odds", EMBER, "--want", '1+ "Fireball"', "--target", "0.9", "--by-turn", "3", "--vary", "Fireball")
    assert out.exit_code == 0, out.output
    assert "No count from 0 to 4 of Fireball reaches 90.0% (the format allows at most 4)" in out.stdout
    assert "with mulligan" in out.stdout


@pytest.mark.parametrize("args, message", [
    (["--target", "0.9"], "--target and --vary go together"),
    (["--vary", "Fireball"], "--target and --vary go together"),
    (["--by-turn", "3"], "--by-turn goes with --target"),
    (["--target", "0.9", "--vary", "Fireball", "--turn", "3"], "--target takes --by-turn N"),
])
def test_target_options_go_together(run, args, message):
    result = run("odds", EMBER, "--want", '1+ "Fireball"', *args)
    assert result.exit_code == 2 and message in result.stderr


def test_vary_an_unknown_card_is_an_error(run):
    result = run("odds", EMBER, "--want", '1+ "Fireball"', "--target", "0.9", "--vary", "Firebal")
    assert result.exit_code == 1 and "unknown card 'Firebal'" in result.stderr and "Fireball" in result.stderr
