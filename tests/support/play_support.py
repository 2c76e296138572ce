"""For the play tests: the example deck of each game, a CLI run on the fresh database of the test's own data folder
(what Chromium draws does not depend on the backend, so the browser tests run once), and reading PNG and PDF files
back."""

from __future__ import annotations

import struct
import unicodedata
from pathlib import Path

from click.testing import CliRunner

import paths  # tests/support/paths.py

#: Each game's example deck: its file, its stored name and its cards per zone (the game's zone titles).
DECKS = {
    "boa": ("ember-rush.txt", "Ember Rush", {"Main Deck": 51, "Limitbreak Deck": 6, "Side Deck": 8}),
    "aqa": ("wizdom-standard.txt", "WIZ-DOM Control", {"Deck": 40}),
    "sfb": ("team-shadows.txt", "Shadows and Steel", {"Champions": 3, "Action Deck": 18}),  # the champions laid out beside
}


def fresh_cli():
    """Invoke ``deckcli`` on the isolated data folder's database (made on first use), once, with no backend."""
    from deckcli.cli.main import cli

    runner = CliRunner()

    def invoke(*args):
        return runner.invoke(cli, [str(a) for a in args], catch_exceptions=False)

    return invoke


def import_examples(run) -> None:
    """Store the example deck of every game."""
    done = run("deck", "import", *(paths.EXAMPLES / file for file, _, _ in DECKS.values()))
    assert done.exit_code == 0, done.output


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height from its IHDR chunk (it must be a PNG)."""
    head = Path(path).read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", f"{path} is not a PNG"
    return struct.unpack(">II", head[16:24])


def pdf_text(pdf: Path) -> tuple[list[tuple[float, float]], str]:
    """Each page's (width, height) in points and the whole text layer, whitespace folded to single spaces and
    ligatures undone (the font draws "fl" in "Reflexes" as one glyph, U+FB02)."""
    import pypdf  # a test dependency (pyproject's test extra): the text layer Chromium printed

    reader = pypdf.PdfReader(str(pdf))
    sizes = [(round(float(p.mediabox.width), 1), round(float(p.mediabox.height), 1)) for p in reader.pages]
    text = unicodedata.normalize("NFKC", " ".join(p.extract_text() or "" for p in reader.pages))
    return sizes, " ".join(text.split())
