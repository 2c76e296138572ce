"""Stored decks: saving, reading back as a decklist, and editing them card by card.

Every function works inside the caller's session, so a command's whole change is one write
transaction (:meth:`deckcli.storage.engine.Database.write`): it lands whole or not at all.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, cast

from sqlalchemy import delete, func
from sqlmodel import Session, col, select

from deckcli.decklists.model import MAX_COUNT
from deckcli.decklists.stored import StoredDeck, find_stored, get_stored, no_such_deck
from deckcli.decklists.stored import zone_sizes as read_zone_sizes
from deckcli.errors import DeckcliError, InputError
from deckcli.games import registry
from deckcli.i18n import Message
from deckcli.names import name_key
from deckcli.storage.reads import Readable, Rows
from deckcli.storage.tables import Deck, DeckCard
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


def find_deck(session: Session, name: str) -> Deck | None:
    """The stored deck called ``name``: exact name first, else the one deck equal to it ignoring case and width
    (:func:`deckcli.decklists.stored.find_stored`, both through an index)."""
    session.flush()  # decks added in this transaction are found too
    found = find_stored(Rows(session), name)
    return session.get(Deck, found.id) if found is not None else None


def get_deck(session: Session, name: str) -> Deck:
    """The stored deck called ``name`` (case-insensitive), or an error naming the closest decks."""
    deck = find_deck(session, name)
    if deck is None:
        raise no_such_deck(Rows(session), name)
    return deck


def stored_deck(db: Readable, name: str) -> StoredDeck:
    """The stored deck called ``name`` (case-insensitive), read through the read path, or an error naming the
    closest decks (``deck delete`` names it before asking)."""
    with db.rows() as rows:
        return get_stored(rows, name)


def ensure_name_free(session: Session, name: str, *, allow: Deck | None = None) -> None:
    """Raise when another deck already answers to ``name`` (decks are looked up ignoring case, so 'A' and 'a' clash)."""
    query = select(Deck).where(Deck.key == name_key(name))
    if allow is not None:
        query = query.where(Deck.id != allow.id)
    deck = session.exec(query).first()
    if deck is not None:
        raise DeckcliError(
            Message("a deck called {deck!r} already exists (choose another name, or delete it first)", deck=deck.name)
        )


def deck_cards(session: Session, deck: Deck) -> list[tuple[str, int, int]]:
    """A deck's cards as (zone, card id, count), in stored order."""
    rows = session.execute(
        select(DeckCard.zone, DeckCard.card_id, DeckCard.count)
        .where(DeckCard.deck_id == deck.id)
        .order_by(col(DeckCard.position), col(DeckCard.id))
    ).all()
    return [(zone, card_id, count) for zone, card_id, count in rows]


def zone_sizes(session: Session) -> dict[int, dict[str, int]]:
    """Deck id -> {zone: number of cards} for every stored deck, in one query."""
    return read_zone_sizes(Rows(session))


def save_deck(
    session: Session,
    name: str,
    game: str,
    format_name: str,
    cards: list[tuple[str, int, int]],
    meta: dict[str, str] | None = None,
    *,
    replace: bool = False,
) -> Deck:
    """Store a deck: ``cards`` are (zone, card id, count). Counts of the same printing in a zone add up.

    With ``replace`` an existing deck of that name (ignoring case) is overwritten in place.
    """
    name = clean_deck_name(name)
    existing = find_deck(session, name) if replace else None
    ensure_name_free(session, name, allow=existing)
    now = _now()
    if existing is not None:
        deck = existing
        deck.name, deck.game, deck.format, deck.meta, deck.updated = name, game, format_name, dict(meta or {}), now
        deck.key = name_key(name)
    else:
        deck = Deck(
            name=name,
            key=name_key(name),
            game=game,
            format=format_name,
            meta=dict(meta or {}),
            created=now,
            updated=now,
        )
        session.add(deck)
    session.flush()
    set_cards(session, deck, cards)
    return deck


def set_cards(session: Session, deck: Deck, cards: list[tuple[str, int, int]]) -> None:
    """Replace a deck's cards with (zone, card id, count) triples, merging repeats, keeping first-seen order."""
    merged: dict[tuple[str, int], int] = {}
    for zone, card_id, count in cards:
        merged[(zone, card_id)] = merged.get((zone, card_id), 0) + count
        _check_count(merged[(zone, card_id)], zone)
    session.execute(delete(DeckCard).where(col(DeckCard.deck_id) == deck.id))
    session.add_all(
        DeckCard(deck_id=cast(int, deck.id), zone=zone, card_id=card_id, count=count, position=i)
        for i, ((zone, card_id), count) in enumerate(merged.items())
        if count > 0
    )
    deck.updated = _now()
    session.add(deck)
    session.flush()


def change_count(session: Session, deck: Deck, zone: str, card_id: int, delta: int) -> int:
    """Add ``delta`` copies (negative: remove) of one printing in one zone; returns the new count.

    Removing more copies than the zone holds is an error; a count that reaches 0 drops the row.
    """
    row = session.exec(
        select(DeckCard).where(DeckCard.deck_id == deck.id, DeckCard.zone == zone, DeckCard.card_id == card_id)
    ).first()
    current = row.count if row else 0
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
        last = session.execute(select(func.max(DeckCard.position)).where(col(DeckCard.deck_id) == deck.id)).scalar()
        session.add(
            DeckCard(deck_id=cast(int, deck.id), zone=zone, card_id=card_id, count=new, position=(last or 0) + 1)
        )
    elif row is not None and new == 0:
        session.delete(row)
    elif row is not None:
        row.count = new
        session.add(row)
    deck.updated = _now()
    session.add(deck)
    session.flush()
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


def zone_size(session: Session, deck: Deck, zone: str) -> int:
    """How many cards one zone of a stored deck holds."""
    total = session.execute(
        select(func.sum(DeckCard.count)).where(DeckCard.deck_id == deck.id, DeckCard.zone == zone)
    ).scalar()
    return int(total or 0)


def create_deck(session: Session, name: str, game: str, format_name: str, meta: dict[str, str] | None = None) -> Deck:
    """A new empty deck; an error when the name is taken."""
    return save_deck(session, name, game, format_name, [], meta)


def copy_deck(session: Session, source: str, target: str) -> Deck:
    """A new deck ``target`` with the cards, format and metadata of ``source``."""
    src = get_deck(session, source)
    return save_deck(session, target, src.game, src.format, deck_cards(session, src), dict(src.meta))


def rename_deck(session: Session, old: str, new: str) -> Deck:
    """Give a stored deck a new name (a change of case alone is allowed)."""
    deck = get_deck(session, old)
    new = clean_deck_name(new)
    ensure_name_free(session, new, allow=deck)
    deck.name, deck.key = new, name_key(new)
    deck.updated = _now()
    session.add(deck)
    session.flush()
    return deck


def delete_deck(session: Session, name: str) -> Deck:
    """Remove a stored deck and its cards; returns the removed deck."""
    deck = get_deck(session, name)
    session.execute(delete(DeckCard).where(col(DeckCard.deck_id) == deck.id))
    session.delete(deck)
    session.flush()
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
