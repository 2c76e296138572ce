"""Decklists as CSV with the header ``section,count,name,set,number``, for spreadsheets.

CSV holds cards only: a deck's name, game, format and other metadata are not written and not read
(use text or JSON to keep them). Cells a spreadsheet would run as a formula are written with a leading
``'``, which reading strips again (:mod:`deckcli.files.csvwriting`' escape, as every CSV deckcli writes).
"""

from __future__ import annotations

import io
import re

from deckcli.decklists.model import DEFAULT, MAX_COUNT, DeckEntry, Decklist, entry_problem, listed_once
from deckcli.decklists.text import zone_for_section
from deckcli.errors import InputError
from deckcli.files.csvreading import CsvSyntaxError, csv_rows
from deckcli.files.csvwriting import CsvWriter, unescape_cell
from deckcli.files.numbers import shown_digits, whole_number
from deckcli.games import registry
from deckcli.i18n import Message

#: The columns format_csv writes, in order.
HEADER = ("section", "count", "name", "set", "number")
#: Other spellings of a column name accepted when reading.
COLUMN_ALIASES = {"zone": "section", "qty": "count", "quantity": "count", "card": "name", "set code": "set"}


def csv_columns(text: str) -> dict[str, int] | None:
    """Column name -> index if the first non-blank row of ``text`` is a decklist CSV header (it needs count and
    name or set+number; ``,``, ``;``, tab or a ``sep=`` line, as every CSV), else None."""
    try:
        header = next((row for _, row in csv_rows(text, "CSV") if any(cell.strip() for cell in row)), None)
    except CsvSyntaxError:
        return None
    return _columns(header) if header is not None else None


def _columns(cells: list[str]) -> dict[str, int] | None:
    columns: dict[str, int] = {}
    for index, cell in enumerate(cells):
        name = " ".join(cell.split()).casefold()
        name = COLUMN_ALIASES.get(name, name)
        if name in HEADER and name not in columns:
            columns[name] = index
    if "count" in columns and ("name" in columns or {"set", "number"} <= columns.keys()):
        return columns
    return None


def parse_csv(text: str, source: str | None = None) -> Decklist:
    """Read CSV cards; header names are case-insensitive, in any order (``qty``/``quantity`` mean count,
    extra columns are ignored). A missing header raises InputError; a bad row becomes a ParseProblem with
    its line number. No metadata: CSV has none. Read by the one CSV reader: ``,``, ``;``, tab or a ``sep=`` line.
    """
    deck = Decklist(source=source)
    label = source or "CSV"
    columns = None
    try:
        for line, row in csv_rows(text.removeprefix("\ufeff"), label):
            if not any(cell.strip() for cell in row):
                continue
            if columns is None:
                columns = _columns(row)
                if columns is None:
                    raise InputError(
                        Message(
                            "{file}: line {line}: expected the header {header}, got {row!r}",
                            file=label,
                            line=line,
                            header=",".join(HEADER),
                            row=_shown(",".join(row)),
                        )
                    )
                continue
            entry = _row(row, columns, line)
            if isinstance(entry, DeckEntry):
                deck.entries.append(entry)
            else:
                deck.add_problem(entry, line)
    except CsvSyntaxError as exc:
        deck.add_problem(Message("not CSV: {reason}", reason=exc.reason), exc.line)
    if columns is None:
        raise InputError(
            Message("{file}: empty CSV: expected the header {header}", file=label, header=",".join(HEADER))
        )
    return deck


def _shown(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _row(row: list[str], columns: dict[str, int], line: int) -> DeckEntry | str:
    """One CSV row as a DeckEntry, or the message saying what is wrong with it."""

    def cell(name: str) -> str:
        index = columns.get(name)
        return unescape_cell(row[index].strip()) if index is not None and index < len(row) else ""

    section = cell("section") or registry.default_zone()
    zone = zone_for_section(section)
    if zone is None:
        return Message(
            "unknown section {section!r} (sections: {sections})",
            section=_shown(section),
            sections=", ".join(registry.zone_order()),
        )
    count_text = cell("count") or ("1" if listed_once(zone) else "")
    if not re.fullmatch(r"[+-]?[0-9]+", count_text):
        return Message("count must be a whole number, got {value!r}", value=_shown(count_text))
    count = whole_number(count_text)
    if count < 0:
        return Message(
            "count {count} is negative: a count is a whole number from 1 to {most}", count=count, most=MAX_COUNT
        )
    if count > MAX_COUNT:
        return Message(
            "count {value} is too large (at most {most})", value=shown_digits(count_text.lstrip("+")), most=MAX_COUNT
        )
    if listed_once(zone) and count != 1:
        return Message("each {zone} row names one card, listed once; got count {count}", zone=zone, count=count)
    if not 1 <= count <= MAX_COUNT:
        return Message("count must be from 1 to {most}, got {count}", most=MAX_COUNT, count=count)
    set_code, number = cell("set") or None, cell("number") or None
    entry = DeckEntry(zone, count, cell("name"), set_code, number, line)
    if not cell("section"):  # no section named (a tool's export with no such column): the main deck by default
        entry.placed = DEFAULT  # so a card the main deck does not hold goes where its kind goes
    problem = entry_problem(entry)
    return problem if problem else entry


def format_csv(deck: Decklist) -> str:
    """The cards as CSV (header ``section,count,name,set,number``, one row per entry, zones in registry.zone_order()).

    Metadata is not written. A champion listed twice is two rows.
    """
    out = io.StringIO()
    writer = CsvWriter(out)
    writer.writerow(HEADER)
    for entry in deck.entries:
        problem = entry_problem(entry)
        if problem:
            raise InputError(Message("cannot write the decklist as CSV: {problem}", problem=problem))
    for zone in registry.zone_order():
        for entry in deck.zone(zone):
            copies, count = (entry.count, 1) if listed_once(zone) else (1, entry.count)
            cells = [zone, str(count), (entry.name or "").strip(), entry.set_code or "", entry.number or ""]
            for _ in range(copies):
                writer.writerow(cells)  # formula-escaped by the writer
    return out.getvalue()
