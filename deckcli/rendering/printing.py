"""Printed pages (registration sheets, pairings and result slips, proxy sheets): one HTML document written as it is, with print
CSS any browser prints, or printed to PDF by headless Chromium (:mod:`deckcli.rendering.browser`); ``-`` keeps the HTML
for standard output."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from deckcli.errors import InputError
from deckcli.files.writing import write_whole
from deckcli.i18n import Message

#: What ``--to`` accepts.
TARGETS = ("html", "pdf")


def print_pages(build: Callable[[], str], out: str | Path, to: str, what: str) -> tuple[Path | None, str]:
    """Build the HTML and write it to ``out`` as ``to`` (html or pdf): the file written (None for ``-``, whose HTML
    the caller prints) and the HTML. A wrong target, a PDF to ``-`` or a missing Chromium is said before any work;
    ``what`` names the pages in the message ("sheet")."""
    if to not in TARGETS:
        raise InputError(
            Message(
                "unknown {what} target {to!r}; choose one of {targets}", what=what, to=to, targets=", ".join(TARGETS)
            )
        )
    if to == "pdf":
        from deckcli.rendering.browser import find_chromium

        if str(out) == "-":
            raise InputError(Message("a PDF is written to a file: give -o FILE.pdf"))
        find_chromium()  # before any work: a missing browser is said at once
    html = build()
    if str(out) == "-":
        return None, html
    if to == "html":
        write_whole(out, lambda handle: handle.write(html), newline=None)  # (the name as given: "" or "dir/" is named)
    else:
        _print_pdf(html, out)
    return Path(out), html


def _print_pdf(html: str, pdf: str | Path) -> None:
    """Print the HTML to ``pdf`` through a temporary page headless Chromium opens; the PDF is written as every file
    is (:func:`deckcli.files.writing.write_file`): a failed print leaves an earlier PDF as it was."""
    from deckcli.rendering.browser import print_to_pdf

    with tempfile.TemporaryDirectory(prefix="deckcli-pages-") as folder:
        page = Path(folder) / "pages.html"
        page.write_text(html, encoding="utf-8")
        print_to_pdf(page, pdf)
