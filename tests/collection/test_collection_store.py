"""`deckcli collection add/remove/set/list/show/stats`, value normalisation, and two processes adding at once."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import paths  # tests/support/paths.py
from deckcli.collection.variants import Variant, condition_of, finish_of, language_of
from deckcli.errors import InputError
from race import race  # tests/support/race.py

REPO = paths.REPO


def _entries(run, *args):
    result = run("collection", "list", "--json", *args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


# -- normalisation ------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, code", [
    ("Near Mint", "NM"), ("NearMint", "NM"), ("near_mint", "NM"), ("nm", "NM"), ("Mint", "M"),
    ("Good (Lightly Played)", "LP"), ("LightPlayed", "LP"), ("light_played", "LP"), ("Heavily Played", "HP"),
    ("Damaged", "PO"), ("Excellent", "EX"), ("", ""),
])
def test_condition_words_of_every_tool_become_one_code(text, code):
    assert condition_of(text) == code


@pytest.mark.parametrize("text, finish", [("", "normal"), ("Normal", "normal"), ("foil", "foil"), ("Foil", "foil"),
                                          ("etched", "etched"), ("Foil Etched", "etched"), ("FOIL_ETCHED", "etched"),
                                          ("etchedFoil", "etched"), ("true", "foil"), ("false", "normal"),
                                          ("Surge Foil", "foil"), ("Reverse Holofoil", "foil"), ("Non-Foil", "normal")])
def test_finish_words(text, finish):
    assert finish_of(text) == finish


@pytest.mark.parametrize("text, code", [("English", "en"), ("Japanese", "ja"), ("JP", "ja"), ("ja", "ja"),
                                        ("Chinese Simplified", "zhs"), ("pt-BR", "pt"), ("", "")])
def test_language_names_become_codes(text, code):
    assert language_of(text) == code


def test_unknown_condition_finish_and_language_are_refused():
    for call, value in ((condition_of, "shiny"), (finish_of, "sparkly"), (language_of, "Klingon!")):
        with pytest.raises(InputError):
            call(value)


# -- add / remove / set --------------------------------------------------------------------------------

def test_add_adds_up_per_variant_and_keeps_variants_apart(run):
    assert run("collection", "add", "ember whelp", "3").exit_code == 0
    assert run("collection", "add", "Ember Whelp", "2").exit_code == 0
    result = run("collection", "add", "EMBER WHELP", "--foil", "-c", "Near Mint", "-l", "Japanese", "-t", "binder")
    assert result.exit_code == 0, result.output
    rows = {(r["finish"], r["condition"], r["language"], r["tag"]): r["count"] for r in _entries(run)}
    assert rows == {("normal", "", "", ""): 5, ("foil", "NM", "ja", "binder"): 1}


def test_add_unknown_card_exits_1_with_suggestions(run):
    result = run("collection", "add", "Ember Whelpp")
    assert result.exit_code == 1
    assert "Ember Whelp" in result.stderr and "did you mean" in result.stderr
    assert _entries(run) == []


def test_name_in_two_games_needs_game_and_set_picks_printing(run):
    result = run("collection", "add", "Fireball")
    assert result.exit_code == 1
    assert "--game" in result.stderr and "boa" in result.stderr and "sfb" in result.stderr
    assert run("collection", "add", "Fireball", "--game", "sfb").exit_code == 0
    assert run("collection", "add", "Fireball", "--set", "S01", "--number", "083").exit_code == 0
    got = sorted((r["game"], r["set"], r["number"]) for r in _entries(run))
    assert got == [("boa", "S01", "083"), ("sfb", "CORE", "C10-2")]


def test_add_finds_cards_by_alias_and_localised_name(run):
    assert run("collection", "add", 'Datenshi "Amaha Tsukasa"', "2").exit_code == 0
    assert run("collection", "add", "Лил'И").exit_code == 0
    names = {r["name"]: r["count"] for r in _entries(run)}
    assert names == {"堕天使“天羽つかさ”": 2, "Lil'Y": 1}


def test_remove_and_set(run):
    run("collection", "add", "Ember Whelp", "4")
    assert run("collection", "remove", "Ember Whelp", "3").exit_code == 0
    assert _entries(run)[0]["count"] == 1
    too_many = run("collection", "remove", "Ember Whelp", "2")
    assert too_many.exit_code == 1 and "only 1" in too_many.stderr
    wrong_variant = run("collection", "remove", "Ember Whelp", "--foil")
    assert wrong_variant.exit_code == 1 and "normal" in wrong_variant.stderr
    assert run("collection", "set", "Ember Whelp", "7").exit_code == 0
    assert _entries(run)[0]["count"] == 7
    assert run("collection", "set", "Ember Whelp", "0").exit_code == 0
    assert _entries(run) == []


def test_counts_too_large_to_store_are_refused_clearly(run):
    for args in (("add", "Ember Whelp", "99999999999999999999"), ("set", "Ember Whelp", "99999999999999999999")):
        result = run("collection", *args)
        # the range every integer option has (one the database holds) is said, as a usage error
        assert result.exit_code == 2 and "<=2147483647" in result.stderr and "internal error" not in result.stderr
    assert _entries(run) == []


REPRINTS = {"game": "boa", "set": {"code": "S02", "name": "Reprints"}, "cards": [
    {"number": number, "name": "Ember Whelp", "kind": "monster", "element": "Fire", "group": "Natural",
     "subgroup": "Dragon", "cost": 1, "attack": 1, "health": 2, "rarity": "Rare"} for number in ("001", "001a")]}


def test_number_picks_the_printing_and_a_number_no_printing_has_is_an_error(run, tmp_path):
    path = tmp_path / "s02.json"
    path.write_text(json.dumps(REPRINTS), encoding="utf-8")
    assert run("cards", "import", str(path)).exit_code == 0
    result = run("collection", "add", "Ember Whelp", "--number", "001a")
    assert result.exit_code == 0 and "S02 001a" in result.stdout
    for args in (("--set", "S01", "--number", "001a"), ("--set", "S02", "--number", "01a")):
        wrong = run("collection", "add", "Ember Whelp", *args)
        assert wrong.exit_code == 1 and "(S02) 001a" in wrong.stderr
    assert run("collection", "add", "Ember Whelp", "2", "--set", "S02", "--number", "001").exit_code == 0
    assert [(r["set"], r["number"], r["count"]) for r in _entries(run)] == [("S02", "001", 2), ("S02", "001a", 1)]
    shown = json.loads(run("collection", "show", "Ember Whelp", "--set", "S02", "--json").stdout)
    assert shown["total"] == 3 and len(shown["entries"]) == 2
    gone = run("collection", "remove", "Ember Whelp")  # picks (S01) 001, which is not held
    assert gone.exit_code == 1 and "(S02) 001a" in gone.stderr and "--set" in gone.stderr


def test_list_where_on_card_and_collection_fields(run):
    run("collection", "add", "Ember Whelp", "3")
    run("collection", "add", "Ember Whelp", "1", "--foil")
    run("collection", "add", "Worldbreaker", "1", "--tag", "trade")
    run("collection", "add", "Kilgore", "2")
    assert [r["name"] for r in _entries(run, "--where", "count>=2", "--game", "boa")] == ["Ember Whelp"]
    assert [(r["name"], r["finish"]) for r in _entries(run, "--where", "finish=foil")] == [("Ember Whelp", "foil")]
    assert [r["name"] for r in _entries(run, "--tag", "trade")] == ["Worldbreaker"]
    assert {r["name"] for r in _entries(run, "--where", "cost<=1")} == {"Ember Whelp"}
    bad = run("collection", "list", "--where", "cont>=2")
    assert bad.exit_code == 1 and "count" in bad.stderr
    csv_out = run("collection", "list", "--csv", "--game", "sfb")
    assert csv_out.stdout.splitlines() == [
        "count,name,game,set,number,finish,condition,language,tag,proxy,tradelist,purchase_price",
            "2,Kilgore,sfb,CORE,C01,normal,,,,no,0,"]


def test_show_totals_every_printing_and_variant(run):
    run("collection", "add", "Ember Whelp", "2")
    run("collection", "add", "Ember Whelp", "1", "--foil", "-l", "ja")
    result = run("collection", "show", "ember whelp", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["total"] == 3 and len(data["entries"]) == 2
    text = run("collection", "show", "Ember Whelp")
    assert "3 owned" in text.stdout
    assert json.loads(run("collection", "show", "Kilgore", "--json").stdout)["total"] == 0


def test_stats_counts_and_completion(run):
    run("collection", "add", "Kilgore", "3")
    run("collection", "add", "Kilgore", "1", "--foil")
    run("collection", "add", "Lil'Y", "1")
    data = json.loads(run("collection", "stats", "--json").stdout)
    assert data["games"] == [{"game": "sfb", "cards": 5, "distinct": 2, "proxies": 0}]
    core = next(s for s in data["sets"] if s["game"] == "sfb")
    assert (core["cards"], core["distinct"], core["size"]) == (5, 2, 168)
    assert core["completion"] == round(100 * 2 / 168, 1)
    text = run("collection", "stats", "--game", "sfb").stdout
    assert "1.2%" in text and "░" in text


# -- two processes at once ----------------------------------------------------------------------------

ADDER = """
from deckcli.cli.main import cli
db, n = ARGS[0], int(ARGS[1])
for _ in range(n):
    cli.main(["--db", db, "collection", "add", "Ember Whelp", "1"], prog_name="deckcli", standalone_mode=False)
"""


def test_two_processes_adding_at_once_both_land(db, tmp_path):
    procs = race(tmp_path, ADDER, [[db.target, 50]] * 2, stdout=subprocess.DEVNULL)
    for proc in procs:
        _, err = proc.communicate(timeout=120)
        assert proc.returncode == 0, err
    from deckcli.collection.store import holdings

    with db.rows() as rows:
        counts = [h.count for h in holdings(rows)]
    assert counts == [100]  # 50 from each: none lost, on either backend


def test_variant_describe():
    assert Variant().describe() == "normal"
    assert Variant.parse("Foil", "Near Mint", "Japanese", "binder").describe() == "foil, NM, ja, tag binder"


HELP_SCRIPT = """
import sys
from click.testing import CliRunner
from deckcli.cli.main import cli
for args in (["collection", "--help"], ["collection", "import", "--help"], ["collection", "list", "--help"]):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
print(sorted(m for m in sys.modules if m.split('.')[0] in ("sqlalchemy", "sqlmodel", "pydantic", "numpy", "jsonschema")))
"""


def test_collection_help_imports_no_heavy_modules():
    out = subprocess.run([sys.executable, "-c", HELP_SCRIPT], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.strip().splitlines()[-1] == "[]"
