"""A collection entry keeps its tradelist count and purchase price (Moxfield, Deckbox, ManaBox, Dragon Shield ...),
an import names the columns of a tool's layout it does not keep, and ``export --to moxfield`` spells conditions
as Moxfield's own export does. (Before: Moxfield's ``Tradelist Count`` and ``Purchase Price`` vanished on import
and came back as 0 and empty, without a word, and Moxfield exports said ``NM``.)"""

from __future__ import annotations

import csv
import io
import json

import pytest

import paths  # tests/support/paths.py
from old_revisions import upgraded_database  # tests/support/old_revisions.py

MOXFIELD = """"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags","Last Modified",\
"Collector Number","Alter","Proxy","Purchase Price"\r
"4","1","Ember Whelp","s01","Near Mint","English","","","2025-03-01 10:00:00.000000","001","False","False","0.25"\r
"2","2","Fireball","s01","Lightly Played","English","foil","","2025-03-02 11:30:00.000000","083","False","False",""\r
"""
#: An entry with a tradelist count and a purchase price in every condition Moxfield has, and one without either.
SHEET = """count,name,game,set,number,condition,tradelist,purchase_price
3,Ember Whelp,boa,S01,001,M,1,0.10
2,Ember Whelp,boa,S01,001,NM,2,2.50
1,Fireball,boa,S01,083,LP,0,0.00
1,Frost Ward,boa,S01,089,MP,1,
2,Kilgore,sfb,CORE,C01,HP,0,12.5
1,Lil'Y,sfb,CORE,C12,PO,0,
"""


def _held(run) -> list[tuple]:
    """Every entry as (name, condition, count, tradelist, purchase price), sorted."""
    result = run("collection", "list", "--json")
    assert result.exit_code == 0, result.output
    return sorted((e["name"], e["condition"], e["count"], e["tradelist"], e["purchase_price"])
                  for e in json.loads(result.stdout))


def _import(run, tmp_path, text: str, name: str = "moxfield.csv", *args):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", newline="")
    return path, run("collection", "import", path, *args)


def test_moxfield_tradelist_count_and_purchase_price_are_kept_and_listed(run, tmp_path):
    _, result = _import(run, tmp_path, MOXFIELD)
    assert result.exit_code == 0, result.output
    assert _held(run) == [("Ember Whelp", "NM", 4, 1, "0.25"), ("Fireball", "LP", 2, 2, "")]
    table = run("collection", "list").stdout.splitlines()
    assert table[0].split() == ["count", "name", "game", "set", "number", "finish", "condition", "language", "tag",
                                "proxy", "tradelist", "purchase_price"]
    assert table[2].split() == ["4", "Ember", "Whelp", "boa", "S01", "001", "normal", "NM", "en", "no", "1", "0.25"]


def test_an_import_names_the_columns_it_does_not_keep_once(run, tmp_path):
    path, result = _import(run, tmp_path, MOXFIELD)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[:2] == [f"{path}: detected the Moxfield layout.",
                                             f"{path}: columns not kept: Last Modified, Alter"]
    assert result.stderr.count("columns not kept") == 1
    manabox = paths.DATA / "layouts" / "manabox" / "collection.csv"
    again = run("collection", "import", manabox, "--dry-run")
    assert again.exit_code == 0, again.output
    assert (f"{manabox}: columns not kept: Rarity, ManaBox ID, Scryfall ID, Misprint, Altered, Purchase price currency"
            in again.stderr.splitlines())


def test_deckcli_s_own_layout_and_any_sheet_name_no_columns(run, tmp_path):
    _, own = _import(run, tmp_path, SHEET, "mine.csv")
    assert own.exit_code == 0, own.output
    _, sheet = _import(run, tmp_path, "count,name,notes\n1,Kilgore,from a friend\n", "sheet.csv")
    assert sheet.exit_code == 0, sheet.output
    assert "not kept" not in own.stderr + sheet.stderr


@pytest.mark.parametrize("layout", ["csv", "json", "moxfield", "deckbox", "manabox", "dragonshield"])
def test_tradelist_counts_and_purchase_prices_round_trip_through_the_layouts_that_have_them(run, tmp_path, layout):
    """ManaBox has a purchase price but no tradelist column: the export says so, and only that is lost."""
    _, result = _import(run, tmp_path, SHEET, "mine.csv")
    assert result.exit_code == 0, result.output
    before = _held(run)
    assert ("Ember Whelp", "M", 3, 1, "0.10") in before and ("Kilgore", "HP", 2, 0, "12.5") in before
    target = tmp_path / f"out.{layout}"
    exported = run("collection", "export", "--to", layout, "-o", target)
    assert exported.exit_code == 0, exported.output
    warnings = [line for line in exported.stderr.splitlines() if "cannot hold" in line]
    if layout == "manabox":
        assert warnings == ["Warning: the ManaBox layout cannot hold the tradelist counts of 3 entries (written as its"
                            " nearest value or left out; a re-import will not restore them)"]
        before = [(name, condition, count, 0, price) for name, condition, count, _, price in before]
    else:
        assert warnings == []
    emptied = run("collection", "import", "-", "--replace", input="count,name,game,set,number,finish\n")
    assert emptied.exit_code == 0 and _held(run) == []
    again = run("collection", "import", target)
    assert again.exit_code == 0, again.output
    assert _held(run) == before


def test_the_tool_columns_hold_the_values(run, tmp_path):
    _, result = _import(run, tmp_path, SHEET, "mine.csv")
    assert result.exit_code == 0, result.output
    rows = {}
    for layout in ("moxfield", "deckbox", "manabox", "dragonshield"):
        text = run("collection", "export", "--to", layout).stdout
        rows[layout] = list(csv.DictReader(io.StringIO(text.split("\n", 1)[1] if layout == "dragonshield" else text)))
    assert {(r["Count"], r["Tradelist Count"], r["Purchase Price"]) for r in rows["moxfield"]} >= {
        ("3", "1", "0.10"), ("2", "2", "2.50"), ("1", "1", "")}
    assert ("3", "1", "0.10") in {(r["Count"], r["Tradelist Count"], r["My Price"]) for r in rows["deckbox"]}
    assert ("3", "0.10") in {(r["Quantity"], r["Purchase price"]) for r in rows["manabox"]}
    assert ("3", "1", "0.10") in {(r["Quantity"], r["Trade Quantity"], r["Price Bought"]) for r in rows["dragonshield"]}


def test_tcgplayer_export_names_what_it_cannot_hold(run, tmp_path):
    _, result = _import(run, tmp_path, SHEET, "mine.csv")
    assert result.exit_code == 0, result.output
    exported = run("collection", "export", "--to", "tcgplayer", "-o", tmp_path / "tcg.csv")
    assert exported.exit_code == 0, exported.output
    lost = " (written as its nearest value or left out; a re-import will not restore them)"
    assert f"Warning: the TCGplayer layout cannot hold the purchase prices of 4 entries{lost}" in exported.stderr
    assert f"Warning: the TCGplayer layout cannot hold the tradelist counts of 3 entries{lost}" in exported.stderr


def test_moxfield_export_spells_conditions_as_moxfield_does(run, tmp_path):
    _, result = _import(run, tmp_path, SHEET, "mine.csv")
    assert result.exit_code == 0, result.output
    before = _held(run)
    text = run("collection", "export", "--to", "moxfield").stdout
    conditions = {r["Name"] + " " + r["Count"]: r["Condition"] for r in csv.DictReader(io.StringIO(text))}
    assert conditions == {"Ember Whelp 3": "Mint", "Ember Whelp 2": "Near Mint", "Fireball 1": "Lightly Played",
                          "Frost Ward 1": "Moderately Played", "Kilgore 2": "Heavily Played", "Lil'Y 1": "Damaged"}
    assert run("collection", "import", "-", "--replace", input=text).exit_code == 0
    assert _held(run) == before


def test_a_second_import_adds_tradelist_counts_and_takes_the_latest_price(run, tmp_path):
    assert _import(run, tmp_path, MOXFIELD)[1].exit_code == 0
    later = MOXFIELD.replace('"0.25"', '"0.40"')
    assert _import(run, tmp_path, later, "later.csv")[1].exit_code == 0
    assert _held(run) == [("Ember Whelp", "NM", 8, 2, "0.40"), ("Fireball", "LP", 4, 4, "")]
    no_price = MOXFIELD.replace('"0.25"', '""')
    assert _import(run, tmp_path, no_price, "none.csv")[1].exit_code == 0
    assert _held(run) == [("Ember Whelp", "NM", 12, 3, "0.40"), ("Fireball", "LP", 6, 6, "")]


def test_removing_copies_leaves_at_most_that_many_on_the_tradelist(run, tmp_path):
    assert _import(run, tmp_path, MOXFIELD.replace('"4","1"', '"4","3"'))[1].exit_code == 0
    removed = run("collection", "remove", "Ember Whelp", "2", "--condition", "NM", "--language", "en")
    assert removed.exit_code == 0, removed.output
    assert removed.stdout.endswith(": now 2\n")
    set_to = run("collection", "set", "Fireball", "1", "--game", "boa", "--foil", "--condition", "LP", "--language", "en")
    assert set_to.exit_code == 0, set_to.output
    assert _held(run) == [("Ember Whelp", "NM", 2, 2, "0.25"), ("Fireball", "LP", 1, 1, "")]


@pytest.mark.parametrize("cells, message", [
    ('"3","5"', 'line 2: tradelist count 5 is more than the count 3'),
    ('"3","two"', "line 2: tradelist count 'two' is not a whole number"),
    ('"3","-1"', "line 2: tradelist count -1 is negative"),
])
def test_a_bad_tradelist_count_names_its_line_and_imports_nothing(run, tmp_path, cells, message):
    text = MOXFIELD.replace('"4","1"', cells)
    path, result = _import(run, tmp_path, text)
    assert result.exit_code == 1
    assert f"Error: {path}: {message}\n" in result.stderr
    assert "1 bad row of 2; nothing was imported (--skip-bad imports the rest)" in result.stderr
    assert _held(run) == []


def test_a_purchase_price_that_is_not_an_amount_names_its_line(run, tmp_path):
    path, result = _import(run, tmp_path, MOXFIELD.replace('"0.25"', '"cheap"'))
    assert result.exit_code == 1
    assert f"Error: {path}: line 2: purchase price 'cheap' is not an amount such as 0.25\n" in result.stderr
    assert _held(run) == []


def test_deckbox_s_dollar_price_keeps_its_digits(run):
    result = run("collection", "import", paths.DATA / "layouts" / "deckbox" / "collection.csv")
    assert result.exit_code == 0, result.output
    assert ("Counterspell", "NM", 2, 0, "0.25") in _held(run)


_ENTRY_0003 = (
    "INSERT INTO card_set (game, code, name, sample, source) VALUES ('boa', 'OLD', 'Old set', false, '')",
    "INSERT INTO card (set_id, game, set_code, number, name, key, kind, data)"
    " SELECT id, 'boa', 'OLD', '001', 'Old Card', 'old card', 'monster', '{}' FROM card_set WHERE code = 'OLD'",
    "INSERT INTO collection_item (card_id, count, finish, condition, language, tag, proxy)"
    " SELECT id, 3, 'normal', 'NM', 'en', 'binder', false FROM card WHERE set_code = 'OLD'",
)


def test_a_revision_0003_database_gets_the_columns_keeping_its_entries(backend, request, runner, tmp_path):
    """A database at revision 0003 (entries without tradelist or price): upgraded, every entry kept with none."""
    from deckcli.cli.main import cli
    from deckcli.storage.revisions import HEAD_REVISION

    target = upgraded_database(backend, request, runner, tmp_path, "0003", _ENTRY_0003).target
    listed = runner.invoke(cli, ["--db", target, "collection", "list", "--json"])
    assert listed.exit_code == 0, listed.output
    assert [(e["name"], e["count"], e["tag"], e["tradelist"], e["purchase_price"])
            for e in json.loads(listed.stdout)] == [("Old Card", 3, "binder", 0, "")]
    state = json.loads(runner.invoke(cli, ["--db", target, "db", "status", "--json"]).stdout)
    assert (state["current"], state["state"]) == (HEAD_REVISION, "current")
