"""The read path returns exactly what the ORM path returned: the on-demand CardIndex through sqlite3
(:class:`SqliteReader`), through SQLAlchemy Core (``Database.rows``) and through a Session equals the former
whole-game ORM index, for every name, printing, display name and card; so do card search and the set list."""

from __future__ import annotations

import json
import sys

import pytest

import orm_reference
import paths  # tests/support/paths.py
from backends import fast_reader, orm_session
from deckcli.cards.importer import import_cardsets
from deckcli.cards.index import CardIndex, list_sets, search_cards
from deckcli.storage.reads import open_ready

sys.path.insert(0, str(paths.REPO / "bench"))
from bench_import import generate


def _spell(number, name, **extra):
    return {"number": number, "name": name, "kind": "spell", "spell_type": "basic", "cost": 1, "text": "T.", **extra}


@pytest.fixture
def crowded(db, tmp_path):
    """The bundled cards plus 400 generated boa cards, a shared alias, reprints and a name other games also use."""
    extra = generate(400)
    odd = {"game": "boa", "set": {"code": "X9", "name": "Odd"}, "cards": [
        _spell("1", "Left Trick", aliases=["Twin Trick"]), _spell("2", "Right Trick", aliases=["Twin Trick"]),
        _spell("2a", "Ember Whelp"), _spell("ß1", "Kilgore"), _spell("3", "ＷＩＤＥ Spell", aliases=["wide spell"])]}
    files = []
    for i, doc in enumerate((extra, odd)):
        files.append(tmp_path / f"set{i}.json")
        files[-1].write_text(json.dumps(doc), encoding="utf-8")
    import_cardsets(db, [str(f) for f in files])
    return db


def _sources(db):
    reader = fast_reader(db)
    assert reader is not None, "a created, synced database is ready for the sqlite3 read path"
    return reader


@pytest.mark.parametrize("game", ["boa", "aqa", "sfb", None])
def test_the_card_index_reads_what_the_orm_index_read(crowded, game):
    reader = _sources(crowded)
    with orm_session(crowded) as session:
        old = orm_reference.EagerIndex(session, game)
        keys = sorted(old.by_key) + ["no such card", ""]
        printings = sorted(old.by_printing) + [("s01", "999"), ("x9", "SS1")]
        for source in (reader, crowded, session):
            new = CardIndex(source, game)
            new.prefetch(keys[::3])  # some names read in a batch first, the others one by one
            assert {k: new.find_all(k) for k in keys} == {k: old.find_all(k) for k in keys}
            assert {p: new.printings(*p) for p in printings} == {p: old.by_printing.get((p[0].casefold(), p[1].casefold()), []) for p in printings}
            assert new.display == old.display
            assert [new.card(i) for i in old.by_id] == list(old.by_id.values())
            assert new.cards() == list(old.by_id.values())
            kinds = {r.kind for r in old.by_id.values()}
            assert {k: new.cards_of_kind(k) for k in kinds} == {
                k: [r for r in old.by_id.values() if r.kind == k] for k in kinds}
            assert len(new) == len(old.by_id)
            ref = new.find_all(keys[0])[0]
            assert new.card(ref.id) is ref  # one CardRef per card
    reader.close()


def test_search_and_the_set_list_read_what_the_orm_read(crowded):
    reader = _sources(crowded)
    with orm_session(crowded) as session:
        for source in (reader, crowded, session):
            assert [(s.game, s.set, s.name, s.sample, s.cards) for s in list_sets(source)] == [
                (g, code, name, bool(sample), n) for g, code, name, sample, n in orm_reference.list_sets(session)]
            for criteria in ({}, {"game": "boa"}, {"game": "boa", "set_code": "x9"}, {"kind": "SPELL"},
                             {"game": "sfb", "kind": "champion"}):
                assert search_cards(source, **criteria) == orm_reference.search_cards(session, **criteria)
    reader.close()


@pytest.mark.sqlite_only  # copies of the SQLite file
def test_a_database_that_needs_work_is_not_read_through_sqlite3(tmp_path, db):
    import sqlite3

    assert open_ready(tmp_path / "none.db") is None  # not there yet: the Database creates it
    stale = tmp_path / "stale.db"
    stale.write_bytes(db.path.read_bytes())
    con = sqlite3.connect(stale)
    con.execute("UPDATE meta SET value = 'old' WHERE key = 'bundled_cards_sha256'")
    con.commit()
    con.close()
    assert open_ready(stale) is None  # new bundled cards to load first
    con = sqlite3.connect(stale)
    con.execute("PRAGMA user_version = 2")
    con.close()
    assert open_ready(stale) is None  # to migrate first
    (tmp_path / "text.db").write_text("not a database")
    assert open_ready(tmp_path / "text.db") is None  # the Database says what is wrong with it
