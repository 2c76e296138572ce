"""Writing checked card sets into the database: bulk upserts in one transaction, and the bundled sets.

Re-importing a set updates its cards in place (matched by set and number); cards no longer in the
file are removed unless a deck or the collection still uses them; the current event registrations whose locked
lists name a removed printing are named in the result.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcli.cards.setfiles import CardSetFile, load_cardsets
from deckcli.cards.sheets import SheetSet
from deckcli.errors import DeckcliError, InputError
from deckcli.files.jsontext import json_value
from deckcli.i18n import Message
from deckcli.names import name_key
from deckcli.storage.location import BUNDLED_HASH_KEY, bundled_hash, bundled_set_files
from deckcli.storage.reads import IN_CHUNK, Rows, all_in, in_list
from deckcli.storage.writes import COPY_AT_LEAST, ConstraintViolation, Transaction
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.storage.base import BaseDatabase
    from deckcli.storage.writes import Writable


@dataclass
class SetImportResult:
    """What one set's import did."""

    game: str
    code: str
    name: str
    cards: int
    added: int
    changed: int
    unchanged: int
    removed: int
    #: The current event registrations whose locked list names a printing this import removed: ``{"event", "player",
    #: "deck", "printings"}`` (their deck checks compare by name, but the list names a printing no longer there).
    registrations: list[dict] = field(default_factory=list)

    def counts(self) -> Message:
        """What the import did to the set's cards: ``boa S01: 0 added, 0 changed, 112 unchanged``."""
        return Message(
            "{game} {set}: {added} added, {changed} changed, {unchanged} unchanged, {removed} removed",
            game=self.game,
            set=self.code,
            added=self.added,
            changed=self.changed,
            unchanged=self.unchanged,
            removed=self.removed,
        )

    def warnings(self) -> list[str]:
        """One line per registration naming a removed printing."""
        return [
            Message(
                "{game} {set}: the registration of {player!r} in event {event!r} (deck {deck!r}) names {printings},"
                " which this import removed",
                game=self.game,
                set=self.code,
                player=r["player"],
                event=r["event"],
                deck=r["deck"],
                printings=", ".join(r["printings"]),
            )
            for r in self.registrations
        ]


def card_row(card: dict, set_id: int, game: str, set_code: str) -> dict:
    """The ``card`` table row of one card document."""
    return {
        "set_id": set_id,
        "game": game,
        "set_code": set_code,
        "number": card["number"],
        "name": card["name"],
        "key": name_key(card["name"]),
        "kind": card["kind"],
        "data": card,
    }


def name_rows(card: dict, card_id: int, game: str) -> list[dict]:
    """The ``card_name`` rows: one per distinct key among the name, localised names and aliases."""
    rows: dict[str, dict] = {}
    for display in [card["name"], *(card.get("names") or {}).values(), *(card.get("aliases") or ())]:
        key = name_key(display)
        if key and key not in rows:
            rows[key] = {"card_id": card_id, "key": key, "game": game, "display": display}
    return list(rows.values())


_CARD_COLUMNS = ("set_id", "game", "set_code", "number", "name", "key", "kind", "data")
#: A set's cards, inserted or updated in place (matched by set and number): one statement both backends run.
_UPSERT_CARD = "INSERT INTO card ({}) VALUES ({}) ON CONFLICT (set_id, number) DO UPDATE SET {}".format(
    ", ".join(f'"{c}"' for c in _CARD_COLUMNS),
    ", ".join(f":{c}" for c in _CARD_COLUMNS),
    ", ".join(f'"{c}" = excluded."{c}"' for c in _CARD_COLUMNS[1:] if c != "number"),
)


def write_set(tx: Transaction, cs: CardSetFile, source_label: str | None = None) -> SetImportResult:
    """Upsert one checked set and its cards in the caller's transaction (SQL text, :mod:`deckcli.storage.writes`;
    on PostgreSQL many rows go through COPY)."""
    set_id = tx.scalar(
        "INSERT INTO card_set(game, code, name, sample, source) VALUES (:game, :code, :name, :sample, :source)"
        " ON CONFLICT (game, code) DO UPDATE SET name = excluded.name, sample = excluded.sample,"
        " source = excluded.source RETURNING id",
        {"game": cs.game, "code": cs.code, "name": cs.name, "sample": cs.sample, "source": source_label or cs.source},
    )
    stored = tx.all("SELECT number, id, data FROM card WHERE set_id = :set", {"set": set_id})
    before = {number: card_id for number, card_id, _ in stored}
    unchanged = _unchanged(cs.cards, {number: data for number, _, data in stored})
    rows = [card_row(card, set_id, cs.game, cs.code) for card in cs.cards]
    server = tx.backend == "postgresql"
    if len(rows) >= COPY_AT_LEAST and server:  # COPY-class: tens of thousands of cards in one round trip
        from deckcli.storage.base import copy_upsert
        from deckcli.storage.tables import Card

        updates = {c: f'excluded."{c}"' for c in ("game", "set_code", "name", "key", "kind", "data")}
        copy_upsert(tx, Card.__table__, rows, ["set_id", "number"], updates)  # type: ignore[attr-defined]
    else:
        tx.many(_UPSERT_CARD, rows)
    numbers = {row["number"] for row in rows}
    gone = [card_id for number, card_id in before.items() if number not in numbers]
    if gone:
        _remove_cards(tx, cs, gone)
    registrations = _registrations_naming(tx, cs, {n for n in before if n not in numbers}) if gone else []
    _write_names(tx, cs, set_id, server)
    added = len(numbers - set(before))
    changed = len(rows) - added - unchanged
    return SetImportResult(cs.game, cs.code, cs.name, len(rows), added, changed, unchanged, len(gone), registrations)


def _remove_cards(tx: Transaction, cs: CardSetFile, gone: list[int]) -> None:
    """Delete the set's cards the file no longer has, or say who still uses them (and delete none)."""
    try:
        with tx.savepoint():
            for start in range(0, len(gone), IN_CHUNK):
                listed, params = in_list("id", gone[start : start + IN_CHUNK])
                tx.run(f"DELETE FROM card WHERE id IN ({listed})", params)
    except ConstraintViolation:
        raise DeckcliError(
            Message(
                "{file}: set {game}/{set} no longer has {cards} still used by {users}; remove them from those first",
                file=cs.source,
                game=cs.game,
                set=cs.code,
                cards=plural(len(gone), "card"),
                users=_users(tx, gone),
            )
        ) from None


def _write_names(tx: Transaction, cs: CardSetFile, set_id: int, server: bool) -> None:
    """The set's ``card_name`` rows written again: every name, localised name and alias of its cards."""
    ids = dict(tx.all("SELECT number, id FROM card WHERE set_id = :set", {"set": set_id}))
    tx.run("DELETE FROM card_name WHERE card_id IN (SELECT id FROM card WHERE set_id = :set)", {"set": set_id})
    names = [row for card in cs.cards for row in name_rows(card, ids[card["number"]], cs.game)]
    if len(names) >= COPY_AT_LEAST and server:
        from deckcli.storage.base import copy_upsert
        from deckcli.storage.tables import CardName

        copy_upsert(tx, CardName.__table__, names)  # type: ignore[attr-defined]
    else:
        tx.many('INSERT INTO card_name(card_id, "key", game, display) VALUES (:card_id, :key, :game, :display)', names)


def _unchanged(cards: list[dict], stored: dict[str, Any]) -> int:
    """How many of ``cards`` are stored as they are (by number, the stored document equal to the new one). SQLite's
    text is first compared with the card as it would be written, which a card read from the same file matches, so
    a re-import of 20,000 unchanged cards decodes none of them (decoding them all added about 40%)."""
    count = 0
    for card in cards:
        old = stored.get(card["number"])
        if old is not None and ((isinstance(old, str) and old == json.dumps(card)) or json_value(old) == card):
            count += 1
    return count


def _users(rows: Rows, card_ids: list[int]) -> str:
    """Who holds the cards ``card_ids``: ``decks 'A', 'B' and the collection`` (stored decks by name)."""
    decks = sorted(
        {
            name
            for (name,) in all_in(
                rows,
                "SELECT DISTINCT d.name FROM deck d JOIN deck_card dc ON dc.deck_id = d.id WHERE dc.card_id IN ({ids})",
                "ids",
                card_ids,
            )
        }
    )
    # whether the collection holds any (cards/ is below collection/, so not through its entries_where)
    owned = all_in(rows, "SELECT card_id FROM collection_item WHERE card_id IN ({ids})", "ids", card_ids)
    if not decks:
        return Message("the collection") if owned else Message("decks or the collection")
    names = Message("deck {names}", "decks {names}", len(decks), names=", ".join(repr(d) for d in decks))
    return Message("{decks} and the collection", decks=names) if owned else names


def _registrations_naming(rows: Rows, cs: CardSetFile, numbers: set[str]) -> list[dict]:
    """The current registrations of events of the set's game whose locked list names one of the set's ``numbers``
    (one query; the lists are read here, as they are stored as JSON)."""
    query = (
        "SELECT e.name, r.player, r.deck, r.decklist FROM registration r JOIN event e ON e.id = r.event_id"
        " WHERE e.game = :game AND r.superseded_at IS NULL ORDER BY e.name, r.id"
    )
    found = []
    for event, player, deck, stored in rows.all(query, {"game": cs.game}):
        decklist = json_value(stored)
        items = [item for zone in (decklist.get("zones") or {}).values() for item in zone]
        printings = {
            f"{item.get('name')} ({cs.code}) {item.get('number')}"
            for item in items
            if item.get("set") == cs.code and item.get("number") in numbers
        }
        if printings:
            found.append({"event": event, "player": player, "deck": deck, "printings": sorted(printings)})
    return found


def import_cardsets(db: Writable, sources: list[str], sheet: SheetSet | None = None) -> list[SetImportResult]:
    """Check every file first, then write all of them in one transaction (all or nothing).

    ``sheet`` names the game and set of spreadsheet card lists among the files; a set already stored keeps its name
    (unless ``sheet`` gives one) and its sample mark.
    """
    sets = load_cardsets(sources, _stored_sheet(db, sheet) if sheet is not None else None)
    with db.write() as tx:
        return [write_set(tx, cs) for cs in sets]


def _stored_sheet(db: Writable, sheet: SheetSet) -> SheetSet:
    """``sheet`` with what the database holds of its set: the stored name when it gives none, the sample mark, and
    a stored set of the game to name in a hint (its own, else the first by code). A new set must be named."""
    with db.rows() as rows:
        found = rows.all(
            "SELECT code, name, sample FROM card_set WHERE game = :game ORDER BY code", {"game": sheet.game}
        )
    own = next(((name, sample) for code, name, sample in found if code == sheet.code), None)
    template = sheet.code if own else (found[0][0] if found else None)
    if own is None and not sheet.name:
        raise InputError(
            Message(
                "set {game}/{set} is not in the database yet: name it with --set-name", game=sheet.game, set=sheet.code
            )
        )
    name = sheet.name or (own[0] if own else "")
    return replace(sheet, name=name, sample=bool(own and own[1]), template=template)


def sync_bundled_sets(db: BaseDatabase) -> None:
    """Load the bundled sets on first use, and again whenever the bundled files changed."""
    fingerprint = bundled_hash()
    with db.rows() as rows:
        if rows.all("SELECT value FROM meta WHERE key = :k", {"k": BUNDLED_HASH_KEY}) == [(fingerprint,)]:
            return
    files = bundled_set_files()
    sets = load_cardsets([str(p) for p in files])
    with db.write() as tx:
        if hasattr(db, "lock"):
            db.lock(tx)  # a server database: one client loads them, the others find them loaded
        if db.get_meta(tx, BUNDLED_HASH_KEY) == fingerprint:
            return  # another process loaded them meanwhile
        for path, cs in zip(files, sets):
            write_set(tx, cs, source_label=f"bundled:{path.parent.name}/{path.name}")
        db.set_meta(tx, BUNDLED_HASH_KEY, fingerprint)


def open_database(path: Path | str | None = None, origin: str | None = None, *, upgrade: bool = False) -> BaseDatabase:
    """The database at ``path`` (a file or a server URL; default: the user's), created on first use and holding the
    bundled card sets; ``origin`` names where the path came from. A read-only database serves the cards it holds.
    ``upgrade``: a server database at an older revision is upgraded (``deckcli db upgrade``) instead of refused."""
    from deckcli.storage.engine import connect

    db = connect(path, origin, upgrade=upgrade)
    try:
        if not db.read_only:
            sync_bundled_sets(db)
    except BaseException:
        db.close()
        raise
    return db
