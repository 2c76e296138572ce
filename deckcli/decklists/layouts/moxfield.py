"""Moxfield's text export: ``1 Name (SET) 123`` lines with ``*F*`` (foil) and ``*E*`` (etched) markers, and
``SIDEBOARD:`` / ``MAYBEBOARD:`` headers. Finish markers are accepted and ignored: legality is by name."""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, counter
from deckcli.decklists.lines import Syntax, card_entry, read_lines
from deckcli.decklists.model import Decklist, DeckEntry

#: Finish markers after a card line (foil, etched; one capital letter between asterisks).
MARKERS = re.compile(r"(?:\s\*[A-Z]\*)+\s*$")


class MoxfieldSyntax(Syntax):
    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        return card_entry(MARKERS.sub("", line).rstrip(), zone, number)


_SYNTAX = MoxfieldSyntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


LAYOUT = Layout("moxfield", "Moxfield export", read, counter(r"\d+x?\s+\S.*\s\*[A-Z]\*"), (".txt",))
