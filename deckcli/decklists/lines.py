"""The one line reader every text layout goes through: metadata at the top, section headers, card lines, groups.

A layout is a :class:`Syntax`: deckcli's own line rules, with the parts its tool writes differently overridden
(markers, line prefixes, other headers). Bad lines become ParseProblems with 1-based line numbers, never
exceptions. Zones and section headers come from the games' data, never from a layout.
"""

from __future__ import annotations

import re

from deckcli.decklists.model import (
    DEFAULT,
    GIVEN,
    GUESSED,
    MAX_COUNT,
    NUMBER_PATTERN,
    SET_PATTERN,
    DeckEntry,
    Decklist,
    ParseProblem,
    key_value,
    listed_once,
    meta_key,
)
from deckcli.files.numbers import shown_digits, whole_number
from deckcli.games import registry
from deckcli.i18n import Message

#: The header word whose zone a last group after a blank line goes to (the Arena and MTGO convention).
GROUP_HEADER = "Sideboard"
#: ``Syntax.header`` results for sections that hold no cards: lines skipped, or ``Key=value`` metadata lines.
SKIP = "\x00skip"
META = "\x00meta"


def meta_line(line: str) -> tuple[str, str] | None:
    """``(key, value)`` of a ``Key: value`` line (the value unstripped), else None."""
    return key_value(line, ":")


_HEADER = re.compile(r"(?://+|#+)?\s*(?P<word>[A-Za-z][A-Za-z ]*?)\s*:?\s*(?:\(\s*\d+\s*\))?\s*:?", re.IGNORECASE)
_COUNTED = re.compile(r"(?P<count>\d+)(?:\s*[xX])?\s+(?P<rest>\S.*)")
_NEGATIVE = re.compile(r"-(\d+)(?:\s*[xX])?\s+\S.*")  # "-1 Fireball" (a forum bullet "- 4 Name" has a space)
_PRINTING = re.compile(rf"\((?P<set>{SET_PATTERN})\)\s+(?P<number>{NUMBER_PATTERN})$")
_HEADER_MAX = 80  # longer lines are never section headers (and the header pattern stays cheap)
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_SECTION_WORD = re.compile(r"(?i)\b(?:deck|board|section)\b")
#: The common card line ``N Name`` (one space, a name with no printing, quotes or ``x`` marker to look at), which
#: :func:`card_entry` reads the same way: :func:`read_lines` takes it without the header, comment and card rules.
_PLAIN_LINE = re.compile(r"([1-9][0-9]{0,2}) ([^\sxX\"(][^(]*)")

#: A count written after the name (``ember whelp 4``): no leading zero, so the name and count give the line back.
_AFTER_COUNT = re.compile(r"[1-9][0-9]{0,2}")
#: Longer lines are never read as the deck's name.
_TITLE_MAX = 100


def zone_for_section(word: str) -> str | None:
    """The zone a section name opens (``Sideboard`` -> ``side``), or None if it names no section."""
    return registry.section_headers().get(" ".join(word.split()).casefold())


def section_header(zone: str) -> str:
    """The header deckcli writes for a zone (its first spelling in the games' data)."""
    return registry.zones()[zone].headers[0]


def shown(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def header_zone(line: str) -> str | None:
    """The zone a section-header line opens (``Side Deck``, ``// Sideboard``, ``Main Deck (50):``), else None."""
    match = _HEADER.fullmatch(line) if len(line) <= _HEADER_MAX else None
    return zone_for_section(match.group("word")) if match else None


def is_comment(line: str) -> bool:
    return line.startswith("#") or line.startswith("//")


def split_name(rest: str) -> tuple[str, str | None, str | None]:
    """``NAME [(SET) NUMBER]`` -> (name, set, number); a name wrapped in double quotes is unwrapped once."""
    match = _PRINTING.search(rest)  # anchored at the end; a number has no spaces, so only the last "(SET) NUM"
    if match and (match.start() == 0 or rest[match.start() - 1].isspace()):
        name, set_code, number = rest[: match.start()].strip(), match.group("set"), match.group("number")
    else:
        name, set_code, number = rest.strip(), None, None
    if len(name) >= 2 and name[0] == '"' and name[-1] == '"':
        name = name[1:-1]
    return name, set_code, number


def count_problem(count: int, zone: str, line: str) -> str | None:
    """Why ``count`` copies cannot be one line of ``zone`` (as written in ``line``), or None."""
    if listed_once(zone) and count != 1:
        return Message(
            "each {section} line names one card, listed once; got count {count}",
            section=section_header(zone),
            count=count,
        )
    if count < 1:
        return Message('count must be at least 1, got "{line}"', line=shown(line))
    if count > MAX_COUNT:
        return Message("count {count} is too large (at most {most})", count=count, most=MAX_COUNT)
    return None


def counted_entry(count: int, rest: str, zone: str, number: int, line: str) -> DeckEntry | str:
    """``count`` copies of ``NAME [(SET) NUMBER]`` in ``zone`` as a DeckEntry, or why they are not one."""
    problem = count_problem(count, zone, line)
    if problem:
        return problem
    name, set_code, card_number = split_name(rest)
    if not name and set_code is None:
        return Message('missing card name, got "{line}"', line=shown(line))
    return DeckEntry(zone, count, name, set_code, card_number, number)


def card_entry(line: str, zone: str, number: int) -> DeckEntry | str:
    """One card line of ``zone`` (``4 Name``, ``4x Name (SET) NUM``; a champion line needs no count) as a
    DeckEntry, or the message saying why it is not one."""
    counted = _COUNTED.fullmatch(line)
    if counted:
        return counted_entry(whole_number(counted.group("count")), counted.group("rest"), zone, number, line)
    negative = _NEGATIVE.fullmatch(line)
    if negative:
        return Message(
            "count -{digits} is negative: a count is a whole number from 1 to {most}",
            digits=shown_digits(negative.group(1)),
            most=MAX_COUNT,
        )
    if listed_once(zone):
        return counted_entry(1, line, zone, number, line)
    meta = meta_line(line)
    if meta and meta[1].strip():
        return Message(
            'metadata ("Key: value") must come before the first section and card; got "{line}"', line=shown(line)
        )
    if meta or _SECTION_WORD.search(line):
        return unknown_section(line)
    return Message('expected "COUNT NAME" (like "4 Ember Whelp"), got "{line}"', line=shown(line))


def count_after_name(line: str, zone: str, number: int) -> DeckEntry | None:
    """``ember whelp 4`` read as 4 ember whelp: the other reading of a line that is no card line as written (a judge's
    list), for the resolver to take when that name is a card and the whole line is not; None if it has none."""
    parts = line.rsplit(None, 1)  # (split, not a pattern: linear on any line)
    if len(parts) != 2 or line[0].isdigit() or listed_once(zone) or not _AFTER_COUNT.fullmatch(parts[1]):
        return None
    return DeckEntry(zone, int(parts[1]), parts[0], None, None, number)


def unknown_section(line: str) -> str:
    known = ", ".join(section_header(z) for z in registry.zone_order())
    return Message(
        'unknown section "{line}" (sections: {sections}), or expected "COUNT NAME" (like "4 Ember Whelp")',
        line=shown(line),
        sections=known,
    )


class Syntax:
    """deckcli's own line rules (its text layout); a layout overrides the parts its tool writes differently."""

    def header(self, line: str) -> str | None:
        """The zone a section-header line opens (or SKIP / META for a section holding no cards), else None."""
        return header_zone(line)

    def comment(self, line: str) -> bool:
        """Whether the line is a comment (skipped)."""
        return is_comment(line)

    def meta(self, line: str) -> tuple[str, str] | str | None:
        """A metadata line at the top as (key, value), a message when it is a bad one, None when it is no metadata."""
        match = meta_line(line)
        if not match:
            return None
        key, value = match[0], match[1].strip()
        if value or not _SECTION_WORD.search(key):
            return key, value
        return unknown_section(line)

    def card(self, line: str, zone: str, number: int) -> DeckEntry | str:
        """A card line of ``zone`` as a DeckEntry (its zone may be another the line names), or why it is not one."""
        return card_entry(line, zone, number)


def read_lines(text: str, source: str | None, syntax: Syntax) -> Decklist:
    """Read a text decklist line by line with ``syntax``; bad lines become ``deck.problems`` (1-based lines).

    ``Key: value`` lines before the first section or card are metadata (Name, Game lower-cased, Format; any
    other key goes to ``meta``). Cards before any section header belong to the main deck. In a list with
    no section header and no line naming its zone, a last group of cards after a blank line that holds
    fewer cards than the groups before it goes to the side deck. Each entry's ``placed`` says which of these put
    it in its zone (a header, or a line's own mark, is GIVEN). The first line before any section or card that is
    no metadata or card line is the deck's name (a post's title; see :func:`_name_from_title`).
    """
    deck = Decklist(source=source)
    main = registry.default_zone()
    zone, in_header, headers, group, gap = main, True, False, 0, False
    title: tuple[ParseProblem, str] | None = None  # the problem of that line, until the deck is known to have cards
    untitled = True  # whether no such line was seen yet
    opened = False  # whether a header opened the current zone
    groups: list[int] = []
    own_rules = _own_rules(syntax)
    plain = own_rules and not listed_once(zone)  # whether a plain "N Name" line is read by _PLAIN_LINE alone
    text = text.removeprefix("\ufeff")
    for number, raw in enumerate(text.split("\n") if "\r" not in text else _LINE_BREAK.split(text), start=1):
        line = raw.strip()
        if not line:
            gap = bool(deck.entries)
            continue
        fast = _PLAIN_LINE.fullmatch(line) if plain and not in_header else None
        if fast and (count := int(fast.group(1))) <= MAX_COUNT:  # what the header, comment and card rules make of it
            if gap:
                group, gap = group + 1, False
            deck.entries.append(DeckEntry(zone, count, fast.group(2), None, None, number, GIVEN if opened else DEFAULT))
            groups.append(group)
            continue
        section = syntax.header(line)
        if section:
            zone, in_header, headers, opened = section, section == META, True, True
            plain = own_rules and section not in (SKIP, META) and not listed_once(section)
            continue
        if zone == SKIP:
            continue
        if in_header or zone == META:
            meta = syntax.meta(line)
            if isinstance(meta, tuple):
                set_meta(deck, *meta, line=number)
            elif meta is not None:
                deck.add_problem(meta, number)
            if meta is not None or zone == META:
                continue
        if syntax.comment(line):
            continue
        was_header, in_header = in_header, False
        card = syntax.card(line, zone, number)
        if isinstance(card, str):
            reading = count_after_name(line, zone, number)
            if reading is not None:
                reading.placed = GIVEN if opened else DEFAULT
            deck.add_problem(card, number, reading)
            if was_header and untitled and not headers:  # the first such line: the deck's name, or no name
                untitled = False
                if reading is None and _may_be_title(line) and deck.problems[-1].line == number:  # (kept, not summed)
                    title, in_header = (deck.problems[-1], line), True  # metadata may still follow a title
            continue
        group, gap = group + (1 if gap else 0), False
        card.placed = GIVEN if opened or card.zone != zone else DEFAULT
        deck.entries.append(card)
        groups.append(group)
    if not headers and all(e.zone == main for e in deck.entries):
        _last_group_to_side(deck, groups)
    _name_from_title(deck, title)
    return deck


def _may_be_title(line: str) -> bool:
    """Whether a line no layout reads may be a deck's name: not a card line with a bad count (``0 Fireball``)."""
    return len(line) <= _TITLE_MAX and not line[0].isdigit() and not _NEGATIVE.fullmatch(line)


def _name_from_title(deck: Decklist, title: tuple[ParseProblem, str] | None) -> None:
    """Forum tools read a post's first line (``Tide Control by Jo — for Saturday!!``) as the deck's name: so does
    deckcli, with a note, when no ``Name:`` line names the deck and it has cards; else that line stays a problem."""
    if title is None or deck.name is not None or not (deck.entries or any(p.reading for p in deck.problems)):
        return
    problem, line = title
    deck.problems = [p for p in deck.problems if p is not problem]
    deck.name = line
    deck.notes.append(
        Message('line {number}, "{line}", was read as the deck\'s name', number=problem.line, line=shown(line))
    )


def _own_rules(syntax: Syntax) -> bool:
    """Whether ``syntax`` reads headers, comments and card lines by deckcli's own rules (a layout overrides none)."""
    kind = type(syntax)
    return kind.header is Syntax.header and kind.comment is Syntax.comment and kind.card is Syntax.card


def _last_group_to_side(deck: Decklist, groups: list[int]) -> None:
    """Arena and MTGO write the sideboard as a last group after a blank line, with no header."""
    side = zone_for_section(GROUP_HEADER)
    if side is None or not groups or groups[-1] == 0:
        return
    last = [e for e, g in zip(deck.entries, groups) if g == groups[-1]]
    if sum(e.count for e in last) * 2 >= sum(e.count for e in deck.entries):
        return
    for entry in last:
        entry.zone, entry.placed = side, GUESSED


def set_meta(deck: Decklist, key: str, value: str, line: int | None = None) -> None:
    """Store one metadata line (from source line ``line``); an empty value is ignored (templates often leave
    ``Player:`` blank)."""
    if not value:
        return
    folded = key.strip().casefold()
    if folded == "name":
        deck.name = value
    elif folded == "game":
        deck.game = value.lower()
    elif folded == "format":
        deck.format, deck.format_line = value, line
    else:
        deck.meta[meta_key(key)] = value
