"""The collection table: adding, removing and setting counts, listing holdings, and per-set statistics.

Every change is one statement inside ``db.write()`` (BEGIN IMMEDIATE), and additions are a single
upsert (``count = count + excluded.count``), so two processes adding at once both land. An entry's tradelist count
is a part of its count (never more); its purchase price is the latest one given.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import case, delete, literal_column, select, update
from sqlmodel import Session

from deckcli.cards.filters import parse_filter
from deckcli.cards.index import REF_COLUMNS, CardIndex, CardRef, card_ref
from deckcli.collection.variants import Variant, finish_word
from deckcli.errors import DeckcliError, InputError, NotFoundError
from deckcli.i18n import N_, Message
from deckcli.storage.base import COPY_AT_LEAST, BaseDatabase, copy_upsert, dialect_of, upsert_insert
from deckcli.storage.reads import Rows, all_in
from deckcli.storage.tables import CollectionItem
from deckcli.validation.jsonschemas import card_fields
from deckcli.words import listing

ITEMS = CollectionItem.__table__  # type: ignore[attr-defined]  # SQLModel makes it; its types do not declare it
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


_UPSERTS: dict[tuple[str, str, bool], tuple[str, tuple[str, ...] | None]] = {}


#: The columns an upsert writes besides the key.
_VALUE_COLUMNS = ("count", "tradelist", "purchase_price")
#: PostgreSQL's COPY path: the same updates as :func:`_upsert_statement`, as SQL text.
_KEEP_PRICE = 'CASE WHEN excluded."purchase_price" = \'\' THEN collection_item."purchase_price" ELSE excluded."purchase_price" END'
_COPY_UPDATES = {
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


def _at_most(count):
    """The entry's tradelist count, lowered to ``count`` copies where it is more."""
    return case((ITEMS.c.tradelist > count, count), else_=ITEMS.c.tradelist)


def _upsert_statement(dialect, add: bool):
    """Insert, or add to (``add``) or set an entry's count; tradelist counts add up (or stay within a set count),
    and a purchase price given replaces the one held."""
    stmt = upsert_insert(dialect, ITEMS)
    new = stmt.excluded
    values = {
        "count": ITEMS.c.count + new.count if add else new.count,
        "tradelist": ITEMS.c.tradelist + new.tradelist if add else _at_most(new.count),
        "purchase_price": case(
            (new.purchase_price == literal_column("''"), ITEMS.c.purchase_price), else_=new.purchase_price
        ),
    }
    return stmt.on_conflict_do_update(index_elements=list(KEY_COLUMNS), set_=values)


def _upsert_sql(dialect, add: bool) -> tuple[str, tuple[str, ...] | None]:
    """The upsert's text for ``dialect`` and, for a positional paramstyle, the order of its parameters."""
    key = (dialect.name, dialect.paramstyle, add)
    if key not in _UPSERTS:
        compiled = _upsert_statement(dialect, add).compile(dialect=dialect, column_keys=[*KEY_COLUMNS, *_VALUE_COLUMNS])
        _UPSERTS[key] = str(compiled), tuple(compiled.positiontup) if compiled.positional else None
    return _UPSERTS[key]


def upsert(
    session: Session,
    entries: Iterable[tuple[EntryKey, int]],
    *,
    add: bool = True,
    trades: dict[EntryKey, int] | None = None,
    prices: dict[EntryKey, str] | None = None,
) -> None:
    """Insert (key, count) entries, or on an existing key add to (``add``) or replace its count; ``trades`` and
    ``prices`` give entries' tradelist counts and purchase prices (none where left out).

    One ``INSERT ... ON CONFLICT DO UPDATE`` built by SQLAlchemy for the session's backend, run as a single
    executemany on the caller's connection (100,000 rows in a fraction of a second); on PostgreSQL many rows go
    through COPY and one ``INSERT ... SELECT ... ON CONFLICT`` (a key repeated in ``entries`` is merged first: one
    statement may not update a row twice). The
    conflict is settled by the database row by row, so two clients adding to one entry at once both land.
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
    dialect = dialect_of(session)
    if dialect.name == "postgresql" and len(rows) >= COPY_AT_LEAST:  # COPY-class: an import's rows in one go
        copy_upsert(session, ITEMS, rows, list(KEY_COLUMNS), _COPY_UPDATES[add])
        return
    if dialect.name == "postgresql":
        session.execute(_upsert_statement(dialect, add), rows)
        return
    sql, order = _upsert_sql(dialect, add)
    params = [tuple(row[c] for c in order) for row in rows] if order else rows
    session.connection().exec_driver_sql(sql, params)


def _where_key(card_id: int, variant: Variant):
    return (
        (ITEMS.c.card_id == card_id)
        & (ITEMS.c.finish == variant.finish)
        & (ITEMS.c.condition == variant.condition)
        & (ITEMS.c.language == variant.language)
        & (ITEMS.c.tag == variant.tag)
        & (ITEMS.c.proxy == variant.proxy)
    )


def count_of(session: Session, card_id: int, variant: Variant, *, lock: bool = False) -> int:
    """How many copies of one printing in one variant the collection holds. ``lock``: the row stays locked to the
    end of the transaction (``SELECT ... FOR UPDATE`` on a server; SQLite's write transaction locks the file)."""
    query = select(ITEMS.c.count).where(_where_key(card_id, variant))
    return session.execute(query.with_for_update() if lock else query).scalar() or 0


def check_count(count: int) -> int:
    """``count`` itself, or InputError when it is more copies than deckcli keeps (MAX_COUNT)."""
    if count > MAX_COUNT:
        raise InputError(Message("count {count} is too large (at most {most})", count=count, most=f"{MAX_COUNT:,}"))
    return count


def add_card(db: BaseDatabase, card: CardRef, count: int, variant: Variant = Variant()) -> int:
    """Add copies; returns the new count of that printing and variant."""
    if count < 1:
        raise DeckcliError(Message("the count to add must be at least 1"))
    check_count(count)
    with db.write() as session:
        upsert(session, [(entry_key(card.id, variant), count)])
        return count_of(session, card.id, variant)


def set_card(db: BaseDatabase, card: CardRef, count: int, variant: Variant = Variant()) -> int:
    """Set the exact count of one printing and variant (0 removes the entry); returns the count."""
    if count < 0:
        raise DeckcliError(Message("the count cannot be negative"))
    check_count(count)
    with db.write() as session:
        if count == 0:
            session.execute(delete(ITEMS).where(_where_key(card.id, variant)))
        else:
            upsert(session, [(entry_key(card.id, variant), count)], add=False)
    return count


def remove_card(db: BaseDatabase, card: CardRef, count: int, variant: Variant = Variant()) -> int:
    """Remove copies of one printing and variant; returns what is left. Removing more than held is an error."""
    if count < 1:
        raise DeckcliError(Message("the count to remove must be at least 1"))
    with db.write() as session:
        have = count_of(session, card.id, variant, lock=True)  # two removals at once cannot both take the same copies
        if have == 0:
            # Copies of any printing of the card: the one picked by name alone may not be the one held.
            ids = [p.id for p in CardIndex(session, card.game).printings_of(card)]
            others = [
                f"{h.count} ({h.card.set_code}) {h.card.number} [{h.variant.describe()}]"
                for h in holdings(Rows(session), card_ids=ids)
            ]
            printing = f"{card.name} ({card.set_code}) {card.number} [{variant.describe()}]"
            elsewhere = N_(
                "the collection has no {printing}; it has {others} "
                "(choose with --set/--number/--foil/--condition/--language/--tag)"
            )
            raise NotFoundError(
                Message(elsewhere, printing=printing, others=listing(others))
                if others
                else Message("the collection has no {printing}", printing=printing)
            )
        if count > have:
            printing = f"{card.name} ({card.set_code}) {card.number} [{variant.describe()}]"
            text = N_("cannot remove {count}: the collection has only {have} {printing}")
            raise DeckcliError(Message(text, count=count, have=have, printing=printing))
        if count == have:
            session.execute(delete(ITEMS).where(_where_key(card.id, variant)))
        else:
            left = ITEMS.c.count - count
            session.execute(
                update(ITEMS).where(_where_key(card.id, variant)).values(count=left, tradelist=_at_most(left))
            )
        return have - count


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
    db: BaseDatabase, game: str | None = None, tag: str | None = None, filters: Iterable[Any] = ()
) -> list[Holding]:
    """``collection list``: the entries of ``game`` with ``tag`` that every filter (:func:`collection_filters`)
    accepts."""
    with db.rows() as rows:
        return matching(holdings(rows, game and game.lower(), tag), filters)
