"""Cockatrice's ``.cod`` deck files (XML): ``<deckname>``, ``<comments>``, and ``<zone name="main">`` /
``<zone name="side">`` holding ``<card number="4" name="…" setShortName="boa-S01" collectorNumber="001"/>`` (the set named as in the
card database deckcli writes for Cockatrice).

deckcli writes every other zone as a zone of its own under its deckcli name (``limitbreak``, ``maybe``) and the
deck's game, format and metadata as ``Key: value`` lines of the comments, so a written file reads back as the
same deck. Cockatrice's ``tokens`` zone holds no deck cards and is skipped, with a note.

The file is untrusted: one with a DOCTYPE is refused before anything in it is expanded, so no entity (internal,
as in "billion laughs", or external) is ever read; expat fetches nothing by itself.
"""

from __future__ import annotations

import re
from xml.parsers import expat

from deckcli.decklists.layouts.base import CERTAIN, Layout
from deckcli.decklists.lines import count_problem, meta_line, set_meta, shown, zone_for_section
from deckcli.decklists.model import (
    NUMBER_PATTERN,
    SET_PATTERN,
    DeckEntry,
    Decklist,
    entry_problem,
    listed_once,
    meta_problem,
    text_problem,
)
from deckcli.errors import InputError
from deckcli.files.numbers import whole_number
from deckcli.games import registry
from deckcli.i18n import N_, Message
from deckcli.textrules import NOT_XML
from deckcli.words import plural

ROOT = "cockatrice_deck"
#: Cockatrice zones that hold no deck cards.
SKIPPED_ZONES = frozenset({"tokens"})
_SET = re.compile(SET_PATTERN)
_NUMBER = re.compile(NUMBER_PATTERN)
_COUNT = re.compile(r"\s*\d{1,9}\s*")


class _Refused(Exception):
    """Stops the parse: the file is not a Cockatrice deck deckcli will read."""


class _Reader:
    """Collects a Decklist from expat's events; every card line keeps the XML line it is on."""

    def __init__(self, source: str | None):
        self.deck = Decklist(source=source)
        self.parser = expat.ParserCreate("UTF-8")  # the text was decoded already: its declared encoding is moot
        self.parser.StartDoctypeDeclHandler = self._doctype
        self.parser.EntityDeclHandler = self._doctype
        self.parser.StartElementHandler = self._start
        self.parser.EndElementHandler = self._end
        self.parser.CharacterDataHandler = self._text
        self.depth = 0
        self.zone: str | None = None
        self.collecting: str | None = None  # the element whose text is being read (deckname, comments)
        self.buffer: list[str] = []
        self.skipping: str | None = None  # the skipped zone being read (tokens)
        self.skipped: dict[str, int] = {}

    def read(self, text: str) -> Decklist:
        try:
            self.parser.Parse(text.removeprefix("\ufeff").encode("utf-8"), True)
        except _Refused as exc:
            self.deck.entries.clear()
            self.deck.add_problem(exc.args[0], self.parser.CurrentLineNumber)
        except expat.ExpatError as exc:  # half a file is no deck: nothing of it is kept
            self.deck.entries.clear()
            reason = expat.ErrorString(exc.code)
            text = N_("not well-formed XML: {reason} (column {column})")
            self.deck.add_problem(Message(text, reason=reason, column=exc.offset + 1), exc.lineno)
        self._own_set_codes()
        for zone, count in self.skipped.items():
            if count:
                text = N_("the Cockatrice {zone!r} zone ({cards}) is not part of a deck; skipped")
                self.deck.notes.append(Message(text, zone=zone, cards=plural(count, "card")))
        return self.deck

    def _own_set_codes(self) -> None:
        """The printings' set codes as deckcli knows them: a ``.cod`` names a set as Cockatrice's card database
        deckcli writes does (``boa-S01``, :func:`deckcli.cards.cockatrice.set_name`)."""
        from deckcli.cards.cockatrice import set_code

        for entry in self.deck.entries:
            if entry.set_code is not None:
                entry.set_code = set_code(entry.set_code, self.deck.game)

    def _doctype(self, *_args) -> None:
        raise _Refused(Message("a Cockatrice deck has no DOCTYPE; deckcli reads no DTD and expands no entities"))

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        self.depth += 1
        line = self.parser.CurrentLineNumber
        if self.depth == 1 and tag != ROOT:
            text = N_("not a Cockatrice deck: the root element is <{tag}>, not <{root}>")
            raise _Refused(Message(text, tag=shown(tag, 40), root=ROOT))
        if self.depth == 2 and tag in ("deckname", "comments"):
            self.collecting, self.buffer = tag, []
        elif self.depth == 2 and tag == "zone":
            self._open_zone(attrs.get("name", ""), line)
        elif self.depth == 3 and tag == "card" and self.skipping is not None:
            count = attrs.get("number", "1").strip()
            self.skipped[self.skipping] += int(count) if count.isdigit() and len(count) < 10 else 1
        elif self.depth == 3 and tag == "card" and self.zone is not None:
            self._card(self.zone, attrs, line)

    def _open_zone(self, name: str, line: int) -> None:
        self.zone = zone_for_section(name) if name.strip() else None
        if self.zone is None and name.strip().casefold() in SKIPPED_ZONES:
            self.skipping = name.strip()
            self.skipped.setdefault(self.skipping, 0)
        elif self.zone is None:
            known = ", ".join(registry.zone_order())
            text = N_("unknown zone {zone!r} (zones: {zones}); its cards are skipped")
            self.deck.add_problem(Message(text, zone=shown(name, 40), zones=known), line)

    def _card(self, zone: str, attrs: dict[str, str], line: int) -> None:
        name, count_text = attrs.get("name", "").strip(), attrs.get("number", "1")
        shown_line = f'<card number="{shown(count_text, 20)}" name="{shown(name)}">'
        if not _COUNT.fullmatch(count_text):
            text = N_('the card count must be a whole number, got "{value}"')
            self.deck.add_problem(Message(text, value=shown(count_text, 20)), line)
            return
        problem = count_problem(whole_number(count_text), zone, shown_line)
        set_code, number = attrs.get("setShortName", "").strip(), attrs.get("collectorNumber", "").strip()
        printed = bool(_SET.fullmatch(set_code) and _NUMBER.fullmatch(number))
        if not problem and not name and not printed:
            problem = Message("a card needs a name, got {line}", line=shown_line)
        if problem:
            self.deck.add_problem(problem, line)
            return
        self.deck.entries.append(
            DeckEntry(zone, int(count_text), name, set_code if printed else None, number if printed else None, line)
        )

    def _end(self, tag: str) -> None:
        if self.depth == 2 and tag == self.collecting:
            text = "".join(self.buffer)
            if tag == "deckname" and text.strip():
                self.deck.name = text.strip()
            elif tag == "comments":
                for comment in text.splitlines():
                    meta = meta_line(comment.strip())
                    if meta:
                        set_meta(self.deck, meta[0], meta[1].strip())
            self.collecting = None
        if self.depth == 2 and tag == "zone":
            self.zone = self.skipping = None
        self.depth -= 1

    def _text(self, data: str) -> None:
        if self.collecting is not None:
            self.buffer.append(data)


def read(text: str, source: str | None = None) -> Decklist:
    """Read a ``.cod`` file; anything wrong (not XML, a DOCTYPE, a bad card) is a ParseProblem with its line."""
    return _Reader(source).read(text)


def _checked(value: str, what: str) -> str:
    problem = text_problem(value, what) or (
        Message("{what} {value!r} holds a character XML cannot", what=what, value=value)
        if NOT_XML.search(value)
        else None
    )
    if problem:
        raise _unwritable(problem)
    return value


def _unwritable(problem: str) -> InputError:
    """The error of a deck a ``.cod`` file cannot hold, ``problem`` (a Message) kept translatable inside it."""
    return InputError(Message("cannot write the decklist as a Cockatrice deck: {problem}", problem=problem))


def write(deck: Decklist) -> str:
    """The deck as a ``.cod`` file: every zone its own ``<zone>``, game, format and metadata in ``<comments>``."""
    from xml.sax.saxutils import escape, quoteattr  # here, not at the top: it imports urllib.request (~30 ms)

    comments = [
        f"{key}: {_checked(value.strip(), key)}"
        for key, value in (("Game", deck.game), ("Format", deck.format))
        if value
    ]
    for key, value in deck.meta.items():
        problem = meta_problem(key, value)
        if problem:
            raise _unwritable(problem)
        comments.append(f"{key}: {_checked(value.strip(), key)}")
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', f'<{ROOT} version="1">']
    lines.append(f"    <deckname>{escape(_checked(deck.name.strip(), 'Name') if deck.name else '')}</deckname>")
    lines.append(f"    <comments>{escape(chr(10).join(comments))}</comments>")
    unknown = sorted({e.zone for e in deck.entries} - set(registry.zone_order()))
    if unknown:
        raise _unwritable(Message("unknown zone {zone!r}", zone=unknown[0]))
    for zone in registry.zone_order():
        cards = [line for entry in deck.zone(zone) for line in _card_lines(entry, deck.game)]
        if cards:
            lines += [f"    <zone name={quoteattr(zone)}>", *cards, "    </zone>"]
    lines.append(f"</{ROOT}>")
    return "\n".join(lines) + "\n"


def _card_lines(entry: DeckEntry, game: str | None) -> list[str]:
    from xml.sax.saxutils import quoteattr

    problem = entry_problem(entry)
    if problem:
        raise _unwritable(problem)
    count, copies = (1, entry.count) if listed_once(entry.zone) else (entry.count, 1)
    name = _checked(entry.name, Message("card name")) if entry.name else ""
    attrs = f"number={quoteattr(str(count))} name={quoteattr(name)}"
    if entry.set_code is not None:
        from deckcli.cards.cockatrice import set_name  # the set's name in the card database deckcli writes

        code = set_name(game, entry.set_code) if game else entry.set_code
        attrs += f" setShortName={quoteattr(code)} collectorNumber={quoteattr(entry.number or '')}"
    return [f"        <card {attrs}/>"] * copies


def sniff(text: str) -> int:
    """Sure when the first element is ``<cockatrice_deck``."""
    head = text[:4096].lstrip("\ufeff \t\r\n")
    return CERTAIN if head.startswith("<") and f"<{ROOT}" in head else 0


LAYOUT = Layout("cod", N_("Cockatrice deck"), read, sniff, (".cod",), write, lines=False)
