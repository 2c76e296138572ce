"""A deck code is accepted only in the one form deckcli writes: a printing split over two count groups (a valid
checksum, a different code for the same deck) is a ``parse`` problem."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from dbdump import table_snapshot
from deckcli.decklists import code as codes
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError
from deckcli.games import registry


def _code(groups: list[tuple[int, list[str]]], set_code: str = "S01") -> str:
    """A version-1 code of a boa main deck whose one set holds ``groups`` of (count, numbers), checksum right."""
    v, s, n = codes._varint, codes._string, codes._number
    payload = bytearray([codes.VERSION]) + s("boa") + s("") + v(1)
    payload += v(registry.zones()["main"].id) + v(1) + s(set_code) + v(len(groups))
    for count, numbers in groups:
        payload += v(count) + v(len(numbers)) + b"".join(n(x) for x in numbers)
    payload += zlib.crc32(payload).to_bytes(4, "big")
    return codes.PREFIX + base64.urlsafe_b64encode(bytes(payload)).decode().rstrip("=")


SPLIT = _code([(1, ["001"]), (2, ["001", "002"])])  # (S01) 001 once under count 1 and once under count 2
MESSAGE = ("bad deck code: (S01) 001 is listed under two counts, so it is not in canonical form (deckcli writes each"
           " printing once, with its total)")


def test_the_canonical_code_of_the_same_deck_differs_and_reads():
    deck = Decklist(game="boa", entries=[DeckEntry("main", 3, "", "S01", "001"), DeckEntry("main", 2, "", "S01", "002")])
    canonical = codes.encode_code(deck)
    assert canonical != SPLIT and _code([(2, ["002"]), (3, ["001"])]) == canonical
    assert [(e.count, e.number) for e in codes.decode_code(canonical).entries] == [(2, "002"), (3, "001")]


def test_a_printing_under_two_counts_is_refused():
    with pytest.raises(InputError) as info:
        codes.decode_code(SPLIT, "d.code")
    assert str(info.value) == f"d.code: {MESSAGE}"


def test_validate_reports_it_as_a_parse_problem(run, tmp_path):
    path = tmp_path / "split.code"
    path.write_text(SPLIT + "\n", encoding="utf-8")
    result = run("validate", path, "--json")
    assert result.exit_code == 1
    [report] = json.loads(result.stdout)
    assert report["legal"] is False
    assert report["problems"] == [{"rule": "parse", "message": f"{path}: {MESSAGE}"}]


def test_deck_import_stores_nothing(run, db, tmp_path):
    path = tmp_path / "split.code"
    path.write_text(SPLIT, encoding="utf-8")
    before = table_snapshot(db)
    result = run("deck", "import", path, "--name", "Split")
    assert result.exit_code == 1
    assert MESSAGE in result.stderr
    assert table_snapshot(db) == before
