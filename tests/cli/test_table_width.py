"""A table never runs past the terminal (issue 32): a long message (a problem, a format's description) wraps at
spaces within ``COLUMNS`` (else the terminal's width, else 80); ``--json`` and ``--csv`` keep every text whole."""

from __future__ import annotations

import json
from pathlib import Path

import paths  # tests/support/paths.py
from deckcli.cli.tables import display_width, table, wrap

EXAMPLE = paths.REPO / "examples" / "ember-rush.txt"
ONE = "21 lines (61 cards) name Battle of Aeons (boa) cards, not Super Fantasy Brawl (sfb) ones: this looks like a deck for boa"


def test_a_long_problem_wraps_within_the_columns(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "60")
    lines = run("validate", EXAMPLE, "--format", "sfb-standard").stdout.splitlines()
    assert max(display_width(line) for line in lines[1:]) <= 60
    assert lines[3].startswith("wrong-game") and lines[4].startswith(" " * 28)
    assert " ".join(line[28:] for line in lines[3:]) == ONE  # (the message column starts at 28)
    (report,) = json.loads(run("validate", EXAMPLE, "--format", "sfb-standard", "--json").stdout)
    assert report["problems"][0]["message"] == ONE


def test_without_columns_a_table_is_80_wide_at_most(run, monkeypatch):
    monkeypatch.delenv("COLUMNS", raising=False)
    lines = run("validate", EXAMPLE, "--format", "sfb-standard").stdout.splitlines()
    assert max(display_width(line) for line in lines[1:]) <= 80 and len(lines) > 4


def test_an_unreadable_file_s_problems_wrap_a_line_each(run, monkeypatch, tmp_path):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.chdir(tmp_path)
    Path("notes.md").write_text("Some notes about the deck, written as prose, not as a decklist at all\n", encoding="utf-8")
    lines = run("validate", "notes.md").stdout.splitlines()
    assert max(display_width(line) for line in lines) <= 80  # (it was 180 wide: each line of the cell unwrapped)
    assert lines[3] == "parse                   notes.md: no cards found (expected lines like \"4 Ember"
    assert lines[4] == "                        Whelp\")"
    assert lines[5].startswith("                        notes.md: line 1: unknown section")


def test_format_descriptions_wrap_and_csv_keeps_them_whole(run, monkeypatch):
    monkeypatch.setenv("COLUMNS", "70")
    shown = run("formats").stdout.splitlines()
    assert max(display_width(line) for line in shown) <= 70
    assert "Aquarian Age — Standard (スタンダード)" in run("formats", "--csv").stdout


def test_wide_characters_are_measured_by_the_columns_they_take(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    text = table([["x", "ファイアーボール の テキスト は とても 長い です"]], ["a", "message"])
    assert all(display_width(line) <= 30 for line in text.splitlines())
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]  # a word wider than the column is cut



def test_a_word_is_not_cut_where_cutting_would_not_make_the_table_fit(run, monkeypatch):
    """("Counterspe/ll" in ``collection import --dry-run`` at 80 columns: the name column was narrowed to 10, though
    the other columns alone were wider than the terminal.)"""
    monkeypatch.setenv("COLUMNS", "80")
    lines = run("collection", "import", paths.REPO / "examples" / "moxfield-collection.csv", "--dry-run").stdout
    names = [line.split("  ")[0] for line in lines.splitlines()[2:]]
    assert names == ["Ember Whelp", "Ember Whelp", "Fireball", "Frost Ward", "Kilgore", "堕天使“天羽つかさ”",
                     "Counterspell", "Kilgore"]


def test_words_wrap_whole_at_spaces_where_each_fits_its_column(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    rows = [["Counterspell of the Ancients", "a long text that wraps over several lines of the table"]]
    lines = table(rows, ["name", "text"]).splitlines()
    assert max(display_width(line) for line in lines) <= 30
    width = len(lines[1].split("  ")[0])
    assert [line[:width].strip() for line in lines[2:] if line[:width].strip()] == ["Counterspell of", "the Ancients"]
    assert " ".join(line[width + 2:].strip() for line in lines[2:]) == rows[0][1]


def test_a_word_wider_than_the_column_can_be_is_still_cut_where_that_makes_the_table_fit(monkeypatch):
    monkeypatch.setenv("COLUMNS", "30")
    lines = table([["Supercalifragilisticexpialidocious word", "x y"]], ["name", "text"]).splitlines()
    assert max(display_width(line) for line in lines) <= 30
    assert lines[2].startswith("Supercalifragilisticex  x y") and lines[3].startswith("pialidocious word")
