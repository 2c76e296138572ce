"""Reading a collection file: CSV in any layout of the registry (or deckcli's JSON export) into rows of fields.

Every reader yields, per data row, its line number (JSON: its index) and its cells in :data:`FIELDS` order, so
importing (:mod:`deckcli.collection.importing`) never sees a layout. Bytes become text in the reading front
door (:mod:`deckcli.files.reading`); the dialect (``sep=`` line, ``,``/``;``/tab) is :mod:`deckcli.files.csvreading`'s.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from operator import itemgetter
from typing import IO

from deckcli.collection.layouts import DECKCLI_COLUMNS, Layout, detect
from deckcli.errors import InputError
from deckcli.files import jsontext
from deckcli.files.csvreading import dialect
from deckcli.files.reading import Document, read_document

JSON_LAYOUT = Layout("deckcli-json", "deckcli JSON", (), {f: (f,) for f in DECKCLI_COLUMNS})

#: The order of the cells every reader yields per row.
FIELDS = ("count", "name", "set", "number", "game", "finish", "condition", "language", "tag", "proxy")
Rows = Iterator[tuple[int, tuple[str, ...]]]


def read_text(source: str, stdin: IO[str] | IO[bytes] | None = None) -> Document:
    """A collection file (``-``: stdin) through the reading front door: its label and its decoded text."""
    return read_document(source, "collection", stdin)


def _csv_error(source: str, line: int, exc: csv.Error) -> InputError:
    """A CSV the csv module cannot parse (such as a cell over its size limit), as an error naming the line."""
    return InputError(f"{source}: line {line}: cannot read the CSV: {exc}; nothing was imported")


def _csv_rows(text: str, source: str) -> tuple[Layout, Rows]:
    """The detected layout and (line number, cells in FIELDS order) for every data row."""
    delimiter, text, offset = dialect(text)  # a "sep=;" first line (Dragon Shield, Excel), else sniffed
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    headers: list[str] | None = None
    try:
        for row in reader:
            if any(cell.strip() for cell in row):
                headers = row
                break
    except csv.Error as exc:
        raise _csv_error(source, reader.line_num + offset, exc) from None
    if headers is None:
        raise InputError(f"{source}: empty file (no header row)")
    layout = detect(headers, source, reader.line_num + offset)
    mapping = layout.mapping(headers)
    width = len(headers)
    # Missing fields read the "" appended after the last column; fields with fallback columns are fixed up after.
    take = itemgetter(*(mapping[f][0] if f in mapping else width for f in FIELDS))
    fallbacks = [(FIELDS.index(f), idx[1:]) for f, idx in mapping.items() if len(idx) > 1]
    padding = [""] * width

    def rows() -> Rows:
        try:
            for row in reader:
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
                yield reader.line_num + offset, cells
        except csv.Error as exc:
            raise _csv_error(source, reader.line_num + offset, exc) from None

    return layout, rows()


def _json_rows(text: str, source: str) -> tuple[Layout, Rows]:
    data = jsontext.parse_json(text, source)  # raises "source: line L, column C: not valid JSON: reason"
    if not isinstance(data, list):
        raise InputError(f"{source}: expected a JSON array of collection entries")

    for i, entry in enumerate(data):
        if not isinstance(entry, dict):
            raise InputError(f"{source}: $[{i}]: expected an object with the keys {', '.join(DECKCLI_COLUMNS)}")

    def rows() -> Rows:
        for i, entry in enumerate(data):
            yield i, tuple("" if entry.get(f) is None else str(entry[f]) for f in FIELDS)

    return JSON_LAYOUT, rows()


def read_rows(text: str, source: str) -> tuple[Layout, Rows]:
    """The layout of a collection file's text and its rows as (line number or JSON index, cells in FIELDS order)."""
    if text.lstrip()[:1] == "[":
        return _json_rows(text, source)
    return _csv_rows(text, source)
