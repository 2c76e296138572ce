"""Apprentice-style ``.dec`` files in sections: ``[metadata]`` with ``Name=`` and ``Format=`` lines, ``[main]`` and
``[sideboard]`` (any section a game's data names) with ``4 Name`` lines; other sections (``[general]``) hold no
cards and are skipped. Old Apprentice ``SB: 1 Name`` lines are read too."""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, counter
from deckcli.decklists.layouts.brackets import bracket_card
from deckcli.decklists.lines import META, SKIP, Syntax, read_lines, zone_for_section
from deckcli.decklists.model import DeckEntry, Decklist, key_value
from deckcli.i18n import N_

_SECTION = re.compile(r"\[\s*(?P<word>[A-Za-z][A-Za-z ]*?)\s*\]")
_METADATA = "metadata"
_HEADER_MAX = 80  # longer lines are never section headers (and the section pattern stays cheap)


class ApprenticeSyntax(Syntax):
    def header(self, line: str) -> str | None:
        match = _SECTION.fullmatch(line) if len(line) <= _HEADER_MAX else None
        if not match:
            return super().header(line)
        word = match.group("word")
        return META if word.casefold() == _METADATA else zone_for_section(word) or SKIP

    def meta(self, line: str) -> tuple[str, str] | str | None:
        match = key_value(line, "=")
        return (match[0], match[1].strip()) if match else super().meta(line)

    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        return bracket_card(line, zone, number)


_SYNTAX = ApprenticeSyntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


LAYOUT = Layout(
    "apprentice",
    N_("Apprentice deck"),
    read,
    counter(r"\[\s*(?:main|sideboard|metadata|general)\s*\]", re.I),
    (".dec", ".txt"),
)
