"""`cards export --to cockatrice`: Cockatrice's card database (version 4), checked against Cockatrice's own schema
(tests/data/cockatrice/cards.xsd, its source in the README.txt beside it) by a real validator (lxml's libxml2), and
the `.cod` decks deckcli writes finding every card name in it, as Cockatrice looks them up (the exact name).
"""

from __future__ import annotations

import json
import re
from functools import cache

import pytest
from lxml import etree

import paths  # tests/support/paths.py

XSD = paths.DATA / "cockatrice" / "cards.xsd"
#: The example decks, by the game their Game: line names.
EXAMPLES = {
    path.name: re.search(r"^Game: (\w+)$", path.read_text(encoding="utf-8"), re.M).group(1)
    for path in sorted(paths.EXAMPLES.glob("*.txt"))
}


@cache
def _schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(XSD)))


def _valid(xml: bytes) -> etree._Element:
    """The parsed database, after checking it against Cockatrice's schema (the validator's errors shown if not)."""
    root = etree.fromstring(xml)
    schema = _schema()
    assert schema.validate(root), [str(e) for e in schema.error_log]
    return root


def _cards(root) -> dict[str, etree._Element]:
    return {card.findtext("name"): card for card in root.iter("card")}


def _cod_names(cod: bytes) -> list[str]:
    return [card.get("name") for card in etree.fromstring(cod).iter("card")]


def _import_set(run, tmp_path, cards: list[dict], code: str = "T1") -> None:
    path = tmp_path / f"{code}.json"
    path.write_text(json.dumps({"game": "boa", "set": {"code": code, "name": f"Test {code}"}, "cards": cards}),
                    encoding="utf-8")
    result = run("cards", "import", path)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_each_game_exports_a_valid_database_and_its_example_deck_finds_every_card(run, tmp_path, example):
    game = EXAMPLES[example]
    sets = [r for r in json.loads(run("games", "--json").stdout) if r["game"] == game]
    total = sum(r["cards"] for r in sets)
    target = tmp_path / f"{game}.xml"
    exported = run("cards", "export", "--game", game, "-o", target)
    assert exported.exit_code == 0, exported.output
    assert f"Exported {total} cards of {game} " in exported.stderr and str(target) in exported.stderr
    root = _valid(target.read_bytes())
    assert root.get("version") == "4"
    assert [(s.findtext("name"), s.findtext("longname"), s.findtext("settype")) for s in root.find("sets")] == [
        (f"{game}-{r['set']}", r["name"], r["game_name"]) for r in sets]
    names = _cards(root)
    assert len(names) == total  # the bundled sets print each card once
    imported = run("deck", "import", paths.EXAMPLES / example)
    assert imported.exit_code == 0, imported.output
    deck = re.search(r"Imported deck '(.+?)'", imported.stdout).group(1)
    cod = tmp_path / "deck.cod"
    assert run("deck", "export", deck, "-o", cod).exit_code == 0
    in_deck = _cod_names(cod.read_bytes())
    assert in_deck and [n for n in in_deck if n not in names] == []
    # and every printing it names is a set of the database (Cockatrice shows the card as printed there)
    listed = {s.findtext("name") for s in root.find("sets")}
    assert {c.get("setShortName") for c in etree.fromstring(cod.read_bytes()).iter("card")} <= listed


def test_a_card_holds_its_fields_as_props_and_each_printing_as_a_set(run, tmp_path):
    boa = _valid(run("cards", "export", "--game", "boa", "--to", "cockatrice").stdout_bytes)
    card = _cards(boa)["Worldbreaker"]
    props = {p.tag: p.text for p in card.find("prop")}
    assert props["type"] == "monster" and props["maintype"] == "Monsters"
    assert props["manacost"] == props["cmc"] == "9" and "cost" not in props
    assert props["element"] == "Earth" and props["ability.timing"] == "passive"
    assert [(s.text, s.get("num"), s.get("rarity")) for s in card.findall("set")] == [("boa-S01", "050", "Ultra Rare")]
    aqa = _cards(_valid(run("cards", "export", "--game", "aqa", "--to", "cockatrice").stdout_bytes))
    first = {p.tag: p.text for p in aqa["覚醒者“神崎レン”"].find("prop")}
    assert first["names.en"] == 'Awakened "Ren Kanzaki"' and first["icons"] == "♂; 超能力者"
    sfb = _cards(_valid(run("cards", "export", "--game", "sfb", "--to", "cockatrice").stdout_bytes))
    action = {p.tag: p.text for p in sfb["Fireball"].find("prop")}
    assert action["colour"] == "red" and "cmc" not in action  # sfb's curve field is a colour, not a cost


def test_sfb_champions_are_cards_related_to_their_six_actions_and_a_champions_deck_opens(run, tmp_path):
    from deckcli.decklists.io import format_deck, read_decklist

    root = _valid(run("cards", "export", "--game", "sfb", "--to", "cockatrice").stdout_bytes)
    cards = _cards(root)
    champions = [c for c in cards.values() if c.findtext("prop/type") == "champion"]
    assert len(champions) == 24
    actions = json.loads(run("cards", "search", "--game", "sfb", "--where", "champion=Kilgore", "--json").stdout)
    assert [r.text for r in cards["Kilgore"].findall("related")] == [a["name"] for a in actions]
    assert all(len(c.findall("related")) == 6 for c in champions)
    assert all(r.text in cards for c in champions for r in c.findall("related"))
    # a Champions deck, as deckcli's .cod writer writes its Champions lines, finds its champions ...
    cod = format_deck(read_decklist(str(paths.EXAMPLES / "team-shadows.txt")), "cod").encode()
    assert re.search(rb'<zone name="champions">', cod)
    assert _cod_names(cod) == ["Kilgore", "Lil'Y", "Gwaien"] and all(n in cards for n in _cod_names(cod))
    # ... and the stored deck's .cod its eighteen action cards
    assert run("deck", "import", paths.EXAMPLES / "team-shadows.txt").exit_code == 0
    stored = run("deck", "export", "Shadows and Steel", "--to", "cod").stdout_bytes
    assert len(_cod_names(stored)) == 18 and all(n in cards for n in _cod_names(stored))


MARKUP_NAME = 'Bold <b>& "Brave"</b> \'n\' Co'
MARKUP_TEXT = "<i>Deal</i> 2 &amp; <![CDATA[x]]> <!-- not a comment --> &#65;\r\nthen\ttab > end"


def test_markup_in_a_name_or_text_stays_text_in_the_database_and_in_the_deck(run, tmp_path):
    _import_set(run, tmp_path, [{"number": "901", "name": MARKUP_NAME, "kind": "spell", "spell_type": "basic",
                                 "cost": 1, "text": MARKUP_TEXT, "rarity": "<Rare>"}])
    result = run("cards", "export", "--game", "boa", "--set", "T1", "--to", "cockatrice")
    assert result.exit_code == 0, result.output
    assert "<b>" not in result.stdout and "&lt;b&gt;" in result.stdout
    root = _valid(result.stdout_bytes)
    card = _cards(root)[MARKUP_NAME]
    assert card.findtext("text") == MARKUP_TEXT and card.find("set").get("rarity") == "<Rare>"
    deck = tmp_path / "deck.txt"
    deck.write_text(f"Game: boa\nName: Markup\n1 {MARKUP_NAME}\n", encoding="utf-8")
    assert run("deck", "import", deck).exit_code == 0
    assert _cod_names(run("deck", "export", "Markup", "--to", "cod").stdout_bytes) == [MARKUP_NAME]


def test_a_character_xml_cannot_hold_is_a_clear_error_and_nothing_is_written(run, tmp_path):
    _import_set(run, tmp_path, [{"number": "902", "name": "Odd\ufffeOne", "kind": "spell", "spell_type": "basic", "text": "x",
                                 "cost": 1}])
    target = tmp_path / "boa.xml"
    result = run("cards", "export", "--game", "boa", "-o", target)
    assert result.exit_code == 1
    assert "cannot write card 902" in result.stderr and "its name holds U+FFFE, a character XML cannot hold" in result.stderr
    assert not target.exists()


def test_without_a_set_every_set_of_the_game_is_in_one_database(run, tmp_path):
    _import_set(run, tmp_path, [{"number": "1", "name": "Spark", "kind": "spell", "spell_type": "basic", "cost": 0,
                                 "text": "Deal 1 damage."}])
    target = tmp_path / "every.xml"
    result = run("cards", "export", "--game", "boa", "-o", target)  # .xml: Cockatrice's database
    assert result.exit_code == 0, result.output
    assert "Exported 113 cards of boa S01, T1 to" in result.stderr
    root = _valid(target.read_bytes())
    assert [s.findtext("name") for s in root.find("sets")] == ["boa-S01", "boa-T1"]
    assert [s.text for s in _cards(root)["Spark"].findall("set")] == ["boa-T1"]
    one = run("cards", "export", "--game", "boa", "--set", "t1", "--to", "cockatrice")
    assert [s.findtext("name") for s in _valid(one.stdout_bytes).find("sets")] == ["boa-T1"]
    json_export = run("cards", "export", "--game", "boa", "--to", "json")
    assert json_export.exit_code == 1 and "boa has 2 sets; choose one with --set (S01, T1)" in json_export.stderr


def test_stdout_unknown_set_and_unknown_game(run):
    to_stdout = run("cards", "export", "--game", "sfb", "--to", "cockatrice", "-o", "-")
    assert to_stdout.exit_code == 0 and to_stdout.stderr == ""
    assert to_stdout.stdout.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4">')
    _valid(to_stdout.stdout_bytes)
    unknown = run("cards", "export", "--game", "boa", "--set", "Z9", "--to", "cockatrice")
    assert unknown.exit_code == 1 and "unknown set 'Z9' in boa; known sets: S01" in unknown.stderr
    assert unknown.stdout == ""
    no_game = run("cards", "export", "--game", "xyz", "--to", "cockatrice")
    assert no_game.exit_code == 2 and "'xyz' is not one of" in no_game.stderr


def test_set_names_are_unique_across_games_and_the_same_at_every_export(run, tmp_path):
    """boa and aqa both have a set S01; Cockatrice keeps one set per name over every database it loads, so each is
    named after its game (``boa-S01``, ``aqa-S01``), the same name at every export (a re-export replaces the set),
    and a ``.cod`` deck names its printings' sets the same way and reads back as deckcli's codes."""
    from deckcli.decklists.io import format_deck, read_decklist

    names = {}
    for game in ("boa", "aqa", "sfb"):
        root = _valid(run("cards", "export", "--game", game, "--to", "cockatrice").stdout_bytes)
        names[game] = [s.findtext("name") for s in root.find("sets")]
        again = _valid(run("cards", "export", "--game", game, "--to", "cockatrice").stdout_bytes)
        assert [s.findtext("name") for s in again.find("sets")] == names[game]
    every = [name for game_names in names.values() for name in game_names]
    assert len(every) == len(set(every)) and {"boa-S01", "aqa-S01"} <= set(every)
    deck = tmp_path / "deck.txt"
    deck.write_text("Game: boa\nMain Deck\n4 Ember Whelp (S01) 001\n", encoding="utf-8")
    cod = format_deck(read_decklist(str(deck)), "cod")
    assert 'setShortName="boa-S01" collectorNumber="001"' in cod
    (tmp_path / "deck.cod").write_text(cod, encoding="utf-8")
    assert [(e.set_code, e.number) for e in read_decklist(str(tmp_path / "deck.cod")).entries] == [("S01", "001")]
