"""``deckcli deck ...`` through the CLI: every command, its output, its exit codes, and nothing written on failure."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from deck_support import SFB_TEXT, legal_aqa_text, legal_boa_text, stored, table_snapshot, write


@pytest.fixture
def boa(run):
    """An empty boa deck called 'Ember Rush'."""
    assert run("deck", "new", "Ember Rush", "--game", "boa").exit_code == 0
    return "Ember Rush"


def cards_of(db, name):
    return stored(db, name)["cards"]


# -- new ---------------------------------------------------------------------------------------------
def test_new_uses_the_games_default_format(run, db):
    result = run("deck", "new", "Ember Rush", "--game", "boa")
    assert result.exit_code == 0, result.output
    assert "Created deck 'Ember Rush' (boa, boa-standard)" in result.stdout
    assert stored(db, "Ember Rush") == {"name": "Ember Rush", "game": "boa", "format": "boa-standard", "meta": {}, "cards": {}}


def test_new_with_format_and_meta(run, db):
    result = run("deck", "new", "Yome", "--format", "aqa-yome", "--meta", "Ne-mu=天羽つかさ", "--meta", "Player=Ann")
    assert result.exit_code == 0, result.output
    deck = stored(db, "Yome")
    assert (deck["game"], deck["format"], deck["meta"]) == ("aqa", "aqa-yome", {"Ne-mu": "天羽つかさ", "Player": "Ann"})


def test_new_with_a_format_file_stores_its_path(run, db, tmp_path):
    fmt = write(tmp_path, "event.json", json.dumps({"name": "event-ban", "game": "boa", "extends": "boa-standard",
                                                     "card_limits": {"Fireball": 0}}))
    assert run("deck", "new", "E", "--format", str(fmt)).exit_code == 0
    assert stored(db, "E")["format"] == str(fmt.resolve())
    run("deck", "add", "E", "Fireball")
    shown = run("deck", "show", "E")
    assert shown.exit_code == 0 and "[banned]" in shown.stdout


@pytest.mark.parametrize(
    "args, code, message",
    [
        (["--game", "xyz"], 2, "'xyz' is not one of"),  # click's Choice message (click is pinned <9)
        ([], 2, "give --game"),
        (["--game", "boa", "--format", "nope"], 2, "unknown format 'nope'"),
        (["--game", "boa", "--format", "sfb-standard"], 1, "is for sfb, not boa"),
        (["--game", "boa", "--meta", "novalue"], 2, "KEY=VALUE"),
    ],
)
def test_new_errors(run, db, args, code, message):
    before = table_snapshot(db)
    result = run("deck", "new", "X", *args)
    assert result.exit_code == code
    assert message in result.stderr
    assert table_snapshot(db) == before


@pytest.mark.parametrize("again", ["Ember Rush", "ember rush", "  EMBER RUSH "])
def test_new_duplicate_name_exits_1(run, db, boa, again):
    before = table_snapshot(db)
    result = run("deck", "new", again, "--game", "sfb")
    assert result.exit_code == 1
    assert "already exists" in result.stderr
    assert table_snapshot(db) == before


def test_new_rejects_an_empty_name(run, db):
    result = run("deck", "new", "   ", "--game", "boa")
    assert result.exit_code == 1 and "cannot be empty" in result.stderr


# -- add -----------------------------------------------------------------------------------------------
def test_add_defaults_to_one_copy_in_the_main_deck(run, db, boa):
    result = run("deck", "add", boa, "Ember Whelp")
    assert result.exit_code == 0, result.output
    assert "Added 1 × Ember Whelp (S01 001) to Main Deck: 1 now." in result.stdout
    assert "Main Deck: 1 card." in result.stdout
    assert cards_of(db, boa) == {("main", "S01", "001"): 1}


def test_add_count_accumulates_and_reports_zone_size(run, db, boa):
    run("deck", "add", boa, "Ember Whelp", "3")
    result = run("deck", "add", boa, "ember whelp", "1")
    assert "4 now" in result.stdout and "Main Deck: 4 cards." in result.stdout
    run("deck", "add", boa, "Fireball", "2")
    assert cards_of(db, boa) == {("main", "S01", "001"): 4, ("main", "S01", "083"): 2}


def test_add_limitbreak_monster_goes_to_the_limitbreak_deck_by_itself(run, db, boa):
    result = run("deck", "add", boa, "Ashen Titan", "2")
    assert result.exit_code == 0
    assert "Limitbreak Deck: 2 cards." in result.stdout
    assert cards_of(db, boa) == {("limitbreak", "S01", "067"): 2}


def test_add_to_the_side_deck(run, db, boa):
    run("deck", "add", boa, "Frost Ward", "3", "--zone", "side")
    assert cards_of(db, boa) == {("side", "S01", "089"): 3}


def test_add_to_a_zone_that_refuses_the_kind_warns_but_stores(run, db, boa):
    result = run("deck", "add", boa, "Ashen Titan", "--zone", "main")
    assert result.exit_code == 0
    assert "does not accept limitbreak cards" in result.stderr
    assert cards_of(db, boa) == {("main", "S01", "067"): 1}


def test_add_a_printing(run, db, boa):
    result = run("deck", "add", boa, "Worldbreaker", "--set", "S01", "--number", "050")
    assert result.exit_code == 0
    assert cards_of(db, boa) == {("main", "S01", "050"): 1}


def test_add_a_missing_printing_exits_1(run, db, boa):
    before = table_snapshot(db)
    result = run("deck", "add", boa, "Worldbreaker", "--set", "S01", "--number", "999")
    assert result.exit_code == 1 and "unknown card" in result.stderr
    assert table_snapshot(db) == before


def test_add_number_without_set_is_a_usage_error(run, db, boa):
    assert run("deck", "add", boa, "Worldbreaker", "--number", "050").exit_code == 2


def test_add_unknown_card_suggests_and_writes_nothing(run, db, boa):
    run("deck", "add", boa, "Fireball")
    before = table_snapshot(db)
    result = run("deck", "add", boa, "Firebal", "2")
    assert result.exit_code == 1
    assert "unknown card 'Firebal'" in result.stderr and "'Fireball'" in result.stderr
    assert table_snapshot(db) == before


def test_add_card_of_another_game_says_so(run, db, boa):
    result = run("deck", "add", boa, "Kilgore")
    assert result.exit_code == 1
    assert "'Kilgore' is a card of Super Fantasy Brawl (sfb), not of Battle of Aeons (boa)" in result.stderr


def test_add_to_an_unknown_deck_suggests_decks(run, db, boa):
    result = run("deck", "add", "Ember Rash", "Fireball")
    assert result.exit_code == 1
    assert "no stored deck called 'Ember Rash'" in result.stderr and "'Ember Rush'" in result.stderr


def test_add_zero_copies_is_a_usage_error(run, db, boa):
    assert run("deck", "add", boa, "Fireball", "0").exit_code == 2


def test_add_beyond_what_a_decklist_line_holds_exits_1_and_the_deck_still_exports(run, db, boa):
    assert run("deck", "add", boa, "Fireball", 999).exit_code == 0
    before = table_snapshot(db)
    result = run("deck", "add", boa, "Fireball", 1)
    assert result.exit_code == 1 and "at most 999" in result.stderr
    assert table_snapshot(db) == before
    exported = run("deck", "export", boa)
    assert exported.exit_code == 0 and "999 Fireball (S01) 083" in exported.stdout


def test_import_summing_beyond_what_a_decklist_line_holds_stores_nothing(run, db, tmp_path):
    before = table_snapshot(db)
    result = run("deck", "import", write(tmp_path, "big.txt", "Game: boa\n999 Fireball\n1 Fireball\n"), "--name", "Big")
    assert result.exit_code == 1 and "at most 999" in result.stderr
    assert table_snapshot(db) == before


def test_add_sfb_champion_adds_its_six_action_cards(run, db):
    run("deck", "new", "Brawl", "--game", "sfb")
    result = run("deck", "add", "Brawl", "Kilgore")
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Added 1 ×") == 6
    assert "Action Deck: 6 cards." in result.stdout
    assert cards_of(db, "Brawl") == {("main", "CORE", f"C01-{i}"): 1 for i in range(1, 7)}


def test_add_to_a_zone_the_format_lacks_exits_1(run, db):
    run("deck", "new", "Brawl", "--game", "sfb")
    before = table_snapshot(db)
    result = run("deck", "add", "Brawl", "Kilgore", "--zone", "side")
    assert result.exit_code == 1 and "has no side zone" in result.stderr
    assert table_snapshot(db) == before


def test_add_aqa_card_by_romanised_alias(run, db):
    run("deck", "new", "Angels", "--game", "aqa")
    result = run("deck", "add", "Angels", 'Datenshi "Amaha Tsukasa"', "4")
    assert result.exit_code == 0, result.output
    assert "堕天使“天羽つかさ”" in result.stdout
    assert cards_of(db, "Angels") == {("main", "S01", "022"): 4}


# -- remove --------------------------------------------------------------------------------------------
@pytest.fixture
def filled(run, boa):
    run("deck", "add", boa, "Fireball", "3")
    run("deck", "add", boa, "Fireball", "1", "--zone", "side")
    run("deck", "add", boa, "Ember Whelp", "4")
    return boa


def test_remove_defaults_to_one_copy(run, db, filled):
    result = run("deck", "remove", filled, "Ember Whelp")
    assert result.exit_code == 0, result.output
    assert "Removed 1 × Ember Whelp (S01 001) from Main Deck: 3 left." in result.stdout
    assert "Main Deck: 6 cards." in result.stdout
    assert cards_of(db, filled)[("main", "S01", "001")] == 3


def test_remove_count_and_all(run, db, filled):
    assert run("deck", "remove", filled, "Ember Whelp", "2").exit_code == 0
    assert cards_of(db, filled)[("main", "S01", "001")] == 2
    assert run("deck", "remove", filled, "Ember Whelp", "--all").exit_code == 0
    assert ("main", "S01", "001") not in cards_of(db, filled)


def test_remove_from_a_named_zone(run, db, filled):
    assert run("deck", "remove", filled, "Fireball", "--zone", "side").exit_code == 0
    assert cards_of(db, filled) == {("main", "S01", "083"): 3, ("main", "S01", "001"): 4}


@pytest.mark.parametrize(
    "args, code, message",
    [
        (["Fireball"], 1, "is in Main Deck and Side Deck; say which with --zone"),
        (["Frost Ward"], 1, "holds no 'Frost Ward'"),
        (["Ember Whelp", "--zone", "side"], 1, "holds no 'Ember Whelp' in its Side Deck"),
        (["Ember Whelp", "5"], 1, "holds only 4 × Ember Whelp in Main Deck"),
        (["Ember Whelpp"], 1, "did you mean 'Ember Whelp'?"),
        (["Ember Whelp", "2", "--all"], 2, "give COUNT or --all"),
    ],
)
def test_remove_errors_write_nothing(run, db, filled, args, code, message):
    before = table_snapshot(db)
    result = run("deck", "remove", filled, *args)
    assert result.exit_code == code
    assert message in result.stderr
    assert table_snapshot(db) == before


def test_remove_sfb_champion_removes_its_cards(run, db):
    run("deck", "new", "Brawl", "--game", "sfb")
    run("deck", "add", "Brawl", "Kilgore")
    run("deck", "add", "Brawl", "Lil'Y")
    result = run("deck", "remove", "Brawl", "Kilgore")
    assert result.exit_code == 0, result.output
    assert "Action Deck: 6 cards." in result.stdout
    assert {number[:3] for _, _, number in cards_of(db, "Brawl")} == {"C12"}


# -- show ------------------------------------------------------------------------------------------------
def test_show_groups_by_zone_and_kind_with_curve_and_verdict(run, db, filled):
    run("deck", "add", filled, "Ashen Titan", "2")
    result = run("deck", "show", filled)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Main Deck (7, 50–60)" in out and "Limitbreak Deck (2, 0–20)" in out and "Side Deck (1, 0–20)" in out
    assert "Monsters (4)" in out and "Spells (3)" in out and "Limitbreak monsters (2)" in out
    assert "4  Ember Whelp  (S01 001)" in out
    assert "Cost curve (Main Deck)" in out
    assert "1 | ████ 4" in out and "2 | ███ 3" in out
    assert "Verdict: NOT legal under boa-standard" in out
    assert "[main-size]" in out
    assert out.index("Main Deck (") < out.index("Limitbreak Deck (") < out.index("Side Deck (") < out.index("Cost curve")


def test_show_legal_deck(run, db, tmp_path):
    run("deck", "import", write(tmp_path, "d.txt", legal_boa_text(db)))
    result = run("deck", "show", "Ember Rush")
    assert result.exit_code == 0
    assert "Verdict: legal under boa-standard" in result.stdout
    assert "Player: Ann" in result.stdout


def test_show_json(run, db, filled):
    result = run("deck", "show", filled, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["name"] == filled and data["game"] == "boa" and data["format"] == "boa-standard"
    assert data["zones"]["main"]["size"] == 7
    assert {"count": 4, "name": "Ember Whelp", "set": "S01", "number": "001", "kind": "monster", "cost": 1} in data["zones"]["main"]["cards"]
    assert data["curve"]["field"] == "cost"
    assert {"value": "2", "cards": 3} in data["curve"]["buckets"]
    assert data["legal"] is False
    assert "main-size" in {p["rule"] for p in data["problems"]}


def test_show_under_another_format(run, db, tmp_path):
    run("deck", "import", write(tmp_path, "d.txt", legal_boa_text(db)))
    fmt = write(tmp_path, "ban.json", json.dumps({"name": "ban", "game": "boa", "extends": "boa-standard",
                                                  "card_limits": {"Ember Whelp": 0}}))
    result = run("deck", "show", "Ember Rush", "--format", str(fmt), "--json")
    assert json.loads(result.stdout)["legal"] is False


def test_show_sfb_charts_colours(run, db, tmp_path):
    run("deck", "import", write(tmp_path, "b.txt", SFB_TEXT))
    result = run("deck", "show", "Brawlers")
    assert result.exit_code == 0
    assert "Colours (Action Deck)" in result.stdout
    assert "red | ██████ 6" in result.stdout
    assert "Verdict: legal under sfb-standard" in result.stdout


def test_show_unknown_deck(run, db):
    result = run("deck", "show", "Nope")
    assert result.exit_code == 1 and "no stored deck called 'Nope'" in result.stderr


# -- list ------------------------------------------------------------------------------------------------
@pytest.fixture
def three(run, db, tmp_path):
    run("deck", "import", write(tmp_path, "boa.txt", legal_boa_text(db)))
    run("deck", "import", write(tmp_path, "sfb.txt", SFB_TEXT))
    run("deck", "new", "Empty", "--game", "aqa")


def test_list_table(run, three):
    result = run("deck", "list")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["name", "game", "format", "main", "limitbreak", "side", "legal", "updated"]
    ember = next(line for line in lines if line.startswith("Ember Rush"))
    assert ember.split()[2:9] == ["boa", "boa-standard", "52", "3", "3", "yes", ember.split()[8]]
    assert next(line for line in lines if line.startswith("Empty")).split()[6] == "no"


def test_list_json_and_game_filter(run, three):
    data = json.loads(run("deck", "list", "--json").stdout)
    assert [d["name"] for d in data] == ["Brawlers", "Ember Rush", "Empty"]
    brawl = data[0]
    assert brawl["zones"] == {"main": 18} and brawl["legal"] is True and brawl["cards"] == 18
    only = json.loads(run("deck", "list", "--game", "sfb", "--json").stdout)
    assert [d["name"] for d in only] == ["Brawlers"]


def test_list_csv(run, three):
    out = run("deck", "list", "--csv").stdout.splitlines()
    assert out[0] == "name,game,format,main,limitbreak,side,legal,updated"
    assert out[1].startswith("Brawlers,sfb,sfb-standard,18,0,0,yes,")


def test_list_empty(run, db):
    result = run("deck", "list")
    assert result.exit_code == 0 and "no stored decks" in result.stderr


# -- copy, rename, delete ------------------------------------------------------------------------------
def test_copy(run, db, filled):
    result = run("deck", "copy", filled, "Copy")
    assert result.exit_code == 0
    original, copy = stored(db, filled), stored(db, "Copy")
    assert copy["cards"] == original["cards"] and copy["format"] == original["format"]
    run("deck", "add", "Copy", "Frost Ward")
    assert stored(db, filled)["cards"] == original["cards"]


def test_copy_errors(run, db, filled):
    before = table_snapshot(db)
    assert run("deck", "copy", "Nope", "X").exit_code == 1
    result = run("deck", "copy", filled, filled.upper())
    assert result.exit_code == 1 and "already exists" in result.stderr
    assert table_snapshot(db) == before


def test_rename(run, db, filled):
    cards = stored(db, filled)["cards"]
    assert run("deck", "rename", filled, "Fire Rush").exit_code == 0
    assert stored(db, "Fire Rush")["cards"] == cards
    assert run("deck", "show", filled).exit_code == 1
    assert run("deck", "rename", "fire rush", "FIRE RUSH").exit_code == 0  # a change of case only
    assert stored(db, "FIRE RUSH")["name"] == "FIRE RUSH"


def test_rename_onto_another_deck_exits_1(run, db, filled):
    run("deck", "new", "Other", "--game", "boa")
    before = table_snapshot(db)
    result = run("deck", "rename", "Other", filled)
    assert result.exit_code == 1 and "already exists" in result.stderr
    assert table_snapshot(db) == before


def test_delete_with_yes(run, db, filled):
    result = run("deck", "delete", filled, "--yes")
    assert result.exit_code == 0 and "Deleted deck 'Ember Rush'" in result.stdout
    assert table_snapshot(db) == ([], [])


def test_delete_asks_on_a_terminal(run, db, filled, monkeypatch):
    from deckcli.cli import confirm

    monkeypatch.setattr(confirm, "stdin_is_terminal", lambda: True)
    before = table_snapshot(db)
    result = run("deck", "delete", filled, input="n\n")
    assert result.exit_code == 1 and "Nothing deleted" in result.stderr
    assert table_snapshot(db) == before
    result = run("deck", "delete", filled, input="y\n")
    assert result.exit_code == 0
    assert table_snapshot(db) == ([], [])


def test_delete_without_a_terminal_needs_yes(run, db, filled, monkeypatch):
    from deckcli.cli import confirm

    monkeypatch.setattr(confirm, "stdin_is_terminal", lambda: False)
    before = table_snapshot(db)
    piped = run("deck", "delete", filled, input="y\n")  # a piped answer is no person's: refused
    assert piped.exit_code == 2
    assert (f"Error: deck {filled!r} is deleted only when confirmed at a terminal, and there is none here: give --yes"
            " to delete it without asking") in piped.stderr
    assert table_snapshot(db) == before


def test_delete_unknown(run, db):
    assert run("deck", "delete", "Nope", "--yes").exit_code == 1


# -- diff --------------------------------------------------------------------------------------------
def test_diff_two_stored_decks(run, db, filled):
    run("deck", "copy", filled, "Plan B")
    run("deck", "remove", "Plan B", "Fireball", "2", "--zone", "main")
    run("deck", "add", "Plan B", "Frost Ward", "2")
    result = run("deck", "diff", filled, "Plan B")
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines()]
    assert ["main", "Fireball", "3", "1", "-2"] in rows
    assert ["main", "Frost", "Ward", "0", "2", "+2"] in rows
    assert "main: -2 Fireball, +2 Frost Ward" in result.stdout
    assert "Ember Whelp" not in result.stdout


def test_diff_json_with_a_file_side(run, db, filled, tmp_path):
    path = write(tmp_path, "b.txt", "Game: boa\nMain\n4 Ember Whelp\n1 Fireball\nSide\n2 Fireball\n")
    result = run("deck", "diff", filled, str(path), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["changes"] == [
        {"zone": "main", "name": "Fireball", "a": 3, "b": 1, "change": -2},
        {"zone": "side", "name": "Fireball", "a": 1, "b": 2, "change": 1},
    ]
    full = json.loads(run("deck", "diff", filled, str(path), "--json", "--all").stdout)["changes"]
    assert {"zone": "main", "name": "Ember Whelp", "a": 4, "b": 4, "change": 0} in full


def test_diff_identical(run, db, filled):
    run("deck", "copy", filled, "Same")
    result = run("deck", "diff", filled, "Same")
    assert result.exit_code == 0 and "same cards" in result.stdout


def test_diff_unknown_side_exits_1(run, db, filled, tmp_path):
    assert run("deck", "diff", filled, "Nope").exit_code == 1
    bad = write(tmp_path, "bad.txt", "Game: boa\n4 Ember Whelpp\n")
    result = run("deck", "diff", filled, str(bad))
    assert result.exit_code == 1 and "Ember Whelpp" in result.stderr


# -- import ------------------------------------------------------------------------------------------
def test_import_text(run, db, tmp_path):
    result = run("deck", "import", write(tmp_path, "list.txt", legal_boa_text(db)))
    assert result.exit_code == 0, result.output
    assert "Imported deck 'Ember Rush' (boa, boa-standard): main 52, limitbreak 3, side 3." in result.stdout
    assert result.stderr == ""
    deck = stored(db, "Ember Rush")
    assert deck["meta"] == {"Player": "Ann"}
    assert sum(n for (zone, _, _), n in deck["cards"].items() if zone == "main") == 52


def test_import_name_precedence(run, db, tmp_path):
    path = write(tmp_path, "my-list.txt", "Game: boa\n4 Ember Whelp\n")
    assert run("deck", "import", path).exit_code == 0
    stored(db, "my-list")
    named = write(tmp_path, "other.txt", "Name: From File\nGame: boa\n4 Ember Whelp\n")
    assert run("deck", "import", named).exit_code == 0
    stored(db, "From File")
    assert run("deck", "import", named, "--name", "Given").exit_code == 0
    stored(db, "Given")


def test_import_unknown_cards_lists_every_problem_and_writes_nothing(run, db, tmp_path):
    run("deck", "new", "Keep", "--game", "boa")
    before = table_snapshot(db)
    path = write(tmp_path, "bad.txt", "Name: Bad\nGame: boa\nMain Deck\n4 Ember Whelpp\n2x Fireball\nzzz\nLimitbreak Deck\n2 Ashen Titn\n")
    result = run("deck", "import", path)
    assert result.exit_code == 1
    err = result.stderr
    assert f"{path}: line 4: [unknown-card] unknown card 'Ember Whelpp' in boa; did you mean 'Ember Whelp'?" in err
    assert "line 6: [parse]" in err
    assert "line 8: [unknown-card]" in err and "'Ashen Titan'" in err
    assert "3 problems" in err and "nothing was imported" in err
    assert err.index("line 4") < err.index("line 6") < err.index("line 8")
    assert table_snapshot(db) == before


def test_import_wrong_game_card_is_blocking(run, db, tmp_path):
    before = table_snapshot(db)
    result = run("deck", "import", write(tmp_path, "x.txt", "Game: boa\n4 Ember Whelp\n1 Kilgore\n"))
    assert result.exit_code == 1 and "[wrong-game]" in result.stderr
    assert table_snapshot(db) == before


def test_import_illegal_deck_is_stored_with_a_warning(run, db, tmp_path):
    result = run("deck", "import", write(tmp_path, "small.txt", "Game: boa\n5 Ember Whelp\n"))
    assert result.exit_code == 0
    assert "Warning: deck 'small' is not legal under boa-standard (stored anyway)" in result.stderr
    assert "[main-size]" in result.stderr and "[copy-limit]" in result.stderr
    assert stored(db, "small")["cards"] == {("main", "S01", "001"): 5}


def test_import_duplicate_exits_1_and_replace_overwrites(run, db, tmp_path):
    first = write(tmp_path, "a.txt", "Name: Mine\nGame: boa\n4 Ember Whelp\n")
    second = write(tmp_path, "b.txt", "Name: mine\nGame: boa\n2 Fireball\n")
    assert run("deck", "import", first).exit_code == 0
    before = table_snapshot(db)
    result = run("deck", "import", second)
    assert result.exit_code == 1 and "--replace" in result.stderr
    assert table_snapshot(db) == before
    assert run("deck", "import", second, "--replace").exit_code == 0
    assert stored(db, "mine")["cards"] == {("main", "S01", "083"): 2}
    assert len(table_snapshot(db)[0]) == 1


def test_import_options_choose_game_and_format(run, db, tmp_path):
    path = write(tmp_path, "plain.txt", "4 Ember Whelp\n")
    assert run("deck", "import", path, "--format", "boa-advanced").exit_code == 0
    assert stored(db, "plain")["format"] == "boa-advanced"
    csv_path = write(tmp_path, "c.csv", "section,count,name,set,number\nmain,4,Fireball,,\n")
    assert run("deck", "import", csv_path, "--game", "boa").exit_code == 0
    assert stored(db, "c")["game"] == "boa"


def test_import_stdin_needs_a_name(run, db):
    before = table_snapshot(db)
    result = run("deck", "import", "-", input="Game: boa\n4 Ember Whelp\n")
    assert result.exit_code == 1 and "give --name" in result.stderr
    assert table_snapshot(db) == before
    assert run("deck", "import", "-", "--name", "Piped", input="Game: boa\n4 Ember Whelp\n").exit_code == 0
    assert stored(db, "Piped")["cards"] == {("main", "S01", "001"): 4}


@pytest.mark.parametrize("content", [b"", b"\x00\x01\x02binary", "4 Fire\u00e9".encode("latin-1")])
def test_import_garbage_exits_1(run, db, tmp_path, content):
    path = tmp_path / "junk.txt"
    path.write_bytes(content)
    before = table_snapshot(db)
    result = run("deck", "import", path)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert table_snapshot(db) == before


def test_import_missing_file(run, db, tmp_path):
    result = run("deck", "import", tmp_path / "nope.txt")
    assert result.exit_code == 2 and f"'{tmp_path / 'nope.txt'}' does not exist" in result.stderr


# -- export ----------------------------------------------------------------------------------------------
def test_export_text_to_stdout_by_default(run, db, filled):
    result = run("deck", "export", filled)
    assert result.exit_code == 0
    assert result.stdout.startswith("Name: Ember Rush\nGame: boa\nFormat: boa-standard\n")
    assert "Main Deck\n3 Fireball (S01) 083\n4 Ember Whelp (S01) 001\n" in result.stdout
    assert "Side Deck\n1 Fireball (S01) 083\n" in result.stdout


def test_export_to_a_file(run, db, filled, tmp_path):
    target = tmp_path / "out.json"
    result = run("deck", "export", filled, "--to", "json", "-o", target)
    assert result.exit_code == 0 and result.stdout == ""
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["name"] == "Ember Rush" and data["zones"]["side"][0]["count"] == 1


@pytest.mark.parametrize("suffix", [".json", ".csv", ".code", ".txt"])
def test_export_without_to_takes_the_format_from_the_extension_and_imports_back(run, db, filled, tmp_path, suffix):
    target = tmp_path / f"out{suffix}"
    assert run("deck", "export", filled, "-o", target).exit_code == 0
    text = target.read_text(encoding="utf-8")
    first = {".json": "{", ".csv": "section,count,name,set,number", ".code": "dk1", ".txt": "Name: Ember Rush"}[suffix]
    assert text.startswith(first)
    result = run("deck", "import", target, "--name", "Back")
    assert result.exit_code == 0, result.output
    assert cards_of(db, "Back") == cards_of(db, filled)


def test_export_code_is_one_line(run, db, filled):
    out = run("deck", "export", filled, "--to", "code").stdout
    assert out.startswith("dk1") and out.count("\n") == 1 and len(out) < 100


def test_export_sfb_complete_champions_as_a_champions_section(run, db, tmp_path):
    run("deck", "import", write(tmp_path, "b.txt", SFB_TEXT))
    out = run("deck", "export", "Brawlers").stdout
    assert "Champions\nKilgore\nLil'Y\nSir Tentaclot\n" in out
    assert "Main Deck" not in out


def test_export_sfb_incomplete_champions_lists_cards(run, db):
    run("deck", "new", "Half", "--game", "sfb")
    run("deck", "add", "Half", "Kilgore")
    run("deck", "remove", "Half", "Throw")
    out = run("deck", "export", "Half").stdout
    assert "Champions" not in out and "Main Deck\n1 Relentless Advance (CORE) C01-1\n" in out


def test_export_unknown_deck(run, db):
    result = run("deck", "export", "Nope")
    assert result.exit_code == 1 and "no stored deck" in result.stderr


def test_deck_help_does_not_import_the_database_layer():
    import subprocess
    import sys

    code = (
        "import sys; from deckcli.cli.main import cli\n"
        "try:\n    cli(['deck', '--help'])\nexcept SystemExit:\n    pass\n"
        "bad = [m for m in ('sqlalchemy', 'sqlmodel', 'pydantic', 'numpy') if m in sys.modules]\n"
        "assert not bad, bad"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr


def test_aqa_import_show(run, db, tmp_path):
    result = run("deck", "import", write(tmp_path, "a.txt", legal_aqa_text(db)))
    assert result.exit_code == 0, result.output
    shown = run("deck", "show", "天使デッキ")
    assert "4  堕天使“天羽つかさ”  (S01 022)" in shown.stdout
    assert "Verdict: legal under aqa-standard" in shown.stdout


def test_a_deck_whose_format_file_is_gone(run, db, tmp_path):
    fmt = write(tmp_path, "event.json", json.dumps({"name": "event", "game": "boa", "extends": "boa-standard"}))
    run("deck", "new", "E", "--format", str(fmt))
    fmt.unlink()
    listed = run("deck", "list")
    assert listed.exit_code == 0
    assert listed.stdout.splitlines()[2].split()[6] == "no"
    shown = run("deck", "show", "E")
    assert shown.exit_code == 0 and "[parse] Format:" in shown.stdout and "format file not found" in shown.stdout
    added = run("deck", "add", "E", "Fireball")
    assert added.exit_code == 1 and "format file not found" in added.stderr


def test_an_aqa_yome_deck_code_keeps_its_declared_ne_mu(run, db, tmp_path):

    example = paths.EXAMPLES / "angels-yome.txt"
    assert run("deck", "import", example, "--name", "Yome").exit_code == 0
    code = tmp_path / "yome.code"
    assert run("deck", "export", "Yome", "--to", "code", "-o", code).exit_code == 0
    result = run("validate", code)
    assert result.exit_code == 0, result.output
    assert run("deck", "import", code, "--name", "Back").exit_code == 0
    assert stored(db, "Back")["meta"] == {"Ne-mu": "天羽つかさ"}


@pytest.mark.parametrize("to", ["text", "json", "code"])
def test_an_empty_deck_exports_and_imports_back(run, db, to, tmp_path):
    assert run("deck", "new", "Yome", "--format", "aqa-yome", "--meta", "Ne-mu=天羽つかさ").exit_code == 0
    target = tmp_path / f"empty.{ {'text': 'txt'}.get(to, to) }"
    assert run("deck", "export", "Yome", "--to", to, "-o", target).exit_code == 0
    result = run("deck", "import", target, "--name", "Back")
    assert result.exit_code == 0, result.output
    assert stored(db, "Back") == {**stored(db, "Yome"), "name": "Back"}


def test_a_decklist_with_neither_cards_nor_metadata_is_still_refused(run, db, tmp_path):
    result = run("deck", "import", write(tmp_path, "x.txt", "# nothing here\n\n"), "--name", "X")
    assert result.exit_code == 1 and "no cards found" in result.stderr
