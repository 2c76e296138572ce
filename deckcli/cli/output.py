"""One way for every listing command to print rows: a table (default), ``--json`` or ``--csv``; and the one guard
that keeps control and bidirectional-control characters of stored text from reaching a terminal raw."""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, partial
from typing import Any

import click

from deckcli.cli.options import json_option
from deckcli.files.csvwriting import CsvWriter
from deckcli.i18n import Message, translated
from deckcli.i18n import gettext as _
from deckcli.textrules import shown
from deckcli.words import yes_no


def output_options(csv_ok: bool = True) -> Callable:
    """Add ``--json`` (and ``--csv`` where rows fit) to a command, as one ``output`` parameter."""

    def decorator(f: Callable) -> Callable:
        if csv_ok:
            f = click.option("--csv", "output", flag_value="csv", help="Print CSV.")(f)
        f = json_option("output", flag_value="json", help="Print JSON.")(f)
        f = click.option("--table", "output", flag_value="table", default=True, hidden=True)(f)
        return f

    return decorator


def _cell(value: Any) -> Any:
    if isinstance(value, bool):
        return yes_no(value)  # (the one word pair, deckcli.words.YES_NO)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return ""
    return value


#: A JSON list longer than this (items) or larger than LARGE_TEXT (characters) prints one compact item per line:
#: Python's indenting encoder is pure Python, ten times slower than the compact one (1,000 decks' needs, 1.5 MB, or
#: one report of 80,000 problems: most of the command's time).
LARGE_JSON = 200
LARGE_TEXT = 256 * 1024


def dump_json(data: Any) -> str:
    """JSON as deckcli prints it: UTF-8 characters kept, two-space indent; a large list one compact item a line."""
    if isinstance(data, list):
        items = [json.dumps(item, ensure_ascii=False, default=str) for item in data]
        if len(items) > LARGE_JSON or sum(map(len, items)) > LARGE_TEXT:
            return _lines(items)
    return json.dumps(data, ensure_ascii=False, indent=2, default=str)


def _lines(items: list[str]) -> str:
    """A JSON list of already encoded items, one a line."""
    return "[\n  " + ",\n  ".join(items) + "\n]"


def dump_json_of(items: Sequence[Any]) -> str:
    """``dump_json([item.as_dict() for item in items])`` for items that also write their own JSON text
    (``item.json_text(encode)``, the same as ``json.dumps(item.as_dict(), ensure_ascii=False)``): a long list is
    written without a dict per item, each distinct string encoded once."""
    if len(items) <= LARGE_JSON:
        return dump_json([item.as_dict() for item in items])
    encode = cache(partial(json.dumps, ensure_ascii=False))
    return _lines([item.json_text(encode) for item in items])


def emit(
    rows: Sequence[dict[str, Any]],
    output: str,
    columns: Sequence[str] | None = None,
    *,
    headers: dict[str, str] | None = None,
    json_data: Any = None,
    empty: str | None = None,
    drop_empty: bool = False,
) -> None:
    """Print ``rows`` in the chosen output; JSON prints ``json_data`` when given, else the rows whole. With
    ``drop_empty`` a table leaves out a column empty in every row (CSV keeps every column, for a spreadsheet)."""
    if output == "json":
        click.echo(dump_json(list(rows) if json_data is None else json_data))
        return
    cols = list(columns) if columns else (list(rows[0]) if rows else [])
    if output == "csv":
        writer = CsvWriter(data_stdout())
        writer.writerow(cols)
        for row in rows:
            writer.writerow([_cell(row.get(c)) for c in cols])  # text formula-escaped by the writer
        return
    if not rows:
        if empty:
            click.echo(empty, err=True)
        return
    from deckcli.cli.tables import table

    if drop_empty:
        cols = [c for c in cols if any(row.get(c) not in (None, "", [], {}) for row in rows)]
    names = [(headers or {}).get(c, c) for c in cols]
    names = [translated(n) if isinstance(n, Message) else _(n) if n else n for n in names]  # as the user reads it
    click.echo(table([[_shown_cell(row.get(c)) for c in cols] for row in rows], names))


def _shown_cell(value: Any) -> Any:
    """A table's cell: as CSV writes it, but a yes/no and a library Message in the user's language."""
    if isinstance(value, bool):
        return _(yes_no(value))
    return _cell(translated(value))


def shown_value(value: Any) -> Any:
    """A field's value as a person reads it (``cards show``): a yes/no as ``yes``/``no`` in the user's language, a list
    as ``a, b``, an object as ``key: value; ...`` with its values shown the same way."""
    if isinstance(value, dict):
        return "; ".join(f"{key}: {shown_value(item)}" for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(str(shown_value(item)) for item in value)
    return _shown_cell(value)


class ShownText:
    """A text stream writing to ``raw`` with every control and bidirectional-control character but line breaks and
    tabs escaped (:func:`deckcli.textrules.shown`): installed as stdout and stderr while a command runs
    (:func:`shown_streams`), so a name an older deckcli stored with an escape sequence prints as ``\\x1b``, never
    as one. JSON stays valid JSON of the same data (those characters are ``\\uXXXX`` escapes in it)."""

    def __init__(self, raw: Any):
        self.raw = raw

    def write(self, text: str) -> int:
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self.raw.write(shown(text))
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str) -> Any:  # flush, fileno, isatty, encoding, errors, ...
        return getattr(self.raw, name)


@contextlib.contextmanager
def shown_streams() -> Iterator[None]:
    """Standard output and error as :class:`ShownText` for the duration of a command."""
    saved = sys.stdout, sys.stderr
    if sys.stdout is not None:  # (no stream at all, as under pythonw: click writes nothing)
        sys.stdout = ShownText(sys.stdout)
    if sys.stderr is not None:
        sys.stderr = ShownText(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


def data_stdout() -> Any:
    """Standard output for data (CSV, an exported file written to ``-``): the exact characters when it goes to a file
    or a pipe, escaped as :class:`ShownText` writes them on a terminal."""
    stream = sys.stdout
    if isinstance(stream, ShownText) and not stream.raw.isatty():
        return stream.raw
    return stream


def control_stderr() -> Any:
    """Standard error for deckcli's own terminal controls (a progress bar redrawing its line with ``\r`` and hiding
    the cursor): the stream itself, not :class:`ShownText`, which would print those controls as ``\x0d\x1b[?25l``.
    Only deckcli's own text goes there, never a name from a file or the database."""
    stream = sys.stderr
    return stream.raw if isinstance(stream, ShownText) else stream
