"""`collection missing/buildable/add-deck` and the `not-owned` rule: what decks need from the collection."""

from __future__ import annotations

import json

import pytest

BOA_DECK = """Name: Whelps
Game: boa
Main Deck
4 Ember Whelp
2 Fireball
1 Worldbreaker
Side Deck
1 Ember Whelp
"""

SFB_DECK = """Game: sfb
Champions
1 Kilgore
1 Lil'Y
1 Al'kemi
"""


@pytest.fixture
def deckfile(tmp_path):
    def write(text: str, name: str = "deck.txt"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write


def _store(db, name: str, game: str, cards: list[tuple[str, str, int]]) -> None:
    """Store a deck of (zone, card name, count) under ``name``."""
    from deckcli.cards.resolver import CardResolver
    from deckcli.decks.store import save_deck
    from deckcli.legality.formats import default_format

    with db.write() as session:
        resolver = CardResolver(session)
        rows = [(zone, resolver.find(card, game=game).id, n) for zone, card, n in cards]
        save_deck(session, name, game, default_format(game).name, rows)


def _missing(run, *args) -> dict[str, tuple[int, int, int]]:
    result = run("collection", "missing", *args, "--json")
    assert result.exit_code == 0, result.output
    return {m["name"]: (m["need"], m["have"], m["missing"]) for m in json.loads(result.stdout)}


def test_missing_counts_all_zones_by_name_over_every_printing_and_variant(run, deckfile):
    path = deckfile(BOA_DECK)
    assert _missing(run, path) == {"Ember Whelp": (5, 0, 5), "Fireball": (2, 0, 2), "Worldbreaker": (1, 0, 1)}
    run("collection", "add", "Ember Whelp", "2")
    run("collection", "add", "Ember Whelp", "2", "--foil", "-l", "ja", "-t", "binder")
    run("collection", "add", "Fireball", "--game", "boa", "2")
    run("collection", "add", "Fireball", "--game", "sfb", "3")  # another game's Fireball does not count
    assert _missing(run, path) == {"Ember Whelp": (5, 4, 1), "Worldbreaker": (1, 0, 1)}
    table = run("collection", "missing", path)
    assert table.exit_code == 0
    assert "Ember Whelp" in table.stdout and "Fireball" not in table.stdout
    assert "2 cards missing" in table.stderr


def test_missing_of_a_stored_deck_and_when_nothing_is_missing(run, db):
    _store(db, "Small", "boa", [("main", "Ember Whelp", 2)])
    assert _missing(run, "--deck", "Small") == {"Ember Whelp": (2, 0, 2)}
    run("collection", "add", "Ember Whelp", "3")
    assert _missing(run, "--deck", "small") == {}
    result = run("collection", "missing", "--deck", "Small")
    assert result.exit_code == 0 and "every card" in result.stderr


def test_missing_expands_sfb_champions(run, deckfile):
    need = _missing(run, deckfile(SFB_DECK))
    assert len(need) == 18 and all(v == (1, 0, 1) for v in need.values())
    run("collection", "add-deck", deckfile(SFB_DECK))
    assert _missing(run, deckfile(SFB_DECK)) == {}


def test_missing_refuses_unknown_cards_and_needs_one_deck(run, deckfile, db):
    bad = run("collection", "missing", deckfile("Game: boa\n4 Ember Whelpp\n"))
    assert bad.exit_code == 1 and "Ember Whelp" in bad.stderr
    both = run("collection", "missing")
    assert both.exit_code == 2


def test_add_deck_adds_every_zone_with_options(run, deckfile):
    result = run("collection", "add-deck", deckfile(BOA_DECK), "--foil", "--tag", "precon", "--times", "2")
    assert result.exit_code == 0, result.output
    assert "Added 16 cards" in result.stdout
    rows = json.loads(run("collection", "list", "--json").stdout)
    assert {(r["name"], r["count"], r["finish"], r["tag"]) for r in rows} == {
        ("Ember Whelp", 10, "foil", "precon"), ("Fireball", 4, "foil", "precon"), ("Worldbreaker", 2, "foil", "precon")}


def test_add_deck_too_many_times_is_refused_clearly(run, deckfile):
    result = run("collection", "add-deck", deckfile(BOA_DECK), "--times", "99999999999999999999")
    # the range every integer option has (one the database holds) is said, as a usage error
    assert result.exit_code == 2 and "1<=x<=2147483647" in result.stderr and "internal error" not in result.stderr
    assert json.loads(run("collection", "list", "--json").stdout) == []


def test_buildable_lists_decks_buildable_now_and_how_short_the_rest_are(run, db):
    _store(db, "Alpha", "boa", [("main", "Ember Whelp", 3)])
    _store(db, "Beta", "boa", [("main", "Ember Whelp", 2), ("side", "Worldbreaker", 1)])
    _store(db, "Gamma", "sfb", [("main", "Twin Blades", 1)])
    run("collection", "add", "Ember Whelp", "2")
    result = run("collection", "buildable", "--json")
    assert result.exit_code == 0, result.output
    data = {d["deck"]: d for d in json.loads(result.stdout)}
    assert (data["Alpha"]["buildable"], data["Alpha"]["short"]) == (False, 1)
    assert (data["Beta"]["buildable"], data["Beta"]["short"]) == (False, 1)
    assert data["Beta"]["missing"] == [{"name": "Worldbreaker", "need": 1, "have": 0, "missing": 1}]
    assert data["Gamma"]["short"] == 1
    run("collection", "add", "Worldbreaker")
    boa = {d["deck"]: d["buildable"] for d in json.loads(run("collection", "buildable", "--game", "boa", "--json").stdout)}
    assert boa == {"Alpha": False, "Beta": True}
    table = run("collection", "buildable", "--game", "boa")
    assert "buildable" in table.stdout and "short 1 card (1 different)" in table.stdout


def test_together_counts_each_copy_once(run, db, deckfile):
    _store(db, "Alpha", "boa", [("main", "Ember Whelp", 3)])
    _store(db, "Beta", "boa", [("main", "Ember Whelp", 2), ("side", "Worldbreaker", 1)])
    run("collection", "add", "Ember Whelp", "4")
    run("collection", "add", "Worldbreaker")
    each = {d["deck"]: d["buildable"] for d in json.loads(run("collection", "buildable", "--json").stdout)}
    assert each == {"Alpha": True, "Beta": True}
    result = run("collection", "buildable", "--together", "Alpha", "Beta", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["buildable"] is False and data["short"] == 1
    assert data["missing"] == [{"name": "Ember Whelp", "game": "boa", "need": 5, "have": 4, "missing": 1,
                                "decks": ["Alpha", "Beta"]}]
    run("collection", "add", "Ember Whelp")
    ok = run("collection", "buildable", "--together", "Alpha", "Beta")
    assert ok.exit_code == 0 and "can build all 2 decks" in ok.stdout
    # a decklist file works too, and no DECKs means every stored deck
    mixed = json.loads(run("collection", "buildable", "--together", "Alpha", deckfile(BOA_DECK), "--json").stdout)
    assert mixed["buildable"] is False
    assert json.loads(run("collection", "buildable", "--together", "--json").stdout)["decks"] == ["Alpha", "Beta"]
    unknown = run("collection", "buildable", "--together", "Nope")
    assert unknown.exit_code == 1


def test_not_owned_problems(db, run, deckfile):
    from deckcli.collection.owned import not_owned_problems
    from deckcli.legality.resolve import open_deck

    deck = open_deck(db, source=str(deckfile(BOA_DECK)))
    run("collection", "add", "Ember Whelp", "3")
    run("collection", "add", "Worldbreaker", "1", "--foil", "--set", "S01")
    problems = not_owned_problems(db, deck)
    assert [p.rule for p in problems] == ["not-owned", "not-owned"]
    assert [p.cards for p in problems] == [["Ember Whelp"], ["Fireball"]]
    first = problems[0].as_dict()
    assert (first["need"], first["have"], first["missing"]) == (5, 3, 2)
    assert "needs 5" in first["message"]
    run("collection", "add", "Ember Whelp", "2")
    run("collection", "add", "Fireball", "2", "--game", "boa")
    assert not_owned_problems(db, deck) == []
