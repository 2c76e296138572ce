"""Every decklist layout deckcli reads, registered by name, and the one choice of layout for a file.

A layout (:class:`~deckcli.decklists.layouts.base.Layout`) recognises its files by content (``sniff``), may claim
file extensions, reads a Decklist and, where people exchange files in it, writes one. The choice:

1. a layout asked for by name;
2. else a file extension only one non-line layout claims (``.json``, ``.csv``, ``.code``, ``.cod``);
3. else the content: a layout that is sure of it (JSON, CSV header, deck code, Cockatrice XML) unless the
   extension is a text one, then among the line layouts the one whose own marks the text shows most
   (``*F*`` markers, ``[SET#num]`` printings, bullets, ...), in registry order on a tie; deckcli's own text
   when no layout sees its marks.

Every line layout reads deckcli's own text lines too, so a list that mixes in plain lines still reads.
"""

from __future__ import annotations

from pathlib import Path

from deckcli.decklists.layouts import (
    apprentice,
    archidekt,
    arena,
    builtin,
    cockatrice,
    deckstats,
    forum,
    moxfield,
    mtgo,
    mws,
)
from deckcli.decklists.layouts.base import Layout
from deckcli.decklists.model import DEFAULT, GIVEN, Decklist, text_problem
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.i18n import N_, Message

#: Every layout by name, in the order ties are broken.
LAYOUTS: dict[str, Layout] = {
    layout.name: layout
    for layout in (
        builtin.TEXT,
        builtin.JSON,
        builtin.CSV,
        builtin.CODE,
        cockatrice.LAYOUT,
        arena.LAYOUT,
        mtgo.LAYOUT,
        moxfield.LAYOUT,
        archidekt.LAYOUT,
        deckstats.LAYOUT,
        mws.LAYOUT,
        apprentice.LAYOUT,
        forum.LAYOUT,
    )
}
#: The layout of a text with no marks of any other.
DEFAULT_LAYOUT = builtin.TEXT.name


def readable() -> tuple[str, ...]:
    """The names of every layout deckcli reads."""
    return tuple(LAYOUTS)


def writable() -> tuple[str, ...]:
    """The names of the layouts deckcli writes."""
    return tuple(name for name, layout in LAYOUTS.items() if layout.write is not None)


def layout(name: str) -> Layout:
    """The layout called ``name``; InputError naming the known ones otherwise."""
    found = LAYOUTS.get(name.lower()) if isinstance(name, str) else None
    if found is None:
        raise InputError(
            Message("unknown decklist format {name!r} (formats: {formats})", name=name, formats=", ".join(readable()))
        )
    return found


def by_extension(path: Path | str | None) -> Layout | None:
    """The layout a file extension names on its own (.json, .csv, .code, .cod), else None."""
    if path is None:
        return None
    suffix = Path(path).suffix.lower()
    claiming = [lay for lay in LAYOUTS.values() if suffix in lay.extensions]
    fixed = [lay for lay in claiming if not lay.lines]
    return fixed[0] if len(fixed) == 1 and len(claiming) == 1 else None


def choose(text: str, path: Path | str | None = None) -> Layout:
    """The layout of ``text`` (read from ``path``, if any): see the module docstring."""
    named = by_extension(path)
    if named is not None:
        return named
    suffix = Path(path).suffix.lower() if path is not None else ""
    texty = any(suffix in lay.extensions for lay in LAYOUTS.values() if lay.lines)
    best, best_score = LAYOUTS[DEFAULT_LAYOUT], 0
    for candidate in LAYOUTS.values():
        if texty and not candidate.lines:
            continue
        score = candidate.sniff(text)
        if score > best_score:
            best, best_score = candidate, score
    return best


def read(text: str, fmt: str | None = None, path: Path | str | None = None, source: str | None = None) -> Decklist:
    """Read ``text`` in the layout ``fmt`` (None: chosen by ``choose``); sets ``source`` and ``layout``."""
    chosen = layout(fmt) if fmt else choose(text, path)
    deck = chosen.read(text, source)
    deck.source, deck.layout = source, chosen.name
    _check_metadata(deck, text)
    if not chosen.knows_zones:  # its "main deck" is the whole deck: cards there are there by default
        main = registry.default_zone()
        for entry in [*deck.entries, *(p.reading for p in deck.problems if p.reading)]:
            entry.placed = DEFAULT if entry.zone == main and entry.placed == GIVEN else entry.placed
    return deck


def _check_metadata(deck: Decklist, text: str) -> None:
    """A parse problem for every metadata value (Name, Game, Format, Player, ...) that is not clean text
    (:func:`deckcli.textrules.text_problem`): whatever the layout, a deck with an escape sequence or a bidirectional
    control in its name is refused by every command that stores it (``deck import``, ``event register``)."""
    values = [("Name", deck.name), ("Game", deck.game), ("Format", deck.format), *deck.meta.items()]
    for key, value in values:
        problem = text_problem(value, key) if value is not None and value != "" else None
        if problem:
            line = next(
                (n for n, row in enumerate(text.splitlines(), 1) if isinstance(value, str) and value in row), None
            )
            deck.add_problem(problem, line)


def write(deck: Decklist, fmt: str) -> str:
    """The decklist as the content of a file in the layout ``fmt`` (one deckcli writes), ending in a newline."""
    chosen = layout(fmt)
    if chosen.write is None:
        text = N_("deckcli reads {layout}s but does not write them (it writes: {formats})")
        raise InputError(Message(text, layout=Message(chosen.title), formats=", ".join(writable())))
    return chosen.write(deck)
