"""Collection export: deckcli's CSV and JSON, and the CSV layouts other tools import, each read back by deckcli.

Every writable layout of :mod:`deckcli.collection.layouts` is written by the one :func:`write_csv`, from its
:class:`~deckcli.collection.layouts.Writing` data. What a layout cannot hold (TCGplayer keeps no tags, Deckbox
no etched finish ...) is counted per field, so the command can say what a re-import would lose.
"""

from __future__ import annotations

import csv
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING, Any, Literal

from deckcli.collection.csvio import JSON_LAYOUT
from deckcli.collection.layouts import DECKCLI_COLUMNS, Layout, Writing, by_name
from deckcli.collection.store import entries_where
from deckcli.collection.variants import CONDITIONS, condition_of, finish_of, language_name, language_of
from deckcli.errors import InputError
from deckcli.files.csvwriting import CsvWriter, escape_cell
from deckcli.files.jsontext import json_value
from deckcli.i18n import N_, Message, translated
from deckcli.i18n import gettext as _
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable

#: How each written field reads back, to notice values a layout cannot hold.
_READ_BACK = {"finish": finish_of, "condition": condition_of, "language": language_of}
_WHAT = {
    "tag": N_("tags"),
    "proxy": N_("proxy flag"),
    "finish": N_("finishes"),
    "condition": N_("conditions"),
    "language": N_("languages"),
    "tradelist": N_("tradelist counts"),
    "purchase_price": N_("purchase prices"),
}
#: The fields a layout may have no column for, and their value when there is nothing to lose.
_OPTIONAL = (("tag", ""), ("proxy", False), ("tradelist", 0), ("purchase_price", ""))


@dataclass
class ExportResult:
    """What an export wrote: entries, copies, and per field the entries whose value the layout cannot hold."""

    layout: Layout
    entries: int = 0
    copies: int = 0
    lost: Counter = field(default_factory=Counter)

    def warnings(self) -> list[str]:
        """One line per field the layout could not hold, e.g. ``TCGplayer keeps no tags: 3 entries ...``, in the
        user's language (printed only)."""
        line = _(
            "the {layout} layout cannot hold the {what} of {entries}"
            " (written as its nearest value or left out; a re-import will not restore them)"
        )
        return [
            line.format(layout=self.layout.title, what=_(_WHAT[f]), entries=translated(plural(n, "entry", "entries")))
            for f, n in sorted(self.lost.items())
        ]


#: The entries themselves, by card and then variant: the order of the unique index on (card, variant), which
#: SQLite reads without sorting. A card's own fields come once per card (:data:`_CARDS`), not once per entry.
_ITEMS = (
    "SELECT i.card_id, i.count, i.finish, i.condition, i.language, i.tag, i.proxy, i.tradelist, i.purchase_price"
    " FROM collection_item i{where}"
    " ORDER BY i.card_id, i.finish, i.condition, i.language, i.tag, i.proxy"
)
#: The collection's cards in export order (game, set, card), with the fields an export writes.
_CARDS = (
    "SELECT c.id, c.name, c.game, c.set_code, c.number, s.name{data} FROM card c JOIN card_set s ON s.id = c.set_id"
    " WHERE c.id IN (SELECT card_id FROM collection_item){game} ORDER BY c.game, c.set_code, c.id"
)
#: An entry's own fields and its card's, as the columns of :data:`_ITEMS` and :data:`_CARDS` after the card id.
_ITEM_FIELDS = ("count", "finish", "condition", "language", "tag", "proxy", "tradelist", "purchase_price")
_CARD_FIELDS = ("name", "game", "set", "number", "set_name")
#: How many times the two reads are tried before an export gives up on a collection that keeps changing.
_READS = 5


def needs_rarity(layout: str | Layout) -> bool:
    """Whether a layout writes the cards' rarity (the only card field kept in their JSON data that one writes)."""
    chosen = by_name(layout) if isinstance(layout, str) else layout
    return chosen.writing is not None and any(c.partition(":")[0] == "rarity" for c in chosen.writing.cells)


@dataclass
class Entries:
    """The collection's entries in export order, column by column: per field (deckcli's columns, ``set_name``,
    ``rarity``), one list of values. A layout is written column by column (each distinct value worded once)."""

    columns: dict[str, list[Any]]

    def __len__(self) -> int:
        return len(self.columns["count"])


def export_entries(db: Readable, game: str | None = None, tag: str | None = None, rarity: bool = True) -> Entries:
    """The collection's entries: deckcli's columns plus ``set_name`` (and ``rarity`` unless ``rarity`` is false:
    then no card's JSON data is read) for other layouts. Two plain queries (the entries; their cards, once each)
    turned into columns: no ORM objects and no object per entry."""
    where, params = entries_where(game, tag)
    items_sql = _ITEMS.format(where=where)
    cards_sql = _CARDS.format(data=", c.data" if rarity else "", game=" AND c.game = :game" if game else "")
    for _attempt in range(_READS):  # two reads: another command may add or remove a card's last entry in between
        with db.rows() as rows:
            items = rows.all(items_sql, params)
            cards = rows.all(cards_sql, {"game": game} if game else {})
        place = {card[0]: n for n, card in enumerate(cards)}  # a card's row in ``cards``
        if all(item[0] in place for item in items):
            break
    else:
        raise InputError(Message("the collection kept changing while it was read for the export: run the export again"))
    items.sort(key=lambda item: place[item[0]])  # stable: each card's entries stay in variant order
    card_ids, *item_values = list(zip(*items)) or [()] * (1 + len(_ITEM_FIELDS))
    at = [place[card_id] for card_id in card_ids]
    card_values = list(zip(*cards)) or [()] * (1 + len(_CARD_FIELDS) + rarity)
    columns = dict(zip(_ITEM_FIELDS, map(list, item_values)))
    columns.update((name, [values[n] for n in at]) for name, values in zip(_CARD_FIELDS, card_values[1:]))
    columns["proxy"] = list(map(bool, columns["proxy"]))
    rarities = _rarities(card_values[-1]) if rarity else None
    columns["rarity"] = [rarities[n] for n in at] if rarities is not None else [""] * len(at)
    return Entries({name: columns[name] for name in (*DECKCLI_COLUMNS, "set_name", "rarity")})


def _rarities(data: Sequence[Any]) -> list[str]:
    """Each card's rarity from its data: JSON text (SQLite) or already a dict (a server database's JSON column)."""
    return [str(json_value(value).get("rarity", "")) for value in data]


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


def _cell(writing: Writing, fld: str, modifier: str, value: Any) -> tuple[str, bool]:
    """One text cell as written, and whether reading it back loses the stored value."""
    text = _word(writing, fld, value)
    read_back = _READ_BACK.get(fld)
    lost = read_back is not None and read_back(text) != value
    return escape_cell(text.lower() if modifier == "lower" else text), lost


def _columns(entries: Entries, writing: Writing, lost: Counter) -> tuple[list[list[Any]], bool]:
    """The layout's cells column by column, and whether any holds a carriage return. Each distinct value of a
    field is worded, read back and escaped once; the columns are then mapped through those answers."""
    columns: list[list[Any]] = []
    carriage_return = False
    for what in writing.cells:
        if what.startswith("="):
            columns.append([what[1:]] * len(entries))
            continue
        fld, _sep, modifier = what.partition(":")
        values = entries.columns[fld]
        if fld in ("count", "tradelist"):
            columns.append(values)
            continue
        seen = Counter(values)
        cells = {value: _cell(writing, fld, modifier, value) for value in seen}
        gone = sum(seen[value] for value, (_, lose) in cells.items() if lose)
        if gone:
            lost[fld] += gone
        carriage_return = carriage_return or any("\r" in text for text, _ in cells.values())
        columns.append([cells[value][0] for value in values])
    for fld, empty in _OPTIONAL:
        gone = len(entries) - entries.columns[fld].count(empty) if fld not in writing.cells else 0
        if gone:
            lost[fld] += gone
    return columns, carriage_return


def _writer(stream: IO[str], writing: Writing):
    """The csv writer of a layout (every cell quoted where the tool quotes every cell)."""
    quoting: Literal[0, 1, 2, 3] = csv.QUOTE_ALL if writing.quote_all else csv.QUOTE_MINIMAL
    # cells are escaped once per distinct value by _cell; a cell holding a bare CR is quoted too
    return CsvWriter(stream, writing.line_end, quoting, escaped=True)


def write_csv(entries: Entries, stream: IO[str], layout: str | Layout = "deckcli") -> ExportResult:
    """Write entries in a CSV layout (deckcli's own by default), every text cell safe to open in a spreadsheet."""
    chosen = by_name(layout) if isinstance(layout, str) else layout
    writing = chosen.writing
    if writing is None:
        raise ValueError(f"deckcli does not write the {chosen.title} layout")
    result = ExportResult(chosen, len(entries), sum(entries.columns["count"]))
    if writing.preamble:
        stream.write(writing.preamble + writing.line_end)
    writer = _writer(stream, writing)
    writer.writerow(writing.header)
    columns, carriage_return = _columns(entries, writing, result.lost)
    writer.writerows(zip(*columns), no_carriage_return=not carriage_return)
    return result


def write_json(entries: Entries, stream: IO[str]) -> ExportResult:
    """deckcli's JSON export: an array of entries with the CSV layout's keys (values as stored, not escaped)."""
    rows = zip(*(entries.columns[c] for c in DECKCLI_COLUMNS))
    json.dump([dict(zip(DECKCLI_COLUMNS, row)) for row in rows], stream, ensure_ascii=False, indent=2)
    stream.write("\n")
    return ExportResult(JSON_LAYOUT, len(entries), sum(entries.columns["count"]))
