"""The event commands under a Japanese or Russian locale (fresh processes with a clean environment, as a player's
shell runs them): registration, status, the rounds, the sheets, slips and the published site read in that language,
while --json, the data files, the rule ids and the exit status are those of the English run."""

from __future__ import annotations

import json
import re

import pytest

import paths  # tests/support/paths.py
from localized import assert_no_english

LEGAL_AQA = paths.DATA / "decks" / "aqa-standard" / "legal" / "deck-40.txt"
ILLEGAL_AQA = paths.DATA / "decks" / "aqa-standard" / "illegal" / "copy-limit-across-spellings.txt"
LEGAL_SFB = paths.DATA / "decks" / "sfb-standard" / "legal" / "any-size-team-of-three.txt"
ILLEGAL_SFB = paths.DATA / "decks" / "sfb-standard" / "illegal" / "two-champions.txt"
#: English words of the event messages, tables and pages that a translated run must not show.
ENGLISH = (
    "Registered",
    "Receipt",
    "NOT legal",
    "player id",
    "fingerprint",
    "registered at",
    "Round 1",
    "table 1",
    "Wrote",
    "Published",
    "current round",
    "rank",
    "points",
    "opponent",
)


@pytest.fixture(scope="module")
def deckcli(module_deckcli):
    """Run ``deckcli ARGS`` in a fresh process with ``LANG=locale`` and no other language variable, on one data
    folder for the module (the event is set up once)."""
    return module_deckcli


@pytest.fixture(scope="module")
def japanese_event(deckcli):
    """An aqa event set up in Japanese: three players (one illegal deck), round 1 paired with a result entered;
    the outputs of each step, by name."""
    ja = "ja_JP.UTF-8"
    steps = {
        "new": deckcli(ja, "event", "new", "春の大会", "--game", "aqa", "--date", "2099-05-01", "--rounds", "3"),
        "legal": deckcli(ja, "event", "register", "春の大会", "山田", LEGAL_AQA),
        "illegal": deckcli(ja, "event", "register", "春の大会", "佐藤", ILLEGAL_AQA),
        "third": deckcli(ja, "event", "register", "春の大会", "鈴木", LEGAL_AQA),
        "status": deckcli(ja, "event", "status", "春の大会"),
        "pair": deckcli(ja, "event", "pair", "春の大会"),
    }
    table = next(row[0] for row in map(str.split, steps["pair"].stdout.splitlines()[2:]) if len(row) == 3)  # no bye
    steps["result"] = deckcli(ja, "event", "result", "春の大会", "1", table, "2-1")
    return steps


def test_registration_and_status_in_japanese(japanese_event):
    done = japanese_event
    assert done["new"].returncode == 0
    assert done["new"].stdout.strip() == "大会 '春の大会' を作成しました（aqa、aqa-standard、2099-05-01）。"
    assert done["legal"].returncode == 0
    assert "'山田' をデッキ 'deck-40' で登録しました: 適正。" in done["legal"].stdout
    assert "受付控え: " in done["legal"].stdout
    assert done["illegal"].returncode == 1
    assert "'佐藤' をデッキ 'copy-limit-across-spellings' で登録しました: 不適正、問題1件。" in done["illegal"].stdout
    assert "'雪女' が5枚あります（デッキ 5枚）。同名カードは4枚までです" in done["illegal"].stdout
    assert "copy-limit" in done["illegal"].stdout  # the rule id never changes
    status = done["status"]
    assert status.returncode == 1  # one deck is not legal
    header = status.stdout.splitlines()[0].split()
    assert header[:3] == ["プレイヤー", "プレイヤー", "ID"] and "フィンガープリント" in header and "登録日時" in header
    assert_no_english(done["legal"].stdout + done["illegal"].stdout + status.stdout, ENGLISH)


def test_rounds_in_japanese(japanese_event, deckcli):
    pair = japanese_event["pair"]
    assert pair.returncode == 0
    assert pair.stdout.splitlines()[0].split() == ["卓", "プレイヤー", "対戦相手"]
    result = japanese_event["result"]
    assert result.returncode == 0 and result.stdout.startswith("ラウンド 1、卓 ")
    standings = deckcli("ja_JP.UTF-8", "event", "standings", "春の大会")
    assert standings.stdout.splitlines()[0].split() == [
        "順位",
        "プレイヤー",
        "勝ち点",
        "戦績",
        "OMW",
        "GW",
        "OGW",
        "ドロップ",
    ]
    shown = deckcli("ja_JP.UTF-8", "event", "show", "春の大会")
    assert "現在のラウンド: 1" in shown.stdout and "開始: " in shown.stdout and "ラウンド数: 3（指定）" in shown.stdout
    assert_no_english(pair.stdout + result.stdout + standings.stdout + shown.stdout, ENGLISH)


def test_sheet_slips_and_site_in_japanese(japanese_event, deckcli):
    folder = deckcli.folder
    sheet = deckcli("ja_JP.UTF-8", "event", "sheet", "春の大会", "-o", folder / "sheets.html")
    assert sheet.returncode == 0
    assert "'春の大会' の3枚の登録用紙を" in sheet.stderr
    page = (folder / "sheets.html").read_text(encoding="utf-8")
    assert '<html lang="ja">' in page
    for phrase in (
        "デッキ登録用紙 — 春の大会",
        "<dt>プレイヤー</dt>",
        "<dt>フィンガープリント</dt>",
        "ジャッジ署名・氏名",
        "40枚",
    ):
        assert phrase in page
    assert_no_english(page, ["Registration sheet", "Player signature", "Judge signature", "Fingerprint", "40 cards"])
    slips = deckcli("ja_JP.UTF-8", "event", "slips", "春の大会", "-o", folder / "slips.html")
    assert slips.returncode == 0 and "ラウンド 1 の対戦表と" in slips.stderr
    page = (folder / "slips.html").read_text(encoding="utf-8")
    for phrase in ("対戦表 — ラウンド 1", "勝ちゲーム数", "引き分けゲーム数", "3人", "不戦勝"):
        assert phrase in page
    assert_no_english(page, ["Pairings", "Games won", "Drawn games", "Table ", "players"])
    site = deckcli("ja_JP.UTF-8", "event", "publish", "春の大会", "-o", folder / "site")
    assert site.returncode == 0 and "'春の大会' の3デッキを" in site.stdout
    index = (folder / "site" / "index.html").read_text(encoding="utf-8")
    for phrase in ("最も使われたカード", "3デッキ、適正 2", "スイスラウンド 3 回中 1 回を組みました", "deckcli "):
        assert phrase in index
    assert_no_english(index, ["Most-played cards", "Decks playing it", "Swiss round", "Published by"])
    standings = (folder / "site" / "standings.html").read_text(encoding="utf-8")
    assert "ラウンド 1 終了時の順位表" in standings and "勝ち点" in standings
    english = deckcli("C", "event", "publish", "春の大会", "-o", folder / "site-en")
    assert english.returncode == 0
    for data in ("decks.json", "decks.csv"):  # the data files never change with the language
        assert (folder / "site" / data).read_bytes() == (folder / "site-en" / data).read_bytes()


def test_event_commands_in_russian(deckcli):
    ru = "ru_RU.UTF-8"
    made = deckcli(ru, "event", "new", "Весенний турнир", "--game", "sfb", "--date", "2099-05-01")
    assert made.stdout.strip() == "Турнир 'Весенний турнир' создан (sfb, sfb-standard, 2099-05-01)."
    legal = deckcli(ru, "event", "register", "Весенний турнир", "Иван", LEGAL_SFB)
    assert "Игрок 'Иван' зарегистрирован с колодой 'any-size-team-of-three': легальна." in legal.stdout
    illegal = deckcli(ru, "event", "register", "Весенний турнир", "Пётр", ILLEGAL_SFB)
    assert illegal.returncode == 1
    assert "Игрок 'Пётр' зарегистрирован с колодой 'two-champions': НЕ легальна, 2 проблемы." in illegal.stdout
    assert "sfb-standard требует ровно 3 разных чемпионов" in illegal.stdout
    status = deckcli(ru, "event", "status", "Весенний турнир")
    assert status.stdout.splitlines()[0].split()[:4] == ["игрок", "id", "игрока", "колода"]
    assert "отпечаток" in status.stdout and "champion-count" in status.stdout
    started = deckcli(ru, "event", "start", "Весенний турнир")
    assert started.stdout.startswith("Турнир 'Весенний турнир' начался в ") and "регистрация закрыта" in started.stdout
    pair = deckcli(ru, "event", "pair", "Весенний турнир")
    assert pair.stdout.splitlines()[0].split() == ["стол", "игрок", "соперник"]
    dropped = deckcli(ru, "event", "drop", "Весенний турнир", "Иван")
    assert dropped.stdout.strip() == "Иван выбыл (дроп): с раунда 2 в пары не ставится."
    standings = deckcli(ru, "event", "standings", "Весенний турнир")
    assert standings.stdout.splitlines()[0].split() == ["место", "игрок", "очки", "счёт", "OMW", "GW", "OGW", "дроп"]
    sheet = deckcli(ru, "event", "sheet", "Весенний турнир", "Пётр", "-o", deckcli.folder / "ru-sheet.html")
    assert sheet.returncode == 0 and "Записано в " in sheet.stderr
    page = (deckcli.folder / "ru-sheet.html").read_text(encoding="utf-8")
    assert '<html lang="ru">' in page and "Регистрационный лист — Весенний турнир" in page
    assert "Подпись и имя судьи" in page and "Acid Rain" in page  # a card the data names only in English
    help_text = deckcli(ru, "event", "pair", "--help").stdout
    assert "Составить пары следующего раунда EVENT по швейцарской системе" in " ".join(help_text.split())
    assert "Примеры:" in help_text and 'deckcli event pair "Spring Open" --json' in help_text
    out = (
        legal.stdout + illegal.stdout + status.stdout + started.stdout + pair.stdout + dropped.stdout + standings.stdout
    )
    assert_no_english(out + help_text, [*ENGLISH, "Pair the next", "Examples:"])


@pytest.mark.parametrize("locale", ["ja_JP.UTF-8", "ru_RU.UTF-8"])
def test_event_json_and_csv_are_the_same_in_every_language(japanese_event, deckcli, locale):
    for command in (("status", "--json"), ("standings", "--json"), ("export", "--to", "csv")):
        english = deckcli("C", "event", command[0], "春の大会", *command[1:])
        translated = deckcli(locale, "event", command[0], "春の大会", *command[1:])
        assert translated.returncode == english.returncode
        assert translated.stdout == english.stdout
    assert json.loads(deckcli(locale, "event", "show", "春の大会", "--json").stdout)["current_round"] == "1"


def test_event_help_in_japanese(deckcli):
    help_text = deckcli("ja_JP.UTF-8", "event", "register", "--help").stdout
    assert "使い方: deckcli event register" in help_text
    assert "プレイヤーの ID（会員番号）。" in help_text
    assert "大会の開始後に新しいプレイヤーを登録します" in help_text
    standings = deckcli("ja_JP.UTF-8", "event", "standings", "--help").stdout
    assert "対戦相手のマッチ勝率（OMW）" in re.sub(r"\n\s*", "", standings)  # the help wraps between any two characters
    assert_no_english(help_text + standings, ["Register PLAYER", "The player's id", "The standings of"])
