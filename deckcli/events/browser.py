"""Headless Chromium, driven by its command line: printing an HTML file to PDF, a screenshot, the rendered DOM.

The browser is found on PATH (``chromium``, ``chromium-browser``, ``google-chrome``); none installed is a
:class:`~deckcli.errors.BrowserMissing` naming what to install. Every run gets a fresh, throw-away profile and no
network features, so printing a page reads nothing but the file itself.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from deckcli.errors import BrowserFailed, BrowserMissing

#: The programs looked for on PATH, in order.
PROGRAMS = ("chromium", "chromium-browser", "google-chrome")
#: Seconds a run may take before it is stopped (a first start on a cold, busy machine is slow).
TIMEOUT = 120
#: Flags of every run: headless, no sandbox (containers, root), nothing fetched or synced in the background.
BASE_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--disable-extensions", "--mute-audio",
              "--no-default-browser-check")


def find_chromium(what: str = "print to PDF") -> str:
    """The path of the first Chromium on PATH, or BrowserMissing."""
    for program in PROGRAMS:
        found = shutil.which(program)
        if found:
            return found
    raise BrowserMissing(PROGRAMS, what)


def run_chromium(page: Path, flags: list[str], target: Path | None = None,
                 program: str | None = None) -> tuple[str, str]:
    """Run Chromium on ``page`` with ``flags`` in a fresh profile: its (stdout, stderr). When a ``target`` file is
    expected and not written, or it fails, BrowserFailed with the end of Chromium's output."""
    program = program or find_chromium()
    with tempfile.TemporaryDirectory(prefix="deckcli-chromium-") as profile:
        command = [program, *BASE_FLAGS, f"--user-data-dir={profile}", *flags, Path(page).resolve().as_uri()]
        try:
            done = subprocess.run(command, capture_output=True, text=True, errors="replace", timeout=TIMEOUT,
                                  stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            raise BrowserFailed(program, None, str(exc.stderr or ""), str(target or page)) from None
        if target is not None and not (target.is_file() and target.stat().st_size):
            raise BrowserFailed(program, done.returncode, done.stderr or "", str(target))
        if target is None and done.returncode != 0:
            raise BrowserFailed(program, done.returncode, done.stderr or "", "its output")
        return done.stdout or "", done.stderr or ""


def print_to_pdf(page: Path, pdf: Path, program: str | None = None) -> Path:
    """Print ``page`` to ``pdf`` as the page's own print CSS lays it out (no header or footer)."""
    pdf = Path(pdf).resolve()
    if pdf.exists():
        pdf.unlink()
    run_chromium(page, [f"--print-to-pdf={pdf}", "--no-pdf-header-footer"], pdf, program)
    return pdf


def screenshot(page: Path, png: Path, width: int = 1200, height: int = 1600, program: str | None = None) -> Path:
    """A PNG of ``page`` in a window of ``width`` x ``height`` CSS pixels."""
    png = Path(png).resolve()
    if png.exists():
        png.unlink()
    run_chromium(page, [f"--screenshot={png}", f"--window-size={width},{height}", "--hide-scrollbars"], png, program)
    return png


def dump_dom(page: Path, program: str | None = None) -> str:
    """The page's DOM after it rendered, as HTML."""
    return run_chromium(page, ["--dump-dom"], None, program)[0]


def console_output(page: Path, program: str | None = None) -> str:
    """Chromium's log while rendering ``page`` (``--enable-logging=stderr``): console messages show as CONSOLE."""
    return run_chromium(page, ["--enable-logging=stderr", "--v=0", "--dump-dom"], None, program)[1]
