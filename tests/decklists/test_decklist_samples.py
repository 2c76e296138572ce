"""Every decklist layout's sample file (tests/data/layouts/<tool>/decklist*) reads to exactly the zones beside it.

A case is two files: the sample, laid out as the tool writes it (header, quoting, spellings, BOM, line endings),
and ``<sample>.expected.json``: the layout deckcli must choose, the game, the cards per zone as read and as
resolved (after routing), whether the deck is legal and the notes reading made; or, for a file deckcli must
refuse, the exit status and the error. A new case needs no Python.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import paths  # tests/support/paths.py
from deck_support import stored, table_snapshot
from deckcli.decklists import layouts
from deckcli.decklists.io import read_decklist
from deckcli.legality.resolve import Resolver
from deckcli.legality.rules import check_deck

LAYOUTS = paths.DATA / "layouts"
#: Decklist samples are named decklist*; the folders hold collection samples too.
SAMPLES = sorted(p for p in LAYOUTS.glob("*/decklist*") if not p.name.endswith(".expected.json"))
GOOD = [p for p in SAMPLES if "error" not in json.loads(p.with_name(p.name.rsplit(".", 1)[0] + ".expected.json").read_text())]
IDS = lambda p: f"{p.parent.name}/{p.name}"  # noqa: E731


def expected_of(sample: Path) -> dict:
    return json.loads(sample.with_name(sample.name.rsplit(".", 1)[0] + ".expected.json").read_text(encoding="utf-8"))


def sizes(entries) -> dict[str, int]:
    found: dict[str, int] = {}
    for entry in entries:
        found[entry.zone] = found.get(entry.zone, 0) + entry.count
    return found


def test_every_layout_deckcli_reads_from_another_tool_has_a_sample():
    tools = {p.parent.name for p in SAMPLES}
    others = {name for name in layouts.readable() if name not in ("text", "json", "csv", "code")}
    folders = {"cod": "cockatrice"}
    assert {folders.get(name, name) for name in others} <= tools
    assert {expected_of(p)["layout"] for p in GOOD} >= others


@pytest.mark.parametrize("sample", GOOD, ids=IDS)
def test_sample_reads_to_exactly_its_zones(db, sample):
    expected = expected_of(sample)
    deck = read_decklist(str(sample))
    assert deck.problems == []
    assert deck.layout == expected["layout"]
    assert sizes(deck.entries) == expected["read"]
    assert deck.name == expected["name"]
    assert deck.meta == expected.get("meta", {})
    assert deck.format == expected.get("format")
    if "printings" in expected:
        assert sum(1 for e in deck.entries if e.set_code and e.number) == expected["printings"]
    resolved = Resolver(db).resolve(deck)
    assert resolved.game == expected["game"]
    assert sizes(resolved.cards + resolved.aside) == expected["zones"]
    assert resolved.notes == expected["notes"]
    assert (check_deck(resolved) == []) is expected["legal"], [p.message for p in check_deck(resolved)]


@pytest.mark.parametrize("sample", GOOD, ids=IDS)
def test_legal_samples_validate_and_notes_go_to_stderr(run, sample):
    expected = expected_of(sample)
    result = run("validate", sample)
    assert result.exit_code == (0 if expected["legal"] else 1), result.output
    assert f"{sample} ({expected['game']}, " in result.stdout
    for note in expected["notes"]:
        assert note in result.stderr
    report = json.loads(run("validate", sample, "--json").stdout)[0]
    assert report["legal"] is expected["legal"] and report.get("notes", []) == expected["notes"]


@pytest.mark.parametrize("sample", GOOD, ids=IDS)
def test_import_then_cod_export_then_import_gives_the_same_deck(run, db, tmp_path, sample):
    imported = run("deck", "import", sample, "--name", "Sample")
    assert imported.exit_code == 0, imported.output
    for note in expected_of(sample)["notes"]:
        assert f"Note: {note}." in imported.stderr
    before = stored(db, "Sample")
    assert sum(before["cards"].values()) == sum(expected_of(sample)["zones"].values())
    cod = tmp_path / "sample.cod"
    assert run("deck", "export", "Sample", "--to", "cod", "-o", cod).exit_code == 0
    assert cod.read_text(encoding="utf-8").startswith('<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_deck version="1">')
    assert run("deck", "import", cod, "--replace").exit_code == 0
    assert stored(db, "Sample") == before
    assert run("deck", "export", "Sample", "-o", tmp_path / "again.cod").exit_code == 0  # the extension says cod
    assert (tmp_path / "again.cod").read_text(encoding="utf-8") == cod.read_text(encoding="utf-8")


@pytest.mark.parametrize("sample", [p for p in SAMPLES if p not in GOOD], ids=IDS)
def test_refused_samples_are_a_clear_error_and_nothing_is_imported(run, db, sample):
    expected = expected_of(sample)
    before = table_snapshot(db)
    for args in (("validate", sample), ("deck", "import", sample)):
        result = run(*args)
        assert result.exit_code == expected["exit"], result.output
        assert expected["error"] in result.output
        assert "Traceback" not in result.output
    assert table_snapshot(db) == before


def test_billion_laughs_is_refused_before_any_entity_is_expanded():
    laughs = (LAYOUTS / "cockatrice" / "decklist-billion-laughs.cod").read_text(encoding="utf-8")
    deck = layouts.read(laughs.replace("lol9;", "lol9;" * 1000), source="laughs")
    assert deck.entries == [] and deck.name is None
    assert [(p.line, p.message) for p in deck.problems] == [
        (2, "a Cockatrice deck has no DOCTYPE; deckcli reads no DTD and expands no entities")
    ]


def test_a_missing_decklist_file_is_a_usage_error_naming_it(run, tmp_path):
    missing = tmp_path / "nope.txt"
    for args in (("validate", missing), ("validate", "--side-from", missing, missing), ("deck", "import", missing),
                 ("odds", missing, "--want", "1+ kind=spell")):
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        assert f"'{missing}' does not exist" in result.stderr
        assert "NOT legal" not in result.output
    assert run("validate", "-", input="Game: boa\n4 Ember Whelp\n").exit_code == 1  # - still reads stdin
