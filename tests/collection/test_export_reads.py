"""``collection export`` over the read path writes what the ORM path wrote: the same entries (through sqlite3 and
SQLAlchemy Core, every filter), and every layout's bytes and lost-field counts equal the row-by-row writer's."""

from __future__ import annotations

import io

import pytest

import orm_reference
from test_collection_export import COLLECTION

from deckcli.collection.exporting import export_entries, needs_rarity, write_csv
from deckcli.collection.layouts import writable
from deckcli.storage.reads import open_ready
from backends import fast_reader


@pytest.fixture
def stocked(run, db, tmp_path):
    sheet = tmp_path / "collection.csv"
    sheet.write_text(COLLECTION.replace(",binder,\n", ",\"bin\rder\",\n", 1), encoding="utf-8", newline="")  # a CR too
    assert run("collection", "import", sheet).exit_code == 0
    return db


@pytest.mark.parametrize("game, tag", [(None, None), ("boa", None), ("sfb", None), (None, "binder"), (None, "")])
def test_entries_are_the_orm_entries(stocked, game, tag):
    with stocked.read() as session:
        expected = orm_reference.export_entries(session, game, tag)
    assert expected
    reader = fast_reader(stocked)
    for source in (stocked, reader):
        assert export_entries(source, game, tag).as_dicts() == expected
        assert export_entries(source, game, tag, rarity=False).as_dicts() == [{**e, "rarity": ""} for e in expected]
    reader.close()


@pytest.mark.parametrize("layout", writable())
def test_every_layout_writes_what_the_row_by_row_writer_wrote(stocked, layout):
    with stocked.read() as session:
        entries = orm_reference.export_entries(session)
    old, new = io.StringIO(newline=""), io.StringIO(newline="")
    lost = orm_reference.write_csv_row_by_row(entries, old, layout)
    result = write_csv(export_entries(stocked, rarity=needs_rarity(layout)), new, layout)
    assert new.getvalue() == old.getvalue()
    assert result.lost == lost
    assert ("\r" in new.getvalue()) == (layout != "tcgplayer")  # the tag with a CR (TCGplayer keeps no tags)
