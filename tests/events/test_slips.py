"""A round's pairings sheet and result slips (``deckcli.events.slips``) from hand-built rounds: every player once per
side of their table, alphabetically whatever their case or width, with table and opponent; one slip per table that
has two players; names stay text; the round asked for by label, the latest by default, and the errors naming what
is wrong."""

from __future__ import annotations

import html
import re

import pytest

import pages_support as ps
import rounds_support as rs
from deckcli.errors import InputError, NoRoundPaired, UnknownRound
from deckcli.events.slips import slips_html, wall_lines
from deckcli.rendering.printing import print_pages

_LINE = re.compile(r'<li><span class="name">(.*?)</span><span class="table">(.*?)</span>'
                   r'<span class="opponent">(.*?)</span></li>')
_SLIP = re.compile(r'<div class="slip" id="slip-(\d+)">.*?<span class="table">Table \1</span>.*?'
                   r'<td class="who">(.*?)</td>.*?<td class="who">(.*?)</td>', re.S)


def _wall(page: str) -> list[tuple[str, str, str]]:
    return [tuple(html.unescape(cell) for cell in line) for line in _LINE.findall(page)]


def test_the_pairings_sheet_lists_both_players_of_every_table_alphabetically():
    page = slips_html(ps.event("boa"), rs.whole(), "2")
    assert _wall(page) == [
        (rs.EVIL, "Table 2", "vs bo"),  # "<" sorts before letters
        ("Ann Lee", "Table 1", "vs Dan"),
        ("bo", "Table 2", f"vs {rs.EVIL}"),  # lower case among the others
        (rs.WIDE, "—", "bye"),  # full-width Ｃａｔ sorts as cat
        ("Dan", "Table 1", "vs Ann Lee"),
    ]
    assert "<h1>Pairings — Round 2</h1>" in page and "Spring Open · 2026-12-05 · 5 players" in page
    assert rs.FORMULA not in page  # dropped before round 2


def test_one_slip_per_table_with_two_players_and_none_for_the_bye():
    page = slips_html(ps.event("aqa"), rs.whole(), "2")
    slips = [(int(t), html.unescape(a), html.unescape(b)) for t, a, b in _SLIP.findall(page)]
    assert slips == [(1, "Dan", "Ann Lee"), (2, "bo", rs.EVIL)]
    assert page.count('class="slip"') == 2 and page.count('<section class="slips">') == 1
    assert page.count("Spring Open · Round 2</span>") == 2
    assert page.count('<span class="box tick"></span>') == 4  # a drop box per player
    assert page.count("Drawn games") == 2 and page.count('<td class="sign">') == 4


def test_names_are_printed_as_text():
    page = slips_html(ps.event("sfb"), rs.whole(), "1")
    assert "<b>x</b>" not in page and "&lt;b&gt;x&lt;/b&gt;" in page
    assert "<script" not in page and "=cmd|" in page  # a formula is only text in HTML
    assert [name for name, _, _ in _wall(page)] == [rs.EVIL, rs.FORMULA, "Ann Lee", "bo", rs.WIDE, "Dan"]


def test_slips_go_four_to_a_page():
    page = slips_html(ps.event("boa"), rs.big_round(19), None)
    assert page.count('class="slip"') == 9 and page.count('<section class="slips">') == 3
    assert page.count("<li>") == 19 and '<ol class="c1">' in page
    assert '<ol class="c2">' in slips_html(ps.event("boa"), rs.big_round(64), None)  # a long sheet: two columns


def test_the_round_by_label_and_the_latest_by_default():
    whole = rs.whole()
    assert "<h1>Pairings — Top 2</h1>" in slips_html(ps.event("boa"), whole, None)
    assert "<h1>Pairings — Top 4</h1>" in slips_html(ps.event("boa"), whole, " TOP4 ")
    assert "<h1>Pairings — Round 2</h1>" in slips_html(ps.event("boa"), rs.swiss(rs.ROUND_1, rs.ROUND_2), None)
    lines = wall_lines(rs.TOP_2)
    assert [(ln.player, ln.table, ln.opponent) for ln in lines] == [("Ann Lee", 1, "Dan"), ("Dan", 1, "Ann Lee")]


def test_no_round_yet_and_an_unknown_round_say_what_there_is():
    with pytest.raises(NoRoundPaired) as none:
        slips_html(ps.event("boa"), rs.swiss(), None)
    assert str(none.value) == "Spring Open: no round has been paired yet; pair one with 'deckcli event pair \"Spring Open\"'"
    with pytest.raises(UnknownRound) as unknown:
        slips_html(ps.event("boa"), rs.whole(), "7")
    assert str(unknown.value) == "Spring Open: no round '7'; the rounds paired are 1, 2, top4, top2"


def test_the_printing_path_refuses_what_it_cannot_write(tmp_path):
    build = lambda: slips_html(ps.event("boa"), rs.whole(), None)  # noqa: E731
    assert print_pages(build, tmp_path / "r.html", "html", "slip")[0].read_text(encoding="utf-8") == build()
    assert print_pages(build, "-", "html", "slip")[0] is None
    with pytest.raises(InputError, match=r"a PDF is written to a file: give -o FILE\.pdf"):
        print_pages(build, "-", "pdf", "slip")
    with pytest.raises(InputError, match="unknown slip target 'png'; choose one of html, pdf"):
        print_pages(build, tmp_path / "r.png", "png", "slip")
