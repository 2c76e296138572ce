"""The shared parts under a Japanese or Russian locale (fresh processes, a clean environment): library errors, the
database commands and faults, the formats listing, table headers and yes/no, and the games' words from their data
(zones, counted champions) in the user's language, while --json and --csv are byte for byte the English run's."""

from __future__ import annotations

import pytest

import paths  # tests/support/paths.py
from localized import assert_no_english

ILLEGAL = paths.DATA / "decks"
UNKNOWN_AQA = ILLEGAL / "aqa-standard" / "illegal" / "unknown-card.txt"
WRONG_GAME_AQA = ILLEGAL / "aqa-standard" / "illegal" / "wrong-game.txt"
SIDE_DECK_AQA = ILLEGAL / "aqa-standard" / "illegal" / "side-deck.txt"
#: English words of the messages of these commands that must not be left in a translated run.
ENGLISH = (
    "backend:",
    "current:",
    "latest:",
    "state:",
    "up to date",
    "revision ",
    "Backed up",
    "application id",
    "does not exist",
    "unknown card",
    "unknown format",
    "known formats",
    "is a card of",
    "no such file",
    "line 6",
    "draw deck",
    "copy limit",
    "Champion Pool",
    "extends",
    "default",
)




def test_db_status_check_and_backup_in_japanese(deckcli, tmp_path):
    status = deckcli("ja_JP.UTF-8", "db", "status")
    assert status.returncode == 0, status.stderr
    assert "バックエンド: sqlite" in status.stdout and "状態: 空: 最初の利用時に作成します" in status.stdout
    check = deckcli("ja_JP.UTF-8", "db", "check")  # (the status above created nothing: no file yet, no problem)
    assert check.returncode == 0
    assert "データベースはまだありません" in check.stdout and check.stderr == ""
    backup = deckcli("ja_JP.UTF-8", "db", "backup", tmp_path / "copy.db")
    assert backup.returncode == 1
    assert "エラー: データベース " in backup.stderr and "まだバックアップするものがありません" in backup.stderr
    deckcli("C", "db", "upgrade")
    done = deckcli("ja_JP.UTF-8", "db", "backup", tmp_path / "copy.db")
    assert done.returncode == 0 and "バイト）を " in done.stdout and "にバックアップしました" in done.stdout
    check = deckcli("ja_JP.UTF-8", "db", "check")
    assert check.returncode == 0 and ": 正常（リビジョン " in check.stdout and "アプリケーション ID 0x" in check.stdout
    assert "テーブル" in check.stdout and "行数" in check.stdout
    status = deckcli("ja_JP.UTF-8", "db", "status")
    assert "状態: 最新です" in status.stdout and "現在: リビジョン " in status.stdout
    for result in (status, check, done):
        assert_no_english(result.stdout + result.stderr, ENGLISH)


def test_db_upgrade_and_a_missing_folder_in_russian(deckcli, tmp_path):
    upgrade = deckcli("ru_RU.UTF-8", "db", "upgrade")
    assert upgrade.returncode == 0 and ": создана в версии ревизия " in upgrade.stdout
    again = deckcli("ru_RU.UTF-8", "db", "upgrade")
    assert "уже ревизия " in again.stdout and "(последняя)" in again.stdout
    status = deckcli("ru_RU.UTF-8", "db", "status")
    assert "бэкенд: sqlite" in status.stdout and "состояние: актуальна" in status.stdout
    missing = deckcli("ru_RU.UTF-8", "--db", tmp_path / "nowhere" / "x.db", "db", "status")
    assert missing.returncode == 1
    assert "Ошибка: база данных " in missing.stderr and "(из --db): её папки " in missing.stderr
    assert "сначала создайте её (deckcli создаёт только свою папку данных по умолчанию)" in missing.stderr
    for result in (upgrade, again, status, missing):
        assert_no_english(result.stdout + result.stderr, ENGLISH)


@pytest.mark.parametrize("locale", ["ja_JP.UTF-8", "ru_RU.UTF-8"])
def test_db_json_is_the_same_in_every_language(deckcli, locale):
    deckcli("C", "db", "upgrade")
    for command in (("db", "status", "--json"), ("db", "check", "--json")):
        english, translated = deckcli("C", *command), deckcli(locale, *command)
        assert english.returncode == translated.returncode == 0
        assert translated.stdout == english.stdout
    assert '"meaning": "up to date"' in english.stdout or '"integrity": "ok"' in english.stdout


def test_formats_listing_and_show_in_japanese_and_russian(deckcli):
    ja = deckcli("ja_JP.UTF-8", "formats", "--game", "sfb")
    assert ja.returncode == 0
    assert ja.stdout.split()[:6] == ["名前", "ゲーム", "タイトル", "ゾーン", "同名制限", "デフォルト"]
    assert "はい" in ja.stdout and "いいえ" in ja.stdout  # the default column's yes and no
    ru = deckcli("ru_RU.UTF-8", "formats", "show", "sfb-pool")
    assert ru.returncode == 0
    assert "(sfb, расширяет sfb-standard)" in ru.stdout and "колода добора: Пул чемпионов" in ru.stdout
    assert "Пул чемпионов" in ru.stdout  # the format's zone label, translated in its data
    assert "подпись" in ru.stdout and "лимиты карт на " in ru.stdout
    for result in (ja, ru):
        assert_no_english(result.stdout.replace("Super Fantasy Brawl", "").replace(ru.stdout.splitlines()[1], ""), ENGLISH)


@pytest.mark.parametrize("locale", ["ja_JP.UTF-8", "ru_RU.UTF-8"])
def test_formats_json_and_csv_stay_english(deckcli, locale):
    for command in (("formats", "--json"), ("formats", "--csv"), ("formats", "show", "sfb-pool", "--json")):
        english, translated = deckcli("C", *command), deckcli(locale, *command)
        assert english.returncode == translated.returncode == 0
        assert translated.stdout == english.stdout
    assert english.stdout.count('"label": "Champion Pool"') == 1
    assert deckcli(locale, "formats", "--csv").stdout.startswith("name,game,title,zones,copy_limit,default")


def test_library_errors_in_japanese(deckcli):
    missing = deckcli("ja_JP.UTF-8", "validate", "nosuch.txt")
    assert missing.returncode == 2
    assert "エラー: 'nosuch.txt' は見つかりません: その名前のデッキリストのファイルも" in missing.stderr
    fmt = deckcli("ja_JP.UTF-8", "validate", "--format", "no-such-fmt", UNKNOWN_AQA)
    assert fmt.returncode == 2
    assert "'no-such-fmt' というフォーマットはありません。あるフォーマット: aqa-extreme" in fmt.stderr
    odds = deckcli("ja_JP.UTF-8", "odds", UNKNOWN_AQA, "-w", "1+ kind=character")
    assert odds.returncode == 1
    assert f"エラー: {UNKNOWN_AQA}: 6行目: aqa に '雪おんな' というカードはありません" in odds.stderr
    for result in (missing, fmt, odds):
        assert_no_english(result.stderr, ENGLISH)


def test_card_problems_and_zones_in_russian(deckcli):
    result = deckcli("ru_RU.UTF-8", "validate", UNKNOWN_AQA, WRONG_GAME_AQA, SIDE_DECK_AQA)
    assert result.returncode == 1
    assert "в aqa нет карты '雪おんな'" in result.stdout
    assert "'Ember Whelp' — карта Battle of Aeons (boa), а не Aquarian Age (aqa)" in result.stdout
    assert "нет зоны «Сайдборд»" in result.stdout  # the game's zone title, in the game data's Russian
    assert_no_english(result.stdout, ENGLISH)


@pytest.mark.parametrize("locale", ["ja_JP.UTF-8", "ru_RU.UTF-8"])
def test_card_problems_json_stays_english(deckcli, locale):
    english = deckcli("C", "validate", UNKNOWN_AQA, WRONG_GAME_AQA, SIDE_DECK_AQA, "--json")
    translated = deckcli(locale, "validate", UNKNOWN_AQA, WRONG_GAME_AQA, SIDE_DECK_AQA, "--json")
    assert english.returncode == translated.returncode == 1
    assert translated.stdout == english.stdout
    assert "unknown card '雪おんな' in aqa" in english.stdout and "Side Deck" in english.stdout


def test_a_look_alike_player_in_russian(deckcli):
    deck = ILLEGAL / "aqa-standard" / "legal" / "deck-40.txt"
    assert deckcli("C", "event", "new", "Cup", "--game", "aqa", "--date", "2099-05-01").returncode == 0
    assert deckcli("C", "event", "register", "Cup", "Alice", deck).returncode == 0
    result = deckcli("ru_RU.UTF-8", "event", "register", "Cup", "\u0410lice", deck)  # a Cyrillic А
    assert result.returncode == 1
    assert (
        "игрок '\u0410lice' похож на зарегистрированного игрока 'Alice' (в нём смешаны латиница и кириллица);"
        " регистрируйте под тем же написанием или укажите --new-player, если это разные игроки"
    ) in result.stderr
    assert "looks like" not in result.stderr and "letters" not in result.stderr
