"""Card-set files: the schema, the checks only code can do, and the bundled data."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from deckcli.cards.setfiles import check_cardset, load_cardsets
from deckcli.errors import CardDataError
from deckcli.games.hooks.name_level import nemu
from deckcli.storage.location import bundled_set_files


def _sfb_set(cards):
    return {"game": "sfb", "set": {"code": "T1", "name": "Test"}, "cards": cards}


def _champion(number="1", name="Hero"):
    return {"number": number, "name": name, "kind": "champion", "hp": 6}


def _actions(champion="Hero", colours=("red", "red", "yellow", "yellow", "blue", "blue"), prefix="1"):
    return [
        {"number": f"{prefix}-{i}", "name": f"{champion} move {i}", "kind": "action", "champion": champion,
         "colour": colour, "action": "attack"}
        for i, colour in enumerate(colours, 1)
    ]


def test_every_bundled_set_passes_its_schema():
    files = bundled_set_files()
    assert {p.parent.name for p in files} == {"boa", "aqa", "sfb"}
    for path in files:
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert check_cardset(doc, str(path)) == [], path


def test_bundled_sfb_has_24_champions_and_144_actions():
    doc = json.loads(next(p for p in bundled_set_files() if p.parent.name == "sfb").read_text(encoding="utf-8"))
    kinds = Counter(c["kind"] for c in doc["cards"])
    assert kinds == {"champion": 24, "action": 144}


def test_bundled_boa_sample_covers_the_game():
    doc = json.loads(next(p for p in bundled_set_files() if p.parent.name == "boa").read_text(encoding="utf-8"))
    assert "sample" in doc["set"]["name"].lower()
    cards = doc["cards"]
    assert len(cards) >= 100
    monsters = [c for c in cards if c["kind"] in ("monster", "limitbreak")]
    assert len({c["element"] for c in monsters}) == 11
    assert {c["group"] for c in monsters} == {"Artificial", "Natural", "Supernatural"}
    assert sum(c["kind"] == "limitbreak" for c in cards) >= 12
    assert all("offering" in c for c in cards if c["kind"] == "limitbreak")
    assert {c["spell_type"] for c in cards if c["kind"] == "spell"} == {"basic", "reaction", "equipment", "structure", "terrain"}
    assert min(c["cost"] for c in cards) == 0
    assert any("lore" in c for c in monsters) and any("ability" in c for c in monsters)


def test_bundled_aqa_sample_covers_the_game():
    doc = json.loads(next(p for p in bundled_set_files() if p.parent.name == "aqa").read_text(encoding="utf-8"))
    assert "sample" in doc["set"]["name"].lower()
    cards = doc["cards"]
    assert len(cards) >= 60
    assert len({c["faction"] for c in cards}) == 5
    assert {c["kind"] for c in cards} >= {"character", "break", "project"}
    assert all(c.get("aliases") for c in cards)
    assert Counter(nemu(c["name"]) for c in cards if nemu(c["name"])).most_common(1)[0][1] >= 4


def test_schema_errors_name_every_json_path(tmp_path):
    bad = _sfb_set([
        {"number": "1", "name": "Hero", "kind": "champion", "hp": 0},
        {"number": "2", "name": "Zap", "kind": "action", "champion": "Hero", "colour": "purple", "action": "attack"},
        {"number": "3", "name": "Zop", "kind": "action", "champion": "Hero", "colour": "red", "action": "atack"},
    ])
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cardsets([str(path)])
    problems = info.value.problems
    assert any(p.startswith(f"{path}: $.cards[0].hp: ") for p in problems)
    assert any(p.startswith(f"{path}: $.cards[1].colour: ") and "purple" in p for p in problems)
    assert any(p.startswith(f"{path}: $.cards[2].action: ") and "atack" in p for p in problems)


def test_sfb_champion_needs_two_of_each_colour():
    doc = _sfb_set([_champion(), *_actions(colours=("red", "red", "red", "yellow", "blue", "blue"))])
    problems = check_cardset(doc, "x.json")
    assert problems == [
        "x.json: $.cards[0]: champion 'Hero' must have six action cards, 2 red, 2 yellow and 2 blue; has 3 red, 1 yellow, 2 blue"
    ]
    good = _sfb_set([_champion(), *_actions()])
    assert check_cardset(good, "x.json") == []


def test_action_of_unknown_champion_and_duplicate_numbers():
    doc = _sfb_set([_champion(), *_actions(), *_actions(champion="Ghost", prefix="1")])
    problems = check_cardset(doc, "x.json")
    assert any("$.cards[7].champion: no champion 'Ghost'" in p for p in problems)
    assert any("$.cards[7].number: number '1-1' is used more than once" in p for p in problems)


def test_invalid_json_reports_line_and_column(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"game": "sfb",\n "set": }', encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load_cardsets([str(path)])
    assert info.value.problems == [f"{path}: line 2, column 9: not valid JSON: expected a value"]
