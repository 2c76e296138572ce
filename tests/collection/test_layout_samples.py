"""Every collection layout's sample file (tests/data/layouts/<tool>/) reads to exactly the entries beside it.

A case is two files: the sample (``collection*``), laid out as the tool writes it (header row, quoting, value spellings, BOM,
line endings, encoding, delimiter), and ``<sample>.expected.json`` with the layout deckcli must name, the columns
it says it does not keep (``not_kept``, as headed; none when left out) and every entry as [game, set, number, name,
finish, condition, language, tag, proxy, count] followed, where the entry has any, by [tradelist, purchase_price]
-- or, for a layout deckcli cannot use, the exit status and the error. A new case needs no Python.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import paths  # tests/support/paths.py
from deckcli.files import csvreading

LAYOUTS = paths.DATA / "layouts"
#: Collection samples are named collection*; the folders may hold other kinds of samples (decklists) too.
SAMPLES = sorted(p for p in LAYOUTS.glob("*/collection*") if not p.name.endswith(".expected.json"))


def _expected(sample: Path) -> dict:
    return json.loads(sample.with_name(sample.name.rsplit(".", 1)[0] + ".expected.json").read_text(encoding="utf-8"))


def entries(run) -> list[list]:
    """The collection as the expected files write it, sorted."""
    result = run("collection", "list", "--json")
    assert result.exit_code == 0, result.output
    return sorted([e["game"], e["set"], e["number"], e["name"], e["finish"], e["condition"], e["language"], e["tag"],
                   e["proxy"], e["count"], e["tradelist"], e["purchase_price"]] for e in json.loads(result.stdout))


def expected_entries(sample: Path) -> list[list]:
    """The sample's expected entries, each with its tradelist count and purchase price (0 and "" when left out)."""
    return [entry if len(entry) == 12 else [*entry, 0, ""] for entry in _expected(sample)["entries"]]


def test_every_layout_has_a_sample():
    from deckcli.collection.layouts import LAYOUTS as REGISTRY

    tools = {p.parent.name for p in SAMPLES}
    assert {layout.name for layout in REGISTRY} <= tools
    assert all(_expected(p) for p in SAMPLES)


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_sample_reads_to_exactly_its_entries(run, sample):
    expected = _expected(sample)
    result = run("collection", "import", sample)
    if "error" in expected:
        assert result.exit_code == expected["exit"]
        assert result.stderr.strip() == "Error: " + expected["error"].format(file=sample)
        assert entries(run) == []
        return
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines()[0] == f"{sample}: detected the {expected['layout']} layout."
    not_kept = [line for line in result.stderr.splitlines() if ": columns not kept: " in line]
    assert not_kept == ([f"{sample}: columns not kept: {', '.join(expected['not_kept'])}"] if "not_kept" in expected
                        else [])
    assert entries(run) == expected_entries(sample)


@pytest.mark.parametrize("sample", [s for s in SAMPLES if "error" not in _expected(s)], ids=lambda p: p.parent.name)
def test_sample_from_stdin_reads_the_same(run, sample):
    result = run("collection", "import", "-", input=sample.read_bytes())
    assert result.exit_code == 0, result.output
    assert entries(run) == expected_entries(sample)


@pytest.mark.parametrize("header, good, bad, message", [
    ("Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language",
     "1,Ember Whelp,Ember Whelp,,001,S01,Normal,Near Mint,English",
     "1,Ember Whelp,Ember Whelp,,001,S01,Normal,Slightly Scuffed,English", "unknown condition 'Slightly Scuffed'"),
    ("Card,Set ID,Set Name,Quantity,Foil,Variation", 'Ember Whelp,S01,,1,REGULAR,""', 'Ember Whelq,S01,,1,REGULAR,""',
     "unknown card 'Ember Whelq'"),
    ("Quantity,Name,Finish,Condition,Language,Edition Code,Collector Number", "1,Ember Whelp,Normal,NM,EN,s01,001",
     "1,Ember Whelp,Glittery,NM,EN,s01,001", "unknown finish 'Glittery'"),
    ("Name,Edition code,Collector's number,QuantityX,Foil", '"Ember Whelp","S01","001","1x",""',
     '"Ember Whelp","S01","001","two",""', "count 'two' is not a whole number"),
    ('"Count","Tradelist Count","Name","Edition","Collector Number","Proxy"', '"1","0","Ember Whelp","s01","001","False"',
     '"1","0","Ember Whelp","s01","001","maybe"', "unknown proxy value 'maybe'"),
    ("count,name,language", "1,Ember Whelp,ja", "1,Ember Whelp,Klingon!", "unknown language 'Klingon!'"),
])
def test_a_bad_row_in_any_layout_names_its_line_and_imports_nothing(run, tmp_path, header, good, bad, message):
    path = tmp_path / "bad.csv"
    path.write_text(f"{header}\n{good}\n{bad}\n", encoding="utf-8")
    result = run("collection", "import", path)
    assert result.exit_code == 1
    assert f"{path}: line 3: {message}" in result.stderr and "line 2" not in result.stderr
    assert "1 bad row of 2; nothing was imported" in result.stderr
    assert entries(run) == []


@pytest.mark.parametrize("data, message", [
    (b"", "empty file (no header row)"),
    (b"count,name\n1,\xff\xfeEmber\n", "not UTF-8 text (byte 14, line 2); save it as UTF-8"),
    (b"\xff\xfe" + "count,name\n1,Ember Whelp\n".encode("utf-16-le")[:-1], "not valid UTF-16 text (byte 51); save it as UTF-8"),
    (b"count,name\n1,Ember\x00Whelp\n", "not a text file (it contains NUL bytes)"),
    (b'"sep=;"\n', "empty file (no header row)"),
], ids=["empty", "not-utf8", "broken-utf16", "nul", "sep-line-only"])
def test_unreadable_files_are_clear_errors(run, tmp_path, data, message):
    path = tmp_path / "odd.csv"
    path.write_bytes(data)
    result = run("collection", "import", path)
    assert result.exit_code == 1
    assert f"{path}: {message}" in result.stderr
    assert "Traceback" not in result.output and entries(run) == []


def test_a_missing_file_names_it(run, tmp_path):
    result = run("collection", "import", tmp_path / "nope.csv")
    assert result.exit_code == 2  # (a usage error, as for every command reading a file: tests/cli/test_file_arguments.py)
    assert f"Invalid value for 'FILE': File '{tmp_path / 'nope.csv'}' does not exist." in result.stderr


_CELL = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(layout=st.sampled_from(SAMPLES), rows=st.lists(st.lists(_CELL, max_size=20), max_size=4),
       delimiter=st.sampled_from([",", ";", "\t"]), encoding=st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]))
def test_any_rows_under_any_layout_header_never_crash(run, tmp_path, layout, rows, delimiter, encoding):
    """Random cells under a real header (any delimiter, any encoding): an import or a clear error, never a crash."""
    text = layout.read_bytes().decode("utf-16" if layout.suffix == ".txt" else "utf-8-sig")
    header = next(line for line in text.splitlines() if line.strip() and not line.lower().strip('"').startswith("sep="))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(next(csv.reader([header], delimiter=csvreading.sniff_delimiter(header))))
    writer.writerows(rows)
    path = tmp_path / "random.csv"
    path.write_bytes(out.getvalue().encode(encoding))
    result = run("collection", "import", path, "--dry-run")
    assert result.exit_code in (0, 1), result.output
    assert "internal error" not in result.output and "Traceback" not in result.output
