"""JSON decklists: the schema, every error reported with its JSON path, and writing what reads back."""

from __future__ import annotations

import json

import pytest

from deckcli.decklists.jsonfmt import format_json, parse_json
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError
from deckcli.validation.jsonschemas import validator

DOC = {
    "name": "Ember Rush",
    "game": "BOA",
    "format": "boa-standard",
    "meta": {"Player": "Aki", "Nemu": "天羽つかさ"},
    "zones": {
        "main": [
            {"count": 4, "name": "Ember Whelp"},
            {"count": 1, "name": "Worldbreaker", "set": "S01", "number": "050"},
        ],
        "limitbreak": [{"count": 2, "name": "Ashen Titan"}],
        "side": [{"count": 3, "set": "S01", "number": "090"}],
        "champions": [{"name": "Kilgore"}, {"set": "CORE", "number": "C02"}],
    },
}


def test_parse_reads_fields_meta_and_zones_in_order():
    deck = parse_json(json.dumps(DOC, ensure_ascii=False), "deck.json")
    assert (deck.name, deck.game, deck.format, deck.source) == ("Ember Rush", "boa", "boa-standard", "deck.json")
    assert deck.meta == {"Player": "Aki", "Ne-mu": "天羽つかさ"}
    assert [(e.zone, e.count, e.name, e.set_code, e.number) for e in deck.entries] == [
        ("champions", 1, "Kilgore", None, None),
        ("champions", 1, "", "CORE", "C02"),
        ("main", 4, "Ember Whelp", None, None),
        ("main", 1, "Worldbreaker", "S01", "050"),
        ("limitbreak", 2, "Ashen Titan", None, None),
        ("side", 3, "", "S01", "090"),
    ]
    assert deck.problems == []


def test_format_is_indented_utf8_and_valid_against_the_schema():
    deck = parse_json(json.dumps(DOC))
    text = format_json(deck)
    assert text.startswith('{\n  "name": "Ember Rush",')
    assert "天羽つかさ" in text
    data = json.loads(text)
    assert list(validator("decklist.schema.json").iter_errors(data)) == []
    assert data["game"] == "boa" and data["meta"] == {"Player": "Aki", "Ne-mu": "天羽つかさ"}
    assert data["zones"]["champions"] == [{"name": "Kilgore"}, {"set": "CORE", "number": "C02"}]
    assert format_json(parse_json(text)) == text


def test_minimal_documents():
    assert parse_json("{}").entries == []
    assert parse_json('{"zones": {}}').entries == []


def test_every_schema_error_is_reported_with_source_and_path():
    bad = {
        "nam": "typo",
        "meta": {"Format": "x"},
        "zones": {
            "main": [{"count": 0, "name": "A"}, {"name": "B"}, {"count": 1, "set": "S01"}, {"count": 2}],
            "extra": [],
            "champions": [{"name": "C", "count": 2}],
        },
    }
    with pytest.raises(InputError) as err:
        parse_json(json.dumps(bad), "bad.json")
    lines = str(err.value).splitlines()
    assert all(line.startswith("bad.json: $") for line in lines)
    text = str(err.value)
    # After "$.path: " these are deckcli's words for each failed keyword, jsonschema's wording but for the dependency
    # and the "is not allowed: ..." one (deckcli/validation/schemamessages.py).
    for expected in (
        "bad.json: $: Additional properties are not allowed ('nam' was unexpected)",
        'bad.json: $.meta: "Format" is not allowed: name, game and format are top-level properties.',
        "bad.json: $.zones: Additional properties are not allowed ('extra' was unexpected)",
        "bad.json: $.zones.main[0].count: 0 is less than the minimum of 1",
        "bad.json: $.zones.main[1]: 'count' is a required property",
        "bad.json: $.zones.main[2]: 'number' is a required property when 'set' is given",
        "bad.json: $.zones.main[3]: 'name' is a required property",
        "bad.json: $.zones.champions[0]: Additional properties are not allowed ('count' was unexpected)",
    ):
        assert expected in lines, text


@pytest.mark.parametrize(
    "name", [" padded", "two\nlines", "", "tab\there"]
)
def test_names_must_be_one_clean_line(name):
    with pytest.raises(InputError, match=r"\$\.zones\.main\[0\]\.name: .* is not allowed: One line of text"):
        parse_json(json.dumps({"zones": {"main": [{"count": 1, "name": name}]}}), "x.json")


def test_syntax_errors_give_line_and_column():
    # deckcli's own position and reason (deckcli/files/jsontext.py): the comma, on every Python.
    with pytest.raises(InputError) as err:
        parse_json('{\n  "name": "x",\n}', "d.json")
    assert str(err.value) == "d.json: line 2, column 14: not valid JSON: trailing comma before '}'"


@pytest.mark.parametrize("text", ["[]", '"deck"', "null", "4", '{"zones": []}', '{"zones": {"main": {}}}'])
def test_wrong_shapes_are_input_errors(text):
    with pytest.raises(InputError, match=r"^s: "):
        parse_json(text, "s")


def test_deep_nesting_is_an_input_error():
    with pytest.raises(InputError):
        parse_json("[" * 100_000 + "]" * 100_000, "deep.json")


def test_many_errors_are_bounded():
    doc = {"zones": {"main": [{"count": 0, "name": "x"}] * 500}}
    with pytest.raises(InputError) as err:
        parse_json(json.dumps(doc), "m.json")
    lines = str(err.value).splitlines()
    assert len(lines) == 21
    assert lines[-1] == "m.json: ... and 480 more errors"


def test_float_counts_that_are_whole_become_ints():
    deck = parse_json('{"zones": {"main": [{"count": 3.0, "name": "X"}]}}')
    assert deck.entries[0].count == 3 and isinstance(deck.entries[0].count, int)


def test_unwritable_decks_raise_input_error():
    with pytest.raises(InputError, match="cannot write the decklist as JSON"):
        format_json(Decklist(entries=[DeckEntry("main", 1, "a\nb")]))
    with pytest.raises(InputError, match="cannot write the decklist as JSON"):
        format_json(Decklist(meta={"Game": "boa"}))
    with pytest.raises(InputError, match=r"cannot write the decklist as JSON: \$\.name"):
        format_json(Decklist(name="bad\u2028name"))


def test_champion_listed_twice_is_written_twice():
    deck = Decklist(entries=[DeckEntry("champions", 2, "Kilgore")])
    assert json.loads(format_json(deck))["zones"]["champions"] == [{"name": "Kilgore"}, {"name": "Kilgore"}]
