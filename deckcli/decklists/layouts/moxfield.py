"""Moxfield's text export: ``1 Name (SET) 123`` lines with ``*F*`` (foil) and ``*E*`` (etched) markers, and
``SIDEBOARD:`` / ``MAYBEBOARD:`` headers. Finish markers are accepted and ignored: legality is by name."""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, counter
from deckcli.decklists.lines import Syntax, card_entry, read_lines
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.i18n import N_

_MARKER = re.compile(r"\*[A-Z]\*")


def without_markers(line: str) -> str:
    """The line without the finish markers after it (``*F*`` foil, ``*E*`` etched: a capital between asterisks).

    Taken off from the end one at a time, so a line of thousands of markers costs no more than its length."""
    line = line.rstrip()
    while len(line) > 3 and line[-4].isspace() and _MARKER.fullmatch(line, len(line) - 3):
        line = line[:-3].rstrip()
    return line


class MoxfieldSyntax(Syntax):
    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        return card_entry(without_markers(line), zone, number)


_SYNTAX = MoxfieldSyntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


LAYOUT = Layout("moxfield", N_("Moxfield export"), read, counter(r"\d+x?\s+\S.*\s\*[A-Z]\*"), (".txt",))
