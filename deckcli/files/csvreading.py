"""CSV text as spreadsheets and other tools save it: an Excel ``sep=`` first line, the delimiter, and its rows.

Collection files, spreadsheet card lists and form exports go through these after the reading front door
(:mod:`deckcli.files.reading`) has turned their bytes into text, so all accept ``,``, ``;`` or tab
delimiters and a first line ``sep=X`` (Dragon Shield, Excel) naming the delimiter.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from contextlib import contextmanager

from deckcli.errors import InputError

DELIMITERS = (",", ";", "\t")


def split_sep_line(text: str) -> tuple[str | None, str, int]:
    """``(delimiter, rest, lines skipped)``: the delimiter a first ``sep=X`` line names (quoted or not) and the text
    after it, or ``(None, text, 0)`` when there is no such line."""
    end = text.find("\n")
    first = text[: end if end >= 0 else len(text)].strip().strip('"').strip()
    if first[:4].lower() == "sep=" and len(first) >= 5:
        delimiter = "\t" if first[4:].lower() in ("\\t", "tab") else first[4]
        return delimiter, (text[end + 1 :] if end >= 0 else ""), 1
    return None, text, 0


def sniff_delimiter(text: str) -> str:
    """The delimiter of CSV text: whichever of ``,``, ``;`` and tab its first non-blank line holds most (``,`` on ties)."""
    for line in text.splitlines():
        if line.strip():
            counts = {d: line.count(d) for d in DELIMITERS}
            best = max(counts, key=lambda d: counts[d])
            return best if counts[best] > counts[","] else ","
    return ","


def dialect(text: str) -> tuple[str, str, int]:
    """``(delimiter, text without a sep= line, lines skipped)`` for CSV text of any of the accepted dialects."""
    delimiter, rest, skipped = split_sep_line(text)
    return (delimiter or sniff_delimiter(rest)), rest, skipped


@contextmanager
def _cells_up_to(size: int) -> Iterator[None]:
    """The csv module reading cells of up to ``size`` characters meanwhile (its limit, 131,072 by default, is one
    for the whole process: it is put back after)."""
    before = csv.field_size_limit()
    csv.field_size_limit(max(before, size))
    try:
        yield
    finally:
        csv.field_size_limit(before)


def csv_rows(text: str, delimiter: str, label: str, skipped: int = 0) -> list[tuple[int, list[str]]]:
    """Every row of CSV text with the line it starts on (after ``skipped`` lines, such as a ``sep=`` line), a cell
    as long as the text may be; InputError naming the line where the text is not CSV. Callers judge cell sizes,
    where they can name the row's player or card."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[int, list[str]]] = []
    line = 0
    with _cells_up_to(len(text) + 1):
        try:
            for row in reader:
                rows.append((line + 1 + skipped, row))
                line = reader.line_num
        except csv.Error as exc:
            raise InputError(f"{label}: line {reader.line_num + skipped}: not CSV: {exc}") from None
    return rows
