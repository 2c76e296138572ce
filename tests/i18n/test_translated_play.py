"""odds, hand and the collection commands under a Japanese or Russian locale (fresh processes with a clean
environment, as a player's shell runs them): the figures' lines, the mulligan notes, the collection's messages and
table headers in that language, while --json is byte for byte the English run's."""

from __future__ import annotations

import pytest

import paths  # tests/support/paths.py
from localized import assert_no_english

AQA = paths.DATA / "decks" / "aqa-standard" / "legal" / "deck-40.txt"
#: English texts of these commands that a Japanese or Russian run must not show.
ENGLISH = (
    "Opening hand",
    "With mulligan",
    "Conditions (all must hold)",
    "cards in",
    "hand of",
    "on the play",
    "matching",
    "in the deck",
    "meets the conditions",
    "Mulligan (",
    "only the player going second",
    "missing (",
    "different",
    "The collection",
    "Added",
    "now",
    "need",
    "have",
    "cards seen",
    "with mulligan",
    "Would import",
    "layout",
)




def test_odds_in_japanese(deckcli):
    result = deckcli("ja_JP.UTF-8", "odds", AQA, "--want", "1+ kind=character", "--turn", "2")
    assert result.returncode == 0, result.stderr
    assert "deck-40.txt（aqa、aqa-standard）: デッキに40枚、手札7枚、先攻" in result.stdout  # the zone's title
    assert "条件（すべて満たすこと）:" in result.stdout
    assert "kind=character に合うカード1枚以上、デッキに40枚" in result.stdout
    assert "初手:" in result.stdout and "マリガンあり:" in result.stdout
    assert "引き直せるのは後攻のプレイヤーだけです（--draw を試してください）" in result.stdout
    assert "ターン" in result.stdout and "見たカード" in result.stdout and "確率" in result.stdout
    assert_no_english(result.stdout + result.stderr, ENGLISH)


def test_odds_in_russian_with_a_note(deckcli):
    result = deckcli("ru_RU.UTF-8", "odds", AQA, "--want", "0 kind=character", "--want", "1+ cost<=1", "--draw")
    assert result.returncode == 0, result.stderr
    assert "deck-40.txt (aqa, aqa-standard): Колода — 40 карт, рука из 7, ходите вторым" in result.stdout
    assert "ни одной карты, подходящей под kind=character; в колоде: 40" in result.stdout
    assert "не менее 1 карты, подходящей под cost<=1; в колоде: 32" in result.stdout  # a counting Message's form
    assert "Стартовая рука:" in result.stdout and "С муллиганом:" in result.stdout
    assert "примечание: '0 kind=character' допускает не больше 0, но любая рука из 7 карт" in result.stderr
    assert_no_english(result.stdout + result.stderr, ENGLISH)


def test_a_bad_condition_in_russian(deckcli):
    result = deckcli("ru_RU.UTF-8", "odds", AQA, "--want", "1+kind=character")
    assert result.returncode == 1
    assert "неверное условие '1+kind=character': поставьте пробел между количеством '1+' и фильтром" in result.stderr


def test_hand_and_its_mulligan_in_japanese_and_russian(deckcli):
    args = ("hand", AQA, "--seed", "1", "--mulligan", "--want", "2+ kind=character")
    ja = deckcli("ja_JP.UTF-8", *args)
    assert ja.returncode == 0, ja.stderr
    assert "、シード 1" in ja.stdout and "手札 1  — 条件を満たす" in ja.stdout
    assert "  マリガン（後攻の引き直し）: 引き直せるのは後攻のプレイヤーだけです" in ja.stdout
    ru = deckcli("ru_RU.UTF-8", *args, "--draw")
    assert ru.returncode == 0, ru.stderr
    assert "ходите вторым; сид 1" in ru.stdout and "Рука 1  — условия выполнены" in ru.stdout
    assert "  Муллиган (пересдача второго игрока): рука выполняет условия: оставляем" in ru.stdout
    assert_no_english(ja.stdout + ru.stdout, ENGLISH)


def test_the_collection_in_japanese(deckcli):
    added = deckcli("ja_JP.UTF-8", "collection", "add", "雪女", "2", "--foil")
    assert added.returncode == 0, added.stderr
    assert "雪女 (aqa S01 038) [フォイル] を 2 枚追加: 現在 2 枚" in added.stdout
    missing = deckcli("ja_JP.UTF-8", "collection", "missing", AQA)
    assert missing.returncode == 0, missing.stderr
    assert missing.stdout.split()[:4] == ["名前", "必要", "所持", "不足"]
    assert "40枚不足（10種類）" in missing.stderr
    listing = deckcli("ja_JP.UTF-8", "collection", "list")
    assert listing.stdout.split()[:3] == ["枚数", "名前", "ゲーム"]
    assert_no_english(added.stdout + missing.stdout + missing.stderr + listing.stdout, ENGLISH)


def test_the_collection_in_russian(deckcli, tmp_path):
    deck = deckcli("ru_RU.UTF-8", "collection", "add-deck", AQA)
    assert deck.returncode == 0, deck.stderr
    assert "Добавлено из deck-40.txt: 40 карт (10 версий) [обычная]" in deck.stdout
    missing = deckcli("ru_RU.UTF-8", "collection", "missing", AQA)
    assert "В коллекции есть все карты колоды." in missing.stderr
    export = tmp_path / "collection.csv"
    exported = deckcli("ru_RU.UTF-8", "collection", "export", "-o", export)
    assert "Экспортировано: 10 записей (40 карт)" in exported.stderr
    dry = deckcli("ru_RU.UTF-8", "collection", "import", export, "--dry-run")
    assert "распознан формат deckcli." in dry.stderr
    assert (
        "Будет импортировано: 40 карт (формат deckcli; годных строк 10, всего 10 строк): 0 новых записей" in dry.stderr
    )
    assert "название" in dry.stdout and "было" in dry.stdout and "стало" in dry.stdout
    removed = deckcli("ru_RU.UTF-8", "collection", "remove", "雪女", "9")
    assert removed.returncode == 1
    assert "в коллекции нет 雪女 (S01) 038 [обычная]" in removed.stderr
    assert_no_english(deck.stdout + missing.stderr + exported.stderr + dry.stderr + dry.stdout, ENGLISH)


@pytest.mark.parametrize("locale", ["ja_JP.UTF-8", "ru_RU.UTF-8"])
def test_json_is_the_same_in_every_language(deckcli, locale, tmp_path):
    export = tmp_path / "collection.csv"
    assert deckcli("C", "collection", "add-deck", AQA).returncode == 0
    assert deckcli("C", "collection", "export", "-o", export).returncode == 0
    outputs = []
    for args in (
        ("odds", AQA, "--want", "0 kind=character", "--turn", "2", "--json"),
        ("hand", AQA, "--seed", "3", "--mulligan", "--draw", "--want", "2+ kind=character", "--json"),
        ("collection", "missing", AQA, "--json"),
        ("collection", "buildable", "--json"),
        ("collection", "import", export, "--dry-run", "--json"),
    ):
        english = deckcli("C", *args)
        translated = deckcli(locale, *args)
        assert english.returncode == translated.returncode == 0, translated.stderr
        assert translated.stdout == english.stdout, args
        outputs.append(english.stdout)
    assert "'0 kind=character' allows at most 0, but every hand of 7 cards" in outputs[0]  # the notes stay English
    assert '"summary": "Would import 40 cards from 10 of 10 rows (deckcli layout)' in outputs[4]


def test_collection_missing_names_cards_in_the_players_language(deckcli, tmp_path):
    """A card whose data has ``names.ru`` is named in Russian first in the table of ``collection missing``, its own
    name beside; English and --json keep its own name."""
    import json

    cards = tmp_path / "x01.json"
    card = {"kind": "monster", "element": "Fire", "group": "Natural", "subgroup": "Dragon", "cost": 1, "attack": 1,
            "health": 2, "rarity": "Common"}
    cards.write_text(json.dumps({"game": "boa", "set": {"code": "X01", "name": "Names"}, "cards": [
        {**card, "number": "001", "name": "Ember Drake", "names": {"ru": "Огненный дракон"}},
        {**card, "number": "002", "name": "Ash Drake"},
    ]}), encoding="utf-8")
    assert deckcli("C", "cards", "import", cards).returncode == 0
    deck = tmp_path / "drakes.txt"
    deck.write_text("Game: boa\n2 Ember Drake\n1 Ash Drake\n", encoding="utf-8")
    russian = deckcli("ru_RU.UTF-8", "collection", "missing", deck)
    assert russian.returncode == 0, russian.stderr
    assert "Огненный дракон (Ember Drake)" in russian.stdout and "Ash Drake" in russian.stdout
    english = deckcli("C", "collection", "missing", deck)
    assert "Огненный" not in english.stdout and "Ember Drake" in english.stdout
    as_json = deckcli("ru_RU.UTF-8", "collection", "missing", deck, "--json")
    assert [row["name"] for row in json.loads(as_json.stdout)] == ["Ember Drake", "Ash Drake"]
