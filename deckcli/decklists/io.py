"""Reading a decklist from any file or stdin (its layout chosen by :mod:`deckcli.decklists.layouts`) and writing
one in any layout deckcli writes.

Whatever the input (a folder, an empty or binary file, another encoding, megabytes of noise), reading
ends in a Decklist or a clear InputError, never another exception; the bytes come in through
:mod:`deckcli.files.reading`, as every file deckcli reads does.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import BinaryIO, TextIO

from deckcli.decklists import layouts
from deckcli.decklists.model import Decklist
from deckcli.errors import InputError
from deckcli.files.reading import LIMITS, read_document
from deckcli.files.writing import write_whole
from deckcli.i18n import Lines, Message
from deckcli.words import plural

#: The formats decklists are written in (deckcli/decklists/layouts/ reads these and the other tools' layouts).
DECK_FORMATS = layouts.writable()
#: Every layout decklists are read in.
READ_FORMATS = layouts.readable()
#: File extensions that name the format ``deck export -o FILE`` writes (reading: see layouts.choose).
EXTENSIONS = {
    ".json": "json",
    ".csv": "csv",
    ".txt": "text",
    ".dec": "text",
    ".deck": "text",
    ".code": "code",
    ".cod": "cod",
}
#: Larger input is not a decklist (the reading front door's limit).
MAX_BYTES = LIMITS["decklist"]
#: How many parse problems an error message shows.
SHOWN_PROBLEMS = 5


def read_decklist(
    source: str, *, stdin: BinaryIO | bytes | None = None, fmt: str | None = None, allow_empty: bool = False
) -> Decklist:
    """Read the decklist at path ``source`` (``-`` = ``stdin``, bytes or a binary stream, default sys.stdin).

    ``fmt`` forces a format; otherwise the extension, then the content decides (see detect_format).
    Sets ``deck.source``. Raises InputError for unreadable input and for input with no cards at all; a
    decklist with some bad lines is returned with ``deck.problems``. With ``allow_empty`` a decklist
    that has no cards but says what it is (name, game, format or metadata) and no bad lines is
    returned too: an empty stored deck, exported, imports back.
    """
    _check_format(fmt)
    document = read_document(source, "decklist", stdin)
    return decklist_of_text(document.text, document.label, document.path, fmt=fmt, allow_empty=allow_empty)


def decklist_of_text(
    text: str, label: str, path: Path | str | None = None, *, fmt: str | None = None, allow_empty: bool = False
) -> Decklist:
    """A decklist already read as text (a file's, or a cell of a form export), refused as :func:`read_decklist`
    refuses one: empty, or no cards at all."""
    if not text.strip():
        raise InputError(Message("{file}: empty decklist", file=label))
    deck = parse_decklist(text, fmt or detect_format(text, path), label)
    says_what_it_is = bool(deck.name or deck.game or deck.format or deck.meta)
    may_have_cards = deck.entries or any(p.reading for p in deck.problems)  # (``ember whelp 4``: the resolver says)
    if not may_have_cards and not (allow_empty and says_what_it_is and not deck.problems):
        raise InputError(_no_cards(deck, label))
    return deck


def _check_format(fmt: str | None) -> None:
    if fmt is not None:
        layouts.layout(fmt)


def detect_format(text: str, path: Path | str | None = None) -> str:
    """The layout of a decklist: a structured one its extension names (.json .csv .code .cod), else by content
    (see :func:`deckcli.decklists.layouts.choose`): JSON, a CSV header, a deck code, Cockatrice XML, or the text
    layout whose marks the lines show (Arena, MTGO, Moxfield, Archidekt, Deckstats, MWS, Apprentice, forum
    posts), else deckcli's own text."""
    return layouts.choose(text, path).name


def parse_decklist(
    text: str, fmt: str | None = None, source: str | None = None, path: Path | str | None = None
) -> Decklist:
    """Parse decklist text in ``fmt`` (detected from ``path`` and the content if None); sets ``deck.source``."""
    return layouts.read(text, fmt, path, source)


def _no_cards(deck: Decklist, label: str) -> Lines:
    lines: list[str] = [Message('{file}: no cards found (expected lines like "4 Ember Whelp")', file=label)]
    real = [p for p in deck.problems if p.line is not None]
    lines += [
        Message("{source}: line {line}: {problem}", source=label, line=p.line, problem=p.message)
        for p in real[:SHOWN_PROBLEMS]
    ]
    more = deck.problem_total() - min(len(real), SHOWN_PROBLEMS)
    if more > 0:
        lines.append(Message("{file}: ... and {more}", file=label, more=plural(more, "more problem")))
    return Lines(lines)


def format_deck(deck: Decklist, fmt: str) -> str:
    """The decklist as the content of a file in ``fmt`` (one of DECK_FORMATS), ending in a newline."""
    return layouts.write(deck, fmt)


def write_decklist(deck: Decklist, fmt: str | None, target: str, *, stdout: TextIO | None = None) -> None:
    """Write the decklist in ``fmt`` (None: by the target's extension, else text) to path ``target``.

    ``-`` writes to ``stdout`` (default sys.stdout). A file is replaced whole or not at all.
    """
    if fmt is None:
        fmt = "text" if target == "-" else EXTENSIONS.get(Path(target).suffix.lower(), "text")
    content = format_deck(deck, fmt)
    if target == "-":
        (stdout if stdout is not None else sys.stdout).write(content)
        return
    write_whole(target, lambda handle: handle.write(content), newline="\n")
