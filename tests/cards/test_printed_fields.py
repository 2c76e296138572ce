"""Fields printed on real cards that the card schemas carry: aqa's 耐久力 (durability) and 精神攻撃力 (mental attack),
optional on a character with their labels in the game's data, and sfb's levelled-up armour where the data set gives
one (Deryn 0→2; Lil'Y, King Alistair, Sir Tentaclot 0→1), built from the champions table by the set's script."""

from __future__ import annotations

import importlib.util
import json

import paths  # tests/support/paths.py
from deckcli.games import registry

CHARACTER = {"number": "T-1", "name": "テストの騎士", "kind": "character", "faction": "極星帝国", "cost": 2,
             "attack": 3, "mental": 1}


def _cards(run, game: str, set_code: str) -> list[dict]:
    result = run("cards", "export", "--game", game, "--set", set_code, "--to", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["cards"]


def test_an_aqa_character_carries_durability_and_mental_attack_read_from_their_printed_headers(run, tmp_path):
    path = tmp_path / "aqa.csv"
    path.write_text("番号,カード名,種類,勢力,コスト,攻撃力,精神力,耐久力,精神攻撃力\n"
                    "T-1,テストの騎士,character,極星帝国,2,3,1,４,2\n"
                    "T-2,テストの従者,character,極星帝国,1,1,1,,\n", encoding="utf-8")
    result = run("cards", "import", path, "--game", "aqa", "--set", "T1", "--set-name", "テスト")
    assert result.exit_code == 0, result.output
    assert _cards(run, "aqa", "T1") == [
        {**CHARACTER, "durability": 4, "mental_attack": 2},
        {"number": "T-2", "name": "テストの従者", "kind": "character", "faction": "極星帝国", "cost": 1, "attack": 1,
         "mental": 1},  # both optional
    ]
    shown = run("cards", "show", "テストの騎士")
    assert "durability     4" in shown.stdout and "mental_attack  2" in shown.stdout


def test_a_negative_durability_is_refused_at_its_cell(run, tmp_path):
    path = tmp_path / "aqa.csv"
    path.write_text("number,name,kind,faction,cost,attack,mental,Durability\nT-1,X,character,WIZ-DOM,1,1,1,-1\n",
                    encoding="utf-8")
    result = run("cards", "import", path, "--game", "aqa", "--set", "T1", "--set-name", "Test")
    assert result.exit_code == 1
    assert f"{path}: line 2: column H (durability): -1 is less than the minimum of 0" in result.stderr


def test_the_new_fields_have_their_labels_beside_them_in_the_games_data():
    aqa, sfb = registry.game("aqa"), registry.game("sfb")
    assert aqa.field_label_translations["durability"] == {"ja": "耐久力", "ru": "стойкость"}
    assert aqa.field_label_translations["mental_attack"] == {"ja": "精神攻撃力", "ru": "ментальная атака"}
    assert sfb.field_label_translations["armour_levelled"]["ja"] == "アーマー（レベルアップ後）"


def test_sfb_champions_keep_their_levelled_armour(run):
    champions = {c["name"]: c for c in _cards(run, "sfb", "CORE") if c["kind"] == "champion"}
    levelled = {name: (c.get("armour"), c["armour_levelled"]) for name, c in champions.items() if "armour_levelled" in c}
    assert levelled == {"Deryn": (0, 2), "Lil'Y": (0, 1), "King Alistair": (0, 1), "Sir Tentaclot": (0, 1)}
    shown = run("cards", "show", "Deryn")
    assert "armour           0" in shown.stdout and "armour_levelled  2" in shown.stdout


def test_the_set_script_reads_a_levelled_armour(tmp_path):
    spec = importlib.util.spec_from_file_location("build_sfb_set", paths.REPO / "scripts" / "build_sfb_set.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert script.parse_levelled("0→2", "armour", 1) == (0, 2) and script.parse_levelled("1", "armour", 1) == (1, None)
    rows = [(n, ["Deryn", "7", "0→2", f"Card {n}", colour, "skill"])
            for n, colour in enumerate(("red", "red", "yellow", "yellow", "blue", "blue"), start=2)]
    doc, _ = script.build(rows)
    assert doc["cards"][0] | {"names": None} == {"number": "C01", "name": "Deryn", "kind": "champion", "names": None,
                                                 "hp": 7, "armour": 0, "armour_levelled": 2}
