"""The maybeboard (a zone every game's data sets aside) and zone routing by kind, end to end: a maybeboard never
counts for legality, odds or collection needs, is kept on import and written back on export; routing and the
blank-line side deck are told as notes, never problems."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from deck_support import stored
from deckcli.decklists.model import DEFAULT, GIVEN, GUESSED
from deckcli.decklists.text import parse_text

SAMPLE = paths.DATA / "layouts" / "deckcli" / "decklist-maybeboard.txt"
#: The sample plus maybeboard cards that would break the copy limit and the zone kinds if they counted.
NOT_COUNTED = SAMPLE.read_text(encoding="utf-8") + "4 Ember Whelp\n3 Ashen Titan\n"


@pytest.fixture
def deck_file(tmp_path):
    path = tmp_path / "maybe.txt"
    path.write_text(NOT_COUNTED, encoding="utf-8")
    return path


def test_maybeboard_cards_never_count_for_legality(run, deck_file):
    result = run("validate", deck_file, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["problems"] == []


def test_maybeboard_cards_are_not_drawn(run, deck_file):
    result = run("odds", deck_file, "--want", "1+ kind=spell", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["deck_size"] == 52


def test_maybeboard_cards_are_not_needed_from_the_collection(run, deck_file):
    result = run("collection", "missing", deck_file, "--json")
    assert result.exit_code == 0, result.output
    needs = {n["name"]: n["need"] for n in json.loads(result.stdout)}
    assert needs["Ember Whelp"] == 4 and needs["Ashen Titan"] == 2
    assert "Sudden Gust" not in needs and "Last Stand" not in needs


@pytest.mark.parametrize("fmt", ["text", "json", "csv", "code", "cod"])
def test_maybeboard_is_kept_on_import_and_written_back_on_export(run, db, tmp_path, deck_file, fmt):
    result = run("deck", "import", deck_file, "--name", "Maybe")
    assert result.exit_code == 0, result.output
    assert result.stdout.endswith("main 52, limitbreak 3, side 5, maybe 10 (not counted).\n")
    before = stored(db, "Maybe")
    assert sum(n for (zone, _, _), n in before["cards"].items() if zone == "maybe") == 10
    exported = run("deck", "export", "Maybe", "--to", fmt)
    assert exported.exit_code == 0, exported.output
    if fmt == "text":
        assert "\nMaybeboard\n2 Sudden Gust (S01) 092\n" in exported.stdout
    path = tmp_path / f"again.{ {'text': 'txt'}.get(fmt, fmt) }"
    path.write_text(exported.stdout, encoding="utf-8")
    assert run("deck", "import", path, "--name", "Maybe", "--replace").exit_code == 0
    assert stored(db, "Maybe")["cards"] == before["cards"]


def test_deck_show_lists_the_maybeboard_apart_and_deck_list_has_no_column_for_it(run, deck_file):
    run("deck", "import", deck_file, "--name", "Maybe")
    shown = run("deck", "show", "Maybe").stdout
    assert "\nMaybeboard (10, not counted)\n" in shown and "Verdict: legal" in shown
    assert json.loads(run("deck", "show", "Maybe", "--json").stdout)["aside"]["maybe"]["size"] == 10
    listing = json.loads(run("deck", "list", "--json").stdout)[0]
    assert listing["zones"]["maybe"] == 10
    assert "maybe" not in run("deck", "list", "--csv").stdout.splitlines()[0].split(",")


@pytest.mark.parametrize("header", ["Maybeboard", "//Maybeboard", "// Maybeboard", "MAYBEBOARD:", "Considering",
                                    "Maybe Board (3)", "Maybe"])
def test_every_maybeboard_header_spelling(header):
    deck = parse_text(f"4 Ember Whelp\n{header}\n3 Fireball\n")
    assert [(e.zone, e.count, e.name) for e in deck.entries] == [("main", 4, "Ember Whelp"), ("maybe", 3, "Fireball")]
    assert deck.problems == []


# -- routing and the blank-line side deck ---------------------------------------------------------------
MAIN = "4 Ember Whelp\n4 Cinder Imp\n4 Blazing Salamander\n4 Forge Sentinel\n4 Pyreclaw Drake\n4 Inferno Wyrm\n" \
       "4 Tidepool Crab\n4 Reef Siren\n4 Coral Golem\n4 Drowned Mariner\n4 Riptide Serpent\n4 Abyssal Leviathan\n" \
       "2 Gust Sprite\n"


def test_a_last_group_after_a_blank_line_is_the_side_deck_only_without_headers():
    deck = parse_text(MAIN + "\n3 Frost Ward\n")
    assert [e.zone for e in deck.entries] == ["main"] * 13 + ["side"]
    assert [e.placed for e in deck.entries] == [DEFAULT] * 13 + [GUESSED]
    grouped = parse_text("4 A\n\n4 B\n\n1 C\n")  # three groups: only the last one, when it is the smaller part
    assert [e.zone for e in grouped.entries] == ["main", "main", "side"]
    assert [e.zone for e in parse_text("1 A\n\n4 B\n").entries] == ["main", "main"]  # the last group is the larger
    with_header = parse_text("Main Deck\n" + MAIN + "\n3 Frost Ward\n")
    assert {e.zone for e in with_header.entries} == {"main"} and {e.placed for e in with_header.entries} == {GIVEN}
    marked = parse_text("4 A\n\nSide\n1 B\n")
    assert [(e.zone, e.placed) for e in marked.entries] == [("main", DEFAULT), ("side", GIVEN)]


def test_routing_is_a_note_and_the_deck_is_legal(run, tmp_path):
    path = tmp_path / "typed.txt"
    path.write_text("Game: boa\n" + MAIN + "2 Ashen Titan\n\n3 Frost Ward\n", encoding="utf-8")
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        f"Note: {path}: the last group of 3 cards (line 17), after a blank line and with no section header, "
        "was read as the Side Deck.",
        f"Note: {path}: 2 Limitbreak monsters moved to the Limitbreak Deck.",
    ]
    report = json.loads(run("validate", path, "--json").stdout)[0]
    assert report["legal"] and report["notes"][1] == "2 Limitbreak monsters moved to the Limitbreak Deck"


def test_deckclis_own_main_deck_header_is_read_as_written(run, tmp_path):
    path = tmp_path / "written.txt"
    path.write_text("Game: boa\nMain Deck\n" + MAIN + "1 Ashen Titan\n", encoding="utf-8")
    report = json.loads(run("validate", path, "--json").stdout)[0]
    assert [p["rule"] for p in report["problems"]] == ["zone-kind"] and "notes" not in report


def test_a_limitbreak_monster_under_a_side_header_stays_in_the_side_deck(run, db, tmp_path):
    path = tmp_path / "side.txt"
    path.write_text("Game: boa\n" + MAIN + "1 Ashen Titan\nSideboard\n1 Maelstrom Hydra\n", encoding="utf-8")
    assert run("deck", "import", path, "--name", "S").exit_code == 0
    cards = stored(db, "S")["cards"]
    assert cards[("side", "S01", "068")] == 1 and cards[("limitbreak", "S01", "067")] == 1


def test_a_blank_line_group_in_a_game_without_a_side_deck_stays_in_the_deck(run, db, tmp_path):
    path = tmp_path / "sfb.txt"
    path.write_text("\n".join(
        ["1 Relentless Advance", "1 Darksteel Armour", "1 Appetite for Destruction", "1 Fury", "1 Maul Thrash",
         "1 Throw", "1 Barrage", "1 Up in Smoke", "1 Aqua Vitae", "1 Alchemical Fire", "1 Recipe for Disaster",
         "1 Acid Rain", "", "1 Hunter's Quarry", "1 Heavy Shot", "1 Ambush", "1 Hit and Run", "1 Spring the Trap",
         "1 Prowl"]) + "\n", encoding="utf-8")
    result = run("validate", path, "--json")
    report = json.loads(result.stdout)[0]
    assert (report["game"], report["legal"], report.get("notes")) == ("sfb", True, None), result.output


def test_champion_bullets_alone_tell_the_game(run, tmp_path):
    path = tmp_path / "team.txt"
    path.write_text("Champions:\n- Kilgor\n- Al'kemi\n- Deryn\n", encoding="utf-8")  # a typo still reads as sfb
    report = json.loads(run("validate", path, "--json").stdout)[0]
    assert report["game"] == "sfb" and report["problems"][0]["rule"] == "unknown-card"
