"""The card reads as they were before the read path: ORM ``select()`` through a Session, the whole game loaded at
once. Kept only to prove the read path (:mod:`deckcli.storage.reads`, the on-demand CardIndex) returns the same."""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import func, select

from deckcli.cards.index import CardRef
from deckcli.names import name_key
from deckcli.storage.tables import Card, CardName, CardSet, Deck

_REF_COLUMNS = (Card.id, Card.game, Card.set_code, Card.number, Card.name, Card.kind, Card.data)


class EagerIndex:
    """The former CardIndex: every card and name of a game read in two queries."""

    def __init__(self, session, game=None):
        query = select(*_REF_COLUMNS)
        names = select(CardName.card_id, CardName.key, CardName.display)
        if game:
            query = query.where(Card.game == game)
            names = names.where(CardName.game == game)
        self.by_id = {r.id: r for r in (CardRef(*row) for row in session.execute(query.order_by(Card.id)))}
        self.by_key = defaultdict(list)
        self.display = {}
        for card_id, key, display in session.execute(names):
            self.by_key[key].append(self.by_id[card_id])
            self.display.setdefault(key, display)
        self.by_printing = defaultdict(list)
        for ref in self.by_id.values():
            self.by_printing[(ref.set_code.casefold(), ref.number.casefold())].append(ref)
        for refs in self.by_key.values():
            refs.sort(key=lambda r: (r.set_code, r.number, r.id))

    def find_all(self, key):
        refs = self.by_key.get(key, [])
        return [r for r in refs if r.key == key] or refs


def search_cards(session, game=None, set_code=None, kind=None):
    query = select(*_REF_COLUMNS)
    if game:
        query = query.where(Card.game == game)
    if set_code:
        query = query.where(Card.set_code == set_code.upper())
    if kind:
        query = query.where(Card.kind == kind.lower())
    return [CardRef(*row) for row in session.execute(query.order_by(Card.game, Card.set_code, Card.id))]


def stored_decks(session, game=None):
    """Every stored deck (optionally of one game) by name, as the ORM read them before the read path."""
    query = select(Deck)
    if game:
        query = query.where(Deck.game == game)
    return sorted(session.scalars(query), key=lambda d: (name_key(d.name), d.name))


def list_sets(session):
    return [tuple(row) for row in session.execute(
        select(CardSet.game, CardSet.code, CardSet.name, CardSet.sample, func.count(Card.id))
        .join(Card, Card.set_id == CardSet.id, isouter=True).group_by(CardSet.id).order_by(CardSet.game, CardSet.code)
    ).all()]


def export_entries(session, game=None, tag=None):
    """The former collection export entries: ORM holdings (every card's JSON decoded) and a set-name table."""
    from deckcli.collection.layouts import DECKCLI_COLUMNS
    from deckcli.collection.store import holdings
    from deckcli.storage.reads import Rows

    names = {(g, code): name for g, code, name in session.execute(select(CardSet.game, CardSet.code, CardSet.name))}
    entries = []
    for h in holdings(Rows(session), game, tag):
        row = h.as_row()
        entry = {c: row[c] for c in DECKCLI_COLUMNS}
        entry["set_name"] = names.get((h.card.game, h.card.set_code), h.card.set_code)
        entry["rarity"] = str(h.card.fields.get("rarity", ""))
        entries.append(entry)
    return entries


def write_csv_row_by_row(entries, stream, layout):
    """The former writer: every cell worded, read back and escaped row by row; returns the lost counts."""
    from collections import Counter

    from deckcli.collection import exporting
    from deckcli.collection.layouts import by_name
    from deckcli.files.csvwriting import escape_cell

    writing = by_name(layout).writing
    lost = Counter()
    if writing.preamble:
        stream.write(writing.preamble + writing.line_end)
    writer = exporting._writer(stream, writing)
    writer.writerow(writing.header)
    for entry in entries:
        out = []
        for what in writing.cells:
            if what.startswith("="):
                out.append(what[1:])
                continue
            fld, _, modifier = what.partition(":")
            value = entry[fld]
            if fld == "count":
                out.append(value)
                continue
            text = exporting._word(writing, fld, value)
            read_back = exporting._READ_BACK.get(fld)
            if read_back is not None and read_back(text) != value:
                lost[fld] += 1
            out.append(escape_cell(text.lower() if modifier == "lower" else text))
        for fld, empty in (("tag", ""), ("proxy", False)):
            if entry[fld] != empty and fld not in writing.cells:
                lost[fld] += 1
        writer.writerow(out)
    return lost
