"""Text tables as tabulate prints them, without importing tabulate for the common ones.

Importing tabulate (with its wide-character support and its version look-up) costs ~35 ms, most of a short
command's own time. Tables of plain text and whole numbers (the usual listing) are laid out here exactly as
tabulate's ``simple`` and ``plain`` formats do (numbers right-aligned, text left-aligned, two spaces between
columns, a header two wider than its text, a cell of several lines one line each); any other cell (a float, a
number-like text, a padded text, a character whose display width is unclear) sends the whole table to tabulate
itself. Control and
bidirectional-control characters of a cell are escaped first (:func:`deckcli.textrules.shown`), so columns line up.

A table never runs past the terminal (:func:`columns`: ``COLUMNS``, else the terminal's width, else 80): its widest
column of text (a problem's message, a format's description) is wrapped at spaces, by display width, as often as it
takes, each line of a cell of several lines (the problems of an unreadable file, one a line) on its own. ``--json`` and ``--csv`` never come here.
"""

from __future__ import annotations

import shutil
import unicodedata
from collections.abc import Sequence
from typing import Any

from deckcli.textrules import shown

_GAP = "  "
#: The narrowest a wrapped column is made (its header's width, if wider, is kept too).
MIN_WRAPPED = 10
#: Characters whose width tabulate (through wcwidth) and unicodedata may see differently: marks, format and
#: control characters, unassigned code points, the Hangul vowels and finals written after a leading consonant.
_UNCLEAR = frozenset({"Mn", "Me", "Mc", "Cf", "Cc", "Cs", "Co", "Cn", "Zl", "Zp"})


def table(rows: Sequence[Sequence[Any]], headers: Sequence[str] | None = None, numparse: bool = True) -> str:
    """``tabulate(rows, headers)`` (format ``simple``), or ``tablefmt="plain"`` without headers."""
    rows = [[shown(cell) if isinstance(cell, str) else cell for cell in row] for row in rows]
    if headers is not None:
        headers = [shown(h) if isinstance(h, str) else h for h in headers]
    laid = _layout(rows, headers, numparse)
    if laid is not None:
        return laid
    from tabulate import tabulate

    if headers is None:
        return tabulate(rows, tablefmt="plain", disable_numparse=not numparse)
    return tabulate(rows, headers=list(headers), disable_numparse=not numparse)


def _layout(rows: Sequence[Sequence[Any]], headers: Sequence[str] | None, numparse: bool) -> str | None:
    """The table laid out here, or None when a cell needs tabulate."""
    count = len(headers) if headers is not None else max((len(r) for r in rows), default=0)
    if not rows or count == 0 or any(len(r) != count for r in rows):
        return None
    texts: list[list[str]] = []
    right: list[bool] = []
    for column in range(count):
        kinds = set()
        for row in rows:
            kind = _kind(row[column], numparse)
            if kind is None:
                return None
            kinds.add(kind)
        kinds.discard("empty")
        if kinds == {"number", "number text"}:
            return None  # a numeric column with numbers written as text: tabulate aligns their decimal points
        if kinds == {"number text"}:
            return None
        texts.append([str(row[column]) for row in rows])
        right.append(kinds == {"number"})
    names = [str(h) for h in headers] if headers is not None else None
    if names is not None and not all(_kind(h, False) for h in names):
        return None
    widths = []
    for column, cells in enumerate(texts):
        width = max(display_width(line) for c in cells for line in c.split("\n"))
        if names is not None:
            width = max(width, display_width(names[column]) + 2)
        widths.append(width)
    _fit(texts, widths, right, names)
    lines = []
    if names is not None:
        lines.append(_line(names, widths, right))
        lines.append(_GAP.join("-" * w for w in widths))
    several = any("\n" in cell for cells in texts for cell in cells)
    for r in range(len(rows)):
        if several and not any(texts[c][r] for c in range(count)):
            continue  # tabulate prints a row of empty cells as no line at all once a cell has several lines
        wrapped = [wrap(texts[c][r], widths[c]) for c in range(count)]
        tall = max(map(len, wrapped))
        lines += [_line([w[i] if i < len(w) else "" for w in wrapped], widths, right) for i in range(tall)]
    return "\n".join(lines)


def columns() -> int:
    """How wide a table may be: ``COLUMNS``, else the terminal's width, else 80."""
    return shutil.get_terminal_size((80, 24)).columns or 80


def _fit(texts: list[list[str]], widths: list[int], right: list[bool], names: list[str] | None) -> None:
    """Narrow the widest columns of text (cells with spaces) until the table fits :func:`columns`: first no column
    below its longest word (so words wrap whole at spaces); then, only where that is not narrow enough and cutting
    words down to :data:`MIN_WRAPPED` makes the table fit, a word wider than its column is cut. (A table too wide
    even so keeps its words whole: cutting them would not make it fit.)"""
    floor = [max(MIN_WRAPPED, display_width(names[c]) + 2 if names else 0) for c in range(len(widths))]
    words = [max(floor[c], max((_longest_word(t) for t in texts[c]), default=0)) for c in range(len(widths))]
    _narrow(texts, widths, right, [min(w, width) for w, width in zip(words, widths)])
    narrowest = [min(w, f) if _wrappable(texts[c], right[c]) else w for c, (w, f) in enumerate(zip(widths, floor))]
    if sum(narrowest) + len(_GAP) * (len(widths) - 1) <= columns():
        _narrow(texts, widths, right, floor)


def _wrappable(cells: list[str], right: bool) -> bool:
    """Whether a column may be wrapped: text (left-aligned) with a space in some cell."""
    return not right and any(" " in t for t in cells)


def _narrow(texts: list[list[str]], widths: list[int], right: list[bool], floor: list[int]) -> None:
    """Narrow the widest wrappable column, as often as it takes, until the table fits or none is above ``floor``."""
    limit = columns()
    while sum(widths) + len(_GAP) * (len(widths) - 1) > limit:
        wrappable = [c for c in range(len(widths)) if widths[c] > floor[c] and _wrappable(texts[c], right[c])]
        if not wrappable:
            return
        widest = max(wrappable, key=lambda c: widths[c])
        rest = sum(widths) - widths[widest] + len(_GAP) * (len(widths) - 1)
        widths[widest] = max(floor[widest], limit - rest)


def _longest_word(text: str) -> int:
    """The display width of the widest word of ``text`` (what a column must hold for no word to be cut)."""
    return max((display_width(word) for word in text.replace("\n", " ").split(" ")), default=0)


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` columns, broken at spaces (a word wider than that is cut) and at its
    own line breaks."""
    if "\n" in text:
        return [line for part in text.split("\n") for line in wrap(part, width)]
    if display_width(text) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for word in text.split(" "):
        if line and display_width(line) + 1 + display_width(word) <= width:
            line += " " + word
            continue
        if line:
            lines.append(line)
        line = word
        while display_width(line) > width:  # a word wider than the column
            cut = _cut(line, width)
            lines.append(line[:cut])
            line = line[cut:]
    lines.append(line)
    return lines


def _cut(text: str, width: int) -> int:
    """How many characters of ``text`` fill ``width`` columns (at least one)."""
    used = 0
    for i, char in enumerate(text):
        used += display_width(char)
        if used > width:
            return max(i, 1)
    return len(text)


def _kind(cell: Any, numparse: bool) -> str | None:
    """How tabulate sees a cell: a whole ``number``, ``number text``, ``text``, ``empty``; None: not laid out here."""
    if isinstance(cell, bool) or not isinstance(cell, (int, str)):
        return None
    if isinstance(cell, int):
        return "number" if numparse else "text"  # without number parsing tabulate aligns numbers as text
    if cell == "":
        return "empty"
    if cell != cell.strip() or not all(map(_plain_line, cell.split("\n"))):
        return None
    return "number text" if numparse and _number_like(cell) else "text"


def _plain_line(line: str) -> bool:
    """A line of a cell laid out here: no padding, and every character's width known."""
    return line == line.strip() and ((line.isascii() and line.isprintable()) or all(map(_known_width, line)))


def _line(cells: list[str], widths: list[int], right: list[bool]) -> str:
    padded = []
    for cell, width, to_right in zip(cells, widths, right):
        pad = " " * (width - display_width(cell))
        padded.append(pad + cell if to_right else cell + pad)
    return _GAP.join(padded).rstrip()


def _number_like(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return text.lower().startswith(("0x", "0o", "0b"))  # tabulate reads these as numbers too
    return True


def _known_width(char: str) -> bool:
    code = ord(char)
    return code >= 0x20 and not 0x1160 <= code <= 0x11FF and unicodedata.category(char) not in _UNCLEAR


def display_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: two for wide and full-width characters, none for a combining mark,
    one for the others (a table's cells and the wrapped help, :mod:`deckcli.cli.widehelp`)."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 0 if unicodedata.combining(c) else 1 for c in text)
