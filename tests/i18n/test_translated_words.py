"""The words that come from the games' data or name a thing by its id (a zone, a kind, a mulligan, a decklist's
metadata key, the metagame heading, an anonymous player) read in the user's language, while English output,
``--json`` and ``--csv`` keep the ids as they were."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from localized import assert_no_english

YOME = paths.DATA / "decks" / "aqa-yome" / "legal" / "declared-as-a-full-name.txt"
BOA_ILLEGAL = paths.DATA / "decks" / "boa-standard" / "illegal" / "copy-limit-main-limitbreak-side.txt"
SFB_WRONG_KIND = "Game: sfb\n1 Kilgore\n"
JA, RU = "ja_JP.UTF-8", "ru_RU.UTF-8"


@pytest.fixture(scope="module")
def deckcli(module_deckcli):
    """The module's runner, with a Ne-mu deck and an illegal boa deck stored."""
    run = module_deckcli
    assert run("C", "deck", "import", YOME, "--name", "yome").returncode == 0
    assert run("C", "deck", "import", BOA_ILLEGAL, "--name", "boa").returncode == 0
    return run


def test_zone_columns_are_titles_in_japanese_and_ids_in_english_json_and_csv(deckcli):
    listed = deckcli(JA, "deck", "list").stdout
    assert "メインデッキ" in listed.splitlines()[0] or "デッキ" in listed.splitlines()[0]
    assert "リミットブレイクデッキ" in listed and "サイドデッキ" in listed
    assert_no_english(listed.splitlines()[0], ["main", "limitbreak", "side"])
    assert (
        deckcli(JA, "deck", "list", "--csv").stdout.splitlines()[0]
        == deckcli("C", "deck", "list", "--csv").stdout.splitlines()[0]
    )
    english = deckcli("C", "deck", "list").stdout.splitlines()[0].split()
    assert ["main", "limitbreak", "side"] == [w for w in english if w in ("main", "limitbreak", "side")]
    checked = deckcli(JA, "validate", "--deck", "boa")
    assert (
        "メインデッキ" in checked.stdout and "copy-limit" in checked.stdout
    )  # the zone by its title, the rule id kept
    assert_no_english(checked.stdout, [" main ", " side "])
    as_json = json.loads(deckcli(JA, "validate", "--deck", "boa", "--json").stdout)
    assert {p.get("zone") for p in as_json[0]["problems"]} <= {"main", "limitbreak", "side", None}
    assert as_json == json.loads(deckcli("C", "validate", "--deck", "boa", "--json").stdout)


def test_a_kind_and_the_zone_of_a_zone_kind_problem_in_russian(deckcli, tmp_path):
    team = tmp_path / "team.txt"
    team.write_text(SFB_WRONG_KIND, encoding="utf-8")
    shown = deckcli(RU, "validate", team).stdout
    assert (
        "'Kilgore' — карта вида «Чемпион»; в зоне «Колода действий» могут быть только карты вида «Действие»" in shown
    )
    english = deckcli("C", "validate", team).stdout
    assert "'Kilgore' is a champion card; the Action Deck holds only action cards" in english


def test_the_ne_mu_line_and_metadata_keys_in_deck_show(deckcli):
    shown = deckcli(JA, "deck", "show", "yome").stdout
    assert "ネーム: 堕天使“天羽つかさ”" in shown
    assert_no_english(shown, ["Ne-mu"])
    assert "Ne-mu: 堕天使“天羽つかさ”" in deckcli("C", "deck", "show", "yome").stdout
    assert "Нэму: 堕天使“天羽つかさ”" in deckcli(RU, "deck", "show", "yome").stdout


def test_the_mulligan_kind_and_the_draw_zone_in_odds_and_hand(deckcli):
    odds = deckcli(JA, "odds", "--deck", "boa", "--want", "1+ cost<=1").stdout
    assert "[手札の引き直し: 条件を満たさない手札は山札に戻して引き直します]" in odds
    assert "メインデッキに" in odds
    assert_no_english(odds, ["full-redraw", "main"])
    english = deckcli("C", "odds", "--deck", "boa", "--want", "1+ cost<=1").stdout
    assert "[full-redraw: a hand that misses is shuffled back for a new one]" in english and "cards in main" in english
    hand = deckcli(
        RU, "hand", paths.REPO / "examples" / "team-shadows.txt", "--seed", "2", "--mulligan", "--want", "1+ colour=red"
    ).stdout
    assert "Муллиган (частичная пересдача)" in hand and "(Действие · " in hand
    assert_no_english(hand, ["partial-redraw", "(action ·"])


def test_deck_import_and_add_name_zones_by_title(deckcli):
    added = deckcli(JA, "deck", "add", "boa", "Ember Whelp", "1")
    assert "メインデッキに" in added.stdout and "メインデッキ: " in added.stdout
    assert_no_english(added.stdout, ["Main Deck"])
    imported = deckcli(RU, "deck", "import", BOA_ILLEGAL, "--name", "boa-ru").stdout
    assert "Основная колода " in imported and "Сайдборд " in imported
    assert "main " in deckcli("C", "deck", "import", BOA_ILLEGAL, "--name", "boa-en").stdout


def test_sheet_and_anonymous_site_words_from_the_game_data(deckcli):
    folder = deckcli.folder
    assert (
        deckcli(
            "C", "event", "new", "夏の大会", "--game", "aqa", "--format", "aqa-yome", "--date", "2099-08-01"
        ).returncode
        == 0
    )
    assert deckcli("C", "event", "register", "夏の大会", "山田", YOME).returncode == 0
    assert deckcli(JA, "event", "sheet", "夏の大会", "-o", folder / "sheet.html").returncode == 0
    sheet = (folder / "sheet.html").read_text(encoding="utf-8")
    assert "<dt>ネーム</dt>" in sheet and "<dt>勢力</dt>" in sheet and "<h2>デッキ (40)</h2>" in sheet
    assert_no_english(sheet, ["<dt>Ne-mu</dt>", "<dt>Factions</dt>", "<h2>Deck ("])
    assert deckcli(JA, "event", "publish", "夏の大会", "-o", folder / "site", "--anonymous").returncode == 0
    index = (folder / "site" / "index.html").read_text(encoding="utf-8")
    page = next((folder / "site").glob("deck-*.html")).read_text(encoding="utf-8")
    assert "プレイヤー 1" in index and "勢力" in index and "カーブ: コスト" in page
    assert_no_english(index + page, ["Player 1", "Factions", "Curve: cost", "A character in the opening hand"])
    data = json.loads((folder / "site" / "decks.json").read_text(encoding="utf-8"))
    assert "Player 1" in json.dumps(data, ensure_ascii=False)  # the data files keep the English
    assert "山田" not in json.dumps(data, ensure_ascii=False)
