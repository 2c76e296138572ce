"""The library under ``deck``: deckstore editing, the deck view's curve and groups, and deck diffs."""

from __future__ import annotations

import json

import pytest

from backends import orm_session
from deck_support import SFB_TEXT
from deckcli.cards.index import CardIndex
from deckcli.cards.resolver import CardResolver
from deckcli.decklists.io import parse_decklist
from deckcli.decks.diff import diff_decks, summary
from deckcli.decks.export import compact_form, export_decklist
from deckcli.decks.listing import list_stored_decks
from deckcli.decks.store import (
    change_count,
    clean_deck_name,
    create_deck,
    deck_cards,
    get_deck,
    rename_deck,
    save_deck,
    stored_deck,
    stored_format_name,
    zone_for,
    zone_sizes,
)
from deckcli.decks.view import curve, grouped
from deckcli.errors import DeckcliError, InputError, NotFoundError
from deckcli.legality.formats import load_format
from deckcli.legality.resolve import Resolver


def resolve(db, text: str, fmt: str | None = None):
    return Resolver(db).resolve(parse_decklist(text, "text", "test"), fmt)


def card_id(db, game: str, name: str) -> int:
    return CardResolver(db).find(name, game=game).id


# -- deckstore -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["", "   ", "a\nb", "tab\there"])
def test_clean_deck_name_refuses_empty_and_control_characters(bad):
    with pytest.raises(InputError):
        clean_deck_name(bad)


def test_clean_deck_name_strips():
    assert clean_deck_name("  Ember Rush ") == "Ember Rush"


def test_change_count_adds_removes_and_drops_rows(db):
    whelp = card_id(db, "boa", "Ember Whelp")
    deck = create_deck(db, "D", "boa", "boa-standard")
    with db.write() as session:
        assert change_count(session, deck, "main", whelp, 3) == 3
        assert change_count(session, deck, "main", whelp, -1) == 2
        with pytest.raises(DeckcliError, match="holds only 2"):
            change_count(session, deck, "main", whelp, -3)
        assert change_count(session, deck, "main", whelp, -2) == 0
        assert deck_cards(session, deck) == []


def test_new_cards_go_after_existing_ones(db):
    ids = [card_id(db, "boa", n) for n in ("Fireball", "Ember Whelp", "Frost Ward")]
    with db.write() as session:
        deck = save_deck(session, "D", "boa", "boa-standard", [("main", ids[0], 2), ("main", ids[1], 1)])
        change_count(session, deck, "side", ids[2], 1)
        assert deck_cards(session, deck) == [("main", ids[0], 2), ("main", ids[1], 1), ("side", ids[2], 1)]


def test_save_deck_merges_repeats_and_refuses_case_clashes(db):
    whelp = card_id(db, "boa", "Ember Whelp")
    with db.write() as session:
        deck = save_deck(session, "Mine", "boa", "boa-standard", [("main", whelp, 2), ("main", whelp, 2)])
        assert deck_cards(session, deck) == [("main", whelp, 4)]
    with pytest.raises(DeckcliError, match="already exists"):
        with db.write() as session:
            save_deck(session, "MINE", "boa", "boa-standard", [])
    with db.write() as session:
        save_deck(session, "MINE", "boa", "boa-advanced", [("side", whelp, 1)], replace=True)
    assert [deck.name for deck in list_stored_decks(db).decks] == ["MINE"]
    with orm_session(db) as session:
        deck = get_deck(session, "mine")
        assert deck.format == "boa-advanced" and deck_cards(session, deck) == [("side", whelp, 1)]
        assert zone_sizes(session) == {deck.id: {"side": 1}}


def test_rename_allows_a_change_of_case_only(db):
    create_deck(db, "Alpha", "boa", "boa-standard")
    create_deck(db, "Beta", "boa", "boa-standard")
    assert rename_deck(db, "alpha", "ALPHA").name == "ALPHA"
    with pytest.raises(DeckcliError, match="already exists"):
        rename_deck(db, "ALPHA", "beta")


def test_get_deck_suggests_close_names(db):
    create_deck(db, "Ember Rush", "boa", "boa-standard")
    with pytest.raises(NotFoundError, match="did you mean 'Ember Rush'"):
        stored_deck(db, "Ember Rash")


def test_zone_for_follows_the_formats_kinds():
    boa, aqa, sfb = load_format("boa-standard"), load_format("aqa-standard"), load_format("sfb-standard")
    assert zone_for(boa, "monster") == "main"
    assert zone_for(boa, "limitbreak") == "limitbreak"
    assert zone_for(aqa, "project") == "main"  # a zone without kinds takes every kind
    assert zone_for(sfb, "champion") is None


def test_stored_format_name_keeps_bundled_names_and_paths_of_files(tmp_path):
    assert stored_format_name(load_format("boa-advanced")) == "boa-advanced"
    path = tmp_path / "event.json"
    path.write_text(json.dumps({"name": "boa-standard", "game": "boa", "extends": "boa-standard"}), encoding="utf-8")
    assert stored_format_name(load_format(str(path))) == str(path.resolve())


def test_compact_form_only_for_complete_single_sets(db):
    index = CardIndex(db, "sfb")
    full = resolve(db, SFB_TEXT)
    assert [e.name for e in compact_form(full, index)] == ["Kilgore", "Lil'Y", "Sir Tentaclot"]
    assert compact_form(resolve(db, "Game: sfb\nChampions\nKilgore\nMain\n1 Flank\n"), index) is None
    assert compact_form(resolve(db, "Game: sfb\nChampions\nKilgore\nKilgore\n"), index) is None
    assert compact_form(resolve(db, "Game: sfb\n1 Throw\n"), index) is None
    assert compact_form(resolve(db, "Game: boa\n1 Fireball\n"), index) is None


def test_export_decklist_uses_champions_only_for_text(db):
    full = resolve(db, SFB_TEXT)
    with db.write() as session:
        save_deck(session, "B", "sfb", "sfb-standard", [(dc.zone, dc.card.id, dc.count) for dc in full.cards])
    assert {e.zone for e in export_decklist(db, "B", "text").entries} == {"champions"}
    assert {e.zone for e in export_decklist(db, "B", "csv").entries} == {"main"}


# -- deckview --------------------------------------------------------------------------------------------
def test_curve_fills_gaps_between_costs(db):
    deck = resolve(db, "Game: boa\n4 Ember Whelp\n2 Pyreclaw Drake\nLimitbreak\n2 Ashen Titan\n")
    assert curve(deck) == ("cost", [("1", 4), ("2", 0), ("3", 0), ("4", 0), ("5", 2)])  # the Limitbreak deck is not drawn


def test_curve_of_sfb_is_by_colour(db):
    assert curve(resolve(db, SFB_TEXT)) == ("colour", [("red", 6), ("yellow", 6), ("blue", 6)])


def test_grouped_orders_zones_by_format_and_cards_by_cost(db):
    deck = resolve(db, "Game: boa\nSide\n1 Frost Ward\nMain\n2 Pyreclaw Drake\n4 Ember Whelp\n1 Fireball\n")
    groups = grouped(deck)
    assert [zone for zone, _ in groups] == ["main", "limitbreak", "side"]
    main = dict(groups[0][1])
    assert [(c.name, n) for c, n in main["monster"]] == [("Ember Whelp", 4), ("Pyreclaw Drake", 2)]
    assert groups[1][1] == []


# -- deckdiff --------------------------------------------------------------------------------------------
def test_diff_counts_names_across_printings_and_orders_removals_first(db):
    a = resolve(db, "Game: boa\n3 Fireball\n4 Ember Whelp\nSide\n2 Frost Ward\n")
    b = resolve(db, "Game: boa\n1 Fireball\n4 ember whelp (S01) 001\n2 Frost Ward\nSide\n")
    rows = diff_decks(a, b)
    assert [(r.zone, r.name, r.a, r.b, r.change) for r in rows] == [
        ("main", "Fireball", 3, 1, -2),
        ("main", "Frost Ward", 0, 2, 2),
        ("side", "Frost Ward", 2, 0, -2),
    ]
    assert summary(rows) == ["main: -2 Fireball, +2 Frost Ward", "side: -2 Frost Ward"]
    assert len(diff_decks(a, b, include_same=True)) == 4
    assert diff_decks(a, a) == []


def test_the_deck_listing_is_typed_with_its_rows_and_json_as_before(db):
    whelp = card_id(db, "boa", "Ember Whelp")
    with db.write() as session:
        save_deck(session, "Mine", "boa", "boa-standard", [("main", whelp, 4), ("side", whelp, 1)])
    listing = list_stored_decks(db)
    (deck,) = listing.decks
    assert (deck.name, deck.game, deck.format, deck.zones, deck.legal, deck.verdict) == (
        "Mine", "boa", "boa-standard", {"main": 4, "side": 1}, False, "no")
    (row,) = listing.as_rows()
    assert list(row) == ["name", "game", "format", *listing.zones, "legal", "updated"] and row["limitbreak"] == 0
    (data,) = listing.as_list()
    assert list(data) == ["name", "game", "format", "zones", "cards", "legal", "problems", "updated"]
    assert (data["zones"], data["cards"], data["legal"], data["problems"]) == ({"main": 4, "side": 1}, 5, False, 2)
