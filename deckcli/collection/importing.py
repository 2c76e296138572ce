"""Collection import: a file in any known layout read and resolved into a plan, then written in one transaction.

Import reads and resolves every row first (nothing is written while reading), then writes all entries
in one transaction as a bulk upsert. By default a file with any bad row imports nothing; ``skip_bad``
imports the good rows. Import *adds* to the counts already held (like Moxfield and Deckbox imports);
``replace`` makes the collection exactly the file. Repeated rows of one entry in a file add up, their tradelist
counts too; a purchase price given replaces the one held (the latest row's wins), an empty one keeps it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any

from deckcli.cards.index import REF_COLUMNS, CardRef, card_ref
from deckcli.cards.resolver import CardResolver
from deckcli.collection.csvio import JSON_LAYOUT, read_rows, read_text
from deckcli.collection.layouts import Layout
from deckcli.collection.store import EntryKey, check_count, current_counts, upsert
from deckcli.collection.variants import Variant
from deckcli.errors import DeckcliError, InputError
from deckcli.files.csvwriting import unescape_cell
from deckcli.files.numbers import whole_number
from deckcli.i18n import N_, Lines, Message
from deckcli.storage.reads import Readable, Rows, all_in
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.storage.writes import Writable

#: A count as tools write it: ``3``, ``3x`` (Delver Lens), ``x3``.
_COUNT = re.compile(r"^\s*[xX]?\s*(-?\d+)\s*[xX]?\s*$")
#: A price as tools write it: ``0.25``, ``2,50``, Deckbox's ``$0.10``; the amount's digits are kept as written.
_PRICE = re.compile(r"^\s*[$€£¥]?\s*(\d+(?:[.,]\d+)?)\s*$")


#: The import's summary line, done and dry run.
IMPORTED = N_("Imported {cards} from {good} of {rows} ({layout} layout): {new}, {changed} changed{removed}{skipped}")
WOULD_IMPORT = N_(
    "Would import {cards} from {good} of {rows} ({layout} layout): {new}, {changed} changed{removed}{skipped}"
)


@dataclass
class RowProblem:
    """A row that could not be imported: where it is and why (with the closest card names when unknown)."""

    where: str  # Messages (English in --json), shown translated
    message: str

    def line(self) -> Message:
        """``where: message``, English, translated where shown."""
        return Message("{file}: {problem}", file=self.where, problem=self.message)

    def __str__(self) -> str:
        return str(self.line())

    def translated(self) -> str:
        """The problem in the user's language."""
        return self.line().translated()


@dataclass
class ImportPlan:
    """A file read and resolved, not yet written: counts per entry key, and the rows that failed."""

    source: str
    layout: Layout
    rows: int = 0
    counts: dict[EntryKey, int] = field(default_factory=dict)
    trades: dict[EntryKey, int] = field(default_factory=dict)  # tradelist counts (entries with none left out)
    prices: dict[EntryKey, str] = field(default_factory=dict)  # purchase prices (entries with none left out)
    cards: dict[int, CardRef] = field(default_factory=dict)
    unkept: list[str] = field(default_factory=list)  # the file's columns deckcli does not keep, as headed
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
            "name": self.card.name,
            "game": self.card.game,
            "set": self.card.set_code,
            "number": self.card.number,
            "finish": v.finish,
            "condition": v.condition,
            "language": v.language,
            "tag": v.tag,
            "proxy": v.proxy,
            "before": self.before,
            "after": self.after,
            "change": self.after - self.before,
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

    def summary(self) -> Message:
        """The import in one line (English in --json; a Message, shown translated)."""
        plan = self.plan
        return Message(
            IMPORTED if self.written else WOULD_IMPORT,
            cards=plural(plan.copies, "card"),
            good=plan.rows - len(plan.problems) - plan.empty,
            rows=plural(plan.rows, "row"),
            layout=plan.layout.title,
            new=plural(self.new_entries, "new entry", "new entries"),
            changed=self.changed_entries,
            removed=Message(", {removed} removed", removed=self.removed_entries) if self.removed_entries else "",
            skipped=Message("; {bad} skipped", bad=plural(len(plan.problems), "bad row")) if plan.problems else "",
        )


def _message_of(error: DeckcliError) -> str:
    """An error's text as raised: its Message (English, translated where shown), else the text."""
    text = error.args[0] if len(error.args) == 1 else None
    return text if isinstance(text, Message) else str(error)


def _where(layout: Layout, source: str, position: int) -> str:
    if layout is JSON_LAYOUT:
        return f"{source}: $[{position}]"
    return Message("{source}: line {line}", source=source, line=position)


def parse_count(text: str) -> int:
    """A row's count: a whole number, also written ``3x`` or ``x3``; negative counts are refused."""
    match = _COUNT.match(text)
    if match is None:
        raise InputError(Message("count {value!r} is not a whole number", value=text.strip()))
    count = whole_number(match.group(1))
    if count < 0:
        raise InputError(Message("count {count} is negative", count=count))
    return check_count(count)


def parse_tradelist(text: str, count: int) -> int:
    """A row's tradelist count: a whole number from 0 to the row's count (empty: none)."""
    if not text.strip():
        return 0
    try:
        trade = parse_count(text)
    except InputError as exc:
        raise InputError(Message("tradelist {error}", error=_message_of(exc))) from None
    if trade > count:
        raise InputError(Message("tradelist count {trade} is more than the count {count}", trade=trade, count=count))
    return trade


def parse_price(text: str) -> str:
    """A row's purchase price: the amount's digits as written (``0.25``), without a currency sign; empty: none."""
    if not text.strip():
        return ""
    match = _PRICE.match(text)
    if match is None:
        raise InputError(Message("purchase price {price!r} is not an amount such as 0.25", price=text.strip()))
    return match.group(1)


def _row_card(lookup: CardResolver, game: str | None, name: str, set_text: str, number: str, row_game: str) -> CardRef:
    """The printing a row means, in the row's game or ``--game``; with ``--game``, rows of other games are refused."""
    row_game = row_game.strip()
    if game and row_game and row_game.lower() != game:
        raise InputError(
            Message("the row names game {row!r}, but --game {game} imports only {game} cards", row=row_game, game=game)
        )
    return lookup.find(name, set_text, number, row_game or game)


def _remember_card(
    cards: dict[tuple[str, str, str, str], CardRef | DeckcliError],
    lookup: CardResolver,
    game: str | None,
    unescape: Callable[[str], str],
    cells: tuple[str, str, str, str],
) -> CardRef | DeckcliError:
    """The card a row's (name, set, number, game) cells name, or why none, remembered in ``cards`` by the raw cells."""
    name, set_text, number, game_text = cells
    try:
        card: CardRef | DeckcliError = _row_card(
            lookup, game, unescape(name), unescape(set_text), unescape(number), unescape(game_text)
        )
    except DeckcliError as exc:
        card = exc
    cards[cells] = card
    return card


def _remember_variant(
    variants: dict[tuple[str, ...], Variant | DeckcliError], unescape: Callable[[str], str], cells: tuple[str, ...]
) -> Variant | DeckcliError:
    """The variant a row's variant cells give, or why none, remembered in ``variants`` by the raw cells."""
    try:
        variant: Variant | DeckcliError = Variant.parse(*(unescape(cell) for cell in cells))
    except DeckcliError as exc:
        variant = exc
    variants[cells] = variant
    return variant


def _row_count(text: str) -> int:
    """A row's count of copies (0: an empty row), refused when negative."""
    try:
        count = check_count(int(text))
    except ValueError:
        count = parse_count(text)
    if count < 0:
        raise InputError(Message("count {count} is negative", count=count))
    return count


def plan_import(
    db: Readable, source: str, game: str | None = None, stdin: IO[str] | IO[bytes] | None = None
) -> ImportPlan:
    """Read and resolve every row of a collection file (one card index per game, loaded once); write nothing.

    Lookups are remembered by the row's raw text, so repeated cards cost one dict lookup per row.
    """
    document = read_text(source, stdin)
    reading = read_rows(document.text, document.label)
    layout, rows = reading.layout, reading.rows
    source = document.label
    lookup = CardResolver(db)
    plan = ImportPlan(source, layout, game=game, unkept=reading.unkept)
    # Only CSV cells carry the leading ' of escape_cell; JSON values are taken as they are.
    unescape = str if layout is JSON_LAYOUT else unescape_cell
    counts: dict[EntryKey, int] = defaultdict(int)
    trades: dict[EntryKey, int] = defaultdict(int)
    cards: dict[tuple[str, str, str, str], CardRef | DeckcliError] = {}
    variants: dict[tuple[str, ...], Variant | DeckcliError] = {}
    for position, (count_text, name, game_text, set_text, number, *variant_cells, trade_text, price_text) in rows:
        plan.rows += 1
        try:
            count = _row_count(count_text)
            if count == 0:
                plan.empty += 1
                continue
            card = cards.get((name, set_text, number, game_text)) or _remember_card(
                cards, lookup, game, unescape, (name, set_text, number, game_text)
            )
            if isinstance(card, DeckcliError):
                raise card
            variant = variants.get(vkey := tuple(variant_cells)) or _remember_variant(variants, unescape, vkey)
            if isinstance(variant, DeckcliError):
                raise variant
            trade = parse_tradelist(unescape(trade_text), count) if trade_text not in ("", "0") else 0
            price = parse_price(unescape(price_text)) if price_text else ""
        except DeckcliError as exc:
            plan.problems.append(RowProblem(_where(layout, source, position), _message_of(exc)))
            continue
        plan.cards[card.id] = card
        key = (card.id, variant.finish, variant.condition, variant.language, variant.tag, variant.proxy)
        counts[key] += count
        if trade:
            trades[key] += trade
        if price:
            plan.prices[key] = price
    plan.counts = dict(counts)
    plan.trades = dict(trades)
    return plan


def _result(
    rows: Rows, plan: ImportPlan, before: dict[tuple, int], replace: bool, written: bool, list_changes: bool
) -> CollectionImportResult:
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
            cards = all_in(rows, f"SELECT {REF_COLUMNS} FROM card c WHERE c.id IN ({{ids}})", "ids", ids)
            refs = {ref.id: ref for ref in map(card_ref, cards)}
            result.changes += [CollectionChange(refs[key[0]], Variant(*key[1:]), before[key], 0) for key in gone]
    return result


def apply_import(
    db: Writable,
    plan: ImportPlan,
    *,
    skip_bad: bool = False,
    replace: bool = False,
    dry_run: bool = False,
    max_shown: int = 20,
) -> CollectionImportResult:
    """Write a plan as one bulk upsert in one transaction (a dry run only works out the changes).

    Any bad row stops the import unless ``skip_bad``; ``replace`` first empties the collection (only the
    plan's game when it has one, so ``--replace --game boa`` leaves the other games alone).
    """
    if plan.problems and not skip_bad:
        shown: list[str] = [p.line() for p in plan.problems[:max_shown]]
        if len(plan.problems) > max_shown:
            shown.append(Message("... and {more}", more=plural(len(plan.problems) - max_shown, "more bad row")))
        bad = plural(len(plan.problems), "bad row")
        shown.append(
            Message("{bad} of {rows}; nothing was imported (--skip-bad imports the rest)", bad=bad, rows=plan.rows)
        )
        raise InputError(Lines(shown))
    if dry_run:
        with db.rows() as rows:
            return _result(rows, plan, current_counts(rows, plan.game), replace, written=False, list_changes=True)
    with db.write() as tx:
        if replace:  # two replacing at once: the second waits and empties what the first wrote
            tx.claim("collection")
        result = _result(tx, plan, current_counts(tx, plan.game), replace, written=True, list_changes=False)
        if replace and plan.game:
            doomed = "DELETE FROM collection_item WHERE card_id IN (SELECT id FROM card WHERE game = :game)"
            tx.run(doomed, {"game": plan.game})
        elif replace:
            tx.run("DELETE FROM collection_item")
        upsert(tx, plan.counts.items(), trades=plan.trades, prices=plan.prices)
    return result
