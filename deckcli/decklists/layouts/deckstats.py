"""Deckstats.net's export: ``1 [SET#NUM] Name`` lines (the printing before the name), ``SB: 1 [SET#NUM] Name``
sideboard lines, ``//Main``, ``//Sideboard`` and ``//Maybeboard`` headers, and ``# !Commander``-style remarks
after a card, which are dropped."""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, sample
from deckcli.decklists.layouts.brackets import bracket_card
from deckcli.decklists.lines import Syntax, header_zone, read_lines
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.i18n import N_

_REMARK = re.compile(r"\s#.*$")
_PRINTED = re.compile(r"(?:SB:\s*)?\d+x?\s+\[[A-Za-z0-9-]+#[^\]]+\]\s*.*|SB:\s*\d+x?\s+\S.*", re.IGNORECASE)
_SLASH_HEADER = re.compile(r"//\s*\S.*")


class DeckstatsSyntax(Syntax):
    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        return bracket_card(_REMARK.sub("", line).rstrip(), zone, number)


_SYNTAX = DeckstatsSyntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


def sniff(text: str) -> int:
    """Each ``[SET#NUM]`` or ``SB:`` card line counts two and, when there is one, each ``//Zone`` header one
    (deckcli's own text may have ``//Maybeboard`` headers, and reads a Deckstats list without either the same)."""
    lines = sample(text)
    printed = 2 * sum(1 for line in lines if _PRINTED.fullmatch(line))
    return printed and printed + sum(1 for line in lines if _SLASH_HEADER.fullmatch(line) and header_zone(line))


LAYOUT = Layout("deckstats", N_("Deckstats export"), read, sniff, (".txt", ".dec"))
