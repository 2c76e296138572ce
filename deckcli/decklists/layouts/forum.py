"""Decklists typed into forums and chats: bullets (``- 4x Name``, ``* 4 Name``, ``• Name x4``), counts after the
name (``Name x4``, ``Name ×4``, ``Name (x4)``), Markdown headers (``**Main Deck**``, ``## Side Deck``,
``__Champions:__``) and headers with a card count (``Main Deck (52)``). Under ``Champions:``, ``- Kilgore``
bullets name one champion each."""

from __future__ import annotations

import re

from deckcli.decklists.layouts.base import Layout, sample
from deckcli.decklists.lines import Syntax, card_entry, counted_entry, header_zone, read_lines
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.files.numbers import whole_number
from deckcli.i18n import N_

_BULLET = re.compile(r"(?:[-*•+·]|\d+[.)])\s+(?P<rest>\S.*)")
_EMPHASIS = re.compile(r"(?P<mark>\*\*|__|\*|_)(?P<inner>.+?)(?P=mark)(?P<after>\s*(?::\s*)?(?:\(\s*\d+\s*\)\s*)?:?)")
_MARKDOWN_HEADER = re.compile(r"#{1,6}\s+(?P<inner>\S.*)")
_COUNT_AFTER = re.compile(r"(?:^|\s)\(?[xX×] ?(?P<count>\d+)\)?$")  # searched: linear on any line
_LEADING_COUNT = re.compile(r"\d+(?:\s*[xX])?\s+\S")
_HEADER_MAX = 80  # longer lines are never headers (and the emphasis pattern stays cheap)


def _unmarked(line: str) -> str:
    """A header line without Markdown emphasis or ``#`` marks (``**Main Deck (52):**`` -> ``Main Deck (52):``)."""
    if len(line) > _HEADER_MAX:
        return line
    heading = _MARKDOWN_HEADER.fullmatch(line)
    line = heading.group("inner").strip() if heading else line
    emphasis = _EMPHASIS.fullmatch(line)
    return (emphasis.group("inner") + emphasis.group("after")).strip() if emphasis else line


class ForumSyntax(Syntax):
    def header(self, line: str) -> str | None:
        return header_zone(_unmarked(line)) or super().header(line)

    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        bullet = _BULLET.fullmatch(line)
        line = bullet.group("rest").strip() if bullet and not _LEADING_COUNT.match(line) else line
        after = _COUNT_AFTER.search(line) if not _LEADING_COUNT.match(line) else None
        if after and line[: after.start()].strip():
            return counted_entry(whole_number(after.group("count")), line[: after.start()].strip(), zone, number, line)
        return card_entry(line, zone, number)


_SYNTAX = ForumSyntax()
_BULLETED = re.compile(r"[-*•+·]\s+\S.*")


def read(text: str, source: str | None = None) -> Decklist:
    return read_lines(text, source, _SYNTAX)


def sniff(text: str) -> int:
    """Each bulleted line, count-after-name line and Markdown header counts one."""
    score = 0
    for line in sample(text):
        if _LEADING_COUNT.match(line):
            continue  # a plain card line, as most are
        if _BULLETED.fullmatch(line) or _COUNT_AFTER.search(line):
            score += 1
        elif line[0] in "*_#" and line != _unmarked(line) and header_zone(_unmarked(line)):
            score += 1
    return score


LAYOUT = Layout("forum", N_("forum or chat post"), read, sniff, (".txt", ".md"))
