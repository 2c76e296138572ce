"""Headless Chromium, driven by its command line: printing an HTML file to PDF, or taking a PNG picture of it.

The browser is found on PATH (``chromium``, ``chromium-browser``, ``google-chrome``); none installed is a
:class:`~deckcli.errors.BrowserMissing` naming what to install. Every run gets a fresh, throw-away profile and no
network features, so printing a page reads nothing but the file itself. What it prints goes through the one
writer, :func:`deckcli.files.writing.write_file`: a failed print leaves an earlier file as it was.
"""

from __future__ import annotations

import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

from deckcli.errors import BrowserFailed, BrowserMissing
from deckcli.files.writing import write_file
from deckcli.i18n import Message

#: The programs looked for on PATH, in order.
PROGRAMS = ("chromium", "chromium-browser", "google-chrome")
#: Seconds a run may take before it is stopped (a first start on a cold, busy machine is slow).
TIMEOUT = 120
#: Flags of every run: headless, no sandbox (containers, root), nothing fetched or synced in the background.
BASE_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--mute-audio",
    "--no-default-browser-check",
)


def find_chromium(what: str = "print to PDF", instead: str = BrowserMissing.HTML_INSTEAD) -> str:
    """The path of the first Chromium on PATH, or BrowserMissing (saying what it was for and what to do instead)."""
    for program in PROGRAMS:
        found = shutil.which(program)
        if found:
            return found
    raise BrowserMissing(PROGRAMS, what, instead)


def run_chromium(
    page: Path, flags: list[str], target: Path | None = None, program: str | None = None, label: str | None = None
) -> tuple[str, str]:
    """Run Chromium on ``page`` with ``flags`` in a fresh profile: its (stdout, stderr). When it fails, or a
    ``target`` file is expected and not written, BrowserFailed (naming the target as ``label``) with the end of
    Chromium's output."""
    program = program or find_chromium()
    named = label or str(target or page)
    with tempfile.TemporaryDirectory(prefix="deckcli-chromium-") as profile:
        command = [program, *BASE_FLAGS, f"--user-data-dir={profile}", *flags, Path(page).resolve().as_uri()]
        try:
            done = subprocess.run(
                command,
                capture_output=True,
                text=True,
                errors="replace",
                timeout=TIMEOUT,
                stdin=subprocess.DEVNULL,
                check=False,
            )
        except subprocess.TimeoutExpired as exc:
            raise BrowserFailed(program, None, str(exc.stderr or ""), named) from None
        except OSError as exc:  # not a program it can run (a broken script, no permission)
            raise BrowserFailed(
                program, None, "", named, Message("could not be started ({reason})", reason=exc.strerror or str(exc))
            ) from None
        if done.returncode != 0 or (target is not None and not (target.is_file() and target.stat().st_size)):
            raise BrowserFailed(program, done.returncode, done.stderr or "", named if target else Message("its output"))
        return done.stdout or "", done.stderr or ""


#: What a whole PDF begins with, and holds in its last kilobyte.
_PDF_HEAD, _PDF_END = b"%PDF-", b"%%EOF"


def print_to_pdf(page: Path, pdf: Path | str, program: str | None = None) -> Path:
    """Print ``page`` to ``pdf`` as the page's own print CSS lays it out (no header or footer), through
    :func:`deckcli.files.writing.write_file`: Chromium prints into a temporary file beside the target, put in its place
    only when Chromium succeeded and the PDF is whole, so a failed print leaves an earlier file as it was; a device
    or pipe gets the bytes; a database is never written."""
    program = program or find_chromium()
    label = str(pdf)

    def fill(temp: Path) -> None:
        run_chromium(page, [f"--print-to-pdf={temp}", "--no-pdf-header-footer"], temp, program, label)
        with temp.open("rb") as made:
            start = made.read(len(_PDF_HEAD))
            made.seek(max(0, temp.stat().st_size - 1024))
            last = made.read()
        if start != _PDF_HEAD or _PDF_END not in last:
            raise BrowserFailed(
                program, 0, "", label, Message("wrote no whole PDF, so {file} was not written", file=label)
            )

    write_file(pdf, fill, ".pdf")
    return Path(pdf)


#: What a PNG file begins with: its signature, then the IHDR chunk's length and type.
_PNG_HEAD = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"


def screenshot_png(page: Path, png: Path | str, width: int, height: int, program: str | None = None) -> Path:
    """A PNG picture of ``page`` in a window of ``width`` x ``height`` CSS pixels, one image pixel each (no
    scrollbars), written through :func:`deckcli.files.writing.write_file` as a PDF is: a picture Chromium did not
    make whole, or of another size, leaves an earlier file as it was."""
    program = program or find_chromium("draw images", "")
    label = str(png)

    def fill(temp: Path) -> None:
        flags = [f"--screenshot={temp}", f"--window-size={width},{height}", "--hide-scrollbars"]
        run_chromium(page, [*flags, "--force-device-scale-factor=1"], temp, program, label)
        with temp.open("rb") as made:
            head = made.read(len(_PNG_HEAD) + 8)
        size = struct.unpack(">II", head[-8:]) if head[: len(_PNG_HEAD)] == _PNG_HEAD else None
        if size != (width, height):
            raise BrowserFailed(
                program,
                0,
                "",
                label,
                Message(
                    "drew no {width} x {height} PNG, so {file} was not written", width=width, height=height, file=label
                ),
            )

    write_file(png, fill, ".png")
    return Path(png)
