"""The plain-text decklist people type and paste: ``Key: value`` metadata, section headers, ``4 Card Name`` lines.

Reading never raises for a bad line: it becomes a ParseProblem and the rest of the list is still read.
Writing checks every line it writes by reading it back, so what deckcli writes it reads back unchanged.
"""

from __future__ import annotations

import re

from deckcli.decklists.model import (
    MAX_COUNT,
    META_KEY_PATTERN,
    NUMBER_PATTERN,
    SET_PATTERN,
    Decklist,
    DeckEntry,
    entry_problem,
    meta_key,
    listed_once,
    meta_problem,
    text_problem,
    zone_order,
)
from deckcli.errors import InputError
from deckcli.games import registry

_HEADER = re.compile(r"(?://+|#+)?\s*(?P<word>[A-Za-z][A-Za-z ]*?)\s*:?\s*(?:\(\s*\d+\s*\))?\s*:?", re.IGNORECASE)
_META = re.compile(rf"(?P<key>{META_KEY_PATTERN})\s*:(?P<value>.*)")
_COUNTED = re.compile(r"(?P<count>\d+)(?:\s*[xX])?\s+(?P<rest>\S.*)")
_PRINTING = re.compile(rf"\((?P<set>{SET_PATTERN})\)\s+(?P<number>{NUMBER_PATTERN})$")
_HEADER_MAX = 80  # longer lines are never section headers (and the header pattern stays cheap)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_SECTION_WORD = re.compile(r"(?i)\b(?:deck|board|section)\b")

_EXPECTED = 'expected "COUNT NAME" (like "4 Ember Whelp")'


def zone_for_section(word: str) -> str | None:
    """The zone a section name opens (``Sideboard`` -> ``side``), or None if it names no section."""
    return registry.section_headers().get(" ".join(word.split()).casefold())


def section_header(zone: str) -> str:
    """The header deckcli writes for a zone (its first spelling in the games' data)."""
    return registry.zones()[zone].headers[0]


def _shown(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _header_zone(line: str) -> str | None:
    match = _HEADER.fullmatch(line) if len(line) <= _HEADER_MAX else None
    return zone_for_section(match.group("word")) if match else None


def _split_name(rest: str) -> tuple[str, str | None, str | None]:
    """``NAME [(SET) NUMBER]`` -> (name, set, number); a name wrapped in double quotes is unwrapped once."""
    match = _PRINTING.search(rest)  # anchored at the end; a number has no spaces, so only the last "(SET) NUM"
    if match and (match.start() == 0 or rest[match.start() - 1].isspace()):
        name, set_code, number = rest[: match.start()].strip(), match.group("set"), match.group("number")
    else:
        name, set_code, number = rest.strip(), None, None
    if len(name) >= 2 and name[0] == '"' and name[-1] == '"':
        name = name[1:-1]
    return name, set_code, number


def _card(line: str, zone: str, number: int) -> DeckEntry | str:
    """One card line of ``zone`` as a DeckEntry, or the message saying why it is not one."""
    counted = _COUNTED.fullmatch(line)
    if counted:
        count, rest = int(counted.group("count")), counted.group("rest")
    elif listed_once(zone):
        count, rest = 1, line
    else:
        meta = _META.fullmatch(line)
        if meta and meta.group("value").strip():
            return f'metadata ("Key: value") must come before the first section and card; got "{_shown(line)}"'
        if meta or _SECTION_WORD.search(line):
            return _unknown_section(line)
        return f'{_EXPECTED}, got "{_shown(line)}"'
    if listed_once(zone) and count != 1:
        return f"each {section_header(zone)} line names one card, listed once; got count {count}"
    if count < 1:
        return f'count must be at least 1, got "{_shown(line)}"'
    if count > MAX_COUNT:
        return f"count {count} is too large (at most {MAX_COUNT})"
    name, set_code, card_number = _split_name(rest)
    if not name and set_code is None:
        return f'missing card name, got "{_shown(line)}"'
    return DeckEntry(zone, count, name, set_code, card_number, number)


def _unknown_section(line: str) -> str:
    known = ", ".join(section_header(z) for z in zone_order())
    return f'unknown section "{_shown(line)}" (sections: {known}), or {_EXPECTED}'


def _is_comment(line: str) -> bool:
    return line.startswith("#") or line.startswith("//")


def parse_text(text: str, source: str | None = None) -> Decklist:
    """Read a text decklist; bad lines become ``deck.problems`` (line numbers are 1-based), never exceptions.

    ``Key: value`` lines before the first section or card are metadata: Name, Game (lower-cased) and
    Format fill the Decklist fields, any other key goes to ``meta`` (``Nemu``/``ネーム`` stored as ``Ne-mu``).
    Cards before any section header belong to the main deck; in a Champions section each line is one
    champion (an optional count of 1 is allowed).
    """
    deck = Decklist(source=source)
    zone = "main"
    in_header = True  # still in the metadata block at the top
    for number, raw in enumerate(_LINE_BREAK.split(text.removeprefix("\ufeff")), start=1):
        line = raw.strip()
        if not line:
            continue
        section = _header_zone(line)
        if section:
            zone, in_header = section, False
            continue
        if _is_comment(line):
            continue
        if in_header:
            meta = _META.fullmatch(line)
            if meta:
                value = meta.group("value").strip()
                if value or not _SECTION_WORD.search(meta.group("key")):
                    _set_meta(deck, meta.group("key"), value)
                else:
                    deck.add_problem(_unknown_section(line), number)
                continue
        in_header = False
        card = _card(line, zone, number)
        if isinstance(card, DeckEntry):
            deck.entries.append(card)
        else:
            deck.add_problem(card, number)
    return deck


def _set_meta(deck: Decklist, key: str, value: str) -> None:
    """Store one metadata line; an empty value is ignored (templates often leave ``Player:`` blank)."""
    if not value:
        return
    folded = key.strip().casefold()
    if folded == "name":
        deck.name = value
    elif folded == "game":
        deck.game = value.lower()
    elif folded == "format":
        deck.format = value
    else:
        deck.meta[meta_key(key)] = value


def format_text(deck: Decklist) -> str:
    """The decklist as text: metadata, then each non-empty zone under its header, one ``COUNT NAME`` per entry.

    Raises InputError for anything that would not read back the same (a name with a line break, an
    empty name without a printing, a bad set code). Names that plain text would misread (one ending
    in ``(SET) NUMBER`` with no printing, one starting with ``x ``) are written in double quotes.
    """
    unknown = sorted({e.zone for e in deck.entries} - set(zone_order()))
    if unknown:
        raise InputError(f"cannot write the decklist as text: unknown zone {unknown[0]!r}")
    lines = []
    for key, value in (("Name", deck.name), ("Game", deck.game), ("Format", deck.format)):
        if value is not None and value != "":
            problem = text_problem(value, key)
            if problem:
                raise InputError(f"cannot write the decklist as text: {problem}")
            lines.append(_meta_line(key, value.strip()))
    for key, value in deck.meta.items():
        problem = meta_problem(key, value)
        if problem:
            raise InputError(f"cannot write the decklist as text: {problem}")
        lines.append(_meta_line(key, value.strip()))
    for zone in zone_order():
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
    meta = _META.fullmatch(line)
    if _header_zone(line) or not meta or meta.group("value").strip() != value:
        raise InputError(f"cannot write the decklist as text: metadata {line!r} would be misread")
    return line


def _card_lines(entry: DeckEntry) -> list[str]:
    """The text lines of one entry (a champion listed twice is two lines), each checked by reading it back."""
    problem = entry_problem(entry)
    if problem:
        raise InputError(f"cannot write the decklist as text: {problem}")
    name = (entry.name or "").strip()
    printing = f"({entry.set_code}) {entry.number}" if entry.set_code is not None else ""
    plain = " ".join(part for part in (name, printing) if part)
    quoted = " ".join(part for part in (f'"{name}"' if name else "", printing) if part)
    if listed_once(entry.zone):
        candidates, copies, count = [plain, f"1 {plain}", f"1 {quoted}"], entry.count, 1
    else:
        candidates, copies, count = [f"{entry.count} {plain}", f"{entry.count} {quoted}"], 1, entry.count
    for line in candidates:
        if not line or _header_zone(line) or _is_comment(line):
            continue
        back = _card(line, entry.zone, 0)
        if isinstance(back, DeckEntry) and (back.count, back.name, back.set_code, back.number) == (
            count,
            name,
            entry.set_code,
            entry.number,
        ):
            return [line] * copies
    raise InputError(f"cannot write the decklist as text: the {entry.zone} card {name!r} would be misread")
