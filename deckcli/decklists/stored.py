"""Stored decks read through the read path (SQL text, :mod:`deckcli.storage.reads`): a deck by its name, its
decklist, and every deck's decklist in one query, so listing 1,000 decks costs two queries, not two per deck."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from operator import itemgetter
from typing import Any, NamedTuple, cast

from deckcli.decklists.model import DeckEntry, Decklist, zone_rank
from deckcli.errors import NotFoundError
from deckcli.files.jsontext import json_value
from deckcli.games import registry
from deckcli.i18n import Message
from deckcli.names import closest, name_key
from deckcli.storage.reads import Rows, all_in, time_value

_COLUMNS = "d.id, d.name, d.game, d.format, d.meta, d.updated"


@dataclass(frozen=True)
class StoredDeck:
    """A stored deck's own row: its name, game, format, metadata and when it last changed."""

    id: int
    name: str
    game: str
    format: str
    meta: dict[str, Any]
    updated: datetime


def _deck(row: tuple) -> StoredDeck:
    return StoredDeck(row[0], row[1], row[2], row[3], json_value(row[4]), cast(datetime, time_value(row[5])))


def find_stored(rows: Rows, name: str) -> StoredDeck | None:
    """The deck called ``name``: exact name first, else the one deck equal to it ignoring case and width (both
    through an index: the unique name, then the name key)."""
    exact = rows.all(f"SELECT {_COLUMNS} FROM deck d WHERE d.name = :name", {"name": name})
    if exact:
        return _deck(exact[0])
    keyed = rows.all(f"SELECT {_COLUMNS} FROM deck d WHERE d.key = :key LIMIT 2", {"key": name_key(name)})
    return _deck(keyed[0]) if len(keyed) == 1 else None


def no_such_deck(rows: Rows, name: str) -> NotFoundError:
    """The error for a deck name no stored deck answers to, naming the closest decks."""
    suggestions = closest(name, dict(rows.all("SELECT d.key, d.name FROM deck d")))
    if not suggestions:
        return NotFoundError(Message("no stored deck called {deck!r}", deck=name))
    names = ", ".join(repr(s) for s in suggestions)
    return NotFoundError(Message("no stored deck called {deck!r}; did you mean {names}?", deck=name, names=names))


def get_stored(rows: Rows, name: str) -> StoredDeck:
    """The deck called ``name`` (case-insensitive), or an error naming the closest decks."""
    found = find_stored(rows, name)
    if found is None:
        raise no_such_deck(rows, name)
    return found


def stored_decks(rows: Rows, game: str | None = None) -> list[StoredDeck]:
    """Every stored deck (optionally of one game), by name ignoring case."""
    where, params = (" WHERE d.game = :game", {"game": game}) if game else ("", {})
    decks = [_deck(row) for row in rows.all(f"SELECT {_COLUMNS} FROM deck d{where}", params)]
    return sorted(decks, key=lambda d: (name_key(d.name), d.name))


class DeckHead(NamedTuple):
    """A stored deck's id, name, game and format: all that choosing its game and format needs."""

    id: int
    name: str
    game: str
    format: str


def deck_heads(rows: Rows, game: str | None = None) -> list[DeckHead]:
    """Every stored deck (optionally of one game) as a DeckHead, in the order of :func:`stored_decks`."""
    where, params = (" WHERE d.game = :game", {"game": game}) if game else ("", {})
    heads = [DeckHead(*row) for row in rows.all(f"SELECT d.id, d.name, d.game, d.format FROM deck d{where}", params)]
    return sorted(heads, key=lambda d: (name_key(d.name), d.name))


def card_rows(rows: Rows, decks: list[StoredDeck], every: bool = False) -> list[tuple]:
    """``(deck id, zone, count, card name, set code, number)`` of every card line of ``decks``, each deck's lines
    in their stored order, in one query (``every``: the decks are all the stored ones, so no id list is sent)."""
    sql = (
        "SELECT dc.deck_id, dc.zone, dc.count, c.name, c.set_code, c.number FROM deck_card dc"
        " JOIN card c ON c.id = dc.card_id{where} ORDER BY dc.deck_id, dc.position, dc.id"
    )
    if every:
        return rows.all(sql.format(where=""))
    return all_in(rows, sql.format(where=" WHERE dc.deck_id IN ({ids})"), "ids", [d.id for d in decks]) if decks else []


def counted_lines(rows: Rows, game: str | None = None) -> tuple[list[tuple[int, int, int]], dict[int, str]]:
    """``(deck id, card id, count)`` of the card lines of every stored deck (of one game) outside the zones set
    aside, each deck's lines in deck order (zones in their canonical order, then as stored), in one query, and the
    names of the cards they name in another: what decks' needs are counted from, with no object made per line."""
    order, aside = registry.zone_order(), registry.aside_zones()
    params: dict[str, Any] = {f"z{i}": zone for i, zone in enumerate(order)}
    rank = "CASE dc.zone " + " ".join(f"WHEN :z{i} THEN {i}" for i in range(len(order))) + f" ELSE {len(order)} END"
    where = (
        [f"dc.zone NOT IN ({', '.join(f':z{i}' for i, zone in enumerate(order) if zone in aside)})"] if aside else []
    )
    join = ""
    if game:
        join, params["game"] = " JOIN deck d ON d.id = dc.deck_id", game
        where.append("d.game = :game")
    sql = (
        f"SELECT dc.deck_id, dc.card_id, dc.count FROM deck_card dc{join}"
        f"{' WHERE ' + ' AND '.join(where) if where else ''} ORDER BY dc.deck_id, {rank}, dc.position, dc.id"
    )
    lines = rows.all(sql, params)
    ids = sorted(set(map(itemgetter(1), lines)))
    names = dict(all_in(rows, "SELECT c.id, c.name FROM card c WHERE c.id IN ({ids})", "ids", ids)) if ids else {}
    return lines, names


def decklists(rows: Rows, decks: list[StoredDeck], every: bool = False) -> dict[int, Decklist]:
    """Deck id -> the deck as a decklist whose entries name their printings, in one query (``every``: the decks
    are all the stored ones, so no id list is sent)."""
    found = card_rows(rows, decks, every)
    entries: dict[int, list[DeckEntry]] = {d.id: [] for d in decks}
    for deck_id, zone, count, card_name, set_code, number in found:
        if deck_id in entries:
            entries[deck_id].append(DeckEntry(zone, count, card_name, set_code, number))
    result = {}
    for deck in decks:
        held = sorted(entries[deck.id], key=lambda e: zone_rank(e.zone)[0])
        result[deck.id] = Decklist(
            entries=held,
            name=deck.name,
            game=deck.game,
            format=deck.format,
            meta=dict(deck.meta),
            source=f"deck:{deck.name}",
        )
    return result


def zone_sizes(rows: Rows) -> dict[int, dict[str, int]]:
    """Deck id -> {zone: number of cards} for every stored deck, in one query."""
    sizes: dict[int, dict[str, int]] = {}
    for deck_id, zone, total in rows.all("SELECT deck_id, zone, sum(count) FROM deck_card GROUP BY deck_id, zone"):
        sizes.setdefault(deck_id, {})[zone] = int(total)
    return sizes


def stored_decklist(rows: Rows, name: str) -> Decklist:
    """The stored deck called ``name`` as a decklist whose entries name their printings."""
    deck = get_stored(rows, name)
    return decklists(rows, [deck])[deck.id]
