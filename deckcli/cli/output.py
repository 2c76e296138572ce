"""One way for every listing command to print rows: a table (default), ``--json`` or ``--csv``."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from functools import cache, partial
from typing import Any

import click

from deckcli.csvcells import CsvWriter, escape_cell


def output_options(csv_ok: bool = True) -> Callable:
    """Add ``--json`` (and ``--csv`` where rows fit) to a command, as one ``output`` parameter."""

    def decorator(f: Callable) -> Callable:
        if csv_ok:
            f = click.option("--csv", "output", flag_value="csv", help="Print CSV.")(f)
        f = click.option("--json", "output", flag_value="json", help="Print JSON.")(f)
        f = click.option("--table", "output", flag_value="table", default=True, hidden=True)(f)
        return f

    return decorator


def _cell(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    if value is None:
        return ""
    return value


def _csv_cell(value: Any) -> Any:
    """Strings are escaped against spreadsheet formulas; numbers (even negative ones) stay numbers."""
    return escape_cell(value) if isinstance(value, str) else value


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
) -> None:
    """Print ``rows`` in the chosen output; JSON prints ``json_data`` when given, else the rows whole."""
    if output == "json":
        click.echo(dump_json(list(rows) if json_data is None else json_data))
        return
    cols = list(columns) if columns else (list(rows[0]) if rows else [])
    if output == "csv":
        writer = CsvWriter(sys.stdout)
        writer.writerow(cols)
        for row in rows:
            writer.writerow([_csv_cell(_cell(row.get(c))) for c in cols])
        return
    if not rows:
        if empty:
            click.echo(empty, err=True)
        return
    from deckcli.cli.tables import table

    names = [(headers or {}).get(c, c) for c in cols]
    click.echo(table([[_cell(row.get(c)) for c in cols] for row in rows], names))
