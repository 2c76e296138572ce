"""CSV cells a spreadsheet must show as text: the formula-injection escape every CSV writer uses.

A cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return would run as a formula in a
spreadsheet; it is written with a leading ``'`` (as is a cell that already starts with ``'``, so reading
back is exact), and readers strip that one ``'`` again.
"""

from __future__ import annotations

#: First characters that make a spreadsheet run a cell as a formula.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_ESCAPED_START = FORMULA_START + ("'",)


def escape_cell(text: str) -> str:
    """The cell as written: a leading ``'`` added where a spreadsheet would run it (or strip a ``'``)."""
    return "'" + text if text.startswith(_ESCAPED_START) else text


def unescape_cell(text: str) -> str:
    """Undo :func:`escape_cell`."""
    return text[1:] if text[:1] == "'" and text[1:2] and text[1:2] in _ESCAPED_START else text
