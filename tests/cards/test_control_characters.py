"""Control and bidirectional-control characters never get into the card data: the schemas refuse them in every text
field of a card set and a format (with the JSON path), card numbers and set codes refuse surrounding whitespace,
and jsonschema (whose errors are shown) and jsonschema-rs (which passes valid files) agree on every such text."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import paths  # tests/support/paths.py
from dbdump import table_snapshot
from deckcli.textrules import BIDI_CONTROLS, unclean_char
from deckcli.validation import jsonschemas

LINE = ("is not allowed: a tab, line break or other control character (U+0000-U+001F, U+007F-U+009F, U+2028, U+2029)"
        " or a bidirectional control (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): this is one line of"
        " printable text")
NAME = LINE.replace("this is one line", "a name is one line")
TEXT = ("is not allowed: a control character other than a tab or line break (U+0000-U+0008, U+000B, U+000C,"
        " U+000E-U+001F, U+007F-U+009F), a line or paragraph separator (U+2028, U+2029) or a bidirectional control"
        " (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): text is printed as it is")
NUMBER = ("is not allowed: leading or trailing whitespace, tab, line break or other control character (U+0000-U+001F,"
          " U+007F-U+009F, U+2028, U+2029) or a bidirectional control (U+061C, U+200E, U+200F, U+202A-U+202E,"
          " U+2066-U+2069): a card number is written exactly as a decklist names it")
SET_CODE = ("is not allowed: Set code, unique within the game: an upper-case letter or digit, then up to 15 upper-case"
            " letters, digits or hyphens (e.g. CORE, S01, BT-02).")
OSC = "\x1b]0;pwned\x07"


def _boa_set(tmp_path, change) -> str:
    doc = json.loads((paths.REPO / "carddb" / "boa" / "sample.json").read_text(encoding="utf-8"))
    doc["set"]["code"] = "Z01"
    change(doc)
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


def _vanilla(doc) -> dict:
    return next(card for card in doc["cards"] if "lore" in card)


@pytest.mark.parametrize("where, change, shown, message", [
    ("$.set.name", lambda d: d["set"].update(name=f"Evil {OSC} set"), '"Evil \\u001b]0;pwned\\u0007 set"', LINE),
    ("$.cards[0].name", lambda d: d["cards"][0].update(name="Dragon\u202enogard"), '"Dragon\\u202enogard"', NAME),
    ("$.cards[0].artist", lambda d: d["cards"][0].update(artist=f"Ann {OSC}"), '"Ann \\u001b]0;pwned\\u0007"', LINE),
    ("$.cards[0].rarity", lambda d: d["cards"][0].update(rarity="Rare\u2066"), '"Rare\\u2066"', LINE),
    ("$.cards[0].text", lambda d: d["cards"][0].update(text="Deal 1\x1b[2J"), '"Deal 1\\u001b[2J"', TEXT),
    ("$.cards[0].names.en", lambda d: d["cards"][0].update(names={"en": "A\u200fB"}), '"A\\u200fB"', NAME),
])
def test_a_card_set_with_a_control_character_is_refused_with_the_json_path(run, db, tmp_path, where, change, shown,
                                                                          message):
    path = _boa_set(tmp_path, change)
    before = table_snapshot(db)
    result = run("cards", "import", path)
    assert result.exit_code == 1
    assert f"{path}: {where}: {shown} {message}\n" in result.output
    assert "\x1b" not in result.output
    assert result.stderr.endswith("Error: 1 problem found; nothing was imported\n")
    assert table_snapshot(db) == before


def test_lore_with_an_escape_sequence_is_refused(run, db, tmp_path):
    def change(doc):
        _vanilla(doc)["lore"] = f"Old tales {OSC}"

    path = _boa_set(tmp_path, change)
    cards = json.loads((tmp_path / "evil.json").read_text(encoding="utf-8"))["cards"]
    index = next(i for i, card in enumerate(cards) if "lore" in card)
    result = run("cards", "import", path)
    assert result.exit_code == 1
    assert f'{path}: $.cards[{index}].lore: "Old tales \\u001b]0;pwned\\u0007" {TEXT}\n' in result.output


def test_rules_text_keeps_its_tabs_and_line_breaks(run, tmp_path):
    path = _boa_set(tmp_path, lambda d: d["cards"][0].update(text="First line\r\nSecond\tline", name="Zzz Multi"))
    result = run("cards", "import", path)
    assert result.exit_code == 0, result.output
    shown = run("cards", "show", "Zzz Multi")
    assert "First line" in shown.stdout and "Second\tline" in shown.stdout


@pytest.mark.parametrize("number, shown", [("001 ", '"001 "'), (" 001", '" 001"'), ("001\n", '"001\\n"'),
                                           ("00\u202e1", '"00\\u202e1"')])
def test_a_card_number_with_surrounding_whitespace_or_a_control_is_refused(run, db, tmp_path, number, shown):
    path = _boa_set(tmp_path, lambda d: d["cards"][0].update(number=number))
    before = table_snapshot(db)
    result = run("cards", "import", path)
    assert result.exit_code == 1
    assert f"{path}: $.cards[0].number: {shown} {NUMBER}\n" in result.output
    assert table_snapshot(db) == before


@pytest.mark.parametrize("code, shown", [(" S01", '" S01"'), ("S01 ", '"S01 "'), ("S01\n", '"S01\\n"')])
def test_a_set_code_with_surrounding_whitespace_is_refused(run, db, tmp_path, code, shown):
    path = _boa_set(tmp_path, lambda d: d["set"].update(code=code))
    result = run("cards", "import", path)
    assert result.exit_code == 1
    assert f"{path}: $.set.code: {shown} {SET_CODE}\n" in result.output


def test_a_lone_surrogate_is_refused_not_an_internal_error(run, db, tmp_path):
    path = tmp_path / "surrogate.json"
    doc = json.loads(_boa_set_text())
    doc["set"]["code"] = "Z01"
    path.write_text(json.dumps(doc).replace('"Ember Whelp"', '"Ember \\ud800Whelp"', 1), encoding="utf-8")
    result = run("cards", "import", path)
    assert result.exit_code == 1 and "internal error" not in result.output
    assert '"Ember \\ud800Whelp" is not allowed: a lone surrogate (U+D800-U+DFFF) is not a character' in result.output


def _boa_set_text() -> str:
    return (paths.REPO / "carddb" / "boa" / "sample.json").read_text(encoding="utf-8")


def _format_file(tmp_path, **changes) -> str:
    doc = json.loads((paths.REPO / "carddb" / "boa" / "formats" / "boa-standard.json").read_text(encoding="utf-8"))
    doc.pop("default", None)
    doc.update(name="evil-format", **changes)
    path = tmp_path / "evil-format.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("changes, where, shown, message", [
    ({"title": f"Evil {OSC}"}, "$.title", '"Evil \\u001b]0;pwned\\u0007"', LINE),
    ({"description": "Fine\u202eenif"}, "$.description", '"Fine\\u202eenif"', TEXT),
    ({"card_limits": {"Ember\u202e Whelp": 1}}, "$.card_limits", '"Ember\\u202e Whelp"', NAME),
    ({"legal_sets": [" S01"]}, "$.legal_sets[0]", '" S01"', NUMBER.replace("a card number is written exactly as a"
                                                                          " decklist names it", "a set code is written"
                                                                          " exactly as the set file gives it")),
])
def test_a_format_file_with_a_control_character_is_refused(run, db, tmp_path, changes, where, shown, message):
    path = _format_file(tmp_path, **changes)
    before = table_snapshot(db)
    result = run("deck", "import", paths.EXAMPLES / "ember-rush.txt", "--format", path)
    assert result.exit_code == 1
    assert f"{path}: {where}: {shown} {message}" in result.stderr
    assert table_snapshot(db) == before


def test_every_bundled_set_and_format_passes_both_validators():
    for game in ("boa", "aqa", "sfb"):
        folder = paths.REPO / "carddb" / game
        schema = json.loads((folder / "game.json").read_text(encoding="utf-8"))["card_schema"]
        for path in sorted(folder.glob("*.json")):
            if path.name == "game.json":
                continue
            doc = json.loads(path.read_text(encoding="utf-8"))
            for name, instance in (("cardset.schema.json", doc), (f"{schema}#/$defs/cards", doc["cards"])):
                assert jsonschemas.fast_validator(name).is_valid(instance), path
                assert not list(jsonschemas.validator(name).iter_errors(instance)), path
        for path in sorted((folder / "formats").glob("*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            assert jsonschemas.schema_errors("format.schema.json", doc, str(path)) == []
            assert not list(jsonschemas.validator("format.schema.json").iter_errors(doc)), path


#: Text built around the characters that matter: controls, bidirectional controls, separators, spaces and letters.
_AROUND = st.text(st.sampled_from(["a", "Z", "0", " ", "\t", "\n", "\r", "\x1b", "\x07", "\x7f", "\x85", "\xa0",
                                   "\u2028", "\u2029", "\u200d", "\u200c", "\u200b", "\u200e", "\u202e", "\u2066",
                                   "\u2069", "\u061c", "\ufeff", "\u3000", "\x1c", "\x1f", "ア", "-"]), max_size=6)
_ANY = st.one_of(_AROUND, st.text(st.characters(blacklist_categories=("Cs",)), max_size=6))
_CARD = "card-boa.schema.json#/$defs/cards"


def _spell(**fields) -> list[dict]:
    return [{"number": "1", "name": "Spark", "kind": "spell", "cost": 0, "spell_type": "basic", "text": "x", **fields}]


@settings(max_examples=50)
@given(text=_ANY, field=st.sampled_from(["name", "text", "artist", "number", "set code", "deck name", "deck number"]))
def test_jsonschema_and_jsonschema_rs_agree_on_text_with_control_characters(text, field):
    if field == "set code":
        name, instance = "cardset.schema.json", {"game": "boa", "set": {"code": text, "name": "Set"}, "cards": [{}]}
    elif field == "deck name":
        name, instance = "decklist.schema.json", {"name": text, "meta": {"Player": text}}
    elif field == "deck number":
        name, instance = "decklist.schema.json", {"zones": {"main": [{"count": 1, "set": "S01", "number": text}]}}
    else:
        name, instance = _CARD, _spell(**{field: text})
    fast = jsonschemas.fast_validator(name).is_valid(instance)
    slow = not list(jsonschemas.validator(name).iter_errors(instance))
    assert fast == slow, (field, text)
    if field in ("name", "artist") and text:
        assert fast == (unclean_char(text) is None), (field, text)
    if field == "text" and text:  # (a spell needs a text)
        assert fast == (unclean_char(text, allowed="\t\n\r") is None), text


def test_the_bidirectional_controls_are_those_the_schemas_name():
    assert sorted(BIDI_CONTROLS) == sorted("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
    assert unclean_char("Zero\u200dwidth joiner") is None and unclean_char("\u200c") is None
