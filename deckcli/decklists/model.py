"""The decklist as read from or written to a file: zones of counted card lines, plus metadata.

Parsers produce it without the database; :mod:`deckcli.legality.resolve` turns it into cards.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from deckcli.games import registry
from deckcli.games.hooks.name_level import meta_labels, meta_spellings
from deckcli.i18n import N_, Message
from deckcli.textrules import text_problem  # the one definition; the readers import it from here too
from deckcli.words import plural

#: Largest count one line may give (more is a typo, not a deck).
MAX_COUNT = 999
#: How many parse problems a decklist keeps; the rest are counted in one summary problem.
MAX_PROBLEMS = 20
#: How many it keeps when they are lines the resolver may read another way (``ember whelp 4``): a deck's worth.
MAX_READINGS = 1000
#: A set code as written in ``(SET) NUMBER``.
SET_PATTERN = r"[A-Za-z0-9][A-Za-z0-9-]{0,31}"
#: A card number in a decklist: one token, no whitespace or double quote (those would be misread in text), no control
#: or bidirectional-control character (:mod:`deckcli.textrules`).
NUMBER_PATTERN = r"[^\s\"\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]{1,32}"
#: Metadata keys (``Player: ...``); never start with a digit, so a card line cannot look like one.
META_KEY_PATTERN = (
    r"[A-Za-z\u3040-\u30ff\u4e00-\u9fff]"
    r"(?:[\w \-\u3040-\u30ff\u4e00-\u9fff]{0,29}[\w\-\u3040-\u30ff\u4e00-\u9fff])?"
)
#: Keys that are Decklist fields rather than ``meta`` entries.
FIELD_KEYS = ("name", "game", "format")
#: How a reader knew an entry's zone (``DeckEntry.placed``).
GIVEN, DEFAULT, GUESSED = "given", "default", "guessed"

_SET_RE = re.compile(SET_PATTERN)
_NUMBER_RE = re.compile(NUMBER_PATTERN)
#: The non-Latin letters a metadata key may use (as in META_KEY_PATTERN): hiragana, katakana, common CJK ideographs.
_KEY_RANGES = ((0x3040, 0x30FF), (0x4E00, 0x9FFF))


def _japanese(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _KEY_RANGES)


def is_meta_key(key: str) -> bool:
    """Whether ``key`` fully matches META_KEY_PATTERN, checked character by character (``\\w`` is ``isalnum`` or
    ``_``): compiled, that pattern's CJK ranges cost several milliseconds per regex at every start."""
    if not 1 <= len(key) <= 31:
        return False
    first, last = key[0], key[-1]
    if not ((first.isascii() and first.isalpha()) or _japanese(first)):
        return False
    if len(key) > 1 and not (last.isalnum() or last in "_-" or _japanese(last)):
        return False
    return all(c.isalnum() or c in "_ -" or _japanese(c) for c in key[1:-1])


def key_value(line: str, separator: str) -> tuple[str, str] | None:
    """``(key, value)`` of a ``Key<separator>value`` line, the value as written, or None: what a fullmatch of
    ``(?P<key>META_KEY_PATTERN)\\s*<separator>(?P<value>.*)`` gives (a key never holds the separator, so the
    first one ends it)."""
    head, found, value = line.partition(separator)
    if not found or "\n" in value:
        return None
    key = head.rstrip()
    return (key, value) if is_meta_key(key) else None


def zone_rank(zone: str) -> tuple[int, str]:
    """Sort key putting zones in the games' canonical order (:func:`deckcli.games.registry.zone_order`: the order of
    decklist files and deck codes), unknown zones last by name. A deck's zones are shown in its format's order
    (:meth:`deckcli.legality.format.Format.display_order`)."""
    order = registry.zone_order()
    return (order.index(zone) if zone in order else len(order), zone)


def listed_once(zone: str) -> bool:
    """Whether each line of the zone names one item with no count (sfb Champions)."""
    return zone in registry.uncounted_zones()


def meta_key(key: str) -> str:
    """The stored spelling of a metadata key: stripped, and a name-level key's own for each of its spellings in the
    games' data (``nemu``, ``ネーム``: ``Ne-mu``)."""
    key = key.strip()
    return meta_spellings().get(key.casefold(), key)


#: Metadata keys of any game's decklists that a reader is shown in their language (the others as written).
COMMON_META = {"Player": N_("Player"), "Event": N_("Event"), "Date": N_("Date"), "Author": N_("Author")}


def meta_label(key: str) -> str:
    """A metadata key as a reader is shown it: a name-level key in its game's data words (``Ne-mu``: ネーム), a
    common key (``Player``) from the catalog, else as the deck wrote it; English wherever it goes."""
    return meta_labels().get(key) or (Message(COMMON_META[key]) if key in COMMON_META else key)


def entry_problem(entry: DeckEntry) -> str | None:
    """Why ``entry`` cannot be written to a decklist file (every format applies the same rules), or None."""
    where: dict[str, Any] = {"zone": entry.zone, "card": entry.name or ""}
    if entry.zone not in registry.zone_order():
        return Message(
            "{zone} entry {card!r}: unknown zone {zone!r} (zones: {zones})",
            zones=", ".join(registry.zone_order()),
            **where,
        )
    if isinstance(entry.count, bool) or not isinstance(entry.count, int) or not 1 <= entry.count <= MAX_COUNT:
        return Message(
            "{zone} entry {card!r}: count must be a whole number from 1 to {most}, not {value!r}",
            most=MAX_COUNT,
            value=entry.count,
            **where,
        )
    if (entry.set_code is None) != (entry.number is None):
        return Message("{zone} entry {card!r}: a printing needs both a set code and a number", **where)
    if entry.set_code is not None and not (isinstance(entry.set_code, str) and _SET_RE.fullmatch(entry.set_code)):
        return Message(
            "{zone} entry {card!r}: bad set code {set!r} (letters, digits and -, like S01)", set=entry.set_code, **where
        )
    if entry.number is not None and not (isinstance(entry.number, str) and _NUMBER_RE.fullmatch(entry.number)):
        return Message(
            "{zone} entry {card!r}: bad card number {number!r} (one token without spaces or quotes)",
            number=entry.number,
            **where,
        )
    if entry.name in (None, "") or (isinstance(entry.name, str) and not entry.name.strip()):
        return (
            None
            if entry.set_code is not None
            else Message("{zone} entry {card!r}: a card needs a name or a printing", **where)
        )
    problem = text_problem(entry.name, Message("card name"))
    return Message("{zone} entry {card!r}: {problem}", problem=problem, **where) if problem else None


def meta_problem(key: object, value: object) -> str | None:
    """Why ``key: value`` cannot be a metadata line, or None."""
    if not isinstance(key, str) or not is_meta_key(key):
        return Message(
            "bad metadata key {key!r} (a letter first, then letters, digits, spaces or -, at most 31)", key=key
        )
    if key.casefold() in FIELD_KEYS:
        return Message("metadata key {key!r} is a decklist field, not meta", key=key)
    if meta_key(key) != key:
        return Message("metadata key {key!r} must be spelled {spelling!r}", key=key, spelling=meta_key(key))
    problem = text_problem(value, Message("metadata {key!r}", key=key))
    return problem


@dataclass
class DeckEntry:
    """One counted line: ``count`` copies of ``name`` (optionally the printing ``(set_code) number``) in ``zone``.

    A deck code carries printings only, so its entries may have an empty ``name``. ``placed`` says how the reader
    knew the zone: GIVEN by a section header or the file's structure, DEFAULT (no header, or a tool that knows no
    zones of the game: the main deck), GUESSED from the layout (a last group after a blank line).
    """

    zone: str
    count: int
    name: str
    set_code: str | None = None
    number: str | None = None
    line: int | None = None
    placed: str = field(default=GIVEN, compare=False, repr=False)


@dataclass
class ParseProblem:
    """A line that could not be read; the rest of the decklist is still used. ``reading`` is the line read another
    way (``Ember Whelp 4`` as 4 Ember Whelp), which only the card index can confirm: the resolver weighs it."""

    message: str
    line: int | None = None
    reading: DeckEntry | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line is not None else self.message


@dataclass
class Decklist:
    """A whole decklist. ``meta`` keeps other ``Key: value`` lines (Player, a declared ネーム, ...) in order; ``layout``
    names the layout it was read in, ``notes`` what the reader decided that the reader of a report should know."""

    entries: list[DeckEntry] = field(default_factory=list)
    name: str | None = None
    game: str | None = None
    format: str | None = None
    meta: dict[str, str] = field(default_factory=dict)
    source: str | None = None
    problems: list[ParseProblem] = field(default_factory=list)
    layout: str | None = field(default=None, compare=False)
    notes: list[str] = field(default_factory=list, compare=False)
    #: The 1-based line of the ``Format:`` metadata line, where a layout has lines (its problems name it).
    format_line: int | None = field(default=None, compare=False)

    def zone(self, zone: str) -> list[DeckEntry]:
        """The entries of one zone, in file order."""
        return [e for e in self.entries if e.zone == zone]

    def add_problem(self, message: str, line: int | None = None, reading: DeckEntry | None = None) -> None:
        """Record a parse problem, keeping the first MAX_PROBLEMS and one summary counting the rest.

        Bounded so megabytes of garbage cannot turn into megabytes of messages; a problem with a ``reading`` is kept
        (before the summary) up to MAX_READINGS problems, as a deck's card lines are.
        """
        dropped = getattr(self, "_dropped", 0)
        if len(self.problems) < (MAX_PROBLEMS if reading is None else MAX_READINGS):
            self.problems.insert(len(self.problems) - (1 if dropped else 0), ParseProblem(message, line, reading))
            return
        self._dropped = dropped = dropped + 1
        summary = ParseProblem(Message("... and {more}", more=plural(dropped, "more problem")))

        if dropped == 1:
            self.problems.append(summary)
        else:
            self.problems[-1] = summary

    def problem_total(self) -> int:
        """How many problems were found, counting those add_problem summarised instead of keeping."""
        dropped = getattr(self, "_dropped", 0)
        return len(self.problems) - (1 if dropped else 0) + dropped

    def canonical_entries(self) -> tuple[tuple[str, str, str | None, str | None, int], ...]:
        """The cards as comparable data: ``(zone, name_key, set, number, count)`` summed over equal cards.

        Sorted by zone (registry.zone_order()), name key, set and number; file order and line numbers are dropped.
        """
        from deckcli.names import name_key

        totals: dict[tuple[str, str, str | None, str | None], int] = {}
        for e in self.entries:
            key = (e.zone, name_key(e.name or ""), e.set_code, e.number)
            totals[key] = totals.get(key, 0) + e.count
        order = sorted(totals, key=lambda k: (zone_rank(k[0]), k[1], k[2] or "", k[3] or ""))
        return tuple((*k, totals[k]) for k in order)

    def canonical(self) -> tuple:
        """The whole decklist as comparable data: name, game, format, meta items and canonical_entries().

        Two decklists with equal canonical forms are the same deck, whatever file they came from.
        """
        return (self.name, self.game, self.format, tuple(self.meta.items()), self.canonical_entries())
