"""`deckcli games` and `deckcli cards ...` end to end."""

from __future__ import annotations

import csv
import io
import json
import sqlite3

import pytest


def _snapshot(path) -> list:
    """Every row of every table: what 'the database is unchanged' means, independent of WAL file layout."""
    if getattr(path, "backend", "sqlite") != "sqlite":
        from dbdump import dump_tables

        return sorted(dump_tables(path).items())
    con = sqlite3.connect(getattr(path, "path", path))
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name")]
        return [(t, con.execute(f'SELECT * FROM "{t}" ORDER BY 1').fetchall()) for t in tables]
    finally:
        con.close()


def test_sfb_search_json_lists_all_168_cards(run):
    result = run("cards", "search", "--game", "sfb", "--json")
    assert result.exit_code == 0, result.output
    cards = json.loads(result.stdout)
    assert len(cards) == 168
    assert sum(c["kind"] == "champion" for c in cards) == 24


@pytest.mark.parametrize("typed", ["lil'y", "Lil’Y", "LIL'Y", "Лил'И", "ｌｉｌ'ｙ"])
def test_show_finds_lil_y_however_typed(run, typed):
    result = run("cards", "show", typed, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["name"] == "Lil'Y"


def test_show_unknown_card_suggests_closest(run):
    result = run("cards", "show", "Kilgor")
    assert result.exit_code == 1
    assert "did you mean 'Kilgore'" in result.stderr
    assert "Traceback" not in result.output


def test_half_width_katakana_finds_aqa_card(run, db):
    from deckcli.cards.index import CardIndex

    index = CardIndex(db, "aqa")
    katakana = next(r for r in index.cards() if any("\u30a0" <= ch <= "\u30ff" for ch in r.name))
    import unicodedata

    # Half-width forms of the katakana (NFKC maps them back).
    half = "".join(_to_half_width(ch) for ch in katakana.name)
    assert unicodedata.normalize("NFKC", half) == unicodedata.normalize("NFKC", katakana.name)
    result = run("cards", "show", half, "--game", "aqa", "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    names = shown if isinstance(shown, list) else [shown]
    assert names[0]["name"] == katakana.name


_HALF = dict(zip(
    "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォャュョッー",
    "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｧｨｩｪｫｬｭｮｯｰ",
))
_VOICED = {"ガ": "ｶﾞ", "ギ": "ｷﾞ", "グ": "ｸﾞ", "ゲ": "ｹﾞ", "ゴ": "ｺﾞ", "ザ": "ｻﾞ", "ジ": "ｼﾞ", "ズ": "ｽﾞ", "ゼ": "ｾﾞ",
           "ゾ": "ｿﾞ", "ダ": "ﾀﾞ", "ヂ": "ﾁﾞ", "ヅ": "ﾂﾞ", "デ": "ﾃﾞ", "ド": "ﾄﾞ", "バ": "ﾊﾞ", "ビ": "ﾋﾞ", "ブ": "ﾌﾞ",
           "ベ": "ﾍﾞ", "ボ": "ﾎﾞ", "パ": "ﾊﾟ", "ピ": "ﾋﾟ", "プ": "ﾌﾟ", "ペ": "ﾍﾟ", "ポ": "ﾎﾟ"}


def _to_half_width(ch: str) -> str:
    return _VOICED.get(ch) or _HALF.get(ch, ch)


def test_aqa_alias_finds_japanese_card(run, db):
    from deckcli.cards.index import CardIndex

    card = next(iter(CardIndex(db, "aqa").cards()))
    alias = card.fields["aliases"][0]
    result = run("cards", "show", alias.upper(), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["name"] == card.name


def test_search_filters_and_csv(run):
    result = run("cards", "search", "--game", "sfb", "--where", "colour=red", "--where", "champion=Kilgore", "--csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["name"] for r in rows] == ["Relentless Advance", "Darksteel Armour"]


def test_search_where_numbers_compare_numerically(run):
    result = run("cards", "search", "--game", "boa", "--kind", "monster", "--where", "cost<=2", "--json")
    cards = json.loads(result.stdout)
    assert cards and all(c["cost"] <= 2 and c["kind"] == "monster" for c in cards)


def test_search_text_and_bad_where(run):
    result = run("cards", "search", "tentacl", "--json")
    names = {c["name"] for c in json.loads(result.stdout)}
    assert {"Sir Tentaclot", "Tentacle Strike", "All Eight Tentacles"} <= names
    bad = run("cards", "search", "--where", "cots<2")
    assert bad.exit_code == 1 and "did you mean 'cost'" in bad.stderr


def test_games_lists_all_three(run):
    result = run("games", "--json")
    games = {row["game"] for row in json.loads(result.stdout)}
    assert games == {"boa", "aqa", "sfb"}
    assert result.stdout.startswith(  # each set's object as before the sets were typed (issue 34)
        '[\n  {\n    "game": "aqa",\n    "game_name": "Aquarian Age",\n    "set": "S01",\n'
        '    "name": "サンプルセット (deckcli sample data)",\n    "sample": true,\n    "cards": 76\n  },\n')


def test_the_set_list_is_typed(db):
    from deckcli.cards.index import CardSetInfo, list_sets

    first = list_sets(db)[0]
    assert first == CardSetInfo("aqa", "Aquarian Age", "S01", "サンプルセット (deckcli sample data)", True, 76)
    assert list(first.as_row()) == ["game", "game_name", "set", "name", "sample", "cards"]


def _valid_set(code="T1", extra=None):
    cards = [
        {"number": "001", "name": "Test Whelp", "kind": "monster", "cost": 1, "attack": 1, "health": 1,
         "element": "Fire", "group": "Natural", "subgroup": "Dragon", "lore": "Small."},
        {"number": "002", "name": "Test Bolt", "kind": "spell", "spell_type": "basic", "cost": 0, "text": "Zap."},
    ]
    return {"game": "boa", "set": {"code": code, "name": "Test set"}, "cards": cards + (extra or [])}


def test_import_with_schema_errors_changes_nothing(run, db, tmp_path):
    doc = _valid_set()
    doc["cards"][0]["cost"] = -1
    doc["cards"][1]["spell_type"] = "instant"
    doc["cards"].append({"number": "003", "kind": "monster"})
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_valid_set("T2")), encoding="utf-8")
    before = _snapshot(db)
    raw_before = db.path.read_bytes() if db.backend == "sqlite" else None
    result = run("cards", "import", str(good), str(path))
    assert result.exit_code == 1
    for fragment in ("$.cards[0].cost", "$.cards[1].spell_type", "$.cards[2]"):
        assert f"{path}: {fragment}" in result.stderr
    assert "nothing was imported" in result.stderr
    assert _snapshot(db) == before
    if raw_before is not None:
        assert db.path.read_bytes() == raw_before


def test_import_then_reimport_updates_in_place(run, tmp_path):
    path = tmp_path / "set.json"
    path.write_text(json.dumps(_valid_set()), encoding="utf-8")
    assert run("cards", "import", str(path)).exit_code == 0
    doc = _valid_set()
    doc["cards"][0]["attack"] = 5
    path.write_text(json.dumps(doc), encoding="utf-8")
    result = run("cards", "import", str(path), "--json")
    assert json.loads(result.stdout)[0] == {
        "game": "boa", "code": "T1", "name": "Test set", "cards": 2, "added": 0, "changed": 1, "unchanged": 1, "removed": 0,
        "registrations": [],
    }
    found = json.loads(run("cards", "search", "--set", "T1", "--json").stdout)
    assert len(found) == 2
    assert next(c for c in found if c["name"] == "Test Whelp")["attack"] == 5


def test_import_from_stdin(run):
    result = run("cards", "import", "-", input=json.dumps(_valid_set("T3")))
    assert result.exit_code == 0, result.output
    assert json.loads(run("cards", "show", "test bolt", "--json").stdout)["set"] == "T3"


def test_csv_output_escapes_formula_cells(run, tmp_path):
    doc = _valid_set("T4")
    doc["cards"][0]["name"] = "=HYPERLINK(1)"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert run("cards", "import", str(path)).exit_code == 0
    rows = list(csv.DictReader(io.StringIO(run("cards", "search", "--set", "T4", "--csv").stdout)))
    assert {r["name"] for r in rows} == {"'=HYPERLINK(1)", "Test Bolt"}
    assert next(r for r in rows if r["name"] == "Test Bolt")["cost"] == "0"


def test_a_search_row_is_typed_in_the_listings_columns(db):
    from deckcli.cards.index import search_cards
    from deckcli.cards.summary import SEARCH_COLUMNS, SearchRow, search_row

    (ref,) = [r for r in search_cards(db, "Ember Whelp", "boa") if r.name == "Ember Whelp"]
    row = search_row(ref.as_dict())
    assert isinstance(row, SearchRow) and (row.game, row.name, row.kind, row.cost) == ("boa", "Ember Whelp", "monster", 1)
    assert list(row.as_row()) == SEARCH_COLUMNS and "ATK" in row.details
