"""``event sheet --to pdf`` prints into a temporary file beside the target and moves it in only when Chromium
succeeded and wrote a whole PDF: a failing, silent, cut-short or killed Chromium (a fake one first on PATH) leaves
yesterday's PDF byte for byte and no temporary file, and says what went wrong. A link's file is replaced, the link
kept; a pipe gets the bytes and stays a pipe. (Found by issue 20: the old PDF was removed before Chromium ran.)"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

import browser  # tests/support/browser.py

pytestmark = pytest.mark.sqlite_only  # nothing here is about the backend

DECK = Path(__file__).parents[1] / "data" / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"
YESTERDAY = b"%PDF-1.4\n% yesterday's sheets\n%%EOF\n"
WHOLE = "printf '%%PDF-1.4\\n%% a fake print\\n%%%%EOF\\n' > \"$out\""
#: What each fake Chromium does after finding its --print-to-pdf= target in $out, and what deckcli then says.
FAULTS = {
    "fails": ("echo 'cannot open display :0' >&2; exit 1", "{program} exited with status 1 without writing {pdf}:\n"
              "cannot open display :0"),
    "writes nothing": ("exit 0", "{program} exited with status 0 without writing {pdf}"),
    "writes half a file": (r"""printf '%%PDF-1.4\n1 0 obj <<' > "$out"; exit 0""",
                           "{program} wrote no whole PDF, so {pdf} was not written"),
    "is killed": (r"""printf '%%PDF-1.4\n' > "$out"; kill -9 $$""", "{program} was stopped by signal 9 without writing {pdf}"),
    "fails after writing": (WHOLE + "; exit 3", "{program} exited with status 3 without writing {pdf}"),
}


@pytest.fixture
def event(run):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    assert run("event", "register", "Open", "Ann", DECK).exit_code == 0
    return "Open"


def _fake_chromium(tmp_path: Path, monkeypatch, behaviour: str) -> tuple[Path, Path]:
    """A ``chromium`` script first on PATH doing ``behaviour``; it notes each run in the returned marker file."""
    folder, marker = tmp_path / "fake-bin", tmp_path / "chromium-ran"
    folder.mkdir()
    program = folder / "chromium"
    program.write_text("#!/bin/sh\n"
                       'for a in "$@"; do case "$a" in --print-to-pdf=*) out="${a#--print-to-pdf=}";; esac; done\n'
                       f"echo \"$out\" >> '{marker}'\n{behaviour}\n", encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    return program, marker


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_a_failed_print_leaves_yesterdays_pdf(run, event, tmp_path, monkeypatch, fault):
    behaviour, message = FAULTS[fault]
    program, marker = _fake_chromium(tmp_path, monkeypatch, behaviour)
    out = tmp_path / "out"
    out.mkdir()
    pdf = out / "sheets.pdf"
    pdf.write_bytes(YESTERDAY)
    result = run("event", "sheet", event, "-o", pdf)
    assert result.exit_code == 1, result.output
    assert result.stderr == "Error: " + message.format(program=program, pdf=pdf) + "\n"
    assert pdf.read_bytes() == YESTERDAY
    assert [p.name for p in out.iterdir()] == ["sheets.pdf"]  # no temporary file left
    printed_to = Path(marker.read_text(encoding="utf-8").strip())
    assert printed_to.parent == out and printed_to.name.startswith(".sheets.pdf.")  # beside it, hidden


def test_the_folder_and_the_database_are_checked_before_chromium_runs(run, event, tmp_path, monkeypatch):
    _, marker = _fake_chromium(tmp_path, monkeypatch, WHOLE)
    missing = tmp_path / "missing" / "sheets.pdf"
    result = run("event", "sheet", event, "-o", missing)
    assert result.exit_code == 1 and result.stderr == f"Error: {missing}: its folder does not exist\n"
    database = os.environ["DECKCLI_DB"]
    refused = run("event", "sheet", event, "-o", database, "--to", "pdf")
    assert refused.exit_code == 1
    assert refused.stderr == f"Error: {database}: is the deckcli database in use; name another file to write\n"
    assert not marker.exists() and not missing.parent.exists()


def _read_pipe(fifo: Path) -> tuple[threading.Thread, list[bytes]]:
    """A reader of ``fifo`` started before the command opens it to write (what it read, once joined)."""
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    return reader, received


def _join(reader: threading.Thread, fifo: Path) -> None:
    if reader.is_alive():  # nothing was written into the pipe: let the reader see its end
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
    reader.join(timeout=30)


def test_a_pdf_into_a_pipe_is_written_into_it_and_the_pipe_stays(run, event, tmp_path, monkeypatch):
    _fake_chromium(tmp_path, monkeypatch, WHOLE)
    fifo = tmp_path / "printer"
    os.mkfifo(fifo)
    reader, received = _read_pipe(fifo)
    result = run("event", "sheet", event, "-o", fifo, "--to", "pdf")
    _join(reader, fifo)
    assert result.exit_code == 0, result.output
    assert result.stderr == f"Wrote 1 registration sheet of 'Open' to {fifo} (pdf, one A4 page per player).\n"
    assert received == [b"%PDF-1.4\n% a fake print\n%%EOF\n"]
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_good_print_replaces_the_pdf_a_link_points_at_and_fills_a_pipe(run, event, tmp_path):
    """Real Chromium: yesterday's PDF behind a link becomes today's one-page sheet, the link staying a link; a pipe
    gets the same PDF and stays a pipe."""
    browser.chromium()
    real, link, fifo = tmp_path / "real.pdf", tmp_path / "link.pdf", tmp_path / "printer"
    real.write_bytes(YESTERDAY)
    link.symlink_to(real.name)
    os.mkfifo(fifo)
    result = run("event", "sheet", event, "-o", link)
    assert result.exit_code == 0, result.output
    assert result.stderr == f"Wrote 1 registration sheet of 'Open' to {link} (pdf, one A4 page per player).\n"
    assert link.is_symlink() and os.readlink(link) == "real.pdf"
    assert real.read_bytes() != YESTERDAY and len(browser.pdf_pages(real)) == 1
    reader, received = _read_pipe(fifo)
    piped = run("event", "sheet", event, "-o", fifo, "--to", "pdf")
    _join(reader, fifo)
    assert piped.exit_code == 0, piped.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode) and received[0].startswith(b"%PDF-") and b"%%EOF" in received[0][-64:]
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
