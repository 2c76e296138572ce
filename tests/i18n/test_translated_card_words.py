"""The words of the games' data a player reads in their language (issue 32): ``cards show``'s field names, kinds and
values, ``formats show``'s opening rules, the zone of a champion draft's problems, ``curve``'s field and buckets,
``collection list``'s finish and ``hand``'s card details; English output, ``--json`` and ``--csv`` keep the data's
own words."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from localized import assert_no_english

JA, RU, EN = "ja_JP.UTF-8", "ru_RU.UTF-8", "C"
SFB = paths.DATA / "decks" / "sfb-standard" / "support"
TEAM = paths.REPO / "examples" / "team-shadows.txt"


@pytest.fixture(scope="module")
def deckcli(module_deckcli):
    """The module's runner, with two foil copies of a card in the collection."""
    assert module_deckcli("C", "collection", "add", "Ember Whelp", "2", "--foil").returncode == 0
    return module_deckcli


def _labels(text: str) -> list[str]:
    """The first column of ``cards show``: each line's field name."""
    return [line.split("  ")[0] for line in text.splitlines() if line.strip()]


def test_cards_show_names_fields_kinds_and_values_in_japanese_and_russian(deckcli):
    japanese = deckcli(JA, "cards", "show", "Inferno Wyrm").stdout
    assert _labels(japanese) == [
        "名前", "ゲーム", "セット", "番号", "種類", "属性", "グループ", "サブグループ", "コスト", "ATK", "HP", "能力",
        "レアリティ"]
    assert "種類          モンスター" in japanese and "タイミング: アクティブ; スペシャル: " in japanese
    assert_no_english(japanese, ["element", "attack", "health", "ability", "rarity", "timing", "active"])
    russian = deckcli(RU, "cards", "show", "Fireball", "--game", "sfb").stdout
    assert "чемпион" in russian and "цвет      красный" in russian and "действие  атака" in russian
    assert "тип       Действие" in russian  # its kind, one card: the singular
    assert_no_english(russian, ["champion", "colour", "action", "red", "attack"])
    champion = deckcli(RU, "cards", "show", "Kilgore").stdout
    assert "ОЗ после повышения уровня" in champion and "броня" in champion
    assert_no_english(champion, ["hp_levelled", "armour", "hp "])
    character = deckcli(JA, "cards", "show", "覚醒者“神崎レン”").stdout
    assert {"勢力", "アイコン", "アグレッシブ", "テキスト", "他言語の名前", "別名"} <= set(_labels(character))
    assert_no_english(character, ["faction", "icons", "aggressive", "text", "names", "aliases", "character"])
    english = deckcli(EN, "cards", "show", "Inferno Wyrm").stdout
    assert _labels(english)[4:] == ["kind", "element", "group", "subgroup", "cost", "attack", "health", "ability",
                                    "rarity"]
    assert "timing: active" in english and "kind      monster" in english
    as_json = json.loads(deckcli(JA, "cards", "show", "Fireball", "--game", "sfb", "--json").stdout)
    assert (as_json["kind"], as_json["colour"], as_json["action"]) == ("action", "red", "attack")


def test_formats_show_words_the_opening_rules_in_the_players_language(deckcli):
    japanese = deckcli(JA, "formats", "show", "boa-standard").stdout
    assert "初手: 6枚, マリガン: 手札の引き直し, 毎ターン1枚ドロー, 最初のターンのドローは後攻のみ" in japanese
    assert_no_english(japanese, ["hand_size", "full-redraw", "draws_per_turn", "first_turn_draw", "mulligan"])
    assert "山札: メインデッキ" in japanese and "サイドボーディング: メインデッキ, リミットブレイクデッキ, サイドデッキ" in japanese
    assert "モンスター, スペル" in japanese  # the kinds a zone holds
    assert_no_english(japanese, [": main", "main, limitbreak", "monster, spell"])
    russian = deckcli(RU, "formats", "show", "sfb-pool").stdout
    assert "каждый раунд новая рука" in russian and "из колоды не берут (пул)" in russian
    assert_no_english(russian, ["hand_size", "new_hand_each_turn", "draw False", "partial-redraw"])
    english = deckcli(EN, "formats", "show", "boa-standard").stdout
    assert "opening: hand_size 6, mulligan full-redraw, draws_per_turn 1, first_turn_draw second-player" in english
    assert "draw deck: main" in english and "side exchange: main, limitbreak, side" in english
    assert "monster, spell" in english


def test_a_champion_drafts_problems_name_their_zone_in_the_players_language(deckcli, tmp_path):
    team = tmp_path / "team.txt"
    team.write_text("Game: sfb\nChampions\nDeryn\nKilgore\nAl'kemi\n", encoding="utf-8")
    banned = deckcli(RU, "validate", team, "--pool", SFB / "pool-of-five.txt", "--banned", "Kilgore").stdout
    assert "banned-champion  Колода действий" in banned
    assert_no_english(banned, [" main "])
    shared = deckcli(JA, "validate", "--match", team, SFB / "other-team.txt").stdout
    assert "shared-champion  アクションデッキ" in shared
    assert_no_english(shared, [" main "])
    as_json = json.loads(deckcli(JA, "validate", "--match", team, SFB / "other-team.txt", "--json").stdout)
    assert {p["zone"] for report in as_json for p in report["problems"]} == {"main"}


def test_curve_names_its_field_and_buckets_in_the_players_language(deckcli):
    russian = deckcli(RU, "curve", TEAM, "--by", "colour", "--by", "action", "--by", "kind").stdout
    assert "цвет " in russian and "красный" in russian and "действие " in russian and "атака" in russian
    assert "Действие" in russian and "тип " in russian
    assert_no_english(russian, ["colour", "red", "yellow", "blue", "attack", "skill", "action"])
    japanese = deckcli(JA, "curve", paths.REPO / "examples" / "ember-rush.txt", "--by", "spell_type").stdout
    assert "スペルタイプ" in japanese and "ベーシック" in japanese and "（なし）" in japanese
    assert_no_english(japanese, ["spell_type", "basic", "(none)"])
    as_csv = deckcli(RU, "curve", TEAM, "--by", "colour", "--csv").stdout
    assert "colour,red," in as_csv


def test_collection_list_shows_the_finish_in_the_players_language(deckcli):
    japanese = deckcli(JA, "collection", "list").stdout
    assert "フォイル" in japanese
    assert_no_english(japanese, ["foil"])
    assert ",foil," in deckcli(RU, "collection", "list", "--csv").stdout
    assert json.loads(deckcli(RU, "collection", "list", "--json").stdout)[0]["finish"] == "foil"
    assert "фойл" in deckcli(RU, "collection", "show", "Ember Whelp").stdout


def test_hand_shows_an_sfb_cards_colour_and_action_in_the_players_language(deckcli):
    russian = deckcli(RU, "hand", TEAM, "--seed", "2").stdout
    assert "(Действие · Gwaien · жёлтый · атака)" in russian
    assert_no_english(russian, ["yellow", "blue", "red", "attack", "reaction", "skill"])
    japanese = deckcli(JA, "hand", TEAM, "--seed", "2").stdout
    assert "黄 · 攻撃" in japanese
    assert "(action · Gwaien · yellow · attack)" in deckcli(EN, "hand", TEAM, "--seed", "2").stdout


#: Fields every game's cards may have, named by the catalog (``cards show``), or by the catalog's table headers.
CATALOG_FIELDS = {"number", "name", "names", "aliases", "kind", "text", "rarity", "artist", "cost"}


def _schema_fields(schema, prefix: str = "") -> set[str]:
    """Every field a card schema defines, by dotted path (an object's fields too), over all its kinds."""
    found = set()
    if isinstance(schema, dict):
        for key, spec in schema.get("properties", {}).items():
            if isinstance(spec, dict):
                found.add(prefix + key)
                if spec.get("type") == "object" and "properties" in spec and key != "names":
                    found |= _schema_fields(spec, f"{prefix}{key}.")
        for branch in ("then", "else", "items"):
            found |= _schema_fields(schema.get(branch), prefix)
        found |= _schema_fields(schema.get("$defs", {}).get("cards"), prefix)
    return found


@pytest.mark.parametrize("game", ["boa", "aqa", "sfb"])
def test_every_field_of_a_card_schema_has_its_japanese_and_russian_name(game):
    data = json.loads((paths.REPO / "carddb" / game / "game.json").read_text(encoding="utf-8"))
    schema = json.loads((paths.REPO / "schemas" / data["card_schema"]).read_text(encoding="utf-8"))
    fields = _schema_fields(schema) - CATALOG_FIELDS
    labels = data["field_label_translations"]
    assert fields and {f for f in fields if {"ja", "ru"} - set(labels.get(f, {}))} == set()
