"""The one CSV reader: decklists, collections, card sheets and form exports all read a ``sep=`` first line, ``,``,
``;`` or tab, and name a line that is not CSV in the same words."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from dbdump import table_snapshot

EXAMPLE = paths.REPO / "tests" / "data" / "decks" / "boa-standard" / "legal" / "example-deck.txt"
UNCLOSED = 'not CSV: a quoted cell is not closed (a " is missing)'


def _rows() -> list[tuple[str, str, str]]:
    """The example deck's cards as (section, count, name)."""
    zone, rows = "", []
    sections = {"Main Deck": "main", "Limitbreak Deck": "limitbreak", "Side Deck": "side"}
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line in sections:
            zone = sections[line]
        elif line[:1].isdigit():
            count, name = line.split(" ", 1)
            rows.append((zone, count, name))
    return rows


@pytest.mark.parametrize("first, delimiter", [("sep=;\n", ";"), ("", ";"), ("", "\t"), ('"sep=\t"\n', "\t")],
                         ids=["sep-semicolon", "semicolon", "tab", "sep-tab"])
def test_a_decklist_csv_in_any_dialect_reads_and_is_legal(run, tmp_path, first, delimiter):
    text = first + "\n".join(delimiter.join(row) for row in [("section", "count", "name"), *_rows()]) + "\n"
    path = tmp_path / "deck.csv"
    path.write_text(text, encoding="utf-8")
    from_file = run("validate", path, "--format", "boa-standard", "--json")
    assert from_file.exit_code == 0, from_file.output
    assert [(r["legal"], r["problems"]) for r in json.loads(from_file.stdout)] == [(True, [])]
    from_stdin = run("validate", "-", "--format", "boa-standard", "--json", input=text.encode())  # by content
    assert [(r["legal"], r["problems"]) for r in json.loads(from_stdin.stdout)] == [(True, [])]


def test_an_unclosed_quote_in_a_decklist_csv_is_a_problem_at_its_row(run, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text('sep=;\nsection;count;name\nmain;4;Ember Whelp\nmain;2;"Fireball\n', encoding="utf-8")
    result = run("validate", path, "--json")
    assert result.exit_code == 1
    [report] = json.loads(result.stdout)
    assert {"rule": "parse", "line": 4, "message": UNCLOSED} in report["problems"]


def test_an_unclosed_quote_is_named_the_same_by_the_collection_and_the_card_sheet_readers(run, db, tmp_path):
    before = table_snapshot(db)
    collection = tmp_path / "owned.csv"
    collection.write_text('count;name;game\n1;Ember Whelp;boa\n2;"Fireball;boa\n', encoding="utf-8")
    imported = run("collection", "import", collection)
    assert imported.exit_code == 1
    assert imported.stderr == f"Error: {collection}: line 3: {UNCLOSED}\n"
    sheet = tmp_path / "cards.tsv"
    sheet.write_text('number\tname\tkind\n1\t"Spark\tspell\n', encoding="utf-8")
    cards = run("cards", "import", sheet, "--game", "boa", "--set", "T1", "--set-name", "Test")
    assert cards.exit_code == 1
    assert cards.stderr.splitlines()[0] == f"{sheet}: line 2: {UNCLOSED}"
    assert table_snapshot(db) == before
