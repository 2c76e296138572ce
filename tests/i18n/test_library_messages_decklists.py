"""The library's last English messages, now Messages: a decklist's bad CSV rows and no cards, a deck code's reason,
a deck argument two sources answer to, two imported files of one deck name, a format file's bounds, a deck of no
game, a champion's set of cards. Each reaches the user in their language, shown through the Japanese catalog, and
is built as a Message of its entry and arguments."""

from __future__ import annotations

import base64
import gettext
import json
import shutil
import zlib

import pytest

import paths  # tests/support/paths.py
from deckcli import i18n
from deckcli.cards.setfiles import check_cardset
from deckcli.decklists import layouts
from deckcli.decklists.code import decode_code
from deckcli.decklists.model import Decklist
from deckcli.errors import InputError
from deckcli.i18n import translated

LEGAL_BOA = paths.DATA / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"
BOA_STANDARD = paths.REPO / "carddb" / "boa" / "formats" / "boa-standard.json"


@pytest.fixture
def japanese(monkeypatch):
    """deckcli's messages looked up in the Japanese catalog, as a Japanese locale does."""
    catalog = gettext.translation(i18n.DOMAIN, localedir=i18n.LOCALE_DIR, languages=["ja"])
    monkeypatch.setattr(i18n, "translation", lambda: catalog)
    monkeypatch.setattr(i18n, "language_in_use", lambda: "ja")


def _code(payload: bytes) -> str:
    return "dk1" + base64.urlsafe_b64encode(payload + zlib.crc32(payload).to_bytes(4, "big")).decode().rstrip("=")


#: A deck code whose zone count (99) no game has: version 1, no game, no format, then the count.
BAD_ZONE_COUNT = _code(bytes([1, 0, 0, 99]) + bytes(8))


def test_a_csv_of_bad_rows_only_is_refused_in_japanese(run, japanese, tmp_path):
    csv = tmp_path / "bad.csv"
    csv.write_text("section,count,name\nmain,x,Ember Whelp\nmain,-3,Ember Whelp\n", encoding="utf-8")
    result = run("validate", csv, "--game", "boa")
    assert result.exit_code == 1
    assert f'{csv}: カードが見つかりません（"4 Ember Whelp" のような行が必要です）' in result.output
    assert "枚数は整数で指定してください: 'x'" in result.output
    assert "枚数 -3 が負の数です。枚数は1から999までの整数です" in result.output
    assert "no cards found" not in result.output and "whole number" not in result.output


def test_a_deck_codes_reason_is_a_message_of_its_words(run, japanese):
    with pytest.raises(InputError) as info:
        decode_code(BAD_ZONE_COUNT)
    message = info.value.args[0]
    assert message == "bad deck code: the zone count 99 is out of range (0 to 5)"  # English kept for --json
    reason = message.args["reason"]
    assert reason.msgid == "the {what} {value} is out of range ({low} to {high})"
    assert reason.args["what"].msgid == "zone count" and reason.args["value"] == 99
    result = run("validate", BAD_ZONE_COUNT)
    assert result.exit_code == 1
    assert "不正なデッキコード: ゾーンの数 99 が範囲外です（0～5）" in result.output


def test_a_name_both_a_file_and_a_stored_deck_is_told_in_japanese(run, japanese, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(LEGAL_BOA, tmp_path / "Ember")
    assert run("deck", "import", LEGAL_BOA, "--name", "Ember").exit_code == 0
    result = run("validate", "Ember")
    assert result.exit_code == 1
    assert (
        "'Ember' は デッキリストのファイル でも 保存済みのデッキ でもあります: ファイルは ./Ember のように、保存済みのデッキは"
        " --deck NAME で指定してください" in result.output
    )


def test_two_imported_files_of_one_deck_name_are_refused_in_japanese(run, japanese, tmp_path):
    for name in ("a.txt", "b.txt"):
        (tmp_path / name).write_text("Name: Same\n" + LEGAL_BOA.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("deck", "import", tmp_path / "a.txt", tmp_path / "b.txt")
    assert result.exit_code == 1
    assert (
        f"{tmp_path / 'b.txt'}: デッキ名 'Same' は {tmp_path / 'a.txt'} のデッキの名前でもあります。" in result.output
    )
    assert run("deck", "list", "--json").output.strip() == "[]"  # nothing was imported


def test_a_format_file_whose_bounds_cross_is_refused_in_japanese(run, japanese, tmp_path):
    doc = json.loads(BOA_STANDARD.read_text(encoding="utf-8"))
    doc["name"], doc["zones"]["main"] = "crossed", {**doc["zones"]["main"], "min": 70, "max": 60}
    path = tmp_path / "crossed.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = run("validate", LEGAL_BOA, "--format", path)
    assert result.exit_code == 1  # what is inside a --format file is the command's error, as in every command
    assert f"{path}: $.zones.main: min 70 が max 60 を超えています" in result.output
    assert "is above max" not in result.output


def test_a_deck_of_no_game_is_refused_in_japanese(run, japanese, tmp_path):
    deck = tmp_path / "nog.txt"
    deck.write_text("4 Nothing Such\n", encoding="utf-8")
    result = run("validate", deck)
    assert result.exit_code == 1
    assert f"{deck}: このデッキがどのゲームのものか分かりません。'Game: aqa|boa|sfb' の行を加えるか" in result.output


def test_a_champions_cards_are_counted_in_japanese(japanese):
    actions = [
        {"number": f"1-{i}", "name": f"Move {i}", "kind": "action", "champion": "Hero", "colour": c, "action": "attack"}
        for i, c in enumerate(("red", "red", "red", "yellow", "blue", "blue"), 1)
    ]
    champion = {"number": "1", "name": "Hero", "kind": "champion", "hp": 6}
    doc = {"game": "sfb", "set": {"code": "T1", "name": "Test"}, "cards": [champion, *actions]}
    [problem] = check_cardset(doc, "x.json")
    assert problem.msgid.endswith("must have {number} {members} cards, {split}; has {have}")
    assert problem.args["number"].msgid == "six" and problem.args["split"].msgid == "{items} and {last}"
    assert translated(problem) == (
        "x.json: $.cards[0]: champion 'Hero' には action カードが6枚（2 red, 2 yellow、2 blue）必要ですが、"
        "3 red, 1 yellow, 2 blue です"
    )


def test_a_layout_deckcli_only_reads_is_named_by_its_title_in_japanese(japanese):
    with pytest.raises(InputError) as info:
        layouts.write(Decklist(), "moxfield")
    assert (
        str(info.value)
        == "deckcli reads Moxfield exports but does not write them (it writes: text, json, csv, code, cod)"
    )
    assert info.value.args[0].args["layout"].msgid == "Moxfield export"
    assert info.value.translated() == (
        "deckcli は Moxfield のエクスポート を読み込めますが、書き出しはできません（書き出せる形式: text, json, csv, code, cod）"
    )
