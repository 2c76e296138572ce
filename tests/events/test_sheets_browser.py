"""The sheets printed by a real headless Chromium: each player's sheet is exactly one A4 page, even the longest
boa deck (60 + 20 + 20 different cards), and every registered card name is in the rendered DOM."""

from __future__ import annotations

import re

import pytest

import browser  # tests/support/browser.py
import pages_support as ps
import paths  # tests/support/paths.py
from deckcli.events.sheets import write_sheets


@pytest.fixture
def chromium():
    return browser.chromium()


def _regs(db, ev, *texts):
    return [ps.register(db, ev, f"Player {i}", text, player_id=f"P-{i}") for i, text in enumerate(texts, 1)]


def test_every_sheet_is_one_a4_page(db, tmp_path, chromium):
    boa = ps.event("boa")
    regs = _regs(db, boa, (paths.EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8"), ps.biggest_boa_deck(),
                 "Main Deck\n4 Ember Whelp\n2 Not A Real Card\n")
    write_sheets(db, boa, regs, tmp_path / "all.pdf", to="pdf")
    pages = browser.pdf_pages(tmp_path / "all.pdf")
    assert len(pages) == 3 and all(browser.is_a4(size) for size in pages), pages
    write_sheets(db, boa, regs[1:2], tmp_path / "big.pdf", to="pdf")  # the longest sheet alone
    assert len(browser.pdf_pages(tmp_path / "big.pdf")) == 1

    aqa = ps.event("aqa")
    write_sheets(db, aqa, _regs(db, aqa, *[(paths.EXAMPLES / f).read_text(encoding="utf-8")
                                           for f in ("wizdom-standard.txt", "angels-yome.txt")]), tmp_path / "aqa.pdf",
                 to="pdf")
    assert len(browser.pdf_pages(tmp_path / "aqa.pdf")) == 2


def test_every_card_name_is_in_the_rendered_sheet(db, tmp_path, chromium):
    ev = ps.event("boa")
    regs = _regs(db, ev, ps.biggest_boa_deck(), (paths.EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8"))
    written = write_sheets(db, ev, regs, tmp_path / "sheets.html")
    dom, errors = browser.rendered(written.path, chromium)  # one Chromium run: the DOM and the console
    names = {e.name for r in regs for e in r.decklist.entries}
    assert len(names) == 97  # 96 in the big deck, one more in Ember Rush
    rendered = set(re.findall(r'<span class="name">([^<]+)</span>', dom))
    assert names <= rendered, names - rendered
    assert errors == []
    shot = browser.screenshot(written.path, tmp_path / "sheets.png", 850, 1200, chromium)
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_console_error_would_be_caught(tmp_path, chromium):
    """The console check is not vacuous: a page that logs an error is seen doing so."""
    page = tmp_path / "bad.html"
    page.write_text('<!DOCTYPE html><p>x</p><script>console.error("boom"); missing();</script>', encoding="utf-8")
    errors = browser.console_errors(page)
    assert any('"boom"' in line for line in errors) and any("missing is not defined" in line for line in errors)
