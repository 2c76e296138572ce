"""A cell holding a bare carriage return is quoted by every CSV writer, so no spreadsheet starts a row (and a live
formula) inside it, and deckcli reads its own export back."""

from __future__ import annotations

import csv
import io
import json

import pytest

from deckcli.collection.layouts import writable
from deckcli.files.csvwriting import CsvWriter

TAG = "bin\r=SUM(1)"


@pytest.mark.parametrize("line_end", ["\n", "\r\n"])
def test_the_writer_quotes_a_bare_cr_on_every_python(line_end):
    out = io.StringIO()
    writer = CsvWriter(out, line_end)
    writer.writerows([["count", "tag"], [2, TAG], [1, "a\nb"], [3, "plain"]])
    assert out.getvalue() == line_end.join(["count,tag", f'2,"{TAG}"', '1,"a\nb"', "3,plain"]) + line_end
    assert list(csv.reader(io.StringIO(out.getvalue(), newline=""))) == [
        ["count", "tag"], ["2", TAG], ["1", "a\nb"], ["3", "plain"]]


def _rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_collection_export_list_and_reimport_keep_a_tag_with_a_bare_cr(run, tmp_path):
    assert run("collection", "add", "Ember Whelp", "2", "--tag", TAG).exit_code == 0
    target = tmp_path / "export.csv"
    exported = run("collection", "export", "-o", target)
    assert exported.exit_code == 0, exported.output
    text = target.read_bytes().decode("utf-8")
    assert f',"{TAG}",' in text  # quoted: a spreadsheet keeps the CR inside the cell
    assert [row[:2] + row[8:9] for row in _rows(text)] == [["count", "name", "tag"], ["2", "Ember Whelp", TAG]]

    listed = run("collection", "list", "--csv")
    assert f'"{TAG}"' in listed.stdout and len(_rows(listed.stdout)) == 2

    run("collection", "remove", "Ember Whelp", "2", "--tag", TAG)
    imported = run("collection", "import", target)
    assert imported.exit_code == 0, imported.output
    entries = json.loads(run("collection", "list", "--json").stdout)
    assert [(e["name"], e["count"], e["tag"]) for e in entries] == [("Ember Whelp", 2, TAG)]


@pytest.mark.parametrize("layout", [name for name in writable() if name != "deckcli"])  # (deckcli's own: above)
def test_other_layouts_quote_it_too(run, layout):
    """Each other tool's layout ``collection export --to`` offers writes the tag whole in one quoted cell (so every row is as long
    as the header), or says it cannot hold tags; a failing export fails here."""
    run("collection", "add", "Ember Whelp", "1", "--tag", TAG)
    result = run("collection", "export", "--to", layout)
    assert result.exit_code == 0, result.output
    assert "\r=SUM" not in result.stdout.replace(f'"{TAG}"', "")
    rows = [row for row in _rows(result.stdout) if not (len(row) == 1 and row[0].startswith("sep="))]
    assert len(rows) == 2 and len(rows[1]) == len(rows[0]), rows
    if TAG in rows[1]:
        assert [cell for cell in rows[1] if "=SUM" in cell] == [TAG]
    else:
        assert "=SUM" not in result.stdout
        assert "cannot hold the tags of 1 entry" in result.stderr, result.stderr
