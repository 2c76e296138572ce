"""CSV text as spreadsheets and other tools save it: an Excel ``sep=`` first line, the delimiter, and its rows.

The one CSV reader: decklists, collection files, spreadsheet card lists and form exports are read by
:func:`csv_rows` after the reading front door (:mod:`deckcli.files.reading`) has turned their bytes into text, so
all accept ``,``, ``;`` or tab delimiters and a first line ``sep=X`` (Dragon Shield, Excel) naming the delimiter,
and all name a line that is not CSV the same way.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator

from deckcli.errors import InputError
from deckcli.i18n import Message

DELIMITERS = (",", ";", "\t")


def split_sep_line(text: str) -> tuple[str | None, str, int]:
    """``(delimiter, rest, lines skipped)``: the delimiter a first ``sep=X`` line names (quoted or not) and the text
    after it, or ``(None, text, 0)`` when there is no such line."""
    end = text.find("\n")
    first = text[: end if end >= 0 else len(text)].strip(" \r").strip('"').strip(" ")  # a tab may be the delimiter
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


#: The longest cell read by default: the csv module's own default limit (a larger cell is "not CSV").
CELL_LIMIT = 131_072


class CsvSyntaxError(InputError):
    """Text the csv module cannot read as CSV, named by its file and the 1-based line where reading stopped."""

    def __init__(self, label: str, line: int, reason: str):
        self.label, self.line, self.reason = label, line, reason
        super().__init__(Message("{file}: line {line}: not CSV: {reason}", file=label, line=line, reason=reason))


def _reason(exc: csv.Error, cell_limit: int) -> str:
    """The csv module's message in deckcli's words (as Python 3.11-3.13 word it)."""
    message = str(exc)
    if message.startswith("unexpected end of data"):
        return Message('a quoted cell is not closed (a " is missing)')
    if message.startswith("field larger than field limit"):
        return Message("a cell longer than {limit:,} characters", limit=cell_limit)
    if message.endswith("expected after '\"'"):
        return Message('text after a closing quote (a " inside a quoted cell is written twice: "")')
    return message


def csv_rows(text: str, label: str, cell_limit: int = CELL_LIMIT) -> Iterator[tuple[int, list[str]]]:
    """Every row of CSV text of any accepted dialect (a ``sep=`` first line, else ``,`` ``;`` or tab sniffed), with
    the 1-based line it starts on; CsvSyntaxError naming the line where the text is not CSV (an unclosed quote, a
    cell longer than ``cell_limit``). Callers judge the cells, where they can name the row's player or card."""
    delimiter, body, skipped = dialect(text)
    reader = csv.reader(io.StringIO(body, newline=""), delimiter=delimiter, strict=True)
    rows = reader if csv.field_size_limit() == cell_limit else _limited(reader, cell_limit)
    line = 0
    try:
        for row in rows:
            yield line + 1 + skipped, row
            line = reader.line_num
    except csv.Error as exc:
        unclosed = str(exc).startswith("unexpected end of data")  # pointed at the row it opens in
        where = line + 1 if unclosed else reader.line_num
        raise CsvSyntaxError(label, where + skipped, _reason(exc, cell_limit)) from None


def _limited(reader: Iterator[list[str]], cell_limit: int) -> Iterator[list[str]]:
    """The rows of ``reader`` read with cells of up to ``cell_limit`` characters (the csv module's limit is the
    process's: it is set only while a row is read, and put back before the row is handed on)."""
    while True:
        before = csv.field_size_limit(cell_limit)
        try:
            row = next(reader, None)
        finally:
            csv.field_size_limit(before)
        if row is None:
            return
        yield row
