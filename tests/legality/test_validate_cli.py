"""``deckcli validate``: verdicts per file, JSON shape, exit codes, unreadable files among good ones,
stored decks, side exchanges, --format PATH and --collection."""

from __future__ import annotations

import json

import pytest

from deckcli.decklists.io import write_decklist
from rules_support import card_names, champion_cards, fill, resolve, write_format


@pytest.fixture
def main50(db):
    return fill(card_names(db, "boa", ("monster", "spell"), exclude=("Aeon Sphinx", "Worldbreaker", "Counterspell")), 50)


def text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


def boa_text(main, *more: str, header: str = "Game: boa") -> str:
    return text(header, "Main Deck", *(f"{c} {n}" for c, n in main), *more)


@pytest.fixture
def legal(tmp_path, main50):
    path = tmp_path / "legal.txt"
    path.write_text(boa_text(main50, "Limitbreak Deck", "2 Ashen Titan", "Side Deck", "3 Frost Ward"), encoding="utf-8")
    return str(path)


@pytest.fixture
def illegal(tmp_path, main50):
    path = tmp_path / "illegal.txt"
    path.write_text(boa_text(main50[1:], "Limitbreak Deck", "1 Gloom Bat", "1 Fireblal"), encoding="utf-8")
    return str(path)


def as_json(result):
    assert result.stderr == "" or result.stderr.startswith("Warning"), result.stderr
    return json.loads(result.stdout)


def test_a_legal_deck_exits_0(run, legal):
    result = run("validate", legal)
    assert result.exit_code == 0, result.output
    assert f"{legal} (boa, boa-standard): legal" in result.stdout


def test_an_illegal_deck_exits_1_and_the_table_lists_every_problem(run, illegal):
    result = run("validate", illegal)
    assert result.exit_code == 1
    assert "NOT legal, 3 problems" in result.stdout
    for rule in ("main-size", "zone-kind", "unknown-card"):
        assert rule in result.stdout
    assert "did you mean 'Fireball'" in result.stdout and "Limitbreak Deck" in result.stdout


def test_json_is_one_object_per_file_with_rule_cards_zone_and_line(run, legal, illegal):
    result = run("validate", legal, illegal, "--json")
    assert result.exit_code == 1
    first, second = as_json(result)
    assert first == {"file": legal, "game": "boa", "format": "boa-standard", "legal": True, "problems": []}
    assert {k: second[k] for k in ("file", "game", "format", "legal")} == {
        "file": illegal, "game": "boa", "format": "boa-standard", "legal": False}
    by_rule = {p["rule"]: p for p in second["problems"]}
    assert set(by_rule) == {"main-size", "zone-kind", "unknown-card"}
    assert by_rule["zone-kind"]["cards"] == ["Gloom Bat"] and by_rule["zone-kind"]["zone"] == "limitbreak"
    assert by_rule["zone-kind"]["line"] == 16  # Game, Main Deck, 12 main lines, Limitbreak Deck, then Gloom Bat
    assert by_rule["unknown-card"]["suggestions"][0] == "Fireball" and by_rule["unknown-card"]["line"] == 17
    assert by_rule["main-size"]["zone"] == "main" and by_rule["main-size"]["count"] == 46
    assert all(isinstance(p["message"], str) and p["message"] for p in second["problems"])


def test_unreadable_files_are_reported_and_the_others_still_checked(run, tmp_path, legal):
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 4)
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    latin1 = tmp_path / "latin1.txt"
    latin1.write_bytes("Game: boa\n4 Énergie\n".encode("latin-1"))
    files = [binary, legal, empty, latin1]  # (a folder is a usage error: tests/cli/test_file_arguments.py)
    result = run("validate", *files, "--json")
    assert result.exit_code == 1
    reports = as_json(result)
    assert [r["file"] for r in reports] == [str(f) for f in files]
    assert [r["legal"] for r in reports] == [False, True, False, False]
    for report in reports[:1] + reports[2:]:
        (problem,) = report["problems"]
        assert problem["rule"] == "parse" and report["file"] in problem["message"]
    assert "Traceback" not in result.output


def test_random_text_is_a_clear_problem_not_a_traceback(run, tmp_path, legal):
    import random

    rng = random.Random(3)
    noise = tmp_path / "noise.txt"
    noise.write_text("".join(rng.choice("abc XYZ 123\n:#()") for _ in range(200_000)), encoding="utf-8")
    result = run("validate", noise, legal, "--json")
    assert result.exit_code == 1
    noisy, good = as_json(result)
    assert noisy["legal"] is False and noisy["problems"] and good["legal"] is True


def test_usage_errors_exit_2(run, legal, tmp_path):
    assert run("validate").exit_code == 2
    result = run("validate", legal, "--format", "no-such-format")
    assert result.exit_code == 2 and "unknown format 'no-such-format'" in result.stderr
    bad = write_format(tmp_path, "bad", extends="boa-standard", checks=["nope"])
    result = run("validate", legal, "--format", bad)  # what is inside the file: the command's error, as everywhere
    assert result.exit_code == 1 and "$.checks[0]" in result.stderr and "Usage:" not in result.stderr
    other = run("validate", legal, "--format", "aqa-standard", "--game", "boa")
    assert other.exit_code == 1 and "format 'aqa-standard' is for aqa, not boa" in other.stderr
    assert run("validate", legal, legal, "--side-from", legal).exit_code == 2
    assert run("validate", legal, "--game", "chess").exit_code == 2


def test_every_decklist_format_validates(run, db, tmp_path, main50):
    zones = {"main": main50, "limitbreak": [(2, "Ashen Titan")], "side": [(3, "Frost Ward")]}
    deck = resolve(db, "boa", zones, "boa-standard").to_decklist()  # a deck code needs printings
    files = []
    for fmt, ext in (("text", "txt"), ("json", "json"), ("csv", "csv"), ("code", "code")):
        path = tmp_path / f"deck.{ext}"
        write_decklist(deck, fmt, str(path))
        files.append(path)
    result = run("validate", *files, "--json")
    assert result.exit_code == 0, result.output
    assert [r["legal"] for r in as_json(result)] == [True] * 4


def test_the_game_comes_from_the_card_names_or_game(run, tmp_path, main50):
    path = tmp_path / "nogame.txt"
    path.write_text(boa_text(main50, header="Name: no game line"), encoding="utf-8")
    (report,) = as_json(run("validate", path, "--json"))
    assert report["game"] == "boa" and report["legal"] is True
    (report,) = as_json(run("validate", path, "--json", "--game", "aqa"))
    assert report["game"] == "aqa" and {p["rule"] for p in report["problems"]} == {"wrong-game"}  # (no rule of aqa on a boa deck)


def test_format_path_applies_an_organisers_list(run, tmp_path, legal):
    banlist = write_format(tmp_path, "spring-open", extends="boa-standard", card_limits={"Frost Ward": 0})
    result = run("validate", legal, "--format", banlist, "--json")
    assert result.exit_code == 1
    (report,) = as_json(result)
    assert report["format"] == "spring-open"
    assert [(p["rule"], p["cards"], p["zone"]) for p in report["problems"]] == [("banned", ["Frost Ward"], "side")]


def test_format_path_with_legal_sets_breaks_set_not_legal(run, db, tmp_path, legal):
    from deckcli.cards.importer import import_cardsets

    card = {"number": "9", "name": "Far Spell", "kind": "spell", "spell_type": "basic", "cost": 1, "text": "Draw a card."}
    (tmp_path / "x02.json").write_text(json.dumps({"game": "boa", "set": {"code": "X02", "name": "Test"}, "cards": [card]}))
    import_cardsets(db, [str(tmp_path / "x02.json")])
    only_s01 = write_format(tmp_path, "s01-only", extends="boa-standard", legal_sets=["S01"])
    deck = tmp_path / "far.txt"
    deck.write_text(open(legal, encoding="utf-8").read() + "1 Far Spell\n", encoding="utf-8")
    assert run("validate", deck).exit_code == 0
    result = run("validate", deck, "--format", only_s01, "--json")
    (report,) = as_json(result)
    assert result.exit_code == 1
    assert [(p["rule"], p["cards"], p["zone"], p["line"]) for p in report["problems"]] == [
        ("set-not-legal", ["Far Spell"], "side", 20)]


def _store(db, name, resolved):
    from deckcli.decks.store import save_deck

    with db.write() as session:
        save_deck(session, name, resolved.game, resolved.format.name, [(dc.zone, dc.card.id, dc.count) for dc in resolved.cards])


def test_stored_decks_validate_by_name(run, db, main50):
    _store(db, "Ember Rush", resolve(db, "boa", {"main": main50, "limitbreak": [(2, "Ashen Titan")]}))
    _store(db, "Too Small", resolve(db, "boa", {"main": main50[:5]}))
    result = run("validate", "--deck", "Ember Rush", "--deck", "too small", "--json")
    assert result.exit_code == 1
    good, small = as_json(result)
    assert good["file"] == "deck:Ember Rush" and good["legal"] is True
    assert small["file"] == "deck:too small" and [p["rule"] for p in small["problems"]] == ["main-size"]
    result = run("validate", "--deck", "Nope", "--json")
    assert result.exit_code == 1 and "no stored deck called 'Nope'" in as_json(result)[0]["problems"][0]["message"]


def test_side_from_accepts_an_exchange_and_rejects_a_changed_count(run, tmp_path, main50):
    original = tmp_path / "round1.txt"
    original.write_text(boa_text(main50, "Side Deck", "3 Frost Ward"), encoding="utf-8")
    (count, first), rest = main50[0], main50[1:]
    swapped = tmp_path / "round2.txt"
    swapped.write_text(boa_text([(count - 3, first), *rest, (3, "Frost Ward")], "Side Deck", f"3 {first}"), encoding="utf-8")
    changed = tmp_path / "round2b.txt"
    changed.write_text(boa_text(main50, "Side Deck", "2 Frost Ward", "1 Counterspell"), encoding="utf-8")
    assert run("validate", "--side-from", original, swapped).exit_code == 0
    result = run("validate", "--side-from", original, changed, "--json")
    assert result.exit_code == 1
    (report,) = as_json(result)
    (problem,) = report["problems"]
    assert problem["rule"] == "side-exchange" and sorted(problem["cards"]) == ["Counterspell", "Frost Ward"]


def test_side_from_an_unreadable_original_is_a_problem(run, tmp_path, legal):
    (tmp_path / "gone.txt").write_bytes(b"")
    result = run("validate", "--side-from", tmp_path / "gone.txt", legal, "--json")
    assert result.exit_code == 1
    assert [p["rule"] for p in as_json(result)[0]["problems"]] == ["side-exchange"]


def test_sfb_and_aqa_decks_validate_together(run, db, tmp_path):
    sfb = tmp_path / "sfb.txt"
    sfb.write_text(text("Game: sfb", "Champions", "Kilgore", "Deryn", "Al'kemi"), encoding="utf-8")
    listed = tmp_path / "sfb-listed.txt"
    listed.write_text(text(*(f"1 {n}" for c in ("Kilgore", "Deryn") for n in champion_cards(db, c))), encoding="utf-8")
    aqa = tmp_path / "aqa.txt"
    aqa.write_text(text("Game: aqa", *(f"{c} {n}" for c, n in fill(card_names(db, "aqa", ("break", "project")), 40))), encoding="utf-8")
    result = run("validate", sfb, listed, aqa, "--json")
    reports = as_json(result)
    assert [(r["game"], r["format"], r["legal"]) for r in reports] == [
        ("sfb", "sfb-standard", True), ("sfb", "sfb-standard", False), ("aqa", "aqa-standard", True)]
    assert {p["rule"] for p in reports[1]["problems"]} == {"deck-size", "champion-count"}
    result = run("validate", listed, "--format", "sfb-4p")
    assert result.exit_code == 0, result.output


def test_one_card_index_per_game_for_many_files(run, tmp_path, legal, monkeypatch):
    import deckcli.cards.resolver

    built = []
    real = deckcli.cards.resolver.CardIndex

    def counting(session, game=None):
        built.append(game)
        return real(session, game)

    monkeypatch.setattr(deckcli.cards.resolver, "CardIndex", counting)
    result = run("validate", *[legal] * 30)
    assert result.exit_code == 0
    assert built == ["boa"]


def test_stdin(run, legal):
    result = run("validate", "-", input=open(legal, encoding="utf-8").read())
    assert result.exit_code == 0 and result.stdout.startswith("- (boa, boa-standard): legal")


def test_collection_reports_cards_not_owned(run, db, legal):
    from deckcli.collection.needs import add_deck
    from deckcli.legality.resolve import open_deck

    result = run("validate", legal, "--collection", "--json")
    assert result.exit_code == 1
    (report,) = as_json(result)
    assert report["legal"] is True and report["owned"] is False
    assert {p["rule"] for p in report["problems"]} == {"not-owned"}
    add_deck(db, open_deck(db, legal))
    result = run("validate", legal, "--collection", "--json")
    assert result.exit_code == 0, result.output
    assert as_json(result)[0]["owned"] is True


def test_a_yome_decklist_declares_its_nemu_in_the_text(run, db, tmp_path):
    plain = [n for n in card_names(db, "aqa", ("break", "project"), no_nemu=True) if n != "禁呪詠唱"]
    twelve = ["4 制服の“天羽つかさ”", "4 堕天使“天羽つかさ”", "4 熾天使“天羽つかさ”"]
    body = [*twelve, *(f"{c} {n}" for c, n in fill(plain, 28))]
    declared = tmp_path / "yome.txt"
    declared.write_text(text("Game: aqa", "Format: aqa-yome", "Ne-mu: 天羽つかさ", *body), encoding="utf-8")
    undeclared = tmp_path / "plain.txt"
    undeclared.write_text(text("Game: aqa", "Format: aqa-yome", *body), encoding="utf-8")
    result = run("validate", declared, undeclared, "--json")
    ok, bad = as_json(result)
    assert ok["format"] == "aqa-yome" and ok["legal"] is True
    assert [(p["rule"], p.get("count"), p.get("max")) for p in bad["problems"]] == [
        ("name-limit", 12, 0), ("name-required", None, None)]  # undeclared: no ネーム card allowed, a ネーム required
    assert result.exit_code == 1


def test_an_unreadable_file_reports_the_format_given(run, tmp_path):
    (tmp_path / "empty.txt").write_bytes(b"")
    result = run("validate", tmp_path / "empty.txt", "--format", "aqa-yome", "--json")
    (report,) = as_json(result)
    assert (report["game"], report["format"], report["legal"]) == ("aqa", "aqa-yome", False)


def test_a_restricted_list_naming_no_card_is_warned_about_once(run, tmp_path, legal):
    typo = write_format(tmp_path, "typo", extends="boa-standard", card_limits={"Firebal": 0})
    result = run("validate", legal, legal, "--format", typo)
    assert result.exit_code == 0
    assert result.stderr.count("Warning: format 'typo' limits 'Firebal', which name no boa card") == 1


def test_a_name_two_games_share_is_told_apart_by_its_printing(run, tmp_path):
    """'Fireball' is a boa spell and the English name of an aqa break card: a CSV line naming the printing
    (S01 083, boa's only) says the deck is boa; without the printing the game stays unknown."""
    printed = tmp_path / "printed.csv"
    printed.write_text("section,count,name,set,number\nmain,1,Fireball,S01,083\n", encoding="utf-8")
    result = run("validate", printed)
    assert f"{printed} (boa, boa-standard): NOT legal" in result.output
    bare = tmp_path / "bare.csv"
    bare.write_text("section,count,name\nmain,1,Fireball\n", encoding="utf-8")
    assert "cannot tell which game this deck is for" in run("validate", bare).output
