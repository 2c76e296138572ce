"""The one formula escape of every CSV deckcli writes: = + - @ after leading spaces, and their full-width forms."""

from __future__ import annotations

import csv
import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.decklists.csvfmt import format_csv, parse_csv
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.files.csvwriting import escape_cell, unescape_cell

#: Cells a spreadsheet runs (or may run) as formulas that today's escape let through.
RUNNABLE = [" =1+1", "  +1", "\u00a0-3", "\u3000@SUM(A1)", " @SUM(A1)", "\t =cmd", "\ufeff=1", "\u200b=1+1",
            "\uff1d1+1", "\uff0b1", "\uff0dcmd", "\uff20SUM(A1)", " \uff1dHYPERLINK(1)"]
#: Cells a spreadsheet shows as text, written as they are.
TEXT = ["1-2", "a=b", "  plain", "Ember Whelp", "", "x@example.org", "\uff21lice", "3", " 7"]
#: Any leading space or zero-width character, then a formula character: what no written cell may start with.
LIVE = re.compile("[\\s\u200b-\u200d\u2060\ufeff]*[=+\\-@\uff1d\uff0b\uff0d\uff20]")


@pytest.mark.parametrize("cell", RUNNABLE)
def test_a_formula_after_leading_spaces_or_in_full_width_is_escaped(cell):
    assert escape_cell(cell) == "'" + cell
    assert unescape_cell("'" + cell) == cell


@pytest.mark.parametrize("cell", TEXT + ["-3", "=SUM(1)", "\t=cmd", "'quoted"])
def test_other_cells_keep_todays_escape(cell):
    escaped = escape_cell(cell)
    assert escaped == ("'" + cell if cell[:1] in ("-", "=", "\t", "'") else cell)  # -3 stays escaped, as before
    assert unescape_cell(escaped) == cell


@settings(max_examples=50, deadline=None)
@given(st.text(alphabet=st.sampled_from(" \t\u3000\u200b'=+-@\uff1d\uff0b\uff0d\uff20a1")) | st.text())
def test_no_written_cell_can_start_a_formula_and_reading_back_is_exact(text):
    escaped = escape_cell(text)
    assert unescape_cell(escaped) == text
    assert not LIVE.match(escaped) and not escaped.startswith(("\t", "\r"))


def test_the_collection_export_escapes_full_width_and_spaced_formulas(run, db, tmp_path):
    tags = ["\uff1d1+1", "\u200b=1+1", "\uff20SUM(A1)", "\u200b @SUM(A1)", "plain"]
    for tag in tags:
        assert run("collection", "add", "Ember Whelp", "--tag", tag).exit_code == 0
    result = run("collection", "export")
    assert result.exit_code == 0, result.output
    written = {row["tag"] for row in csv.DictReader(io.StringIO(result.stdout))}
    assert written == {"'\uff1d1+1", "'\u200b=1+1", "'\uff20SUM(A1)", "'\u200b @SUM(A1)", "plain"}
    path = tmp_path / "back.csv"
    path.write_text(result.stdout, encoding="utf-8")
    again = run("collection", "import", path, "--replace")
    assert again.exit_code == 0, again.output
    assert {row["tag"] for row in csv.DictReader(io.StringIO(run("collection", "export").stdout))} == written


def test_a_decklist_csv_uses_the_same_escape(tmp_path):
    deck = Decklist(entries=[DeckEntry("main", 2, "\uff1dHYPERLINK(1)"), DeckEntry("main", 1, "\u200b+1"),
                             DeckEntry("main", 3, "'Tis")])
    text = format_csv(deck)
    assert text.splitlines()[1:] == ["main,2,'\uff1dHYPERLINK(1),,", "main,1,'\u200b+1,,", "main,3,''Tis,,"]
    assert [e.name for e in parse_csv(text).entries] == ["\uff1dHYPERLINK(1)", "\u200b+1", "'Tis"]
    assert [e.name for e in parse_csv("section,count,name\nmain,1,'Tis\n").entries] == ["'Tis"]  # typed by hand
