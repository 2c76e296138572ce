"""``deckcli event slips`` and ``event publish`` over rounds paired and entered on the command line (``event pair``,
``event result``): what they write and say, and their errors (no round paired yet, an unknown round, an unknown
event, a PDF without Chromium) with exit status 1."""

from __future__ import annotations

import sqlite3

import pytest

import paths  # tests/support/paths.py

EVENT = "Spring Open"
PLAYERS = ("Dandelion Vex", "<b>x</b>", "annabel", "Bodhi")


@pytest.fixture
def event(run):
    assert run("event", "new", EVENT, "--game", "boa", "--date", "2099-12-05", "--rounds", "3").exit_code == 0
    for player in PLAYERS:
        assert run("event", "register", EVENT, player, paths.EXAMPLES / "ember-rush.txt").exit_code == 0
    return EVENT


def test_slips_of_the_paired_round(run, event, tmp_path):
    none = run("event", "slips", event, "-o", tmp_path / "r.html")
    assert none.exit_code == 1 and not (tmp_path / "r.html").exists()
    assert f"""{EVENT}: no round has been paired yet; pair one with 'deckcli event pair "{EVENT}"'""" in none.stderr
    assert run("event", "pair", event).exit_code == 0

    done = run("event", "slips", event, "-o", tmp_path / "r.html")
    assert done.exit_code == 0 and done.stdout == ""
    assert done.stderr == (f"Wrote the pairings sheet and 2 result slips of {EVENT!r}, Round 1, to {tmp_path / 'r.html'}"
                           " (html).\n")
    html = (tmp_path / "r.html").read_text(encoding="utf-8")
    assert html.count('class="slip"') == 2 and "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html
    names = [line.split('<span class="name">')[1].split("</span>")[0] for line in html.splitlines()
             if line.startswith('<li><span class="name">')]
    assert names == ["&lt;b&gt;x&lt;/b&gt;", "annabel", "Bodhi", "Dandelion Vex"]
    out = run("event", "slips", event, "1", "-o", "-")
    assert out.exit_code == 0 and out.stdout == html

    unknown = run("event", "slips", event, "7", "-o", tmp_path / "r7.html")
    assert unknown.exit_code == 1 and f"{EVENT}: no round '7'; the rounds paired are 1" in unknown.stderr
    other = tmp_path / "other.db"
    sqlite3.connect(other).execute("CREATE TABLE t (x)").connection.close()
    over = run("event", "slips", event, "-o", other)
    assert over.exit_code == 1 and "is another program's SQLite database; name another file to write" in over.stderr
    nope = run("event", "slips", "Nope", "-o", tmp_path / "n.html")
    assert nope.exit_code == 1 and "no event called 'Nope'" in nope.stderr


def test_slips_pdf_without_chromium_says_what_to_install(run, event, tmp_path, monkeypatch):
    assert run("event", "pair", event).exit_code == 0
    monkeypatch.setenv("PATH", str(tmp_path / "no-browser"))
    done = run("event", "slips", event, "-o", tmp_path / "r.pdf")
    assert done.exit_code == 1 and "apt-get install chromium" in done.stderr and not (tmp_path / "r.pdf").exists()


def test_publish_shows_the_rounds_entered(run, event, tmp_path):
    assert run("event", "pair", event).exit_code == 0
    assert run("event", "result", event, "1", "1", "2-0").exit_code == 0
    assert run("event", "result", event, "1", "2", "1-2").exit_code == 0
    done = run("event", "publish", event, "-o", tmp_path / "site")
    assert done.exit_code == 0, done.output
    assert "4 deck pages, 2 pages of the rounds, decks.json, decks.csv." in done.stdout
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a href="round-1.html">Round 1</a>' in index and '<a href="standings.html">Standings after round 1</a>' in index
    standings = (tmp_path / "site" / "standings.html").read_text(encoding="utf-8")
    assert standings.count("<tr><td class=\"n\">") == 4 and "%" in standings

    anonymous = run("event", "publish", event, "-o", tmp_path / "anon", "--anonymous")
    assert anonymous.exit_code == 0
    for path in (tmp_path / "anon").iterdir():
        text = path.read_text(encoding="utf-8")
        assert [p for p in ("Dandelion", "&lt;b&gt;x", "annabel", "Bodhi") if p in text] == [], path.name
