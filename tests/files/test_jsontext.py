"""JSON syntax errors in deckcli's words: the same line, column and reason on every supported Python."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from deckcli.errors import InputError
from deckcli.files.jsontext import JsonSyntaxError, explain, line_and_column, parse_json

# Bad JSON -> deckcli's whole message. CI runs this table on every CPython the project supports.
CASES = [
    ('{"a": 1,}', "line 1, column 8: not valid JSON: trailing comma before '}'"),
    ('{"a": 1, }', "line 1, column 8: not valid JSON: trailing comma before '}'"),
    ('{\n  "name": "x",\n}', "line 2, column 14: not valid JSON: trailing comma before '}'"),
    ('{"a": 1\n,\n}', "line 2, column 1: not valid JSON: trailing comma before '}'"),
    ('{"a":1,\r\n}', "line 1, column 7: not valid JSON: trailing comma before '}'"),
    ("[1, 2,]", "line 1, column 6: not valid JSON: trailing comma before ']'"),
    ("[1,\n  ]", "line 1, column 3: not valid JSON: trailing comma before ']'"),
    ('{"x": [1,2,], "y": 3}', "line 1, column 11: not valid JSON: trailing comma before ']'"),
    ('["a,", ]', "line 1, column 6: not valid JSON: trailing comma before ']'"),
    ("\ufeff[1,]", "line 1, column 3: not valid JSON: trailing comma before ']'"),
    ('{"a":1,,}', "line 1, column 8: not valid JSON: expected a property name in double quotes"),
    ("{'a': 1}", "line 1, column 2: not valid JSON: expected a property name in double quotes"),
    ('{"a" 1}', "line 1, column 6: not valid JSON: expected ':' after the property name"),
    ('{"a": 1 "b": 2}', "line 1, column 9: not valid JSON: expected ',' or '}'"),
    ('{"a":1]', "line 1, column 7: not valid JSON: expected ',' or '}'"),
    ("[1 2]", "line 1, column 4: not valid JSON: expected ',' or ']'"),
    ('{"a]": [1 2]}', "line 1, column 11: not valid JSON: expected ',' or ']'"),
    ('{"k": [{"a": 1}, "x" "y"]}', "line 1, column 22: not valid JSON: expected ',' or ']'"),
    ('{"a":}', "line 1, column 6: not valid JSON: expected a value"),
    ("[1,,2]", "line 1, column 4: not valid JSON: expected a value"),
    ("[1,}", "line 1, column 4: not valid JSON: expected a value"),
    ("nul", "line 1, column 1: not valid JSON: expected a value"),
    ('"abc', "line 1, column 1: not valid JSON: unterminated string"),
    ('[1, "ab\\"]', "line 1, column 5: not valid JSON: unterminated string"),
    ('"a\\qb"', "line 1, column 3: not valid JSON: invalid escape"),
    ('"a\\u12"', "line 1, column 3: not valid JSON: invalid escape"),
    ('"\\ud800\\u12"', "line 1, column 8: not valid JSON: invalid escape"),
    ('"a\tb"', "line 1, column 3: not valid JSON: invalid control character in a string"),
    ('{"name": "two\nlines"}', "line 1, column 14: not valid JSON: invalid control character in a string"),
    ("{} x", "line 1, column 4: not valid JSON: extra data after the JSON document"),
    ("[1]\n\n  [2]", "line 3, column 3: not valid JSON: extra data after the JSON document"),
    ("/* c */ {}", "line 1, column 1: not valid JSON: comments are not allowed in JSON"),
    ('{"a": 1 // c\n}', "line 1, column 9: not valid JSON: comments are not allowed in JSON"),
    ("{", "line 1, column 2: not valid JSON: unexpected end of the document"),
    ('{\n  "a": 1,\n', "line 3, column 1: not valid JSON: unexpected end of the document"),
    ("[1,2", "line 1, column 5: not valid JSON: unexpected end of the document"),
    ("", "line 1, column 1: not valid JSON: empty document"),
    ("\ufeff \n ", "line 1, column 1: not valid JSON: empty document"),
    ("[" * 100_000 + "]" * 100_000, "line 1, column 501: not valid JSON: nested too deeply"),
    ("[1, " + "9" * 5000 + "]", "line 1, column 5: not valid JSON: number with more than 4300 digits"),
]


@pytest.mark.parametrize("text, message", CASES)
def test_bad_json_gives_deckcli_message(text, message):
    with pytest.raises(JsonSyntaxError) as info:
        parse_json(text, "f.json")
    assert str(info.value) == f"f.json: {message}"


def test_error_carries_its_parts_and_is_an_input_error():
    with pytest.raises(InputError) as info:
        parse_json('{"a": 1,}', "deck.json")
    error = info.value
    assert isinstance(error, JsonSyntaxError)
    assert (error.label, error.line, error.column, error.reason) == ("deck.json", 1, 8, "trailing comma before '}'")


# The stdlib's own (message, position) for the same text on 3.11/3.12 and on 3.13 -> one deckcli answer,
# so the version-independence is checked on whichever Python runs the tests.
STDLIB_VARIANTS = [
    ('{"a": 1,\n "b": 2,\n}\n', ("Expecting property name enclosed in double quotes", 18),
     ("Illegal trailing comma before end of object", 16), (16, "trailing comma before '}'")),
    ("[1,\n  ]", ("Expecting value", 6), ("Illegal trailing comma before end of array", 2),
     (2, "trailing comma before ']'")),
    ('"a\tb"', ("Invalid control character '\\t' at", 2), ("Invalid control character at", 2),
     (2, "invalid control character in a string")),
    ('"a\\qb"', ("Invalid \\escape: 'q'", 2), ("Invalid \\escape", 2), (2, "invalid escape")),
]


@pytest.mark.parametrize("text, older, newer, expected", STDLIB_VARIANTS)
def test_stdlib_wordings_of_every_version_map_to_one_answer(text, older, newer, expected):
    assert explain(text, *older) == explain(text, *newer) == expected


def test_an_unknown_stdlib_message_is_shown_as_it_is():
    assert explain("[1]", "Some new message", 1) == (1, "Some new message")


@pytest.mark.parametrize("text", ['{"a": [1, {"b": null}], "c": "\\u00e9"}', "\ufeff[]", "3", '"x"'])  # NaN is refused: test_json_constants
def test_valid_json_reads_as_the_stdlib_reads_it(text):
    assert json.dumps(parse_json(text, "ok.json")) == json.dumps(json.loads(text.removeprefix("\ufeff")))


def test_line_and_column_are_one_based_characters():
    assert line_and_column("ab\ncé\n", 0) == (1, 1)
    assert line_and_column("ab\ncé\n", 4) == (2, 2)
    assert line_and_column("ab\ncé\n", 6) == (3, 1)


@given(st.text(alphabet='{}[],:"\\ \n\tabc01-.eE/', max_size=40))
def test_any_text_parses_or_gives_a_position_inside_it(text):
    try:
        parse_json(text, "h")
    except JsonSyntaxError as error:
        lines = text.split("\n")
        assert 1 <= error.line <= len(lines)
        assert 1 <= error.column <= len(lines[error.line - 1]) + 1
        assert error.reason and "line " not in error.reason
