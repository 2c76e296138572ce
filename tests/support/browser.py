"""Headless Chromium for the tests: the browser or a skip (a failure on CI, which must run these tests), the
pages of a printed PDF, the rendered DOM, a screenshot and console errors of a page, and the external references
of an HTML file."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from deckcli.rendering import browser

#: A4 in PDF points (210 x 297 mm); Chromium writes it as 594.96 x 841.92.
A4_POINTS = (595.28, 841.89)
_PAGE = re.compile(rb"/Type\s*/Page(?![s\w])")
_MEDIABOX = re.compile(rb"/MediaBox\s*\[\s*([-\d.\s]+)\]")
_COUNT = re.compile(rb"/Type\s*/Pages\b[^>]*?/Count\s+(\d+)|/Count\s+(\d+)[^>]*?/Type\s*/Pages\b", re.S)
#: A src, href or CSS url() that leaves the page: anything with a scheme but data:, or a protocol-relative //.
_EXTERNAL = re.compile(r"""(?:\b(?:src|href|xlink:href|action|srcset)\s*=\s*["']?\s*(?:[a-z][a-z0-9+.-]*:(?<!data:)|//)"""
                       r"""|url\(\s*["']?\s*(?:[a-z][a-z0-9+.-]*:|//)|@import)""", re.I)


def chromium() -> str:
    """The Chromium on PATH; without one the test is skipped, but on CI (env CI set) it fails: CI installs it."""
    for program in browser.PROGRAMS:
        if shutil.which(program):
            return shutil.which(program)
    reason = f"no headless Chromium on PATH ({', '.join(browser.PROGRAMS)}); install Debian's 'chromium' package"
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the browser tests, but {reason}")
    pytest.skip(reason)


def pdf_pages(pdf: Path) -> list[tuple[float, float]]:
    """Each page's (width, height) in points, read from the PDF's page objects and checked against its /Count."""
    data = Path(pdf).read_bytes()
    assert data.startswith(b"%PDF-"), f"{pdf} is not a PDF"
    pages = [m.start() for m in _PAGE.finditer(data)]
    sizes = []
    for start in pages:
        box = _MEDIABOX.search(data, start, start + 4000) or _MEDIABOX.search(data)
        x0, y0, x1, y1 = (float(v) for v in box.group(1).split())
        sizes.append((round(x1 - x0, 2), round(y1 - y0, 2)))
    counts = [int(a or b) for a, b in _COUNT.findall(data)]
    assert counts and max(counts) == len(sizes), (counts, len(sizes))
    return sizes


def is_a4(size: tuple[float, float]) -> bool:
    """Whether a page size in points is A4 portrait (to within a point)."""
    return abs(size[0] - A4_POINTS[0]) < 1 and abs(size[1] - A4_POINTS[1]) < 1


def dump_dom(page: Path, program: str | None = None) -> str:
    """The page's DOM after it rendered, as HTML."""
    return browser.run_chromium(page, ["--dump-dom"], None, program)[0]


def screenshot(page: Path, png: Path, width: int, height: int, program: str | None = None) -> Path:
    """A PNG of ``page`` in a window of ``width`` x ``height`` CSS pixels."""
    flags = [f"--screenshot={png}", f"--window-size={width},{height}", "--hide-scrollbars"]
    browser.run_chromium(page, flags, Path(png), program)
    return Path(png)


def console_errors(page: Path) -> list[str]:
    """The console lines Chromium logged while rendering ``page`` (each message the page's scripts or the browser
    itself wrote to its console), and any page load error."""
    return rendered(page)[1]


def rendered(page: Path, program: str | None = None) -> tuple[str, list[str]]:
    """The page's DOM after it rendered (as :func:`dump_dom`) and its console lines (as :func:`console_errors`),
    from one Chromium run rather than two."""
    dom, log = browser.run_chromium(page, ["--enable-logging=stderr", "--v=0", "--dump-dom"], None,
                                    program or chromium())
    return dom, [line for line in log.splitlines() if "CONSOLE" in line or "ERR_FILE_NOT_FOUND" in line]


def external_references(html: str) -> list[str]:
    """Every place the HTML would fetch from or link to outside its own folder."""
    return [html[max(0, m.start() - 30):m.end() + 40] for m in _EXTERNAL.finditer(html)]
