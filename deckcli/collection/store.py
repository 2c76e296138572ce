"""The collection table: adding, removing and setting counts, listing holdings, and per-set statistics.

Every change is SQL text inside ``db.write()`` (:mod:`deckcli.storage.writes`; on SQLite BEGIN IMMEDIATE), and additions are a single
upsert (``count = count + excluded.count``), so two processes adding at once both land. An entry's tradelist count
is a part of its count (never more); its purchase price is the latest one given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcli.cards.filters import parse_filter
from deckcli.cards.index import REF_COLUMNS, CardIndex, CardRef, card_ref
from deckcli.collection.variants import Variant, finish_word
from deckcli.errors import DeckcliError, InputError, NotFoundError
from deckcli.i18n import N_, Message
from deckcli.storage.reads import Readable, Rows, all_in
from deckcli.storage.writes import COPY_AT_LEAST
from deckcli.validation.jsonschemas import card_fields
from deckcli.words import listing

if TYPE_CHECKING:
    from deckcli.storage.writes import Transaction, Writable

KEY_COLUMNS = ("card_id", "finish", "condition", "language", "tag", "proxy")
#: The most copies one add, set, import row or deck may name (far below SQLite's 64-bit integer limit).
MAX_COUNT = 1_000_000_000
#: Fields ``collection list --where`` offers besides the card fields.
COLLECTION_FIELDS = {
    "count": "integer",
    "finish": "string",
    "condition": "string",
    "language": "string",
    "tag": "string",
    "proxy": "boolean",
    "tradelist": "integer",
    "purchase_price": "string",
}


@dataclass
class Holding:
    """``count`` copies of the printing ``card`` in one variant."""

    card: CardRef
    count: int
    variant: Variant
    tradelist: int = 0
    purchase_price: str = ""

    def as_row(self) -> dict[str, Any]:
        """The flat row printed by list/show/export."""
        card = self.card
        return {
            "count": self.count,
            "name": card.name,
            "game": card.game,
            "set": card.set_code,
            "number": card.number,
            "kind": card.kind,
            **self._held(),
        }

    def filter_fields(self) -> dict[str, Any]:
        """Card fields plus the collection fields, for ``--where``."""
        return {**self.card.as_dict(), "count": self.count, **self._held()}

    def _held(self) -> dict[str, Any]:
        """How the copies are held: the variant, the tradelist count and the purchase price."""
        v = self.variant
        return {
            "finish": finish_word(v.finish),
            "condition": v.condition,
            "language": v.language,
            "tag": v.tag,
            "proxy": v.proxy,
            "tradelist": self.tradelist,
            "purchase_price": self.purchase_price,
        }


#: The unique key of one collection entry: (card_id, finish, condition, language, tag, proxy).
EntryKey = tuple[int, str, str, str, str, bool]


def entry_key(card_id: int, variant: Variant) -> EntryKey:
    """The unique key of one collection entry: (card_id, finish, condition, language, tag, proxy)."""
    return (card_id, variant.finish, variant.condition, variant.language, variant.tag, variant.proxy)


#: The upsert's updates of an existing entry, for adding (True) or setting (False) its count: tradelist counts add up
#: (or stay within a set count), and a purchase price given replaces the one held.
_KEEP_PRICE = 'CASE WHEN excluded."purchase_price" = \'\' THEN collection_item."purchase_price" ELSE excluded."purchase_price" END'
_UPDATES = {
    True: {
        "count": 'collection_item."count" + excluded."count"',
        "tradelist": 'collection_item."tradelist" + excluded."tradelist"',
        "purchase_price": _KEEP_PRICE,
    },
    False: {
        "count": 'excluded."count"',
        "tradelist": 'CASE WHEN collection_item."tradelist" > excluded."count" THEN excluded."count"'
        ' ELSE collection_item."tradelist" END',
        "purchase_price": _KEEP_PRICE,
    },
}
_COLUMNS = (*KEY_COLUMNS, "count", "tradelist", "purchase_price")
_CONFLICT = ", ".join(f'"{c}"' for c in KEY_COLUMNS)
_INSERT = "INSERT INTO collection_item ({}) VALUES ({})".format(
    ", ".join(f'"{c}"' for c in _COLUMNS), ", ".join(f":{c}" for c in _COLUMNS)
)
#: The upsert, adding (True) or setting (False): one statement both backends run.
_UPSERT = {
    add: f"{_INSERT} ON CONFLICT ({_CONFLICT}) DO UPDATE SET " + ", ".join(f'"{c}" = {e}' for c, e in updates.items())
    for add, updates in _UPDATES.items()
}
#: One entry by its key (the parameters of :func:`_key`).
_BY_KEY = " AND ".join(f'"{c}" = :{c}' for c in KEY_COLUMNS)


def upsert(
    tx: Transaction,
    entries: Iterable[tuple[EntryKey, int]],
    *,
    add: bool = True,
    trades: dict[EntryKey, int] | None = None,
    prices: dict[EntryKey, str] | None = None,
) -> None:
    """Insert (key, count) entries, or on an existing key add to (``add``) or replace its count; ``trades`` and
    ``prices`` give entries' tradelist counts and purchase prices (none where left out).

    One ``INSERT ... ON CONFLICT DO UPDATE`` run as a single executemany on the caller's transaction (100,000 rows
    in a fraction of a second); on PostgreSQL many rows go through COPY and one ``INSERT ... SELECT ... ON CONFLICT``
    (a key repeated in ``entries`` is merged first: one statement may not update a row twice). The conflict is
    settled by the database row by row, so two clients adding to one entry at once both land.
    """
    merged: dict[tuple, int] = {}
    for key, count in entries:
        key = (*key[:5], bool(key[5]))
        merged[key] = merged.get(key, 0) + count if add else count
    if not merged:
        return
    trades, prices = trades or {}, prices or {}
    rows = [
        {
            **dict(zip(KEY_COLUMNS, key)),
            "count": count,
            "tradelist": trades.get(key, 0),
            "purchase_price": prices.get(key, ""),
        }
        for key, count in merged.items()
    ]
    if tx.backend == "postgresql" and len(rows) >= COPY_AT_LEAST:  # COPY-class: an import's rows in one go
        from deckcli.storage.base import copy_upsert
        from deckcli.storage.tables import CollectionItem

        table = CollectionItem.__table__  # type: ignore[attr-defined]  # SQLModel makes it; its types do not say so
        copy_upsert(tx, table, rows, list(KEY_COLUMNS), _UPDATES[add])
        return
    tx.many(_UPSERT[add], rows)


def _key(card_id: int, variant: Variant) -> dict[str, Any]:
    """The parameters of :data:`_BY_KEY` for one printing in one variant."""
    return dict(zip(KEY_COLUMNS, entry_key(card_id, variant)))


def count_of(tx: Transaction, card_id: int, variant: Variant, *, lock: bool = False) -> int:
    """How many copies of one printing in one variant the collection holds. ``lock``: the row stays locked to the
    end of the transaction (``SELECT ... FOR UPDATE`` on a server; SQLite's write transaction locks the file)."""
    found = tx.scalar(
        f"SELECT count FROM collection_item WHERE {_BY_KEY}" + (tx.lock() if lock else ""), _key(card_id, variant)
    )
    return found or 0


def check_count(count: int) -> int:
    """``count`` itself, or InputError when it is more copies than deckcli keeps (MAX_COUNT)."""
    if count > MAX_COUNT:
        raise InputError(Message("count {count} is too large (at most {most})", count=count, most=f"{MAX_COUNT:,}"))
    return count


def add_card(db: Writable, card: CardRef, count: int, variant: Variant = Variant()) -> int:
    """Add copies; returns the new count of that printing and variant."""
    if count < 1:
        raise DeckcliError(Message("the count to add must be at least 1"))
    check_count(count)
    with db.write() as tx:
        upsert(tx, [(entry_key(card.id, variant), count)])
        return count_of(tx, card.id, variant)


def set_card(db: Writable, card: CardRef, count: int, variant: Variant = Variant()) -> int:
    """Set the exact count of one printing and variant (0 removes the entry); returns the count."""
    if count < 0:
        raise DeckcliError(Message("the count cannot be negative"))
    check_count(count)
    with db.write() as tx:
        if count == 0:
            tx.run(f"DELETE FROM collection_item WHERE {_BY_KEY}", _key(card.id, variant))
        else:
            upsert(tx, [(entry_key(card.id, variant), count)], add=False)
    return count


def remove_card(db: Writable, card: CardRef, count: int, variant: Variant = Variant()) -> int:
    """Remove copies of one printing and variant; returns what is left. Removing more than held is an error."""
    if count < 1:
        raise DeckcliError(Message("the count to remove must be at least 1"))
    with db.write() as tx:
        have = count_of(tx, card.id, variant, lock=True)  # two removals at once cannot both take the same copies
        if have == 0:
            raise _not_held(tx, card, variant)
        if count > have:
            printing = f"{card.name} ({card.set_code}) {card.number} [{variant.describe()}]"
            text = N_("cannot remove {count}: the collection has only {have} {printing}")
            raise DeckcliError(Message(text, count=count, have=have, printing=printing))
        if count == have:
            tx.run(f"DELETE FROM collection_item WHERE {_BY_KEY}", _key(card.id, variant))
        else:
            tx.run(
                "UPDATE collection_item SET count = count - :n,"
                " tradelist = CASE WHEN tradelist > count - :n THEN count - :n ELSE tradelist END"
                f" WHERE {_BY_KEY}",
                {**_key(card.id, variant), "n": count},
            )
        return have - count


def _not_held(tx: Transaction, card: CardRef, variant: Variant) -> NotFoundError:
    """The error for removing a printing and variant the collection does not hold, naming the copies of any printing
    of the card it does hold (the one picked by name alone may not be the one held)."""
    ids = [p.id for p in CardIndex(tx, card.game).printings_of(card)]
    held = holdings(tx, card_ids=ids)
    others = [f"{h.count} ({h.card.set_code}) {h.card.number} [{h.variant.describe()}]" for h in held]
    printing = f"{card.name} ({card.set_code}) {card.number} [{variant.describe_apart([h.variant for h in held])}]"
    elsewhere = N_(
        "the collection has no {printing}; it has {others} "
        "(choose with --set/--number/--foil/--condition/--language/--tag)"
    )
    return NotFoundError(
        Message(elsewhere, printing=printing, others=listing(others))
        if others
        else Message("the collection has no {printing}", printing=printing)
    )


#: A collection entry with its card (aliases ``i``, ``c``), ordered by game, set, card and variant.
_HOLDINGS = (
    f"SELECT {REF_COLUMNS}, i.count, i.finish, i.condition, i.language, i.tag, i.proxy, i.tradelist,"
    " i.purchase_price FROM collection_item i JOIN card c ON c.id = i.card_id{where}"
    " ORDER BY c.game, c.set_code, c.id, i.finish, i.condition, i.language, i.tag, i.proxy"
)


def entries_where(game: str | None = None, tag: str | None = None, by_ids: bool = False) -> tuple[str, dict[str, Any]]:
    """The ``WHERE`` clause choosing collection entries (alias ``i``) of a game, of a tag and, with ``by_ids``, of
    the cards of an ``{ids}`` list (:func:`~deckcli.storage.reads.all_in` fills it), with its parameters; empty
    for every entry. The one way a read of entries is narrowed (listing, export, import's current counts)."""
    where, params = [], {}
    if game:
        where.append("i.card_id IN (SELECT id FROM card WHERE game = :game)")
        params["game"] = game
    if tag is not None:
        where.append("i.tag = :tag")
        params["tag"] = tag
    if by_ids:
        where.append("i.card_id IN ({ids})")
    return (" WHERE " + " AND ".join(where) if where else ""), params


def holdings(
    rows: Rows, game: str | None = None, tag: str | None = None, card_ids: Iterable[int] | None = None
) -> list[Holding]:
    """The collection's entries with their cards, ordered by game, set, card and variant."""
    where, params = entries_where(game, tag, card_ids is not None)
    sql = _HOLDINGS.replace("{where}", where)
    found = all_in(rows, sql, "ids", card_ids, params) if card_ids is not None else rows.all(sql, params)
    refs: dict[int, CardRef] = {}
    result = []
    for row in found:
        ref = refs.get(row[0]) or refs.setdefault(row[0], card_ref(row[:7]))
        count, finish, condition, language, tag_, proxy, tradelist, price = row[7:]
        result.append(Holding(ref, count, Variant(finish, condition, language, tag_, bool(proxy)), tradelist, price))
    return result


def current_counts(rows: Rows, game: str | None = None) -> dict[tuple, int]:
    """Every entry's count by its unique key (see :data:`EntryKey`), optionally of one game."""
    where, params = entries_where(game)
    sql = f"SELECT {', '.join(f'i.{c}' for c in KEY_COLUMNS)}, i.count FROM collection_item i{where}"
    return {(*row[:5], bool(row[5])): row[6] for row in rows.all(sql, params)}


def matching(holdings_: Iterable[Holding], filters: Iterable[Any]) -> list[Holding]:
    """The holdings every ``--where`` filter accepts."""
    filters = list(filters)
    return [h for h in holdings_ if all(f.matches(h.filter_fields()) for f in filters)]


def collection_filters(wheres: Iterable[str]) -> list[Any]:
    """The ``collection list --where`` expressions as filters on card and collection fields."""
    fields = {**card_fields(), **COLLECTION_FIELDS}
    return [parse_filter(w, fields) for w in wheres]


def list_collection(
    db: Readable, game: str | None = None, tag: str | None = None, filters: Iterable[Any] = ()
) -> list[Holding]:
    """``collection list``: the entries of ``game`` with ``tag`` that every filter (:func:`collection_filters`)
    accepts."""
    with db.rows() as rows:
        return matching(holdings(rows, game and game.lower(), tag), filters)
