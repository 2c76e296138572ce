"""Archidekt's text export: ``1x Name (set) 001 *F* [Category]`` — a lower-case set code, finish markers, and the
card's categories in brackets (``[Sideboard{noDeck}]``, ``[Maybeboard{noDeck}{noPrice}]``, ``[Creature,Burn]``),
then an optional ``^Tag,#colour^`` label. The first category a game's data names as a section is the card's zone
(Sideboard, Maybeboard); other categories are labels and leave the card where it is."""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, counter
from deckcli.decklists.layouts.moxfield import without_markers
from deckcli.decklists.lines import Syntax, card_entry, read_lines, zone_for_section
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.i18n import N_

_CATEGORIES = re.compile(r"\[(?P<categories>[^\[\]]*)\](?:\s*\^[^\^]*\^)?\s*$")  # searched: linear
_FLAGS = re.compile(r"\{[^{}]*\}")


def category_zone(categories: str) -> str | None:
    """The zone the first category naming a section opens, if any."""
    for category in categories.split(","):
        zone = zone_for_section(_FLAGS.sub("", category).strip())
        if zone:
            return zone
    return None


class ArchidektSyntax(Syntax):
    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        match = _CATEGORIES.search(line)
        body, categories = (line[: match.start()].rstrip(), match.group("categories")) if match else (line, None)
        return card_entry(without_markers(body), (categories and category_zone(categories)) or zone, number)


_SYNTAX = ArchidektSyntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


LAYOUT = Layout(
    "archidekt", N_("Archidekt export"), read, counter(r"\d+x\s+\S.*\[[^\[\]]*\](?:\s*\^[^\^]*\^)?"), (".txt",)
)
