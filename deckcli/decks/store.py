"""Stored decks: saving, reading back, and editing them card by card.

The functions that take a ``db`` are whole commands: each opens its own write transaction (``db.write()``,
:mod:`deckcli.storage.writes`), so a command's change lands whole or not at all and the CLI never holds one. The
functions that take a ``tx`` are their steps, run inside the caller's transaction (``deck import`` stores several
decks in one); they are SQL text on both backends, the ORM never built.

A name is checked free before it is written, with the name claimed (:func:`claim_names`): on PostgreSQL two clients
could otherwise both find a name free and both write it (the database refuses only the exact same name, not one
differing in case or width). Should the database refuse a deck all the same, the command runs once more
(:func:`deckcli.storage.writes.once_more`), finds the other's deck and says so, as when it came second.
"""

from __future__ import annotations

from dataclasses import replace as changed
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcli.decklists.model import MAX_COUNT
from deckcli.decklists.stored import StoredDeck, find_stored, get_stored, no_such_deck
from deckcli.decklists.stored import zone_sizes as read_zone_sizes
from deckcli.errors import DeckcliError, InputError
from deckcli.games import registry
from deckcli.i18n import Message
from deckcli.names import name_key
from deckcli.storage.reads import Readable, Rows
from deckcli.storage.writes import Transaction, Writable, once_more
from deckcli.textrules import unclean_char
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.legality.format import Format


def _now() -> datetime:
    return datetime.now(UTC).replace(microsecond=0)


def clean_deck_name(name: str) -> str:
    """``name`` without surrounding spaces; an error when it is empty or holds line breaks, control or bidirectional
    control characters (:func:`deckcli.textrules.unclean_char`)."""
    cleaned = name.strip()
    if not cleaned:
        raise InputError(Message("a deck name cannot be empty"))
    if unclean_char(cleaned) is not None:
        raise InputError(Message("a deck name cannot hold line breaks or control characters: {name!r}", name=cleaned))
    return cleaned


def find_deck(tx: Any, name: str) -> StoredDeck | None:
    """The stored deck called ``name``: exact name first, else the one deck equal to it ignoring case and width
    (:func:`deckcli.decklists.stored.find_stored`, both through an index); decks added in this transaction too."""
    return find_stored(Rows(tx), name)


def get_deck(tx: Any, name: str) -> StoredDeck:
    """The stored deck called ``name`` (case-insensitive), or an error naming the closest decks."""
    deck = find_deck(tx, name)
    if deck is None:
        raise no_such_deck(Rows(tx), name)
    return deck


def edited_deck(tx: Transaction, name: str) -> StoredDeck:
    """The stored deck called ``name`` (as :func:`get_deck`), its row locked against other editors until ``tx`` ends:
    a card count is read and then written, so two ``deck add`` of one card at once on PostgreSQL would otherwise both
    read the same count and one addition be lost (SQLite's write transaction already holds the whole file). A deck
    another client deleted meanwhile is no such deck."""
    deck = get_deck(tx, name)
    if not tx.all("SELECT id FROM deck WHERE id = :deck" + tx.lock("NO KEY UPDATE"), {"deck": deck.id}):
        raise no_such_deck(Rows(tx), name)
    return deck


def stored_deck(db: Readable, name: str) -> StoredDeck:
    """The stored deck called ``name`` (case-insensitive), read through the read path, or an error naming the
    closest decks (``deck delete`` names it before asking)."""
    with db.rows() as rows:
        return get_stored(rows, name)


def claim_names(tx: Transaction, names: list[str]) -> None:
    """Hold the deck names ``names`` (by their keys) until ``tx`` ends: a second client writing one of them waits,
    then reads the first one's deck (:meth:`deckcli.storage.writes.Transaction.claim`)."""
    tx.claim(*(f"deck:{name_key(name)}" for name in names))


def ensure_name_free(tx: Any, name: str, *, allow: StoredDeck | None = None) -> None:
    """Raise when another deck already answers to ``name`` (decks are looked up ignoring case, so 'A' and 'a' clash)."""
    found = Rows(tx).all(
        "SELECT name FROM deck WHERE key = :key AND id <> :allow ORDER BY id LIMIT 1",
        {"key": name_key(name), "allow": allow.id if allow is not None else -1},
    )
    if found:
        raise DeckcliError(
            Message("a deck called {deck!r} already exists (choose another name, or delete it first)", deck=found[0][0])
        )


def deck_cards(tx: Any, deck: StoredDeck) -> list[tuple[str, int, int]]:
    """A deck's cards as (zone, card id, count), in stored order."""
    rows = Rows(tx).all(
        "SELECT zone, card_id, count FROM deck_card WHERE deck_id = :deck ORDER BY position, id", {"deck": deck.id}
    )
    return [(zone, card_id, count) for zone, card_id, count in rows]


def zone_sizes(tx: Any) -> dict[int, dict[str, int]]:
    """Deck id -> {zone: number of cards} for every stored deck, in one query."""
    return read_zone_sizes(Rows(tx))


def save_deck(
    tx: Transaction,
    name: str,
    game: str,
    format_name: str,
    cards: list[tuple[str, int, int]],
    meta: dict[str, str] | None = None,
    *,
    replace: bool = False,
) -> StoredDeck:
    """Store a deck: ``cards`` are (zone, card id, count). Counts of the same printing in a zone add up.

    With ``replace`` an existing deck of that name (ignoring case) is overwritten in place.
    """
    name = clean_deck_name(name)
    claim_names(tx, [name])
    existing = find_deck(tx, name) if replace else None
    ensure_name_free(tx, name, allow=existing)
    now, meta = _now(), dict(meta or {})
    values = {"name": name, "key": name_key(name), "game": game, "format": format_name, "meta": meta, "now": now}
    if existing is not None:
        tx.run(
            "UPDATE deck SET name = :name, key = :key, game = :game, format = :format, meta = :meta, updated = :now"
            " WHERE id = :id",
            {**values, "id": existing.id},
        )
        deck_id = existing.id
    else:
        deck_id = tx.scalar(
            "INSERT INTO deck(name, key, game, format, meta, created, updated)"
            " VALUES (:name, :key, :game, :format, :meta, :now, :now) RETURNING id",
            values,
        )
    deck = StoredDeck(deck_id, name, game, format_name, meta, now)
    set_cards(tx, deck, cards)
    return deck


def set_cards(tx: Transaction, deck: StoredDeck, cards: list[tuple[str, int, int]]) -> None:
    """Replace a deck's cards with (zone, card id, count) triples, merging repeats, keeping first-seen order."""
    merged: dict[tuple[str, int], int] = {}
    for zone, card_id, count in cards:
        merged[(zone, card_id)] = merged.get((zone, card_id), 0) + count
        _check_count(merged[(zone, card_id)], zone)
    tx.run("DELETE FROM deck_card WHERE deck_id = :deck", {"deck": deck.id})
    tx.many(
        "INSERT INTO deck_card(deck_id, zone, card_id, count, position) VALUES (:deck, :zone, :card, :count, :at)",
        [
            {"deck": deck.id, "zone": zone, "card": card_id, "count": count, "at": i}
            for i, ((zone, card_id), count) in enumerate(merged.items())
            if count > 0
        ],
    )
    _touch(tx, deck)


def _touch(tx: Transaction, deck: StoredDeck) -> None:
    """Mark the deck changed now."""
    tx.run("UPDATE deck SET updated = :now WHERE id = :deck", {"now": _now(), "deck": deck.id})


def change_count(tx: Transaction, deck: StoredDeck, zone: str, card_id: int, delta: int) -> int:
    """Add ``delta`` copies (negative: remove) of one printing in one zone; returns the new count.

    Removing more copies than the zone holds is an error; a count that reaches 0 drops the row.
    """
    row = tx.first(
        "SELECT id, count FROM deck_card WHERE deck_id = :deck AND zone = :zone AND card_id = :card ORDER BY id",
        {"deck": deck.id, "zone": zone, "card": card_id},
    )
    current = row[1] if row else 0
    new = current + delta
    if new < 0:
        raise DeckcliError(
            Message(
                "cannot remove {copies}: the {zone} zone holds only {count}",
                copies=plural(-delta, "copy", "copies"),
                zone=zone,
                count=current,
            )
        )
    _check_count(new, zone)
    if row is None and new > 0:
        last = tx.scalar("SELECT MAX(position) FROM deck_card WHERE deck_id = :deck", {"deck": deck.id})
        tx.run(
            "INSERT INTO deck_card(deck_id, zone, card_id, count, position) VALUES (:deck, :zone, :card, :count, :at)",
            {"deck": deck.id, "zone": zone, "card": card_id, "count": new, "at": (last or 0) + 1},
        )
    elif row is not None and new == 0:
        tx.run("DELETE FROM deck_card WHERE id = :id", {"id": row[0]})
    elif row is not None:
        tx.run("UPDATE deck_card SET count = :count WHERE id = :id", {"count": new, "id": row[0]})
    _touch(tx, deck)
    return new


def _check_count(count: int, zone: str) -> None:
    """A stored count must fit a decklist line (1 to MAX_COUNT), or the deck could not be exported again."""
    if count > MAX_COUNT:
        raise InputError(
            Message(
                "the {zone} zone would hold {count} copies of one card; a deck holds at most {most}",
                zone=zone,
                count=count,
                most=MAX_COUNT,
            )
        )


def zone_size(tx: Any, deck: StoredDeck, zone: str) -> int:
    """How many cards one zone of a stored deck holds."""
    found = Rows(tx).all(
        "SELECT SUM(count) FROM deck_card WHERE deck_id = :deck AND zone = :zone", {"deck": deck.id, "zone": zone}
    )
    return int(found[0][0] or 0) if found else 0


def create_deck(db: Writable, name: str, game: str, format_name: str, meta: dict[str, str] | None = None) -> StoredDeck:
    """``deck new``: a new empty deck, in its own transaction; an error when the name is taken."""

    def write() -> StoredDeck:
        with db.write() as tx:
            return save_deck(tx, name, game, format_name, [], meta)

    return once_more(write)


def copy_deck(db: Writable, source: str, target: str) -> StoredDeck:
    """``deck copy``: a new deck ``target`` with the cards, format and metadata of ``source``."""

    def write() -> StoredDeck:
        with db.write() as tx:
            src = get_deck(tx, source)
            return save_deck(tx, target, src.game, src.format, deck_cards(tx, src), dict(src.meta))

    return once_more(write)


def rename_deck(db: Writable, old: str, new: str) -> StoredDeck:
    """``deck rename``: give a stored deck a new name (a change of case alone is allowed)."""

    def write() -> StoredDeck:
        with db.write() as tx:
            deck = get_deck(tx, old)
            name = clean_deck_name(new)
            claim_names(tx, [name])
            ensure_name_free(tx, name, allow=deck)
            tx.run(
                "UPDATE deck SET name = :name, key = :key, updated = :now WHERE id = :deck",
                {"name": name, "key": name_key(name), "now": _now(), "deck": deck.id},
            )
            return changed(deck, name=name)

    return once_more(write)


def delete_deck(db: Writable, name: str) -> StoredDeck:
    """``deck delete``: remove a stored deck and its cards; returns the removed deck."""
    with db.write() as tx:
        deck = get_deck(tx, name)
        tx.run("DELETE FROM deck_card WHERE deck_id = :deck", {"deck": deck.id})
        tx.run("DELETE FROM deck WHERE id = :deck", {"deck": deck.id})
        return deck


def stored_format_name(fmt: Format) -> str:
    """What a deck stores as its format: the bundled format's name, or the absolute path of a format file."""
    from deckcli.legality.formats import load_format

    try:
        bundled = load_format(fmt.name)
    except DeckcliError:
        bundled = None
    if bundled is not None and Path(bundled.path).resolve() == Path(fmt.path).resolve():
        return fmt.name
    return str(Path(fmt.path).resolve()) if fmt.path else fmt.name


def zone_for(fmt: Format, kind: str) -> str | None:
    """Where ``deck add`` puts a card of ``kind`` under ``fmt``: its game's routing, narrowed to the format's zones
    (a boa Limitbreak monster: the Limitbreak deck; a zone without ``kinds`` accepts every kind)."""
    return registry.game(fmt.game).zone_for_kind(kind, fmt.zones)
