"""``deckcli odds``, ``simulate``, ``hand`` and ``curve`` on the bundled cards."""

from __future__ import annotations

import json
from math import comb

import pytest
from scipy.stats import hypergeom

BOA_DECK = """Game: boa
Name: Ember Rush
Main Deck
4 Ember Whelp
4 Cinder Imp
4 Blazing Salamander
4 Forge Sentinel
3 Pyreclaw Drake
2 Inferno Wyrm
4 Sparkwire Drone
4 Voltfang Wolf
3 Thunderhead Elemental
1 Worldbreaker
4 Fireball
4 Frost Ward
3 Counterspell
4 Runed Blade
4 Volcanic Wasteland
Limitbreak Deck
2 Ashen Titan
Side Deck
2 Gust Sprite
"""
#: Main deck: 52 cards; monsters of cost <= 2: Whelp, Imp, Salamander, Drone, Wolf = 20; spells 19; Fire monsters 21.
BOA_SIZE, CHEAP, SPELLS = 52, 20, 19

SFB_TEAM = """Game: sfb
Champions
1 Kilgore
1 Lil'Y
1 Gwaien
"""
COLOURS = ["--want", "1+ colour=red", "--want", "1+ colour=yellow", "--want", "1+ colour=blue"]
#: All three colours in 5 of 18 (6 of each): inclusion-exclusion.
SFB_P = 1 - (3 * comb(12, 5) - 3 * comb(6, 5)) / comb(18, 5)

AQA_DECK = """Game: aqa
Main Deck
4 テレパスの少女
4 カード使いの少年
4 生徒会長
4 機動歩兵
4 念動力の使い手
4 サイキック・ブラスト
4 精神集中
4 緊急招集
4 ファイアーボール
4 天使の祝福
"""


@pytest.fixture
def boa(tmp_path):
    path = tmp_path / "ember.txt"
    path.write_text(BOA_DECK, encoding="utf-8")
    return str(path)


@pytest.fixture
def sfb(tmp_path):
    path = tmp_path / "brawlers.txt"
    path.write_text(SFB_TEAM, encoding="utf-8")
    return str(path)


@pytest.fixture
def aqa(tmp_path):
    path = tmp_path / "ego.txt"
    path.write_text(AQA_DECK, encoding="utf-8")
    return str(path)


def as_json(result):
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout)


# -- odds ------------------------------------------------------------------------------------------


def test_odds_boa_matches_hypergeometric_with_mulligan_and_turns(run, boa):
    data = as_json(run("odds", boa, "--want", "1+ kind=monster,cost<=2", "--turn", "3", "--json"))
    p = hypergeom.sf(0, BOA_SIZE, CHEAP, 6)
    assert data["hand_size"] == 6
    assert abs(data["p_opening"] - p) < 1e-12
    assert abs(data["p_with_mulligan"] - (p + (1 - p) * p)) < 1e-12
    # on the play the first player skips the turn-1 draw: 6, 7, 8 cards seen
    expected = [hypergeom.sf(0, BOA_SIZE, CHEAP, n) for n in (6, 7, 8)]
    assert len(data["p_by_turn"]) == 3
    assert all(abs(a - b) < 1e-12 for a, b in zip(data["p_by_turn"], expected))
    drawn = as_json(run("odds", boa, "--want", "1+ kind=monster,cost<=2", "--turn", "3", "--draw", "--json"))
    assert [t["cards_seen"] for t in drawn["turns"]] == [7, 8, 9]
    assert abs(drawn["p_by_turn"][0] - hypergeom.sf(0, BOA_SIZE, CHEAP, 7)) < 1e-12


def test_odds_json_has_exactly_the_documented_keys_and_no_turns_without_turn(run, boa):
    data = as_json(run("odds", boa, "--want", "2 kind=spell", "--json"))
    assert {"hand_size", "p_opening", "p_with_mulligan"} <= set(data)
    assert "p_by_turn" not in data
    assert abs(data["p_opening"] - hypergeom.pmf(2, BOA_SIZE, SPELLS, 6)) < 1e-12


def test_odds_text_output(run, boa):
    result = run("odds", boa, "--want", "1+ kind=monster,cost<=2", "--want", '0 "Worldbreaker"', "--turn", "2")
    assert result.exit_code == 0, result.output
    assert "Ember Rush (boa, boa-standard): 52 cards in main, hand of 6, on the play" in result.stdout
    assert "Opening hand:" in result.stdout and "With mulligan:" in result.stdout
    assert "no cards named 'Worldbreaker'" in result.stdout
    assert "cards seen" in result.stdout


def test_odds_sfb_team_partial_redraw(run, sfb):
    data = as_json(run("odds", sfb, *COLOURS, "--turn", "2", "--json"))
    assert data["hand_size"] == 5
    assert abs(data["p_opening"] - SFB_P) < 1e-12
    assert data["mulligan"] == "partial-redraw"
    assert data["p_opening"] < data["p_with_mulligan"] < 1
    # the same deck built by hand: 6 cards of each colour, the library's exact best policy
    from deckcli.cards.conditions import parse_conditions
    from deckcli.odds import odds

    cards = [({"name": f"{c}{i}", "colour": c}, 1) for c in ("red", "yellow", "blue") for i in range(6)]
    wants = parse_conditions(["1+ colour=red", "1+ colour=yellow", "1+ colour=blue"], {"colour": "string"})
    exact = odds(cards, wants, {"hand_size": 5, "mulligan": "partial-redraw"})
    assert abs(data["p_with_mulligan"] - float(exact.p_with_mulligan)) < 1e-12
    # sfb: round 1 is played from the opening hand; each later round brings a new hand of 5
    assert [t["cards_seen"] for t in data["turns"]] == [5, 5]
    assert all(abs(p - data["p_opening"]) < 1e-12 for p in data["p_by_turn"])
    assert abs(data["p_by_turn_with_mulligan"][0] - data["p_with_mulligan"]) < 1e-12


def test_odds_aqa_only_the_second_player_redraws(run, aqa):
    play = as_json(run("odds", aqa, "--want", "1+ kind=character,cost<=1", "--json"))
    draw = as_json(run("odds", aqa, "--want", "1+ kind=character,cost<=1", "--draw", "--json"))
    p = hypergeom.sf(0, 40, 16, 7)
    assert play["hand_size"] == 7
    assert abs(play["p_opening"] - p) < 1e-12
    assert play["p_with_mulligan"] == play["p_opening"]
    assert abs(draw["p_with_mulligan"] - (p + (1 - p) * p)) < 1e-12


def test_odds_stored_deck(run, boa):
    imported = run("deck", "import", boa, "--name", "Stored Rush")
    assert imported.exit_code == 0, imported.output + imported.stderr
    data = as_json(run("odds", "--deck", "Stored Rush", "--want", "1+ kind=monster,cost<=2", "--json"))
    assert abs(data["p_opening"] - hypergeom.sf(0, BOA_SIZE, CHEAP, 6)) < 1e-12


def test_odds_reads_stdin(run):
    data = as_json(run("odds", "-", "--want", "1+ kind=spell", "--json", input=BOA_DECK))
    assert abs(data["p_opening"] - hypergeom.sf(0, BOA_SIZE, SPELLS, 6)) < 1e-12


def test_deck_argument_is_required_once(run, boa):
    neither = run("odds", "--want", "1+ kind=spell")
    assert neither.exit_code == 2 and "--deck NAME" in neither.stderr
    both = run("odds", boa, "--deck", "X", "--want", "1+ kind=spell")
    assert both.exit_code == 2


def test_unknown_card_in_the_deck_is_an_error(run, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("Game: boa\nMain Deck\n4 Ember Whelpp\n", encoding="utf-8")
    result = run("odds", str(path), "--want", "1+ kind=spell")
    assert result.exit_code == 1
    assert "Ember Whelpp" in result.stderr and "Ember Whelp" in result.stderr


# -- bad and impossible conditions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "want,message",
    [
        ("1+ cst<=2", "unknown field 'cst'"),
        ("1+ kind=monster,elemnt=fire", "did you mean 'element'"),
        ("1+ cost=>2", "bad operator"),
        ("1+ cost~2", "bad operator"),
        ("x+ kind=spell", "malformed count 'x+'"),
        ("3-1 kind=spell", "empty range '3-1'"),
        ("kind=spell", "missing count"),
        ("1+", "missing filter"),
        ("1+ cost=cheap", "cost is a number"),
        ('1+ "Worldbreakr"', "did you mean 'Worldbreaker'"),
        ('1+ "Kilgore"', "'Kilgore' is a card of Super Fantasy Brawl (sfb), not of Battle of Aeons (boa)"),
        ('1+ ""', "unknown card '' in boa"),
        ("1+kind=spell", "put a space between the count '1+' and the filter"),
    ],
)
def test_bad_conditions_exit_1_pointing_at_the_mistake(run, boa, want, message):
    result = run("odds", boa, "--want", want)
    assert result.exit_code == (2 if message == "missing count" else 1)  # (a count left out: a usage error)
    assert message in result.stderr
    assert f"bad condition '{want}'" in result.stderr
    assert "^" in result.stderr  # the caret line under the mistake


def test_caret_points_at_the_bad_part(run, boa):
    result = run("odds", boa, "--want", "1+ kind=monster,cst<=2")
    lines = result.stderr.splitlines()
    shown = next(line for line in lines if line.strip() == "1+ kind=monster,cst<=2")
    carets = lines[lines.index(shown) + 1]
    start = carets.index("^")
    assert shown[start:start + len("cst<=2")] == "cst<=2"


def test_real_card_absent_from_the_deck_gives_zero_with_a_note(run, boa):
    result = run("odds", boa, "--want", '1+ "Aeon Sphinx"', "--json")
    data = as_json(result)
    assert data["p_opening"] == 0 and data["p_with_mulligan"] == 0
    assert "no card in the deck matches" in data["notes"][0]
    assert "note:" in result.stderr


def test_impossible_conditions_give_zero_and_say_why(run, boa):
    result = run("odds", boa, "--want", "20+ kind=spell")
    assert result.exit_code == 0
    assert "0.00%" in result.stdout
    assert "the deck has only 19" in result.stderr
    result = run("odds", boa, "--want", "7+ kind=monster")
    assert "a hand holds only 6 cards" in result.stderr
    data = as_json(run("odds", boa, "--want", "7+ kind=monster", "--json"))
    assert data["p_opening"] == 0 and "a hand holds only 6 cards" in data["notes"][0]


def test_simulate_rejects_bad_conditions_too(run, boa):
    result = run("simulate", boa, "--want", "1+ cst<=2")
    assert result.exit_code == 1 and "unknown field 'cst'" in result.stderr


# -- simulate --------------------------------------------------------------------------------------


def test_simulate_agrees_with_exact_and_repeats_with_a_seed(run, boa):
    args = ["simulate", boa, "--want", "1+ kind=monster,cost<=2", "--want", "1-2 kind=spell",
            "--trials", "100000", "--seed", "11", "--json"]
    data = as_json(run(*args))
    exact = as_json(run("odds", boa, "--want", "1+ kind=monster,cost<=2", "--want", "1-2 kind=spell", "--json"))
    for key in ("trials", "p_opening", "p_with_mulligan", "stderr_opening", "stderr_with_mulligan"):
        assert key in data
    assert data["trials"] == 100_000 and data["seed"] == 11
    assert abs(data["p_opening"] - exact["p_opening"]) <= 4 * data["stderr_opening"]
    assert abs(data["p_with_mulligan"] - exact["p_with_mulligan"]) <= 4 * data["stderr_with_mulligan"]
    assert as_json(run(*args)) == data
    assert [sum(h["counts"]) for h in data["histograms"]] == [100_000, 100_000]


def test_simulate_sfb_partial_redraw_agrees_with_exact(run, sfb):
    data = as_json(run("simulate", sfb, *COLOURS, "--trials", "100000", "--seed", "5", "--json"))
    exact = as_json(run("odds", sfb, *COLOURS, "--json"))
    assert abs(data["p_opening"] - exact["p_opening"]) <= 4 * data["stderr_opening"]
    assert abs(data["p_with_mulligan"] - exact["p_with_mulligan"]) <= 4 * data["stderr_with_mulligan"]


def test_simulate_text_shows_histograms(run, boa):
    result = run("simulate", boa, "--want", "1+ kind=spell", "--trials", "20000", "--seed", "1")
    assert result.exit_code == 0, result.output
    assert "Trials: 20,000 (seed 1)" in result.stdout
    assert "Cards matching kind=spell in the opening hand" in result.stdout
    assert "█" in result.stdout
    assert "Dealing hands" not in result.stderr  # no progress bar for a short run


def test_simulate_long_run_shows_progress_on_stderr(run, boa):
    result = run("simulate", boa, "--want", "1+ kind=spell", "--trials", "1100000", "--seed", "1", "--json")
    data = as_json(result)
    assert data["trials"] == 1_100_000
    assert "Dealing hands" in result.stderr


# -- hand ------------------------------------------------------------------------------------------


def test_hand_deals_seeded_hands_from_the_main_deck(run, boa):
    data = as_json(run("hand", boa, "--seed", "4", "--count", "3", "--json"))
    assert data["seed"] == 4 and data["hand_size"] == 6
    main = {line.split(" ", 1)[1] for line in BOA_DECK.split("Limitbreak")[0].splitlines()[3:]}
    assert len(data["hands"]) == 3
    for dealt in data["hands"]:
        assert len(dealt["cards"]) == 6
        assert {c["name"] for c in dealt["cards"]} <= main
    assert as_json(run("hand", boa, "--seed", "4", "--count", "3", "--json")) == data
    text = run("hand", boa, "--seed", "4", "--count", "2")
    assert "Hand 1" in text.stdout and "Hand 2" in text.stdout and "monster · cost" in text.stdout


def test_hand_boa_mulligan_redraws_only_hands_that_miss(run, boa):
    data = as_json(run("hand", boa, "--seed", "2", "--count", "30", "--mulligan", "--want", "2+ kind=spell", "--json"))
    actions = set()
    for dealt in data["hands"]:
        spells = sum(1 for c in dealt["cards"] if c["kind"] == "spell")
        assert dealt["meets"] == (spells >= 2)
        action = dealt["mulligan"]["action"]
        actions.add(action)
        assert action == ("keep" if dealt["meets"] else "redraw")
        assert len(dealt["mulligan"]["final"]) == 6
    assert actions == {"keep", "redraw"}


def test_hand_seed_deals_the_same_hands_with_or_without_mulligan(run, boa):
    def names(*extra):
        data = as_json(run("hand", boa, "--seed", "42", "--count", "4", "--json", *extra))
        return [[c["name"] for c in h["cards"]] for h in data["hands"]]

    plain = names()
    assert names("--mulligan") == plain  # every hand redrawn: the redraws must not shift later hands
    assert names("--mulligan", "--want", "2+ kind=spell") == plain


def test_hand_boa_mulligan_redraws_a_hand_that_misses_the_wants(run, boa):
    result = run("hand", boa, "--seed", "2", "--mulligan", "--want", "0 kind=monster")
    assert result.exit_code == 0
    assert "Mulligan (full-redraw): the hand misses the conditions" in result.stdout and "New hand" in result.stdout


def test_hand_aqa_mulligan_only_going_second(run, aqa):
    play = as_json(run("hand", aqa, "--seed", "1", "--mulligan", "--json"))
    assert play["hand_size"] == 7
    assert play["hands"][0]["mulligan"]["action"] == "none"
    assert "second" in play["hands"][0]["mulligan"]["note"]
    draw = as_json(run("hand", aqa, "--seed", "1", "--mulligan", "--draw", "--want", "0 kind=character", "--json"))
    assert draw["hands"][0]["mulligan"]["action"] == "redraw"


def test_hand_sfb_partial_redraw_shows_the_best_discards(run, sfb):
    data = as_json(run("hand", sfb, "--seed", "5", "--count", "40", "--mulligan", *COLOURS, "--json"))
    partial = [h for h in data["hands"] if h["mulligan"]["action"] == "partial"]
    assert partial, "some of 40 hands miss a colour"
    for dealt in data["hands"]:
        outcome = dealt["mulligan"]
        assert len(outcome["final"]) == 5
        if dealt["meets"]:  # kept whole, or a spare card redrawn for round 2: it still meets
            assert outcome["meets"] and (outcome["action"] == "keep" or outcome["p_success"] == 1)
            if outcome["action"] == "partial":  # the note says why a hand that meets discards at all
                assert outcome["note"].endswith(
                    ": the hand meets the conditions either way, and the spare cards shuffled back give round 2 a "
                    "better chance"
                ), outcome["note"]
    for dealt in partial:
        outcome = dealt["mulligan"]
        assert len(outcome["discarded"]) == len(outcome["drawn"]) >= 1
        hand_names = [c["name"] for c in dealt["cards"]]
        kept = [n for n in hand_names if n not in {c["name"] for c in outcome["discarded"]}]
        assert [c["name"] for c in outcome["final"]] == kept + [c["name"] for c in outcome["drawn"]]
        assert not {c["name"] for c in outcome["drawn"]} & set(hand_names)  # replacements come from the rest
        assert 0 < outcome["p_success"] <= 1
    text = run("hand", sfb, "--seed", "5", "--count", "40", "--mulligan", *COLOURS)
    assert "Discard:" in text.stdout and "Draw:" in text.stdout


# -- curve -----------------------------------------------------------------------------------------


def test_curve_defaults_to_cost_and_kind(run, boa):
    data = as_json(run("curve", boa, "--json"))
    assert data["deck_size"] == BOA_SIZE and data["hand_size"] == 6
    by = {d["by"]: d["rows"] for d in data["distributions"]}
    assert list(by) == ["cost", "kind"]
    costs = {r["bucket"]: r["count"] for r in by["cost"]}
    assert costs == {0: 4, 1: 16, 2: 15, 3: 8, 4: 3, 5: 3, 6: 0, 7: 0, 8: 2, 9: 1}  # the gaps too, as deck show
    assert [r["bucket"] for r in by["cost"]] == sorted(costs)
    assert {r["bucket"]: r["count"] for r in by["kind"]} == {"monster": 33, "spell": 19}
    one = next(r for r in by["cost"] if r["bucket"] == 1)
    assert abs(one["p_opening"] - (1 - comb(BOA_SIZE - 16, 6) / comb(BOA_SIZE, 6))) < 1e-12
    assert abs(one["percent"] - 100 * 16 / 52) < 1e-9


def test_curve_sfb_defaults_to_colour(run, sfb):
    data = as_json(run("curve", sfb, "--json"))
    rows = data["distributions"][0]["rows"]
    assert data["distributions"][0]["by"] == "colour"
    assert {r["bucket"]: r["count"] for r in rows} == {"blue": 6, "red": 6, "yellow": 6}


def test_curve_table_csv_and_bad_field(run, boa):
    table = run("curve", boa, "--by", "element")
    assert table.exit_code == 0
    assert "Fire" in table.stdout and "(none)" in table.stdout and "█" in table.stdout
    assert "P(1+ in hand)" in table.stdout
    csv = run("curve", boa, "--by", "element", "--csv")
    assert csv.stdout.splitlines()[0] == "by,bucket,count,percent,p_opening"
    bad = run("curve", boa, "--by", "elemnt")
    assert bad.exit_code == 1 and "did you mean 'element'" in bad.stderr
