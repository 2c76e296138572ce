"""Reading a collection file: CSV in any layout of the registry (or deckcli's JSON export) into rows of fields.

Every reader yields, per data row, its line number (JSON: its index) and its cells in :data:`FIELDS` order, so
importing (:mod:`deckcli.collection.importing`) never sees a layout. Bytes become text in the reading front
door (:mod:`deckcli.files.reading`), and CSV rows come from the one CSV reader (:mod:`deckcli.files.csvreading`:
a ``sep=`` line, ``,``/``;``/tab).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import IO

from deckcli.collection.layouts import DECKCLI_COLUMNS, Layout, detect
from deckcli.errors import InputError
from deckcli.files import jsontext
from deckcli.files.csvreading import csv_rows
from deckcli.files.reading import Document, read_document
from deckcli.i18n import N_, Message

JSON_LAYOUT = Layout("deckcli-json", "deckcli JSON", (), {f: (f,) for f in DECKCLI_COLUMNS})

#: The order of the cells every reader yields per row.
FIELDS = DECKCLI_COLUMNS
Rows = Iterator[tuple[int, tuple[str, ...]]]


@dataclass(frozen=True)
class Reading:
    """A collection file being read: its layout, its rows, and the header cells of columns deckcli does not keep."""

    layout: Layout
    rows: Rows
    unkept: list[str] = field(default_factory=list)


def read_text(source: str, stdin: IO[str] | IO[bytes] | None = None) -> Document:
    """A collection file (``-``: stdin) through the reading front door: its label and its decoded text."""
    return read_document(source, "collection", stdin)


def _csv_rows(text: str, source: str) -> Reading:
    """The detected layout, (line number, cells in FIELDS order) for every data row, and the columns not kept."""
    reader = csv_rows(text, source)  # the one CSV reader: a "sep=;" first line (Dragon Shield, Excel), else sniffed
    found = next(((line, row) for line, row in reader if any(cell.strip() for cell in row)), None)
    if found is None:
        raise InputError(Message("{source}: empty file (no header row)", source=source))
    header_line, headers = found
    layout = detect(headers, source, header_line)
    mapping = layout.mapping(headers)
    width = len(headers)
    # Missing fields read the "" appended after the last column; fields with fallback columns are fixed up after.
    take = itemgetter(*(mapping[f][0] if f in mapping else width for f in FIELDS))
    fallbacks = [(FIELDS.index(f), idx[1:]) for f, idx in mapping.items() if len(idx) > 1]
    padding = [""] * width

    def rows() -> Rows:
        for line, row in reader:
            n = len(row)
            if n < width:
                row.extend(padding[: width - n])
            elif n > width:
                del row[width:]
            row.append("")
            cells = take(row)
            if not any(cells):
                continue
            for pos, others in fallbacks:
                if not cells[pos].strip():
                    value = next((row[i] for i in others if row[i].strip()), "")
                    cells = cells[:pos] + (value,) + cells[pos + 1 :]
            yield line, cells

    return Reading(layout, rows(), layout.unkept(headers))


def _json_rows(text: str, source: str) -> Reading:
    data = jsontext.parse_json(text, source)  # raises "source: line L, column C: not valid JSON: reason"
    if not isinstance(data, list):
        raise InputError(Message("{source}: expected a JSON array of collection entries", source=source))

    for i, entry in enumerate(data):
        if not isinstance(entry, dict):
            text = N_("{source}: $[{index}]: expected an object with the keys {keys}")
            raise InputError(Message(text, source=source, index=i, keys=", ".join(DECKCLI_COLUMNS)))

    def rows() -> Rows:
        for i, entry in enumerate(data):
            yield i, tuple("" if entry.get(f) is None else str(entry[f]) for f in FIELDS)

    return Reading(JSON_LAYOUT, rows())


def read_rows(text: str, source: str) -> Reading:
    """A collection file's text read: its layout, its rows as (line number or JSON index, cells in FIELDS order)
    and the columns it does not keep."""
    if text.lstrip()[:1] == "[":
        return _json_rows(text, source)
    return _csv_rows(text, source)
