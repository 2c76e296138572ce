"""A format's ``extends`` chain is walked in a loop with a limit: a chain of 1,000 files is refused naming its files
(it was an internal RecursionError), a cycle is refused naming the loop, and a chain within the limit merges as before."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from deckcli.errors import InputError
from deckcli.legality.formats import MAX_EXTENDS, load_format

DECK = paths.DATA / "decks" / "boa-standard" / "legal" / "match-round1.txt"


def _chain(tmp_path, length: int, last: str = "boa-standard"):
    """``length`` format files f0 -> f1 -> ... each extending the next, the last extending ``last``; returns f0."""
    files = [tmp_path / f"f{i}.json" for i in range(length)]
    for i, path in enumerate(files):
        parent = str(files[i + 1]) if i + 1 < length else last
        path.write_text(json.dumps({"name": f"f{i}", "game": "boa", "extends": parent}), encoding="utf-8")
    return files[0]


def test_a_chain_of_1000_files_is_refused_naming_its_files(run, tmp_path):
    first = _chain(tmp_path, 1000)
    result = run("validate", "--format", first, DECK)
    assert result.exit_code == 1, result.output  # a --format file refused, as every bad format file is (exit 1)
    assert "internal error" not in result.output and "RecursionError" not in result.output
    assert f"extends a chain of more than {MAX_EXTENDS} format files: {first} -> {tmp_path / 'f1.json'} ->" in (
        result.output
    )
    assert f"-> {tmp_path / f'f{MAX_EXTENDS}.json'}" in result.output


def test_a_chain_within_the_limit_is_merged(tmp_path):
    fmt = load_format(str(_chain(tmp_path, MAX_EXTENDS - 1)))
    assert fmt.name == "f0" and fmt.zones == load_format("boa-standard").zones


def test_a_cycle_is_refused_naming_the_loop(tmp_path):
    first = _chain(tmp_path, 3, last=str(tmp_path / "f0.json"))
    with pytest.raises(InputError) as caught:
        load_format(str(first))
    names = " -> ".join(str(tmp_path / f"f{i}.json") for i in (0, 1, 2, 0))
    assert str(caught.value) == f"format {str(first)!r} extends itself: {names}"
