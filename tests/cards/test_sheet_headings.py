"""Spreadsheet card lists as players type them: headers through the synonyms in each game's data (``Card Name``,
``ATK``, ``種類``), allowed values and numbers in any case and width, every problem at its line and column (a field a
kind needs or forbids at its cell, else at the kind's), a hint naming the command that writes a sheet to fill in,
and a re-import of a set's own sheet that keeps its name and counts what changed."""

from __future__ import annotations

import json

from deckcli.games import registry

HINT = "`deckcli cards export --game boa --set S01 -o template.csv` gives a sheet to fill in"


def _cards(run, game: str, set_code: str) -> list[dict]:
    result = run("cards", "export", "--game", game, "--set", set_code, "--to", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["cards"]


def test_headers_a_player_types_and_values_in_any_case_and_width_read_as_the_fields(run, tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text("No.,Card Name,Type,Cost,ATK,HP,Element,Group,Subgroup,Flavor Text\n"
                    "201,Test Whelp,Monster,１,２,3,FIRE,natural,Dragon,Small.\n", encoding="utf-8")
    result = run("cards", "import", path, "--game", "boa", "--set", "T1", "--set-name", "Mine")
    assert result.exit_code == 0, result.output
    assert _cards(run, "boa", "T1") == [{"number": "201", "name": "Test Whelp", "kind": "monster", "cost": 1,
                                         "attack": 2, "health": 3, "element": "Fire", "group": "Natural",
                                         "subgroup": "Dragon", "lore": "Small."}]


def test_japanese_headers_read_as_the_fields(run, tmp_path):
    path = tmp_path / "aqa.csv"
    path.write_text("カード番号,カード名,種類,勢力,コスト,攻撃力,精神力\n"
                    "T-1,テストの少女,Character,e.g.o.,２,1,1\n", encoding="utf-8")
    result = run("cards", "import", path, "--game", "aqa", "--set", "T1", "--set-name", "テスト")
    assert result.exit_code == 0, result.output
    assert _cards(run, "aqa", "T1") == [{"number": "T-1", "name": "テストの少女", "kind": "character",
                                         "faction": "E.G.O.", "cost": 2, "attack": 1, "mental": 1}]


def test_the_spellings_are_the_games_data():
    assert {"Card Name", "No.", "Type", "種類"} <= {s for spellings in registry.game("boa").column_synonyms.values()
                                                    for s in spellings}


def test_a_field_a_kind_needs_or_forbids_is_named_at_its_cell_else_at_the_kind(run, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("number,name,Type,cost,attack,health,element,subgroup,lore\n"
                    "1,Whelp,monster,1,1,1,Fire,Dragon,Small.\n"
                    "2,Spark,spell,0,,,,,Lore on a spell.\n"
                    "3,Imp,monster,1,1,1,Fire,,Small.\n", encoding="utf-8")
    result = run("cards", "import", path, "--game", "boa", "--set", "T1", "--set-name", "Test")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert f"{path}: line 2: column C (kind): with kind 'monster', 'group' is required" in lines  # no group column
    assert f"{path}: line 3: column C (kind): with kind 'spell', 'spell_type' is required" in lines
    assert f"{path}: line 3: column I (lore): with kind 'spell', 'lore' is not allowed" in lines
    assert f"{path}: line 4: column H (subgroup): with kind 'monster', 'subgroup' is required" in lines  # empty cell
    assert not any("is a required property" in line or "Additional properties" in line for line in lines)


def test_a_json_set_names_the_kind_too(run, tmp_path):
    doc = {"game": "boa", "set": {"code": "T1", "name": "Test"},
           "cards": [{"number": "1", "name": "Whelp", "kind": "monster", "cost": 1, "attack": 1, "health": 1,
                      "element": "Fire", "subgroup": "Dragon", "lore": "Small."}]}
    path = tmp_path / "set.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = run("cards", "import", path)
    assert result.exit_code == 1
    assert f"{path}: $.cards[0]: with kind 'monster', 'group' is required" in result.stderr.splitlines()


def test_a_missing_column_every_card_needs_is_named_with_the_hint(run, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("number,Card Name,Colour\n1,Spark,red\n", encoding="utf-8")
    result = run("cards", "import", path, "--game", "boa", "--set", "T1", "--set-name", "Test")
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{path}: line 1: column C (Colour): not a field of the boa card schema; its fields:")
    assert lines[1] == f"{path}: line 1: no column for 'kind', which every card has"
    assert lines[-1] == f"Error: 2 problems found; nothing was imported. {HINT}"


def test_the_hint_gives_a_sheet_that_fills_in_a_new_set(run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = HINT.split("`")[1].split()[1:]  # the command as the hint prints it
    exported = run(*args)
    assert exported.exit_code == 0, exported.output
    header = (tmp_path / "template.csv").read_text(encoding="utf-8").splitlines()[0]
    mine = tmp_path / "mine.csv"
    mine.write_text(header + "\n" + ",".join(
        {"number": "1", "name": "Spark", "kind": "spell", "cost": "0", "spell_type": "Basic",
         "text": "Deal 1 damage."}.get(c, "")
        for c in header.split(",")) + "\n", encoding="utf-8")
    result = run("cards", "import", mine, "--game", "boa", "--set", "T2", "--set-name", "Mine")
    assert result.exit_code == 0, result.output
    assert result.stderr == "boa T2: 1 added, 0 changed, 0 unchanged, 0 removed\n"


def test_a_sets_own_sheet_reimports_without_its_name_and_counts_what_changed(run, tmp_path):
    sets = {r["set"]: r["name"] for r in json.loads(run("games", "--json").stdout) if r["game"] == "boa"}
    path = tmp_path / "s01.csv"
    assert run("cards", "export", "--game", "boa", "--set", "S01", "-o", path).exit_code == 0
    same = run("cards", "import", path, "--game", "boa", "--set", "S01")
    assert same.exit_code == 0, same.output
    assert same.stderr == "boa S01: 0 added, 0 changed, 112 unchanged, 0 removed\n"
    assert {r["set"]: r["name"] for r in json.loads(run("games", "--json").stdout) if r["game"] == "boa"} == sets
    text = path.read_text(encoding="utf-8").replace("001,Ember Whelp,monster,Fire,Natural,Dragon,1,1,2,",
                                                    "001,Ember Whelp,monster,Fire,Natural,Dragon,1,2,2,")
    path.write_text(text, encoding="utf-8")
    changed = run("cards", "import", path, "--game", "boa", "--set", "S01", "--json")
    assert changed.stderr == "boa S01: 0 added, 1 changed, 111 unchanged, 0 removed\n"
    (row,) = json.loads(changed.stdout)
    assert (row["name"], row["added"], row["changed"], row["unchanged"]) == (sets["S01"], 0, 1, 111)
