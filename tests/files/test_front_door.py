"""The reading front door: decklists, card sets, collections and formats are read by one door, with one size limit
per kind, one decoder and one message style (1-based byte and line positions)."""

from __future__ import annotations

import codecs
import json
import os
import subprocess
import sys

import pytest

from dbdump import table_snapshot
from deckcli.errors import InputError
from deckcli.files.jsontext import MAX_DEPTH, parse_json
from deckcli.files.reading import LIMITS, STDIN_LABEL, read_document
from reader_commands import assert_refused, read_command

LATIN1 = "count,name\n1,Bête Noire\n".encode("latin-1")  # byte 15 (1-based), line 2, is not UTF-8


def _kinds(tmp_path, data: bytes):
    """The same bytes as a decklist, card set, collection and format file, and the command reading each."""
    paths_ = {}
    for kind, name in (("decklist", "d.txt"), ("card set", "s.json"), ("collection", "c.csv"), ("format", "f.json")):
        path = tmp_path / name
        path.write_bytes(data)
        paths_[kind] = path
    return paths_


@pytest.mark.parametrize("kind", ["decklist", "card set", "collection", "format"])
def test_an_encoding_error_reads_the_same_in_every_reader(run, db, tmp_path, kind):
    path = _kinds(tmp_path, LATIN1)[kind]
    before = table_snapshot(db)
    result = run(*read_command(kind, path))
    assert result.exit_code in (1, 2)
    assert f"{path}: not UTF-8 text (byte 15, line 2); save it as UTF-8" in result.output
    assert table_snapshot(db) == before


@pytest.mark.parametrize("kind", list(LIMITS))
def test_every_kind_has_its_size_limit(tmp_path, kind):
    path = tmp_path / "big"
    with path.open("wb") as handle:
        handle.truncate(LIMITS[kind] + 1)
    with pytest.raises(InputError) as info:
        read_document(path, kind)
    assert str(info.value) == f"{path}: too large for a {kind} (more than {LIMITS[kind] // 1024 // 1024} MB)"
    with pytest.raises(InputError) as info:
        read_document("-", kind, stdin=b" " * (LIMITS[kind] + 1))
    assert str(info.value) == f"{STDIN_LABEL}: too large for a {kind} (more than {LIMITS[kind] // 1024 // 1024} MB)"


@pytest.mark.parametrize("bom, encoding", [
    (b"", "utf-8"), (codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
])
@pytest.mark.parametrize("kind", list(LIMITS))
def test_utf8_and_utf16_with_a_bom_read_in_every_kind(tmp_path, kind, bom, encoding):
    path = tmp_path / "doc"
    path.write_bytes(bom + "天羽つかさ, Bête\n".encode(encoding))
    assert read_document(path, kind).text == "天羽つかさ, Bête\n"


@pytest.mark.parametrize("data, message", [
    (b"\x00\x01binary", "not a text file (it contains NUL bytes)"),
    (codecs.BOM_UTF16_LE + b"4\x00 ", "not valid UTF-16 text (byte 5); save it as UTF-8"),
    (b"ok\n\xff", "not UTF-8 text (byte 4, line 2); save it as UTF-8"),
])
def test_undecodable_bytes(tmp_path, data, message):
    path = tmp_path / "x"
    path.write_bytes(data)
    with pytest.raises(InputError) as info:
        read_document(path, "collection")
    assert str(info.value) == f"{path}: {message}"


def test_missing_folder_and_unreadable(tmp_path):
    with pytest.raises(InputError, match=r": no such file$"):
        read_document(tmp_path / "none", "card set")
    with pytest.raises(InputError, match=r": is a folder, not a card set file$"):
        read_document(tmp_path, "card set")


def test_the_depth_limit_is_deckclis_own():
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "x") is not None
    with pytest.raises(InputError) as info:
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "x")
    assert str(info.value) == f"x: line 1, column {MAX_DEPTH + 1}: not valid JSON: nested too deeply"
    brackets_in_strings = json.dumps(["[" * 5000, "{" * 5000])  # strings do not nest
    assert parse_json(brackets_in_strings, "x") == ["[" * 5000, "{" * 5000]
    assert parse_json('["\\\\", "\\"[[[[", {"a": [1]}]', "x") == ["\\", '"[[[[', {"a": [1]}]


def test_collection_json_nested_100000_deep(run, db, tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    before = table_snapshot(db)
    result = run("collection", "import", path)
    assert result.exit_code == 1
    assert result.stderr == f"Error: {path}: line 1, column {MAX_DEPTH + 1}: not valid JSON: nested too deeply\n"
    assert table_snapshot(db) == before


@pytest.mark.parametrize("kind", ["card set", "format", "decklist"])
def test_every_json_reader_refuses_deep_nesting(run, db, tmp_path, kind):
    text = '{"name": ' + "[" * 100_000 + "]" * 100_000 + "}"
    path = _kinds(tmp_path, text.encode())[kind].with_suffix(".json")
    path.write_text(text, encoding="utf-8")
    assert_refused(run, db, kind, path, f"line 1, column {MAX_DEPTH + 9}: not valid JSON: nested too deeply")


def test_collection_import_from_stdin_with_non_utf8_bytes_under_a_strict_locale(db, tmp_path):
    before = table_snapshot(db)
    env = {**os.environ, "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "PYTHONUTF8": "0", "DECKCLI_DB": str(db.target)}
    env.pop("PYTHONIOENCODING", None)
    result = subprocess.run([sys.executable, "-m", "deckcli", "collection", "import", "-"], input=LATIN1,
                            capture_output=True, env=env, check=False)
    assert result.returncode == 1
    assert result.stderr.decode() == "Error: <stdin>: not UTF-8 text (byte 15, line 2); save it as UTF-8\n"
    assert table_snapshot(db) == before
