"""A fingerprint is read aloud and compared by eye: on every page of the published site and on the registration
sheet it stays on one line, even in a window too narrow for the rest of its row (real headless Chromium)."""

from __future__ import annotations

import re

import pytest

import browser  # tests/support/browser.py
import pages_support as ps
import paths  # tests/support/paths.py
from deckcli.events.sheets import write_sheets
from deckcli.events.site import publish
from deckcli.rendering.browser import run_chromium

#: Appended to a copy of a page: writes into the DOM, for each fingerprint element, how many lines its text takes
#: and whether it may wrap at all (its computed white-space: a sheet's column is wide enough today, but a longer
#: name or a larger font must not break it either).
MEASURE = """<script>
document.body.setAttribute("data-fp-lines", Array.from(document.querySelectorAll(".fp")).map(el => {
  const range = document.createRange(); range.selectNodeContents(el);
  const tops = new Set(Array.from(range.getClientRects()).map(r => Math.round(r.top)));
  return el.textContent.trim() + "=" + tops.size + "," + getComputedStyle(el).whiteSpace;
}).join(" "));
</script>"""


@pytest.fixture
def chromium():
    return browser.chromium()


def fingerprint_lines(page, chromium, width: int = 240) -> dict[str, tuple[int, str]]:
    """Each fingerprint on ``page`` -> the lines it takes in a window ``width`` CSS pixels wide, and its
    white-space."""
    measured = page.with_name(f"measured-{page.name}")
    measured.write_text(page.read_text(encoding="utf-8").replace("</body>", MEASURE + "</body>"), encoding="utf-8")
    flags = ["--dump-dom", f"--window-size={width},800"]
    dom = run_chromium(measured, flags, None, chromium)[0]
    found = re.search(r'data-fp-lines="([^"]*)"', dom)
    assert found, dom[:500]
    measures = (item.rsplit("=", 1) for item in found.group(1).split())
    return {fp: (int(what.split(",")[0]), what.split(",")[1]) for fp, what in measures}


def _regs(db, ev):
    texts = [(paths.EXAMPLES / f).read_text(encoding="utf-8") for f in ("ember-rush.txt",)]
    texts.append("Main Deck\n4 Ember Whelp\n2 Not A Real Card\n")
    return [ps.register(db, ev, f"Player {i} with a rather long name", t) for i, t in enumerate(texts, 1)]


def test_every_fingerprint_of_the_site_stays_on_one_line(db, tmp_path, chromium):
    site = tmp_path / "site"
    ev = ps.event("boa")
    regs = _regs(db, ev)
    result = publish(db, ev, regs, site)
    pages = [site / name for name in result.files if name.endswith(".html")]
    assert len(pages) == 3
    seen: dict[str, tuple[int, str]] = {}
    for page in pages:
        lines = fingerprint_lines(page, chromium)
        assert lines and set(lines.values()) == {(1, "nowrap")}, (page.name, lines)
        seen.update(lines)
    assert set(seen) == {r.fingerprint for r in regs}


def test_the_sheets_fingerprints_stay_on_one_line(db, tmp_path, chromium):
    ev = ps.event("boa")
    regs = _regs(db, ev)
    written = write_sheets(db, ev, regs, tmp_path / "sheets.html")
    lines = fingerprint_lines(written.path, chromium, width=200)
    assert set(lines) == {r.fingerprint for r in regs} and set(lines.values()) == {(1, "nowrap")}, lines
