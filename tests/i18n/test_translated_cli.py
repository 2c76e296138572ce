"""deckcli under a Japanese or Russian locale (fresh processes with a clean environment, as a player's shell runs
it): Click's own strings, the command help and validate's verdicts and problems in that language, while --json, the
rule ids and the exit status are those of the English run."""

from __future__ import annotations

import pytest

import paths  # tests/support/paths.py

ILLEGAL_AQA = paths.DATA / "decks" / "aqa-standard" / "illegal" / "copy-limit-across-spellings.txt"
ILLEGAL_SFB = paths.DATA / "decks" / "sfb-standard" / "illegal" / "two-champions.txt"



def test_the_group_help_in_japanese_and_russian(deckcli):
    ja = deckcli("ja_JP.UTF-8", "--help", COLUMNS="80")
    assert ja.returncode == 0
    assert ja.stdout.startswith("使い方: deckcli [OPTIONS] COMMAND [ARGS]...")
    assert "オプション:" in ja.stdout and "コマンド:" in ja.stdout and "このヘルプを表示して終了します。" in ja.stdout
    assert "デッキ構築、大会のデッキチェック、コレクション管理のツール" in ja.stdout
    assert "validate    デッキをフォーマットのルールで検査します。" in ja.stdout  # each command's short help
    assert "collection  コレクション: 持っているカードと" in ja.stdout
    ru = deckcli("ru_RU.UTF-8", "--help")
    assert ru.stdout.startswith("Использование: deckcli [OPTIONS] COMMAND [ARGS]...")
    assert "Параметры:" in ru.stdout and "Команды:" in ru.stdout and "Показать эту справку и выйти." in ru.stdout
    assert "odds        Точный шанс, что стартовая рука DECK" in ru.stdout
    for english in ("Usage:", "Options:", "Commands:", "Show this message"):
        assert english not in ja.stdout + ru.stdout


def test_validate_help_in_japanese_and_russian(deckcli):
    ja = deckcli("ja_JP.UTF-8", "validate", "--help")
    assert ja.returncode == 0 and ja.stdout.startswith("使い方: deckcli validate")
    assert "各 DECK を検査します。" in ja.stdout and "例:" in ja.stdout
    assert "この保存済みデッキも検査します（複数指定可）。" in ja.stdout
    assert "  deckcli validate --match team-a.txt team-b.txt" in ja.stdout  # the examples as they are
    ru = deckcli("ru_RU.UTF-8", "validate", "--help")
    assert "Проверить также эту сохранённую колоду" in ru.stdout and "Примеры:" in ru.stdout
    assert "Соревновательный драфт: каждый чемпион команды должен быть в POOL" in " ".join(ru.stdout.split())
    for english in ("Check each DECK", "Also check this stored deck", "Options:"):
        assert english not in ja.stdout + ru.stdout


def test_click_errors_in_the_users_language(deckcli):
    ja = deckcli("ja_JP.UTF-8", "validate", "--no-such-option")
    assert ja.returncode == 2
    assert "ヘルプは 'deckcli validate --help' で表示できます。" in ja.stderr
    assert "エラー: '--no-such-option' というオプションはありません。" in ja.stderr
    ru = deckcli("ru_RU.UTF-8", "validate")
    assert ru.returncode == 2
    assert "Ошибка: укажите хотя бы один деклист FILE или --deck NAME" in ru.stderr  # validate's own usage error


def test_validate_verdict_and_problems_in_japanese(deckcli):
    result = deckcli("ja_JP.UTF-8", "validate", ILLEGAL_AQA)
    assert result.returncode == 1
    assert f"{ILLEGAL_AQA} (aqa, aqa-standard): 不適正、問題1件" in result.stdout
    assert "ルール" in result.stdout and "ゾーン" in result.stdout and "内容" in result.stdout
    assert "copy-limit" in result.stdout  # the rule id never changes
    assert "'雪女' が5枚あります（デッキ 5枚）。同名カードは4枚までです" in result.stdout  # the zone as the game data names it
    assert "NOT legal" not in result.stdout and "copies of" not in result.stdout


def test_validate_verdict_and_problems_in_russian(deckcli):
    result = deckcli("ru_RU.UTF-8", "validate", ILLEGAL_SFB)
    assert result.returncode == 1
    assert "(sfb, sfb-standard): НЕ легальна, 2 проблемы" in result.stdout
    assert "правило" in result.stdout and "сообщение" in result.stdout
    assert "Колода действий: 12 карт; sfb-standard требует ровно 18" in result.stdout  # 12: the third plural form
    assert "в колоде 2 чемпиона (Kilgore, Al'kemi)" in result.stdout  # the game data's counted champions
    assert "sfb-standard требует ровно 3 разных чемпионов" in result.stdout
    assert "champion-count" in result.stdout and "deck-size" in result.stdout


@pytest.mark.parametrize("locale", ["ja_JP.UTF-8", "ru_RU.UTF-8"])
def test_json_is_the_same_in_every_language(deckcli, locale):
    english = deckcli("C", "validate", ILLEGAL_AQA, ILLEGAL_SFB, "--json")
    translated = deckcli(locale, "validate", ILLEGAL_AQA, ILLEGAL_SFB, "--json")
    assert english.returncode == translated.returncode == 1
    assert translated.stdout == english.stdout
    assert "5 copies of '雪女' (Deck 5); at most 4 of a name" in english.stdout


def test_deckcli_lang_en_forces_english(deckcli):
    result = deckcli("ja_JP.UTF-8", "validate", ILLEGAL_AQA, DECKCLI_LANG="en")
    assert "NOT legal, 1 problem" in result.stdout
    assert "5 copies of '雪女' (Deck 5); at most 4 of a name" in result.stdout
