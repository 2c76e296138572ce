"""``event publish`` with rounds (the Tournament passed as data): a page per Swiss round with its tables and results,
the standings after the last complete round with the rates as percentages, the top cut's bracket and its winner,
all linked from the index, listed in the manifest, with no script and names as text; an event with no round paired
has none of them."""

from __future__ import annotations

import json
import re

import browser  # tests/support/browser.py
import pages_support as ps
import rounds_support as rs
from deckcli.events.site import publish
from deckcli.events.tournament import Pairing, Round, Tournament

ROUND_FILES = ["round-1.html", "round-2.html", "standings.html", "bracket.html"]


def registered(db, ev):
    """The six players of rounds_support, each with a deck of its own (a different card: a different fingerprint)."""
    cards = [c["name"] for c in ps.cards_of("boa") if c["kind"] != "limitbreak"]
    return [ps.register(db, ev, player, f"Main Deck\n4 {card}\n") for player, card in zip(rs.PLAYERS, cards)]


def _rows(page: str) -> list[list[str]]:
    """The cells of each body row, as text (tags dropped)."""
    body = page[page.index("<tbody>"):page.rindex("</tbody>")]
    return [[re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def test_the_rounds_standings_and_bracket_are_published(db, tmp_path):
    ev = ps.event("boa")
    result = publish(db, ev, registered(db, ev), tmp_path / "site", tournament=rs.whole())
    site = tmp_path / "site"
    assert list(result.round_pages) == ROUND_FILES and set(ROUND_FILES) <= set(result.files)
    manifest = json.loads((site / ".deckcli-site.json").read_text(encoding="utf-8"))
    assert set(manifest["files"]) == set(result.files)
    index = (site / "index.html").read_text(encoding="utf-8")
    assert ('<li><a href="round-1.html">Round 1</a></li>\n<li><a href="round-2.html">Round 2</a></li>\n'
            '<li><a href="standings.html">Standings after round 2</a></li>\n<li><a href="bracket.html">Top cut</a></li>'
            in index)
    assert "2 of 2 Swiss rounds paired, then the top cut" in index

    two = (site / "round-2.html").read_text(encoding="utf-8")
    assert _rows(two) == [["1", "Dan", "2-0", "Ann Lee", "Dan"], ["2", "bo", "1-2", "&lt;b&gt;x&lt;/b&gt;",
                                                                 "&lt;b&gt;x&lt;/b&gt;"],
                          ["3", "Ｃａｔ", "bye", "—", "Ｃａｔ"]]
    assert '<td class="won"><a href="deck-dan.html">Dan</a></td>' in two  # each player linked to their deck
    one = (site / "round-1.html").read_text(encoding="utf-8")
    assert _rows(one)[2] == ["3", "&lt;b&gt;x&lt;/b&gt;", "1-1-1", "=cmd|", "draw"]

    standings = (site / "standings.html").read_text(encoding="utf-8")
    assert "<h1>Standings after round 2</h1>" in standings
    assert _rows(standings)[:3] == [["1", "Dan", "6", "2-0-0", "50.00%", "100.00%", "50.00%"],
                                    ["2", "&lt;b&gt;x&lt;/b&gt;", "4", "1-0-1", "50.00%", "60.00%", "42.86%"],
                                    ["3", "Ann Lee", "3", "1-1-0", "66.67%", "40.00%", "55.00%"]]
    assert _rows(standings)[5] == ["6", "=cmd| dropped", "1", "0-0-1", "33.00%", "50.00%", "50.00%"]

    bracket = (site / "bracket.html").read_text(encoding="utf-8")
    assert '<p class="champion">Winner: <a href="deck-ann-lee.html">Ann Lee</a></p>' in bracket
    assert bracket.index("<h2>Top 4</h2>") < bracket.index("<h2>Top 2</h2>")
    assert _rows(bracket[bracket.index("<h2>Top 4</h2>"):bracket.index("<h2>Top 2</h2>")]) == [
        ["1", "Dan", "2-0", "Ｃａｔ", "Dan"], ["2", "&lt;b&gt;x&lt;/b&gt;", "1-2", "Ann Lee", "Ann Lee"]]
    for name in ROUND_FILES:
        text = (site / name).read_text(encoding="utf-8")
        assert "<script" not in text and "<b>x</b>" not in text and browser.external_references(text) == [], name
        assert "@media print" in text and '<a href="index.html">' in text


def test_publishing_again_replaces_the_rounds_pages(db, tmp_path):
    """The manifest owns the new pages: a later publish (the cut not yet paired) replaces the site and drops the
    bracket."""
    ev = ps.event("boa")
    regs = registered(db, ev)
    publish(db, ev, regs, tmp_path / "site", tournament=rs.whole())
    later = Tournament("Spring Open", 3, (rs.ROUND_1, rs.ROUND_2), rs.STANDINGS)
    result = publish(db, ev, regs, tmp_path / "site", tournament=later)
    assert list(result.round_pages) == ROUND_FILES[:3] and not (tmp_path / "site" / "bracket.html").exists()
    assert "2 of 3 Swiss rounds paired</p>" in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


def test_a_round_in_progress_and_an_event_without_rounds(db, tmp_path):
    ev = ps.event("boa")
    regs = registered(db, ev)
    pending = Round("2", (Pairing(1, "Dan", "Ann Lee"),))  # no result entered yet
    going = Tournament("Spring Open", 3, (rs.ROUND_1, pending), rs.STANDINGS)
    result = publish(db, ev, regs, tmp_path / "going", tournament=going)
    two = (tmp_path / "going" / "round-2.html").read_text(encoding="utf-8")
    assert "results still to come" in two and _rows(two) == [["1", "Dan", "not entered", "Ann Lee", ""]]
    assert "Standings after round 1" in (tmp_path / "going" / "index.html").read_text(encoding="utf-8")
    assert "bracket.html" not in result.files

    for tournament in (None, rs.swiss()):  # none passed, or none paired
        plain = publish(db, ev, regs, tmp_path / f"plain-{tournament is None}", tournament=tournament)
        assert plain.round_pages == () and "round-1.html" not in plain.files
        index = (tmp_path / f"plain-{tournament is None}" / "index.html").read_text(encoding="utf-8")
        assert 'id="rounds"' not in index
