"""Magic Workstation's ``.mwDeck`` / ``.dec``: ``// comments`` (``// NAME : Deck`` and ``// CREATOR : Player`` give
the name and player), ``4 [SET] Name`` lines and ``SB: 2 [SET] Name`` sideboard lines (XMage's ``.dck``
``[SET:NUM]`` is read the same way)."""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, sample
from deckcli.decklists.layouts.brackets import bracket_card
from deckcli.decklists.lines import Syntax, read_lines
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.i18n import N_

_META = re.compile(r"//+\s*(?P<key>NAME|CREATOR)\s*:\s*(?P<value>.*)", re.IGNORECASE)
_KEYS = {"name": "Name", "creator": "Player"}
_MWS_LINE = re.compile(r"(?:SB:\s*)?\d+\s+\[[A-Za-z0-9-]*(?::[^\]]*)?\]\s+\S.*", re.IGNORECASE)
_BANNER = re.compile(r"//.*\bMagic Workstation\b.*", re.IGNORECASE)


class MwsSyntax(Syntax):
    def meta(self, line: str) -> tuple[str, str] | str | None:
        match = _META.fullmatch(line)
        if match:
            return _KEYS[match.group("key").casefold()], match.group("value").strip()
        return super().meta(line)

    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        return bracket_card(line, zone, number)


_SYNTAX = MwsSyntax()


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


def sniff(text: str) -> int:
    """The MWS banner comment is sure; each bracketed-set or ``SB:`` card line and ``// NAME :`` line counts one."""
    lines = sample(text)
    return sum(
        10 if _BANNER.fullmatch(line) else 1
        for line in lines
        if _BANNER.fullmatch(line) or _MWS_LINE.fullmatch(line) or _META.fullmatch(line)
    )


LAYOUT = Layout("mws", N_("Magic Workstation deck"), read, sniff, (".mwdeck", ".dec"))
