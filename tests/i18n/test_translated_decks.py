"""The deck and card commands under a Japanese or Russian locale (fresh processes with a clean environment, as a
player's shell runs them): deck import, add, show and list, cards search and show, their help and their errors in
that language, card names in it where the data has them (``Килгор (Kilgore)``), while --json and --csv are the
bytes of the English run."""

from __future__ import annotations

import pytest

import paths  # tests/support/paths.py

SFB_TEAM = paths.DATA / "decks" / "sfb-standard" / "legal" / "team-of-three.txt"
ILLEGAL_AQA = paths.DATA / "decks" / "aqa-standard" / "illegal" / "copy-limit-across-spellings.txt"
#: English of the deck commands' messages that a translated run must not show.
ENGLISH = ("Imported deck", "Game:", "Format:", "Verdict", "legal in:", "not in:", "Warning:", "stored anyway", "Added")



def test_an_sfb_team_imported_and_shown_in_russian(deckcli):
    imported = deckcli("ru_RU.UTF-8", "deck", "import", SFB_TEAM, "--name", "Команда")
    assert imported.returncode == 0
    assert "Импортирована колода 'Команда' (sfb, sfb-standard): Колода действий 18." in imported.stdout
    shown = deckcli("ru_RU.UTF-8", "deck", "show", "Команда")
    assert shown.returncode == 0
    assert "Игра: sfb (Super Fantasy Brawl)" in shown.stdout and "Формат: sfb-standard" in shown.stdout
    assert "Килгор (Kilgore), Ал'кеми (Al'kemi), Дерин (Deryn)" in shown.stdout  # names.ru first, the own beside
    assert "Итог: легальна в sfb-standard" in shown.stdout
    assert "легальна в: sfb-standard; не легальна в: sfb-4p" in shown.stdout
    listed = deckcli("ru_RU.UTF-8", "deck", "list")
    assert "название" in listed.stdout and "легальна" in listed.stdout and " да " in listed.stdout
    for english in ENGLISH:
        assert english not in imported.stdout + imported.stderr + shown.stdout


def test_an_illegal_aqa_deck_imported_edited_and_shown_in_japanese(deckcli):
    imported = deckcli("ja_JP.UTF-8", "deck", "import", ILLEGAL_AQA, "--name", "bad")
    assert imported.returncode == 0
    assert "デッキ 'bad' を取り込みました（aqa、aqa-standard）: デッキ 40。" in imported.stdout
    assert "警告: デッキ 'bad' は aqa-standard で不適正です（そのまま保存しました）:" in imported.stderr
    added = deckcli("ja_JP.UTF-8", "deck", "add", "bad", "雪女", "2")
    assert added.returncode == 0
    assert "デッキに 雪女（S01 038）を 2 枚入れました: 現在 7 枚。" in added.stdout
    assert "デッキは保存しましたが、aqa-standard では不適正です" in added.stderr
    shown = deckcli("ja_JP.UTF-8", "deck", "show", "bad")
    assert "ゲーム: aqa（Aquarian Age）" in shown.stdout
    assert "— コスト 0, " in shown.stdout and "コスト カーブ（デッキ）" in shown.stdout  # the game data's field labels
    assert "cost 0" not in shown.stdout
    assert "で不適正 — 問題2件:" in shown.stdout  # 42 cards, and 7 of a name
    assert "[copy-limit] '雪女' が7枚あります（デッキ 7枚）。同名カードは4枚までです" in shown.stdout  # rule id kept
    for english in ENGLISH:
        assert english not in imported.stdout + imported.stderr + added.stdout + added.stderr + shown.stdout


@pytest.mark.parametrize("locale", ["ja_JP.UTF-8", "ru_RU.UTF-8"])
def test_json_and_csv_are_the_same_in_every_language(deckcli, locale):
    assert deckcli("C", "deck", "import", SFB_TEAM, "--name", "team").returncode == 0
    for args in (
        ("deck", "show", "team", "--json"),
        ("deck", "list", "--csv"),
        ("cards", "search", "Kilgore", "--game", "sfb", "--json"),
        ("cards", "search", "Kilgore", "--game", "sfb", "--csv"),
        ("cards", "show", "Kilgore", "--json"),
    ):
        english, translated = deckcli("C", *args), deckcli(locale, *args)
        assert english.returncode == translated.returncode == 0
        assert translated.stdout == english.stdout, args
    assert '"name": "Kilgore"' in deckcli(locale, "cards", "show", "Kilgore", "--json").stdout


def test_cards_search_and_show_name_a_card_in_russian_first(deckcli):
    found = deckcli("ru_RU.UTF-8", "cards", "search", "Kilgore", "--game", "sfb")
    assert found.returncode == 0
    assert "Килгор (Kilgore)" in found.stdout
    assert "название" in found.stdout and "подробности" in found.stdout
    assert "стоимость" not in found.stdout  # (sfb cards have no cost: the empty column is left out)
    shown = deckcli("ru_RU.UTF-8", "cards", "show", "Kilgore")
    assert "Килгор (Kilgore)" in shown.stdout.splitlines()[0]
    english = deckcli("C", "cards", "search", "Kilgore", "--game", "sfb")
    assert "Килгор" not in english.stdout and "Kilgore" in english.stdout  # English reads the card's own name


def test_an_aqa_card_keeps_its_japanese_name_in_every_language(deckcli):
    for locale in ("ja_JP.UTF-8", "ru_RU.UTF-8", "C"):
        found = deckcli(locale, "cards", "search", "雪女", "--game", "aqa")
        assert found.returncode == 0
        assert "雪女" in found.stdout and "Yuki-onna" not in found.stdout


def test_errors_in_the_users_language(deckcli):
    ja = deckcli("ja_JP.UTF-8", "cards", "show", "Kilgor", "--game", "sfb")
    assert ja.returncode == 1
    assert "エラー: sfb に 'Kilgor' というカードはありません。'Kilgore' のことですか？" in ja.stderr
    ru = deckcli("ru_RU.UTF-8", "cards", "search", "--where", "cots<=2")
    assert ru.returncode == 1
    assert "Ошибка: неизвестное поле 'cots' в 'cots<=2'; может быть, 'cost'?" in ru.stderr
    missing = deckcli("ru_RU.UTF-8", "deck", "show", "нет такой")
    assert missing.returncode == 1
    assert "нет сохранённой колоды 'нет такой'" in missing.stderr
    english = deckcli("C", "cards", "show", "Kilgor", "--game", "sfb")
    assert english.returncode == 1 and "unknown card 'Kilgor' in sfb; did you mean 'Kilgore'?" in english.stderr


def test_deck_and_cards_help_in_japanese_and_russian(deckcli):
    ja = deckcli("ja_JP.UTF-8", "deck", "--help")
    assert ja.returncode == 0 and ja.stdout.startswith("使い方: deckcli deck")
    assert "保存したデッキ: 1枚ずつ組む、表示、比較、取り込み、書き出し。" in ja.stdout and "例:" in ja.stdout
    assert "show     デッキ NAME を表示します" in ja.stdout
    ru = deckcli("ru_RU.UTF-8", "deck", "add", "--help")
    assert "Добавить COUNT (по умолчанию 1) копий каждой CARD" in ru.stdout
    assert "Имя чемпиона sfb добавляет шесть карт действий этого чемпиона." in ru.stdout
    search = deckcli("ru_RU.UTF-8", "cards", "search", "--help")
    assert "Искать карты по TEXT" in search.stdout and "Только эта игра." in search.stdout
    for english in ("Stored decks", "Add COUNT", "Search cards", "Only this game", "Examples:"):
        assert english not in ja.stdout + ru.stdout + search.stdout
