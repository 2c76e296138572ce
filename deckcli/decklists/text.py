"""The plain-text decklist people type and paste: ``Key: value`` metadata, section headers, ``4 Card Name`` lines.

Reading never raises for a bad line: it becomes a ParseProblem and the rest of the list is still read.
Writing checks every line it writes by reading it back, so what deckcli writes it reads back unchanged.
"""

from __future__ import annotations

import re

from deckcli.decklists.lines import (
    Syntax,
    card_entry,
    header_zone,
    is_comment,
    meta_line,
    read_lines,
    section_header,
    zone_for_section,
)
from deckcli.decklists.model import (
    DeckEntry,
    Decklist,
    entry_problem,
    listed_once,
    meta_problem,
    text_problem,
)
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.i18n import Message

__all__ = ["format_text", "parse_text", "section_header", "zone_for_section"]

#: Names another text layout would read differently after a count: a ``[Category]`` or ``[SET#num]`` bracket, a
#: trailing ``*F*`` marker. deckcli writes them in double quotes.
_MARKUP = re.compile(r"[\[\]]|\*[A-Za-z]{1,4}\*$")
#: Names that may not stand bare on a champion line either: a leading bullet or symbol, a trailing ``x4`` count.
_BARE_MARKUP = re.compile(r"^[^\w\"(]|\s[xX×]\s?\d+$")
PLAIN = Syntax()


def parse_text(text: str, source: str | None = None) -> Decklist:
    """Read deckcli's text decklist; bad lines become ``deck.problems`` (line numbers are 1-based), never exceptions.

    ``Key: value`` lines before the first section or card are metadata: Name, Game (lower-cased) and
    Format fill the Decklist fields, any other key goes to ``meta`` (``Nemu``/``ネーム`` stored as ``Ne-mu``).
    Cards before any section header belong to the main deck; in a Champions section each line is one
    champion (an optional count of 1 is allowed). See :func:`deckcli.decklists.lines.read_lines`.
    """
    return read_lines(text, source, PLAIN)


def format_text(deck: Decklist) -> str:
    """The decklist as text: metadata, then each non-empty zone under its header, one ``COUNT NAME`` per entry.

    Raises InputError for anything that would not read back the same (a name with a line break, an
    empty name without a printing, a bad set code). Names that plain text would misread (one ending
    in ``(SET) NUMBER`` with no printing, one starting with ``x ``) are written in double quotes.
    """
    unknown = sorted({e.zone for e in deck.entries} - set(registry.zone_order()))
    if unknown:
        raise InputError(Message("cannot write the decklist as text: unknown zone {zone!r}", zone=unknown[0]))
    lines = []
    for key, value in (("Name", deck.name), ("Game", deck.game), ("Format", deck.format)):
        if value is not None and value != "":
            problem = text_problem(value, key)
            if problem:
                raise InputError(Message("cannot write the decklist as text: {problem}", problem=problem))
            lines.append(_meta_line(key, value.strip()))
    for key, value in deck.meta.items():
        problem = meta_problem(key, value)
        if problem:
            raise InputError(Message("cannot write the decklist as text: {problem}", problem=problem))
        lines.append(_meta_line(key, value.strip()))
    for zone in registry.zone_order():
        entries = deck.zone(zone)
        if not entries:
            continue
        if lines:
            lines.append("")
        lines.append(section_header(zone))
        for entry in entries:
            lines.extend(_card_lines(entry))
    return "\n".join(lines) + "\n"


def _meta_line(key: str, value: str) -> str:
    line = f"{key}: {value}"
    meta = meta_line(line)
    if header_zone(line) or not meta or meta[1].strip() != value:
        raise InputError(Message("cannot write the decklist as text: metadata {line!r} would be misread", line=line))
    return line


def _card_lines(entry: DeckEntry) -> list[str]:
    """The text lines of one entry (a champion listed twice is two lines), each checked by reading it back."""
    problem = entry_problem(entry)
    if problem:
        raise InputError(Message("cannot write the decklist as text: {problem}", problem=problem))
    name = (entry.name or "").strip()
    printing = f"({entry.set_code}) {entry.number}" if entry.set_code is not None else ""
    plain = " ".join(part for part in (name, printing) if part)
    quoted = " ".join(part for part in (f'"{name}"' if name else "", printing) if part)
    markup = bool(_MARKUP.search(name))
    if listed_once(entry.zone):
        candidates, copies, count = [plain, f"1 {plain}", f"1 {quoted}"], entry.count, 1
        candidates = candidates[2:] if markup else candidates[1:] if _BARE_MARKUP.search(name) else candidates
    else:
        candidates, copies, count = [f"{entry.count} {plain}", f"{entry.count} {quoted}"], 1, entry.count
        candidates = candidates[1:] if markup else candidates
    for line in candidates:
        if not line or header_zone(line) or is_comment(line):
            continue
        back = card_entry(line, entry.zone, 0)
        if isinstance(back, DeckEntry) and (back.count, back.name, back.set_code, back.number) == (
            count,
            name,
            entry.set_code,
            entry.number,
        ):
            return [line] * copies
    raise InputError(
        Message(
            "cannot write the decklist as text: the {zone} card {card!r} would be misread", zone=entry.zone, card=name
        )
    )
