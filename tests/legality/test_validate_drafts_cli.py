"""``validate --pool/--banned`` (competitive draft) and ``validate --match`` (casual draft) on the command line: what
the decklist cases (tests/data/decks/sfb-standard/*/draft-*, match-*) cannot say — stored pools, messages and exit
status of bad input, warnings, the table, usage errors."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py

SFB = paths.DATA / "decks" / "sfb-standard"
POOL = SFB / "support" / "pool-of-five.txt"  # Kilgore, Al'kemi, Deryn, Sir Tentaclot, Jacques le Beau
OTHER = SFB / "support" / "other-team.txt"  # Kilgore, Lil'Y, Gwaien
BOA = paths.DATA / "decks" / "boa-standard" / "legal" / "match-round1.txt"


def team(tmp_path, *champions: str, name: str = "team.txt"):
    path = tmp_path / name
    path.write_text("Game: sfb\nChampions\n" + "".join(f"{c}\n" for c in champions), encoding="utf-8")
    return path


def reports(result) -> list[dict]:
    return json.loads(result.stdout)


def rules(report: dict) -> list[str]:
    return [p["rule"] for p in report["problems"]]


# -- competitive draft ----------------------------------------------------------------------------------------
def test_a_team_from_the_pool_without_the_ban_is_legal(run, tmp_path):
    result = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Jacques le Beau"), "--pool", POOL, "--banned", "Kilgore")
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and result.stdout.endswith("(sfb, sfb-standard): legal\n")


def test_the_table_names_the_rule_and_the_champion(run, tmp_path):
    result = run("validate", team(tmp_path, "Deryn", "Kilgore", "Lil'Y"), "--pool", POOL, "--banned", "kilgore")
    assert result.exit_code == 1
    assert "NOT legal, 2 problems" in result.stdout
    assert "banned-champion" in result.stdout and "Kilgore was banned by the opponent" in result.stdout
    assert "not-in-pool" in result.stdout and f"Lil'Y is not in the pool {POOL}" in result.stdout


def test_a_stored_deck_is_a_pool_too(run, tmp_path):
    assert run("deck", "import", POOL, "--name", "My Pool").exit_code == 0
    legal = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Sir Tentaclot"), "--pool", "My Pool", "--json")
    assert legal.exit_code == 0, legal.output
    result = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Gwaien"), "--pool", "My Pool", "--json")
    assert result.exit_code == 1
    (problem,) = reports(result)[0]["problems"]
    assert problem["rule"] == "not-in-pool" and problem["cards"] == ["Gwaien"]
    assert problem["message"] == "Gwaien is not in the pool deck:My Pool (Kilgore, Al'kemi, Deryn, Sir Tentaclot, Jacques le Beau)"


def test_a_pool_that_is_neither_a_file_nor_a_stored_deck(run, tmp_path):
    result = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Sir Tentaclot"), "--pool", tmp_path / "gone.txt", "--json")
    assert result.exit_code == 1
    (problem,) = reports(result)[0]["problems"]
    assert problem["rule"] == "not-in-pool"
    assert problem["message"] == (f"the pool {tmp_path / 'gone.txt'} cannot be read: '{tmp_path / 'gone.txt'}' does not"
                                  " exist: no decklist file, deck code or stored deck is called so")
    result = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Sir Tentaclot"), "--pool", "Nobody's pool", "--json")
    assert "cannot be read: no stored deck called \"Nobody's pool\"" in reports(result)[0]["problems"][0]["message"]


def test_a_ban_outside_the_pool_is_warned_about(run, tmp_path):
    result = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Sir Tentaclot"), "--pool", POOL, "--banned", "Gwaien")
    assert result.exit_code == 0
    assert result.stderr == f"Warning: the banned champion Gwaien is not in the pool {POOL}\n"


def test_an_unknown_banned_champion_is_an_error_with_the_closest_names(run, tmp_path):
    result = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Sir Tentaclot"), "--banned", "Kilgor")
    assert result.exit_code == 1 and result.stdout == ""
    assert "unknown card 'Kilgor'" in result.stderr and "Kilgore" in result.stderr


def test_a_banned_card_that_is_no_champion_is_an_error(run, tmp_path):
    result = run("validate", team(tmp_path, "Deryn", "Al'kemi", "Sir Tentaclot"), "--banned", "Fury")
    assert result.exit_code == 1 and "--banned 'Fury': not a champion card" in result.stderr


def test_a_game_without_champions_has_no_draft(run, tmp_path):
    result = run("validate", BOA, "--pool", POOL)
    assert result.exit_code == 1
    assert "Battle of Aeons decks have no champions; --pool, --banned and --match check champion drafts" in result.stderr
    result = run("validate", "--match", BOA, BOA)
    assert result.exit_code == 1 and "Battle of Aeons decks have no champions" in result.stderr


# -- casual draft ---------------------------------------------------------------------------------------------
def test_match_reports_both_teams_with_the_shared_champions(run, tmp_path):
    mine = team(tmp_path, "Kilgore", "Gwaien", "Deryn")
    result = run("validate", "--match", mine, OTHER, "--json")
    assert result.exit_code == 1
    first, second = reports(result)
    assert [r["file"] for r in (first, second)] == [str(mine), str(OTHER)]
    assert set(first) == {"file", "game", "format", "legal", "problems"} and first["legal"] is second["legal"] is False
    assert [(p["rule"], p["cards"], p["line"]) for p in first["problems"]] == [
        ("shared-champion", ["Kilgore"], 3), ("shared-champion", ["Gwaien"], 4)]
    assert [(p["rule"], p["cards"], p["line"]) for p in second["problems"]] == [
        ("shared-champion", ["Kilgore"], 6), ("shared-champion", ["Gwaien"], 8)]
    assert first["problems"][0]["message"] == (
        f"Kilgore is on both teams (also in {OTHER}); in a casual draft each champion is picked once")


def test_match_of_two_different_teams_is_legal_and_a_stored_team_may_play(run, tmp_path):
    assert run("deck", "import", OTHER, "--name", "Theirs").exit_code == 0
    result = run("validate", "--match", team(tmp_path, "Deryn", "Al'kemi", "Sir Tentaclot"), "Theirs")
    assert result.exit_code == 0, result.output
    assert "(sfb, sfb-standard): legal" in result.stdout and "deck:Theirs (sfb, sfb-standard): legal" in result.stdout
    assert "2 of 2 decks legal" in result.stdout


def test_match_still_checks_each_team_itself(run, tmp_path):
    result = run("validate", "--match", team(tmp_path, "Deryn", "Al'kemi"), OTHER, "--json")
    assert result.exit_code == 1
    first, second = reports(result)
    assert rules(first) == ["deck-size", "champion-count"] and second["legal"] is True


def test_match_with_an_unreadable_team(run, tmp_path):
    result = run("validate", "--match", tmp_path / "gone.txt", OTHER, "--json")
    assert result.exit_code == 1
    first, second = reports(result)
    assert rules(first) == ["parse"]
    assert rules(second) == ["shared-champion"]
    assert f"the other team {tmp_path / 'gone.txt'} cannot be read" in second["problems"][0]["message"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--match", OTHER, OTHER, OTHER], "--match checks its two teams only"),
        (["--match", OTHER, OTHER, "--pool", POOL], "--pool/--banned and --match do not go together"),
        (["--match", OTHER], "Option '--match' requires 2 arguments"),
        ([OTHER, "--pool", POOL, "--side-from", OTHER], "--side-from and --pool/--banned do not go together"),
        ([OTHER, "--banned", "Kilgore", "--all-formats"], "--all-formats and --pool/--banned do not go together"),
    ],
)
def test_draft_usage_errors_exit_2(run, args, message):
    result = run("validate", *args)
    assert result.exit_code == 2 and message in result.stderr
