"""The published site in a real headless Chromium: every page renders with no console message, shows every
player's (or anonymous) name and every registered card, and fetches nothing."""

from __future__ import annotations

import re

import pytest

import browser  # tests/support/browser.py
import pages_support as ps
import paths  # tests/support/paths.py
from deckcli.events.site import publish


@pytest.fixture
def chromium():
    return browser.chromium()


def test_every_page_renders_cleanly_with_every_card(db, tmp_path, chromium):
    tmp_path = tmp_path / "site"  # (the data folder is in tmp_path: a site needs a folder of its own)
    ev = ps.event("aqa")
    regs = [ps.register(db, ev, "<script>alert(1)</script>", (paths.EXAMPLES / "wizdom-standard.txt").read_text(encoding="utf-8")),
            ps.register(db, ev, "神崎 蓮", (paths.EXAMPLES / "angels-yome.txt").read_text(encoding="utf-8"))]
    result = publish(db, ev, regs, tmp_path)
    doms = {}
    for name in (f for f in result.files if f.endswith(".html")):
        page = tmp_path / name
        doms[name], errors = browser.rendered(page, chromium)  # one Chromium run: the DOM and the console
        assert errors == [], name
        assert browser.external_references(page.read_text(encoding="utf-8")) == [], name
    index = doms["index.html"]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in index and "神崎 蓮" in index
    assert "<script" not in index and index.count("<svg") == 3
    for reg, page in zip(regs, result.files[1:3]):
        dom = doms[page]
        shown = set(re.findall(r"<td>([^<]+?)(?: <span|</td>)", dom))
        assert {e.name for e in reg.decklist.entries} <= shown
    shot = browser.screenshot(tmp_path / "index.html", tmp_path / "index.png", 1200, 1600, chromium)
    assert shot.stat().st_size > 10_000
