"""``collection export`` over the read path writes what the ORM path wrote: the same entries (through sqlite3 and
SQLAlchemy Core, every filter), and every layout's bytes and lost-field counts equal the row-by-row writer's."""

from __future__ import annotations

import io
from contextlib import contextmanager

import pytest

import orm_reference
from backends import fast_reader, orm_session
from deckcli.collection.exporting import export_entries, needs_rarity, write_csv
from deckcli.collection.layouts import writable
from deckcli.errors import InputError
from test_collection_export import COLLECTION


def _dicts(entries) -> list[dict]:
    """The entries (column by column) as the ORM reference gives them: a dict per entry."""
    return [dict(zip(entries.columns, row)) for row in zip(*entries.columns.values())]


@pytest.fixture
def stocked(run, db, tmp_path):
    sheet = tmp_path / "collection.csv"
    sheet.write_text(COLLECTION.replace(",binder,\n", ",\"bin\rder\",\n", 1), encoding="utf-8", newline="")  # a CR too
    assert run("collection", "import", sheet).exit_code == 0
    return db


@pytest.mark.parametrize("game, tag", [(None, None), ("boa", None), ("sfb", None), (None, "binder"), (None, "")])
def test_entries_are_the_orm_entries(stocked, game, tag):
    with orm_session(stocked) as session:
        expected = orm_reference.export_entries(session, game, tag)
    assert expected
    reader = fast_reader(stocked)
    for source in (stocked, reader):
        assert _dicts(export_entries(source, game, tag)) == expected
        assert _dicts(export_entries(source, game, tag, rarity=False)) == [{**e, "rarity": ""} for e in expected]
    reader.close()


@pytest.mark.parametrize("layout", writable())
def test_every_layout_writes_what_the_row_by_row_writer_wrote(stocked, layout):
    with orm_session(stocked) as session:
        entries = orm_reference.export_entries(session)
    old, new = io.StringIO(newline=""), io.StringIO(newline="")
    lost = orm_reference.write_csv_row_by_row(entries, old, layout)
    result = write_csv(export_entries(stocked, rarity=needs_rarity(layout)), new, layout)
    assert new.getvalue() == old.getvalue()
    assert result.lost == lost
    assert ("\r" in new.getvalue()) == (layout != "tcgplayer")  # the tag with a CR (TCGplayer keeps no tags)


class _Changing:
    """A database whose first reads see an entry of a card that is gone by the time the cards are read (another
    command removed both in between), then a settled collection; ``settles`` false: it never settles."""

    def __init__(self, settles: bool = True):
        self.reads, self.settles = 0, settles

    @contextmanager
    def rows(self):
        yield self

    def all(self, sql, params=None):
        self.reads += 1
        first = self.reads <= 2 or not self.settles
        if sql.startswith("SELECT i.card_id"):
            return [(7, 2, "normal", "NM", "en", "", 0, 1, "0.25")] + (
                [(9, 1, "foil", "NM", "en", "", 0, 0, "")] if first else [])
        return [(7, "Ember Whelp", "boa", "S01", "001", "Sample set")]


def test_an_export_reads_again_when_the_collection_changed_between_its_two_reads():
    changing = _Changing()
    entries = export_entries(changing, rarity=False)
    assert changing.reads == 4
    assert _dicts(entries) == [{"count": 2, "name": "Ember Whelp", "game": "boa", "set": "S01", "number": "001",
                                   "finish": "normal", "condition": "NM", "language": "en", "tag": "", "proxy": False,
                                   "tradelist": 1, "purchase_price": "0.25", "set_name": "Sample set", "rarity": ""}]
    with pytest.raises(InputError, match=r"^the collection kept changing while it was read for the export: run the"):
        export_entries(_Changing(settles=False), rarity=False)
