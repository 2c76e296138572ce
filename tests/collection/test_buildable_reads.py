"""``collection buildable`` and ``deck list`` over the read path give what resolving each stored deck gave: the same
statuses, shortfalls and listing rows, read through sqlite3 or through SQLAlchemy Core."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py
from backends import fast_reader, orm_session
from deckcli.collection.needs import DeckStatus, buildable_decks, deck_needs, fill_owned
from deckcli.decks.listing import list_stored_decks
from deckcli.errors import DeckcliError
from deckcli.legality.resolve import Resolver
from orm_reference import stored_decks


def _resolving_each(db) -> list[DeckStatus]:
    """buildable as it was: every stored deck opened and resolved by name, its needs read per deck."""
    resolver = Resolver(db)
    with orm_session(db) as session:
        names = [d.name for d in stored_decks(session)]
    statuses = []
    for name in names:
        try:
            deck = resolver.open(deck_name=name)
        except DeckcliError as exc:
            statuses.append(DeckStatus(name, "?", "?", problem=str(exc)))
            continue
        status = DeckStatus(name, deck.game, deck.format.name, sum(dc.count for dc in deck.cards))
        try:
            deck.require_cards()
        except DeckcliError as exc:
            status.problem = str(exc)
        status.short = fill_owned(db, deck_needs(deck))
        statuses.append(status)
    statuses.sort(key=lambda s: (not s.buildable, s.missing, s.name.casefold()))
    return statuses


def _stock(run, tmp_path) -> None:
    for example in ("ember-rush.txt", "team-shadows.txt", "angels-yome.txt", "wizdom-standard.txt"):
        assert run("deck", "import", paths.EXAMPLES / example).exit_code == 0
    assert run("deck", "import", paths.DATA / "layouts" / "deckcli" / "decklist-maybeboard.txt", "--name", "Maybe").exit_code == 0
    assert run("deck", "new", "Empty", "--game", "boa").exit_code == 0
    banned = tmp_path / "gone.json"
    banned.write_text(json.dumps({"name": "gone", "game": "boa", "extends": "boa-standard"}), encoding="utf-8")
    assert run("deck", "import", paths.EXAMPLES / "ember-rush.txt", "--name", "Lost Format", "--format", banned).exit_code == 0
    banned.unlink()  # the deck's format file went missing
    for card, count, extra in (("Ember Whelp", "4", []), ("Kilgore", "1", []), ("Fireball", "3", ["--proxy"]),
                               ("Fireball", "1", []), ("Fireball", "2", ["--game", "sfb"])):
        extra = extra if "--game" in extra else [*extra, "--game", "boa" if card != "Kilgore" else "sfb"]
        assert run("collection", "add", card, count, *extra).exit_code == 0, card


def test_buildable_reads_what_resolving_each_deck_gave(run, db, tmp_path):
    _stock(run, tmp_path)
    expected = [s.as_dict() for s in _resolving_each(db)]
    assert any(s["problem"] for s in expected if "problem" in s) and any(s["missing"] for s in expected)
    reader = fast_reader(db)
    assert reader is not None
    for source in (db, reader):
        assert [s.as_dict() for s in buildable_decks(source)] == expected
        assert [s.as_dict() for s in buildable_decks(source, "sfb")] == [
            s for s in expected if s["game"] == "sfb"]
    reader.close()


def test_deck_list_reads_the_same_through_either_driver(run, db, tmp_path):
    _stock(run, tmp_path)
    reader = fast_reader(db)
    by_core, by_sqlite = list_stored_decks(db), list_stored_decks(reader)
    assert (by_sqlite.decks, by_sqlite.warnings) == (by_core.decks, by_core.warnings)
    assert [d.name for d in by_core.decks] == ["Ember Rush", "Empty", "Lost Format", "Maybe", "Shadows and Steel",
                                               "WIZ-DOM Control", "天使のつかさ"]
    assert by_core.warnings == [] and [d.legal for d in by_core.decks].count(False) >= 2
    assert list_stored_decks(reader, "boa").decks == [d for d in by_core.decks if d.game == "boa"]
    reader.close()


def test_buildable_json_written_directly_is_what_json_dumps_writes(run, db, tmp_path):
    from deckcli.cli.output import LARGE_JSON, dump_json, dump_json_of
    from deckcli.collection.needs import Need

    _stock(run, tmp_path)
    statuses = buildable_decks(db)
    statuses.append(DeckStatus('Odd "name" \\ ネーム\t', "boa", "boa-standard", 3, [Need("boa", "x", 'A "quoted"\n', 3, 1)],
                               problem="deck:x: line 2: unknown card"))
    for status in statuses:
        assert status.json_text(lambda s: json.dumps(s, ensure_ascii=False)) == json.dumps(status.as_dict(), ensure_ascii=False)
    many = statuses * (LARGE_JSON // len(statuses) + 1)
    assert json.loads(dump_json_of(many)) == [s.as_dict() for s in many]
    assert dump_json_of(statuses) == dump_json([s.as_dict() for s in statuses])  # a short list keeps its indent
    result = run("collection", "buildable", "--json")
    assert json.loads(result.output) == [s.as_dict() for s in buildable_decks(db)]
