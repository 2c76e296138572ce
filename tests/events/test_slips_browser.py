"""The pairings sheet and slips printed by a real headless Chromium: a 64-player round is its pairings sheet on one
A4 page (two columns) and its 32 slips four to a page; the rendered page holds every player as text."""

from __future__ import annotations

import html
import re

import pytest

import browser  # tests/support/browser.py
import pages_support as ps
import rounds_support as rs
from deckcli.events.slips import slips_html
from deckcli.rendering.printing import print_pages


@pytest.fixture
def chromium():
    return browser.chromium()


def test_a_64_player_round_prints_its_sheet_and_four_slips_a_page(tmp_path, chromium):
    pdf, _ = print_pages(lambda: slips_html(ps.event("boa"), rs.big_round(64), None), tmp_path / "r1.pdf", "pdf", "slip")
    pages = browser.pdf_pages(pdf)
    # the sheet at 20 pt, read from two metres (issue 33): 64 lines on three pages, then the slips four a page
    assert len(pages) == 3 + 32 // 4 and all(browser.is_a4(size) for size in pages), pages


def test_every_player_is_rendered_as_text(tmp_path, chromium):
    page, _ = print_pages(lambda: slips_html(ps.event("aqa"), rs.whole(), "2"), tmp_path / "r2.html", "html", "slip")
    dom = browser.dump_dom(page, chromium)
    names = [html.unescape(n) for n in re.findall(r'<span class="name">(.*?)</span>', dom)]
    assert names == [rs.EVIL, "Ann Lee", "bo", rs.WIDE, "Dan"]
    assert "<b>" not in dom and dom.count('class="slip"') == 2
