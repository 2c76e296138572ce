"""What a decklist layout is: a name, how its files are recognised, how they are read and (where people exchange
files in it) written. Each layout module builds one :class:`Layout`; :mod:`deckcli.decklists.layouts` registers them."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from deckcli.decklists.model import Decklist

#: How many lines a recogniser looks at (a decklist shows its layout in its first lines).
SNIFF_LINES = 400
#: The score of a recogniser that is sure (a JSON object, a deck code, Cockatrice XML).
CERTAIN = 1_000_000

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


def _never(_text: str) -> int:
    return 0


@dataclass(frozen=True)
class Layout:
    """One decklist layout. ``sniff(text)`` says how much the text looks like it (0: not at all; for text layouts,
    how many lines show the layout's own marks); ``read(text, source)`` returns a Decklist whose bad lines are
    ParseProblems; ``write(deck)`` (None: deckcli does not write it) the file's content, read back the same."""

    name: str
    #: What messages call its files ("Moxfield export"): marked ``N_``, shown as ``Message(title)``, translated.
    title: str
    read: Callable[[str, str | None], Decklist]
    sniff: Callable[[str], int] = _never
    extensions: tuple[str, ...] = ()
    write: Callable[[Decklist], str] | None = None
    #: A line-based text layout: chosen among the others by content whatever the text extension (.txt, .dec).
    lines: bool = True
    #: Whether its files say every zone of the game (deckcli's own layouts). Other tools know a main deck and a
    #: side deck at most, so their main-deck cards are there by default and may be routed to their zone.
    knows_zones: bool = False


@lru_cache(maxsize=8)
def sample(text: str) -> tuple[str, ...]:
    """The first SNIFF_LINES non-blank lines, stripped (what recognisers look at; split once for all of them)."""
    found: list[str] = []
    for raw in _LINE_BREAK.split(text.removeprefix("\ufeff"), SNIFF_LINES * 4):
        line = raw.strip()
        if line:
            found.append(line)
            if len(found) == SNIFF_LINES:
                break
    return tuple(found)


def counter(pattern: str, flags: int = 0) -> Callable[[str], int]:
    """A recogniser scoring how many sampled lines match ``pattern`` (in full)."""
    compiled = re.compile(pattern, flags)
    return lambda text: sum(1 for line in sample(text) if compiled.fullmatch(line))
