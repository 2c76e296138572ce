"""Garbage in, a clear InputError out: files and stdin that are not decklists never cause a traceback."""

from __future__ import annotations

import codecs
import io
import random
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.decklists.io import (
    DECK_FORMATS,
    MAX_BYTES,
    detect_format,
    format_deck,
    read_decklist,
    write_decklist,
)
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError

DECK = "Name: Ember Rush\nGame: boa\nMain Deck\n4 Ember Whelp\n2 Fireball\n"


def write(tmp_path, name, data: bytes):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def error_of(source, **kw) -> str:
    with pytest.raises(InputError) as err:
        read_decklist(source, **kw)
    return str(err.value)


def test_a_good_file_reads_with_source_set(tmp_path):
    path = write(tmp_path, "ember.txt", DECK.encode())
    deck = read_decklist(path)
    assert deck.source == path and deck.name == "Ember Rush"
    assert [(e.count, e.name, e.line) for e in deck.entries] == [(4, "Ember Whelp", 4), (2, "Fireball", 5)]


def test_missing_file_and_folder(tmp_path):
    assert error_of(str(tmp_path / "nope.txt")) == f"{tmp_path / 'nope.txt'}: no such file"
    assert error_of(str(tmp_path)) == f"{tmp_path}: is a folder, not a decklist file"


def test_empty_and_blank_files(tmp_path):
    assert error_of(write(tmp_path, "e.txt", b"")).endswith(": empty decklist")
    assert error_of(write(tmp_path, "b.txt", b" \n\r\n\t\n")).endswith(": empty decklist")
    assert error_of("-", stdin=b"") == "<stdin>: empty decklist"


def test_binary_file(tmp_path):
    data = bytes(random.Random(1).randrange(256) for _ in range(4096)) + b"\x00"
    assert error_of(write(tmp_path, "x.deck", data)).endswith("not a text file (it contains NUL bytes)")
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    assert "not a text file" in error_of(write(tmp_path, "deck.png", png))


def test_latin1_is_not_utf8_and_says_where(tmp_path):
    data = "Main Deck\n4 Ember Whelp\n2 Bête Noire\n".encode("latin-1")
    message = error_of(write(tmp_path, "l1.txt", data))
    assert message.endswith("l1.txt: not UTF-8 text (byte 28, line 3); save it as UTF-8")


@pytest.mark.parametrize(
    "bom, encoding",
    [(codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")],
)
def test_utf8_and_utf16_with_bom_work(tmp_path, bom, encoding):
    data = bom + (DECK + "1 堕天使“天羽つかさ”\n").encode(encoding)
    deck = read_decklist(write(tmp_path, "bom.txt", data))
    assert deck.name == "Ember Rush"
    assert [e.name for e in deck.entries] == ["Ember Whelp", "Fireball", "堕天使“天羽つかさ”"]
    assert read_decklist("-", stdin=io.BytesIO(data)).source == "<stdin>"


def test_utf16_without_bom_or_broken_is_an_error(tmp_path):
    assert "not a text file" in error_of(write(tmp_path, "u.txt", DECK.encode("utf-16-le")))
    assert "not valid UTF-16" in error_of(write(tmp_path, "v.txt", codecs.BOM_UTF16_LE + b"4\x00 "))


def test_too_large_file_and_stdin(tmp_path):
    rng = random.Random(7)
    text = "".join(rng.choices(string.printable, k=10 * 1024 * 1024))
    path = write(tmp_path, "big.txt", text.encode())
    assert error_of(path) == f"{path}: too large for a decklist (more than 2 MB)"
    assert error_of("-", stdin=io.BytesIO(text.encode())) == "<stdin>: too large for a decklist (more than 2 MB)"


def test_random_text_just_under_the_limit_gives_bounded_output(tmp_path):
    rng = random.Random(11)
    text = "".join(rng.choices(string.ascii_letters + string.punctuation + " \n", k=MAX_BYTES - 10))
    path = write(tmp_path, "noise", text.encode())
    try:
        deck = read_decklist(path)
    except InputError as err:
        assert "no cards found" in str(err) and len(str(err)) < 2000
    else:
        assert len(deck.problems) <= 21 and deck.problem_total() > 1000


def test_prose_has_no_cards(tmp_path):
    message = error_of(write(tmp_path, "prose.txt", b"Dear diary,\nI love this game.\n" * 50))
    lines = message.splitlines()
    assert lines[0].endswith('prose.txt: no cards found (expected lines like "4 Ember Whelp")')
    assert lines[1].endswith('line 1: expected "COUNT NAME" (like "4 Ember Whelp"), got "Dear diary,"')
    assert lines[-1].endswith("... and 95 more problems") and len(lines) == 7


def test_a_few_bad_lines_give_a_decklist_with_problems(tmp_path):
    deck = read_decklist(write(tmp_path, "d.txt", (DECK + "Ember Whelp x\n").encode()))
    assert len(deck.entries) == 2
    assert [str(p) for p in deck.problems] == [
        'line 6: expected "COUNT NAME" (like "4 Ember Whelp"), got "Ember Whelp x"'
    ]


@pytest.mark.parametrize(
    "name, content, fmt",
    [
        ("a.json", '{"zones": {"main": [{"count": 1, "name": "X"}]}}', "json"),
        ("a.csv", "section,count,name\nmain,1,X\n", "csv"),
        ("a.txt", "1 X\n", "text"),
        ("a.dec", "1 X\n", "text"),
        ("a.deck", "1 X\n", "text"),
        ("noext", '  \n{"zones": {"main": [{"count": 1, "name": "X"}]}}', "json"),
        ("noext", "Count,Name\n1,X\n", "csv"),
        ("noext", "1 X\n", "text"),
        ("noext", "Name: a,b\ncount,name\n1 X\n", "text"),
    ],
)
def test_format_detection(tmp_path, name, content, fmt):
    assert detect_format(content, tmp_path / name) == fmt
    deck = read_decklist(write(tmp_path, name, content.encode()))
    assert [(e.count, e.name) for e in deck.entries] == [(1, "X")]


def test_code_is_detected_in_a_file_and_on_stdin(tmp_path):
    deck = Decklist(game="boa", entries=[DeckEntry("main", 4, "", "S01", "001")])
    code = format_deck(deck, "code")
    assert detect_format(code) == "code"
    for source, kw in ((write(tmp_path, "deck.code", code.encode()), {}), ("-", {"stdin": code.encode()})):
        back = read_decklist(source, **kw)
        assert [(e.count, e.set_code, e.number) for e in back.entries] == [(4, "S01", "001")]
    assert "checksum" in error_of("-", stdin=code.strip()[:-3].encode() + b"AAA\n")


def test_forced_format_and_errors_per_format(tmp_path):
    path = write(tmp_path, "a.txt", b'{"zones": {}}')
    assert error_of(path, fmt="json") == f"{path}: no cards found (expected lines like \"4 Ember Whelp\")"
    assert "not valid JSON" in error_of(write(tmp_path, "b.json", b"{oops"))
    assert "expected the header" in error_of(write(tmp_path, "c.csv", b"1,X\n"))
    assert "unknown decklist format 'yaml'" in error_of(path, fmt="yaml")


def test_write_to_file_stdout_and_errors(tmp_path):
    deck = Decklist(name="A", game="boa", entries=[DeckEntry("main", 2, "Fireball", "S01", "010")])
    for fmt in DECK_FORMATS:
        target = tmp_path / f"out-{fmt}"
        write_decklist(deck, fmt, str(target))
        back = read_decklist(str(target), fmt=fmt)
        assert [(e.count, e.set_code, e.number) for e in back.entries] == [(2, "S01", "010")]
    write_decklist(deck, None, str(tmp_path / "guess.json"))
    assert (tmp_path / "guess.json").read_text(encoding="utf-8").startswith("{")
    out = io.StringIO()
    write_decklist(deck, "text", "-", stdout=out)
    assert out.getvalue() == "Name: A\nGame: boa\n\nMain Deck\n2 Fireball (S01) 010\n"
    with pytest.raises(InputError, match="is a folder"):
        write_decklist(deck, "text", str(tmp_path))
    with pytest.raises(InputError, match="folder does not exist"):
        write_decklist(deck, "text", str(tmp_path / "missing" / "x.txt"))
    with pytest.raises(InputError, match="unknown decklist format"):
        format_deck(deck, "xml")
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")) == []


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_on_stdin_give_a_decklist_or_input_error(data):
    try:
        deck = read_decklist("-", stdin=data)
    except InputError:
        return
    assert deck.entries and len(deck.problems) <= 21


def test_pathological_long_lines_parse_in_linear_time():
    spaces = " " * 200_000
    text = f"a{spaces}!\n4 a{spaces}b\n4 {'(S) ' * 50_000}\nMain Deck{spaces}:\n4 {'( ' * 50_000}x\n"
    deck = read_decklist("-", stdin=text.encode())
    assert [(e.line, e.count, e.set_code) for e in deck.entries] == [(2, 4, None), (3, 4, "S"), (5, 4, None)]
    assert [p.line for p in deck.problems] == [1, 4]
