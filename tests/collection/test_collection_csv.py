"""`deckcli collection import/export`: layouts by header, all-or-nothing rows, dry runs, round trips, formula escaping."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paths  # tests/support/paths.py
from deckcli.files.csvwriting import escape_cell, unescape_cell

DATA = paths.DATA / "layouts"
#: The sample of each layout deckcli writes as well as reads, and the layout's title.
LAYOUTS = {
    "deckcli/collection.csv": "deckcli",
    "deckbox/collection.csv": "Deckbox",
    "moxfield/collection.csv": "Moxfield",
    "manabox/collection.csv": "ManaBox",
    "dragonshield/collection.csv": "Dragon Shield",
}


def _size(sample: str) -> tuple[int, int]:
    """(entries, copies) a sample holds, from its expected file."""
    entries = json.loads((DATA / sample).with_name("collection.expected.json").read_text(encoding="utf-8"))["entries"]
    return len(entries), sum(e[9] for e in entries)  # [..., proxy, count(, tradelist, purchase price)]


def _collection(db) -> list[tuple]:
    """Every entry as (game, set, number, finish, condition, language, tag, proxy, count), sorted."""
    from deckcli.collection.store import holdings

    with db.rows() as rows:
        return sorted(
            (h.card.game, h.card.set_code, h.card.number, h.variant.finish, h.variant.condition, h.variant.language,
             h.variant.tag, h.variant.proxy, h.count)
            for h in holdings(rows)
        )


def _import(run, path, *args):
    return run("collection", "import", str(path), *args)


@pytest.mark.parametrize("sample", sorted(LAYOUTS))
def test_each_layout_import_export_import_is_identical(run, db, tmp_path, sample):
    first = _import(run, DATA / sample)
    assert first.exit_code == 0, first.output
    assert f"detected the {LAYOUTS[sample]} layout" in first.stderr
    imported = _collection(db)
    assert (len(imported), sum(e[-1] for e in imported)) == _size(sample)
    exported = tmp_path / "export.csv"
    assert run("collection", "export", "-o", exported).exit_code == 0
    _empty(db)
    again = _import(run, exported)
    assert again.exit_code == 0, again.output
    assert "detected the deckcli layout" in again.stderr
    assert _collection(db) == imported
    # --replace over a different collection gives the same entries too
    assert run("collection", "add", "Kilgore", "9", "--tag", "extra").exit_code == 0
    assert _import(run, exported, "--replace").exit_code == 0
    assert _collection(db) == imported


def _empty(db) -> None:
    with db.write() as tx:
        tx.run("DELETE FROM collection_item")
    assert _collection(db) == []


def test_layout_values_are_normalised(run, db):
    assert _import(run, DATA / "dragonshield/collection.csv").exit_code == 0
    entries = _collection(db)
    assert ("boa", "S01", "050", "foil", "EX", "en", "Binder A", False, 1) in entries
    assert ("sfb", "CORE", "C12-1", "normal", "LP", "en", "Trade Binder", False, 3) in entries
    assert _import(run, DATA / "deckbox/collection.csv", "--replace").exit_code == 0
    entries = _collection(db)
    # Edition (set name) when Edition Code is empty; "Good (Lightly Played)"; Japanese; foil
    assert ("boa", "S01", "001", "normal", "NM", "en", "", False, 3) in entries
    assert ("boa", "S01", "001", "foil", "LP", "ja", "binder", False, 1) in entries


def test_own_name_wins_over_other_games_localised_name(run, db):
    # aqa S01 083 has the English name "Fireball"; boa S01 083 is called Fireball: the boa card is meant.
    result = _import(run, DATA / "moxfield/collection.csv")
    assert result.exit_code == 0, result.output
    assert ("boa", "S01", "083", "normal", "LP", "en", "", False, 2) in _collection(db)


def test_import_adds_to_counts_and_replace_replaces(run, db):
    run("collection", "add", "Kilgore", "5")
    assert _import(run, DATA / "moxfield/collection.csv").exit_code == 0
    kilgore = [e for e in _collection(db) if e[2] == "C01"]
    assert kilgore == [("sfb", "CORE", "C01", "normal", "", "", "", False, 5),
                       ("sfb", "CORE", "C01", "normal", "LP", "zht", "", True, 2),
                       ("sfb", "CORE", "C01", "normal", "NM", "en", "", False, 3)]
    assert _import(run, DATA / "moxfield/collection.csv").exit_code == 0
    assert [e[-1] for e in _collection(db) if e[2] == "C01"] == [5, 4, 6]
    assert _import(run, DATA / "moxfield/collection.csv", "--replace").exit_code == 0
    assert [e[-1] for e in _collection(db) if e[2] == "C01"] == [2, 3]


def test_dry_run_shows_changes_and_writes_nothing(run, db):
    run("collection", "add", "Ember Whelp", "1", "-c", "NM", "-l", "en")
    result = _import(run, DATA / "moxfield/collection.csv", "--dry-run", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    whelp = next(c for c in data["changes"] if c["name"] == "Ember Whelp" and c["finish"] == "normal")
    assert (whelp["before"], whelp["after"], whelp["change"]) == (1, 5, 4)
    assert len(data["changes"]) == 8
    assert "Would import" in result.stderr
    assert [e[-1] for e in _collection(db)] == [1]


def _big_csv(path: Path, good: int, bad_at: int | None) -> int:
    """``good`` valid deckcli rows, plus one unknown card after row ``bad_at``; returns the bad line number."""
    rng = random.Random(7)
    cards = [("Ember Whelp", "boa", "S01", "001"), ("Worldbreaker", "boa", "S01", "050"),
             ("Kilgore", "sfb", "CORE", "C01"), ("テレパスの少女", "aqa", "S01", "005")]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["count", "name", "game", "set", "number", "finish", "condition", "language", "tag"])
    bad_line = 0
    for i in range(good):
        if i == bad_at:
            writer.writerow([1, "Ember Whelq", "boa", "S01", "", "normal", "", "", ""])
            bad_line = i + 2
        name, game, set_code, number = rng.choice(cards)
        writer.writerow([1, name, game, set_code, number, rng.choice(["normal", "foil"]), rng.choice(["NM", "LP", ""]),
                         rng.choice(["en", "ja"]), ""])
    path.write_text(out.getvalue(), encoding="utf-8")
    return bad_line


def test_one_bad_row_in_10000_changes_nothing_and_names_the_line(run, db, tmp_path):
    path = tmp_path / "big.csv"
    bad_line = _big_csv(path, 10_000, bad_at=6_543)
    run("collection", "add", "Kilgore", "2")
    before = _collection(db)
    result = _import(run, path)
    assert result.exit_code == 1
    assert f"line {bad_line}:" in result.stderr and "Ember Whelp" in result.stderr
    assert "nothing was imported" in result.stderr
    assert _collection(db) == before


def test_skip_bad_imports_the_10000_good_rows(run, db, tmp_path):
    path = tmp_path / "big.csv"
    bad_line = _big_csv(path, 10_000, bad_at=17)
    result = _import(run, path, "--skip-bad")
    assert result.exit_code == 0, result.output
    assert f"line {bad_line}:" in result.stderr and "Ember Whelq" in result.stderr
    assert sum(e[-1] for e in _collection(db)) == 10_000


def test_unknown_header_is_refused_with_known_layouts(run, tmp_path):
    path = tmp_path / "odd.csv"
    path.write_text("Menge,Karte\n1,Ember Whelp\n", encoding="utf-8")
    result = _import(run, path)
    assert result.exit_code == 1
    assert "line 1: not a collection layout deckcli knows (header: Menge, Karte)" in result.stderr
    for title in ("Deckbox", "Moxfield", "ManaBox", "Dragon Shield", "deckcli", "Archidekt", "TopDecked", "TCGplayer",
                  "MTGGoldfish", "Delver Lens", "count,name: amount/copies/count/qty/quantity, card/card name/name"):
        assert title in result.stderr


def test_bad_count_and_condition_name_their_lines(run, tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text("count,name,game,set,number,finish,condition,language,tag\n"
                    "x,Ember Whelp,boa,S01,001,normal,,,\n"
                    "1,Ember Whelp,boa,S01,001,normal,shiny,,\n"
                    "1,Ember Whelp,boa,S01,050,normal,,,\n", encoding="utf-8")
    result = _import(run, path)
    assert result.exit_code == 1
    assert "line 2: count 'x'" in result.stderr
    assert "line 3: unknown condition 'shiny'" in result.stderr
    assert "line 4: unknown card 'Ember Whelp (S01) 050' in boa: (S01) 050 is 'Worldbreaker'" in result.stderr


def test_export_escapes_formula_cells_and_import_restores_them(run, db, tmp_path):
    for tag in ("=SUM(A1:A9)", "+1", "-cmd", "@risk", "'quoted", "plain"):
        assert run("collection", "add", "Ember Whelp", "--tag", tag).exit_code == 0
    result = run("collection", "export")
    assert result.exit_code == 0
    tags = {row["tag"] for row in csv.DictReader(io.StringIO(result.stdout))}
    assert tags == {"'=SUM(A1:A9)", "'+1", "'-cmd", "'@risk", "''quoted", "plain"}
    before = _collection(db)
    path = tmp_path / "out.csv"
    path.write_text(result.stdout, encoding="utf-8")
    assert _import(run, path, "--replace").exit_code == 0
    assert _collection(db) == before


def test_json_export_round_trip_and_stdin(run, db):
    assert _import(run, DATA / "deckcli/collection.csv").exit_code == 0
    before = _collection(db)
    exported = run("collection", "export", "--to", "json")
    data = json.loads(exported.stdout)
    assert {"count", "name", "game", "set", "number", "finish", "condition", "language", "tag", "proxy", "tradelist",
            "purchase_price"} == set(data[0])
    assert any(e["tag"] == "=trade" for e in data)  # JSON is not escaped
    result = run("collection", "import", "-", "--replace", input=exported.stdout)
    assert result.exit_code == 0, result.output
    assert _collection(db) == before


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_escape_round_trips_and_never_starts_a_formula(text):
    escaped = escape_cell(text)
    assert unescape_cell(escaped) == text
    assert not escaped.startswith(("=", "+", "-", "@"))


def test_json_round_trip_keeps_a_leading_apostrophe(run, db):
    for tag in ("'=x", "'-old", "''"):
        assert run("collection", "add", "Ember Whelp", "--tag", tag).exit_code == 0
    before = _collection(db)
    exported = run("collection", "export", "--to", "json")
    result = run("collection", "import", "-", "--replace", input=exported.stdout)
    assert result.exit_code == 0, result.output
    assert _collection(db) == before


def test_a_cell_the_csv_module_refuses_is_an_error_naming_the_line(run, db, tmp_path):
    path = tmp_path / "huge.csv"
    path.write_text("count,name,game,set,number,finish\n1,Ember Whelp,boa,,,\n1," + "x" * 200_000 + ",boa,,,\n",
                    encoding="utf-8")
    result = _import(run, path)
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path}: line 3: not CSV: a cell longer than 131,072 characters\n"
    assert _collection(db) == []


def test_a_count_too_large_to_store_is_a_bad_row(run, db, tmp_path):
    path = tmp_path / "big.csv"
    path.write_text("count,name,game,set,number,finish\n1,Fireball,boa,,,\n99999999999999999999,Ember Whelp,boa,,,\n",
                    encoding="utf-8")
    result = _import(run, path)
    assert result.exit_code == 1
    assert "line 3: count 99999999999999999999 is too large" in result.stderr
    assert "internal error" not in result.stderr and _collection(db) == []
    assert _import(run, path, "--skip-bad").exit_code == 0
    assert [row[-1] for row in _collection(db)] == [1]


def test_named_foil_treatments_are_foil(run, db, tmp_path):
    path = tmp_path / "ds.csv"
    path.write_text(
        '"sep=,"\nFolder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language\n'
        "Binder,2,0,Ember Whelp,S01,,001,NearMint,Surge Foil,English\n"
        "Binder,1,0,Fireball,S01,,083,NearMint,,English\n",
        encoding="utf-8")
    result = _import(run, path)
    assert result.exit_code == 0, result.output
    assert [(row[2], row[3], row[-1]) for row in _collection(db)] == [("001", "foil", 2), ("083", "normal", 1)]


def test_replace_with_game_leaves_other_games_alone(run, db, tmp_path):
    run("collection", "add", "Kilgore", "2")
    run("collection", "add", "Ember Whelp", "7")
    boa_only = tmp_path / "boa.csv"
    boa_only.write_text("count,name,game,set,number,finish,condition,language,tag\n3,Fireball,boa,S01,083,normal,,,\n", encoding="utf-8")
    assert _import(run, boa_only, "--replace", "--game", "boa").exit_code == 0
    entries = {(e[0], e[2]): e[-1] for e in _collection(db)}
    assert entries == {("sfb", "C01"): 2, ("boa", "083"): 3}
