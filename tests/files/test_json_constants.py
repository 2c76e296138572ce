"""NaN, Infinity and -Infinity are no JSON numbers (Python's json reads them): every JSON reader refuses them with
their line, column and JSON path, and nothing is stored."""

from __future__ import annotations

import pytest

from deckcli.files.jsontext import JsonSyntaxError, parse_json
from reader_commands import assert_refused


@pytest.mark.parametrize("text, where, reason", [
    ('{"a": [1, {"b c": NaN}]}', (1, 19), "NaN at $.a[1]['b c'] is not a number JSON allows"),
    ('{"s": "NaN Infinity", "cards": [\n {"cost": -Infinity}]}', (2, 11), "-Infinity at $.cards[0].cost is not a number JSON allows"),
    ("[Infinity]", (1, 2), "Infinity at $[0] is not a number JSON allows"),
    ('{"it\'s": NaN}', (1, 10), "NaN at $['it\\'s'] is not a number JSON allows"),
])
def test_constants_are_refused_with_their_position_and_path(text, where, reason):
    with pytest.raises(JsonSyntaxError) as info:
        parse_json(text, "f.json")
    assert (info.value.line, info.value.column, info.value.reason) == (*where, reason)
    assert str(info.value) == f"f.json: line {where[0]}, column {where[1]}: not valid JSON: {reason}"


def test_the_words_inside_strings_and_real_numbers_still_read():
    assert parse_json('{"name": "NaN", "x": -1.5e3, "y": "Infinity"}', "f.json") == {"name": "NaN", "x": -1500.0,
                                                                                  "y": "Infinity"}


DOCS = {
    "decklist": ('{"game": "boa", "zones": {"main": [{"count": NaN, "name": "Ember Whelp"}]}}',
                 "line 1, column 46: not valid JSON: NaN at $.zones.main[0].count is not a number JSON allows"),
    "card set": ('{"game": "boa", "set": {"code": "NAN1", "name": "N"}, "cards": [{"number": "1", "name": "X",'
                 ' "kind": "monster", "cost": Infinity}]}',
                 "line 1, column 121: not valid JSON: Infinity at $.cards[0].cost is not a number JSON allows"),
    "collection": ('[{"game": "boa", "name": "Ember Whelp", "count": -Infinity}]',
                   "line 1, column 50: not valid JSON: -Infinity at $[0].count is not a number JSON allows"),
    "format": ('{"name": "nan-format", "game": "boa", "card_limits": {"Worldbreaker": NaN}}',
               "line 1, column 71: not valid JSON: NaN at $.card_limits.Worldbreaker is not a number JSON allows"),
}


@pytest.mark.parametrize("kind", list(DOCS))
def test_every_json_reader_refuses_them_and_stores_nothing(run, db, tmp_path, kind):
    text, message = DOCS[kind]
    path = tmp_path / "doc.json"
    path.write_text(text, encoding="utf-8")
    assert_refused(run, db, kind, path, message)
