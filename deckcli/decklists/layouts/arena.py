"""MTG Arena's export: an optional ``About`` block with ``Name X``, then ``Deck`` and ``Sideboard`` sections (older
exports: no headers, the sideboard a last group after a blank line) and ``4 Name (SET) NUM`` lines.

Beyond deckcli's own text it only needs the ``About`` block: its ``Name X`` lines have no colon.
"""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, sample
from deckcli.decklists.lines import META, Syntax, read_lines
from deckcli.decklists.model import Decklist
from deckcli.i18n import N_

_ABOUT = "about"
_ARENA_HEADERS = frozenset({"About", "Deck", "Sideboard", "Companion", "Commander"})
_NAME = re.compile(r"(?P<key>Name)\s+(?P<value>\S.*)")


class ArenaSyntax(Syntax):
    """``About`` opens a metadata block of ``Name X`` lines."""

    def header(self, line: str) -> str | None:
        return META if line.casefold() == _ABOUT else super().header(line)

    def meta(self, line: str) -> tuple[str, str] | str | None:
        match = _NAME.fullmatch(line)
        return (match.group("key"), match.group("value").strip()) if match else super().meta(line)


_SYNTAX = ArenaSyntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


def sniff(text: str) -> int:
    """An ``About`` first line is sure; Arena's own section words (exactly as it spells them) count one each."""
    lines = sample(text)
    about = 10 if lines and lines[0] == "About" else 0
    return about + sum(1 for line in lines if line in _ARENA_HEADERS)


LAYOUT = Layout("arena", N_("MTG Arena export"), read, sniff, (".txt",))
