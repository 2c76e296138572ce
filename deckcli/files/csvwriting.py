"""CSV cells a spreadsheet must show as text: the formula-injection escape, and the one writer every CSV goes through.

A cell whose first character after any leading spaces (tabs, no-break, ideographic and zero-width ones too) is
``=``, ``+``, ``-`` or ``@``, or their full-width forms ``＝ ＋ － ＠``, would run as a formula in a spreadsheet
(which trims the spaces, and reads the full-width forms as the ASCII ones), as may one that starts with a tab or
a carriage return; it is written with a leading ``'`` (as is a cell that already starts with ``'``, so reading
back is exact), and readers strip that one ``'`` again. A cell holding a carriage return anywhere is quoted
(:class:`CsvWriter`), or a spreadsheet starts a new row at it: ``bin\r=SUM(1)`` would become a live formula.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from typing import IO, Any, Literal

#: Characters that make a spreadsheet run a cell as a formula when they come first (after leading spaces).
FORMULA_START = "=+-@\uff1d\uff0b\uff0d\uff20"  # = + - @ and their full-width forms
#: A cell escaped whatever follows these: a tab or carriage return (trimmed by some spreadsheets), and ' itself.
ALWAYS_ESCAPED = ("\t", "\r", "'")
_FORMULA = re.compile(f"[\\s\u200b-\u200d\u2060\ufeff]*[{re.escape(FORMULA_START)}]")


def needs_escape(text: str) -> bool:
    """Whether a spreadsheet could run ``text`` as a formula (or it starts with the escape's ``'``)."""
    return text.startswith(ALWAYS_ESCAPED) or _FORMULA.match(text) is not None


def escape_cell(text: str) -> str:
    """The cell as written: a leading ``'`` added where a spreadsheet would run it (or strip a ``'``)."""
    if text[:1].isalnum():  # most cells: a name, a number
        return text
    return "'" + text if needs_escape(text) else text


def unescape_cell(text: str) -> str:
    """Undo :func:`escape_cell`."""
    return text[1:] if text[:1] == "'" and needs_escape(text[1:]) else text


class CsvWriter:
    """The one CSV writer: every text cell formula-escaped (:func:`escape_cell`; numbers stay numbers), lines ending
    in ``line_end``, and every cell holding ``\r`` or ``\n`` quoted on every Python.

    Python's writer quotes only the characters of its line terminator (before 3.13), so with ``\n`` lines a bare
    ``\r`` went out unquoted. A row holding a carriage return is written with ``\r\n`` as the terminator (which
    quotes both), and that row's own terminator replaced by ``line_end``; other rows go straight through.
    ``escaped=True``: the caller passes cells already escaped (each distinct value once, for a large export).
    """

    def __init__(
        self,
        stream: IO[str],
        line_end: str = "\n",
        quoting: Literal[0, 1, 2, 3] = csv.QUOTE_MINIMAL,
        delimiter: str = ",",
        *,
        escaped: bool = False,
    ):
        self.stream, self.line_end, self.escaped = stream, line_end, escaped
        self._plain = csv.writer(stream, lineterminator=line_end, quoting=quoting, delimiter=delimiter)
        self._buffer = io.StringIO()
        self._careful = csv.writer(self._buffer, lineterminator="\r\n", quoting=quoting, delimiter=delimiter)

    def writerow(self, row: Iterable[Any]) -> None:
        cells = list(row) if self.escaped else [escape_cell(c) if isinstance(c, str) else c for c in row]
        if not any(isinstance(cell, str) and "\r" in cell for cell in cells):
            self._plain.writerow(cells)
            return
        self._buffer.seek(0)
        self._buffer.truncate()
        self._careful.writerow(cells)
        self.stream.write(self._buffer.getvalue()[:-2] + self.line_end)

    def writerows(self, rows: Iterable[Iterable[Any]], *, no_carriage_return: bool = False) -> None:
        """Every row; ``no_carriage_return``: the caller knows no cell holds ``\r`` (escaped cells written straight
        through)."""
        if no_carriage_return and self.escaped:
            self._plain.writerows(rows)
            return
        for row in rows:
            self.writerow(row)
