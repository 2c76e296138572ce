"""Collection import and export: CSV in any known layout (or deckcli's JSON export) in, deckcli's layout out.

Import reads and resolves every row first (nothing is written while reading), then writes all entries
in one transaction as a bulk upsert. By default a file with any bad row imports nothing; ``skip_bad``
imports the good rows. Import *adds* to the counts already held (like Moxfield and Deckbox imports);
``replace`` makes the collection exactly the file. Repeated rows of one entry in a file add up.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from operator import itemgetter
from typing import IO, Any, Iterator

from sqlalchemy import delete, select

from deckcli.cards.index import CardRef
from deckcli.cards.resolver import CardResolver
from deckcli.storage.engine import Database
from deckcli.errors import DeckcliError, InputError
from deckcli.storage.models import Card

from deckcli.collection.layouts import DECKCLI_COLUMNS, Layout, detect
from deckcli.collection.store import ITEMS, check_count, current_counts, holdings, upsert
from deckcli.collection.variants import Variant
from deckcli.csvcells import escape_cell, unescape_cell
from deckcli.reading import jsondoc

JSON_LAYOUT = Layout("deckcli-json", "deckcli JSON", frozenset(), {f: (f,) for f in DECKCLI_COLUMNS})

Key = tuple[int, str, str, str, str]  # card_id, finish, condition, language, tag


@dataclass
class RowProblem:
    """A row that could not be imported: where it is and why (with the closest card names when unknown)."""

    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass
class ImportPlan:
    """A file read and resolved, not yet written: counts per entry key, and the rows that failed."""

    source: str
    layout: Layout
    rows: int = 0
    counts: dict[Key, int] = field(default_factory=dict)
    cards: dict[int, CardRef] = field(default_factory=dict)
    problems: list[RowProblem] = field(default_factory=list)
    empty: int = 0  # rows with count 0
    game: str | None = None  # --game: the rows are of this game, and --replace replaces only its cards

    @property
    def copies(self) -> int:
        return sum(self.counts.values())


@dataclass
class CollectionChange:
    """One entry's count before and after an import."""

    card: CardRef
    variant: Variant
    before: int
    after: int

    def as_row(self) -> dict[str, Any]:
        v = self.variant
        return {
            "name": self.card.name, "game": self.card.game, "set": self.card.set_code, "number": self.card.number,
            "finish": v.finish, "condition": v.condition, "language": v.language, "tag": v.tag,
            "before": self.before, "after": self.after, "change": self.after - self.before,
        }


@dataclass
class CollectionImportResult:
    """What an import did (or, for a dry run, would do); ``changes`` per entry are listed for dry runs."""

    plan: ImportPlan
    written: bool
    new_entries: int = 0
    changed_entries: int = 0
    removed_entries: int = 0
    changes: list[CollectionChange] = field(default_factory=list)

    def summary(self) -> str:
        verb = "Imported" if self.written else "Would import"
        plan = self.plan
        text = (
            f"{verb} {plan.copies} cards from {plan.rows - len(plan.problems) - plan.empty} of {plan.rows} rows"
            f" ({plan.layout.title} layout): {self.new_entries} new entries, {self.changed_entries} changed"
        )
        if self.removed_entries:
            text += f", {self.removed_entries} removed"
        if plan.problems:
            text += f"; {len(plan.problems)} bad rows skipped"
        return text


# -- reading ------------------------------------------------------------------------------------------

#: The order of the cells every reader yields per row.
FIELDS = ("count", "name", "set", "number", "game", "finish", "condition", "language", "tag")
Rows = Iterator[tuple[int, tuple[str, ...]]]


def read_text(source: str, stdin: IO[str] | None = None) -> str:
    """The whole text of a file (``-``: stdin), UTF-8 with or without a byte-order mark."""
    if source == "-":
        text = (stdin or sys.stdin).read()
        return text.lstrip("\ufeff")
    try:
        with open(source, encoding="utf-8-sig", newline="") as handle:
            return handle.read()
    except FileNotFoundError:
        raise InputError(f"{source}: no such file") from None
    except UnicodeDecodeError as exc:
        raise InputError(f"{source}: not UTF-8 text (byte {exc.start}); save the file as UTF-8") from None
    except OSError as exc:
        raise InputError(f"{source}: cannot read: {exc.strerror}") from None


def _delimiter(header_line: str) -> str:
    counts = {d: header_line.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] > counts[","] else ","


def _csv_error(source: str, line: int, exc: csv.Error) -> InputError:
    """A CSV the csv module cannot parse (such as a cell over its size limit), as an error naming the line."""
    return InputError(f"{source}: line {line}: cannot read the CSV: {exc}; nothing was imported")


def _csv_rows(text: str, source: str) -> tuple[Layout, Rows]:
    """The detected layout and (line number, cells in FIELDS order) for every data row."""
    offset = 0
    delimiter = None
    first_end = text.find("\n")
    first = text[: first_end if first_end >= 0 else len(text)].strip().strip('"')
    if first.lower().startswith("sep=") and len(first) >= 5:  # Dragon Shield (and Excel) delimiter line
        delimiter = first[4]
        text = text[first_end + 1 :] if first_end >= 0 else ""
        offset = 1
    if delimiter is None:
        line_end = text.find("\n")
        delimiter = _delimiter(text[: line_end if line_end >= 0 else len(text)])
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
    layout = detect(headers, source)
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
    data = jsondoc.parse_json(text, source)  # raises "source: line L, column C: not valid JSON: reason"
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


def _where(layout: Layout, source: str, position: int) -> str:
    return f"{source}: $[{position}]" if layout is JSON_LAYOUT else f"{source}: line {position}"


def _count(text: str) -> int:
    try:
        count = int(text.strip())
    except ValueError:
        raise InputError(f"count {text.strip()!r} is not a whole number") from None
    if count < 0:
        raise InputError(f"count {count} is negative")
    return count


def _row_card(lookup: CardResolver, game: str | None, name: str, set_text: str, number: str, row_game: str) -> CardRef:
    """The printing a row means, in the row's game or ``--game``; with ``--game``, rows of other games are refused."""
    row_game = row_game.strip()
    if game and row_game and row_game.lower() != game:
        raise InputError(f"the row names game {row_game!r}, but --game {game} imports only {game} cards")
    return lookup.find(name, set_text, number, row_game or game)


def plan_import(db: Database, source: str, game: str | None = None, stdin: IO[str] | None = None) -> ImportPlan:
    """Read and resolve every row of a collection file (one card index per game, loaded once); write nothing.

    Lookups are remembered by the row's raw text, so repeated cards cost one dict lookup per row.
    """
    text = read_text(source, stdin)
    layout, rows = read_rows(text, source)
    lookup = CardResolver(db)
    plan = ImportPlan(source, layout, game=game)
    # Only CSV cells carry the leading ' of escape_cell; JSON values are taken as they are.
    unescape = str if layout is JSON_LAYOUT else unescape_cell
    counts: dict[Key, int] = defaultdict(int)
    cards: dict[tuple[str, str, str, str], CardRef | DeckcliError] = {}
    variants: dict[tuple[str, str, str, str], Variant | DeckcliError] = {}
    for position, (count_text, name, set_text, number, game_text, *variant_cells) in rows:
        plan.rows += 1
        try:
            try:
                count = int(count_text)
            except ValueError:
                count = _count(count_text)
            check_count(count)
            if count <= 0:
                if count < 0:
                    raise InputError(f"count {count} is negative")
                plan.empty += 1
                continue
            card = cards.get((name, set_text, number, game_text))
            if card is None:
                try:
                    card = _row_card(lookup, game, unescape(name), unescape(set_text), unescape(number),
                                     unescape(game_text))
                except DeckcliError as exc:
                    card = exc
                cards[(name, set_text, number, game_text)] = card
            if isinstance(card, DeckcliError):
                raise card
            vkey = tuple(variant_cells)
            variant = variants.get(vkey)
            if variant is None:
                try:
                    variant = Variant.parse(*(unescape(cell) for cell in vkey))
                except DeckcliError as exc:
                    variant = exc
                variants[vkey] = variant
            if isinstance(variant, DeckcliError):
                raise variant
        except DeckcliError as exc:
            plan.problems.append(RowProblem(_where(layout, source, position), str(exc)))
            continue
        plan.cards[card.id] = card
        counts[(card.id, variant.finish, variant.condition, variant.language, variant.tag)] += count
    plan.counts = dict(counts)
    return plan


# -- writing ------------------------------------------------------------------------------------------

def _result(session, plan: ImportPlan, before: dict[Key, int], replace: bool, written: bool,
            list_changes: bool) -> CollectionImportResult:
    result = CollectionImportResult(plan, written)
    for key, n in plan.counts.items():
        had = before.get(key, 0)
        after = n if replace else had + n
        if after == had:
            continue
        if had:
            result.changed_entries += 1
        else:
            result.new_entries += 1
        if list_changes:
            result.changes.append(CollectionChange(plan.cards[key[0]], Variant(*key[1:]), had, after))
    if replace:
        gone = [key for key in before if key not in plan.counts]
        result.removed_entries = len(gone)
        if gone and list_changes:
            ids = {key[0] for key in gone}
            rows = session.execute(select(Card).where(Card.id.in_(ids))).scalars()
            refs = {c.id: CardRef(c.id, c.game, c.set_code, c.number, c.name, c.kind, c.data) for c in rows}
            result.changes += [CollectionChange(refs[key[0]], Variant(*key[1:]), before[key], 0) for key in gone]
    return result


def apply_import(db: Database, plan: ImportPlan, *, skip_bad: bool = False, replace: bool = False,
                 dry_run: bool = False, max_shown: int = 20) -> CollectionImportResult:
    """Write a plan as one bulk upsert in one transaction (a dry run only works out the changes).

    Any bad row stops the import unless ``skip_bad``; ``replace`` first empties the collection (only the
    plan's game when it has one, so ``--replace --game boa`` leaves the other games alone).
    """
    if plan.problems and not skip_bad:
        shown = [str(p) for p in plan.problems[:max_shown]]
        if len(plan.problems) > max_shown:
            shown.append(f"... and {len(plan.problems) - max_shown} more bad rows")
        n = len(plan.problems)
        shown.append(f"{n} bad row{'s' if n != 1 else ''} of {plan.rows}; nothing was imported (--skip-bad imports the rest)")
        raise InputError("\n".join(shown))
    if dry_run:
        with db.read() as session:
            return _result(session, plan, current_counts(session, plan.game), replace, written=False, list_changes=True)
    with db.write() as session:
        result = _result(session, plan, current_counts(session, plan.game), replace, written=True, list_changes=False)
        if replace:
            doomed = ITEMS.c.card_id.in_(select(Card.id).where(Card.game == plan.game)) if plan.game else True
            session.execute(delete(ITEMS).where(doomed))
        upsert(session, plan.counts.items())
    return result



# -- export -------------------------------------------------------------------------------------------

def export_rows(db: Database, game: str | None = None, tag: str | None = None) -> list[dict[str, Any]]:
    """The collection as deckcli-layout rows (count, name, game, set, number, finish, condition, language, tag)."""
    with db.read() as session:
        rows = [h.as_row() for h in holdings(session, game, tag)]
    return [{c: row[c] for c in DECKCLI_COLUMNS} for row in rows]


def write_csv(rows: list[dict[str, Any]], stream: IO[str]) -> None:
    """deckcli's CSV layout, every text cell safe to open in a spreadsheet."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(DECKCLI_COLUMNS)
    for row in rows:
        writer.writerow([row[c] if c == "count" else escape_cell(str(row[c])) for c in DECKCLI_COLUMNS])


def write_json(rows: list[dict[str, Any]], stream: IO[str]) -> None:
    """deckcli's JSON export: an array of entries with the CSV layout's keys."""
    json.dump(rows, stream, ensure_ascii=False, indent=2)
    stream.write("\n")
