"""Magic Online's text export (``.txt``, and the ``.dek``-style text other tools write): ``4 Name`` lines with no
section headers, the sideboard a last group after a blank line (or after ``Sideboard``).

deckcli's line reader already follows the blank-line convention (see
:func:`deckcli.decklists.lines.read_lines`); this recogniser names the layout.
"""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout
from deckcli.decklists.lines import Syntax, header_zone, read_lines
from deckcli.decklists.model import Decklist
from deckcli.i18n import N_

_CARD = re.compile(r"\d+\s+\S.*")
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_SYNTAX = Syntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


def sniff(text: str) -> int:
    """One when every line is a ``COUNT NAME`` line or blank, and a blank line separates two groups of them."""
    lines = [line.strip() for line in _LINE_BREAK.split(text.removeprefix("\ufeff").strip(), 2000)]
    if not lines or any(line and (not _CARD.fullmatch(line) or header_zone(line)) for line in lines):
        return 0
    return 1 if "" in lines else 0


LAYOUT = Layout("mtgo", N_("Magic Online export"), read, sniff, (".txt", ".dek"))
