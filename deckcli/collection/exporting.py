"""Collection export: deckcli's CSV and JSON, and the CSV layouts other tools import, each read back by deckcli.

Every writable layout of :mod:`deckcli.collection.layouts` is written by the one :func:`write_csv`, from its
:class:`~deckcli.collection.layouts.Writing` data. What a layout cannot hold (TCGplayer keeps no tags, Deckbox
no etched finish ...) is counted per field, so the command can say what a re-import would lose.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from dataclasses import dataclass, field
from typing import IO, Any

from sqlalchemy import select

from deckcli.csvcells import CsvWriter, escape_cell
from deckcli.storage.engine import Database
from deckcli.storage.models import CardSet

from deckcli.collection.csvio import JSON_LAYOUT
from deckcli.collection.layouts import DECKCLI_COLUMNS, Layout, Writing, by_name
from deckcli.collection.store import holdings
from deckcli.collection.variants import CONDITIONS, condition_of, finish_of, language_name, language_of

#: How each written field reads back, to notice values a layout cannot hold.
_READ_BACK = {"finish": finish_of, "condition": condition_of, "language": language_of}
_WHAT = {"tag": "tags", "proxy": "proxy flag", "finish": "finishes", "condition": "conditions",
         "language": "languages"}


@dataclass
class ExportResult:
    """What an export wrote: entries, copies, and per field the entries whose value the layout cannot hold."""

    layout: Layout
    entries: int = 0
    copies: int = 0
    lost: Counter = field(default_factory=Counter)

    def warnings(self) -> list[str]:
        """One line per field the layout could not hold, e.g. ``TCGplayer keeps no tags: 3 entries ...``."""
        return [
            f"the {self.layout.title} layout cannot hold the {_WHAT[f]} of {n} entr{'y' if n == 1 else 'ies'}"
            " (written as its nearest value or left out; a re-import will not restore them)"
            for f, n in sorted(self.lost.items())
        ]


def export_entries(db: Database, game: str | None = None, tag: str | None = None) -> list[dict[str, Any]]:
    """The collection as flat entries: deckcli's columns plus ``set_name`` and ``rarity`` for other layouts."""
    with db.read() as session:
        held = holdings(session, game, tag)
        names = {(g, code): name for g, code, name in session.execute(select(CardSet.game, CardSet.code, CardSet.name))}
    entries = []
    for h in held:
        row = h.as_row()
        entry = {c: row[c] for c in DECKCLI_COLUMNS}
        entry["set_name"] = names.get((h.card.game, h.card.set_code), h.card.set_code)
        entry["rarity"] = str(h.card.fields.get("rarity", ""))
        entries.append(entry)
    return entries


def _word(writing: Writing, fld: str, value: Any) -> str:
    """The tool's word for a stored value (``NM`` -> ``Near Mint``, ``zhs`` -> ``Chinese`` ...)."""
    words = writing.words.get(fld)
    if words is not None and value in words:
        return words[value]
    if writing.spelled_out and value and fld == "condition":
        return CONDITIONS.get(value, value)
    if writing.spelled_out and value and fld == "language":
        return language_name(value)
    return "" if value is None else str(value)


def _cells(entry: dict[str, Any], writing: Writing, lost: Counter) -> list[Any]:
    out: list[Any] = []
    for what in writing.cells:
        if what.startswith("="):
            out.append(what[1:])
            continue
        fld, _, modifier = what.partition(":")
        value = entry[fld]
        if fld == "count":
            out.append(value)
            continue
        text = _word(writing, fld, value)
        read_back = _READ_BACK.get(fld)
        if read_back is not None and read_back(text) != value:
            lost[fld] += 1
        out.append(escape_cell(text.lower() if modifier == "lower" else text))
    for fld, empty in (("tag", ""), ("proxy", False)):
        if entry[fld] != empty and fld not in writing.cells:
            lost[fld] += 1
    return out


def _writer(stream: IO[str], writing: Writing):
    """The csv writer of a layout (every cell quoted where the tool quotes every cell)."""
    quoting = csv.QUOTE_ALL if writing.quote_all else csv.QUOTE_MINIMAL
    return CsvWriter(stream, writing.line_end, quoting)  # a cell holding a bare CR is quoted too


def write_csv(entries: list[dict[str, Any]], stream: IO[str], layout: str | Layout = "deckcli") -> ExportResult:
    """Write entries in a CSV layout (deckcli's own by default), every text cell safe to open in a spreadsheet."""
    chosen = by_name(layout) if isinstance(layout, str) else layout
    writing = chosen.writing
    if writing is None:
        raise ValueError(f"deckcli does not write the {chosen.title} layout")
    result = ExportResult(chosen, len(entries), sum(e["count"] for e in entries))
    if writing.preamble:
        stream.write(writing.preamble + writing.line_end)
    writer = _writer(stream, writing)
    writer.writerow(writing.header)
    for entry in entries:
        writer.writerow(_cells(entry, writing, result.lost))
    return result


def write_json(entries: list[dict[str, Any]], stream: IO[str]) -> ExportResult:
    """deckcli's JSON export: an array of entries with the CSV layout's keys (values as stored, not escaped)."""
    json.dump([{c: e[c] for c in DECKCLI_COLUMNS} for e in entries], stream, ensure_ascii=False, indent=2)
    stream.write("\n")
    return ExportResult(JSON_LAYOUT, len(entries), sum(e["count"] for e in entries))
