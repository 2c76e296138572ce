"""The results ``hand``, ``curve`` and ``simulate`` hand to the CLI are types read by attribute (issue 34 item 2),
and their ``as_dict()`` is the ``--json`` object as it was when the CLI built it from dicts."""

from __future__ import annotations

from deckcli.cards.conditions import parse_conditions
from deckcli.cards.summary import ListedCard
from deckcli.games import registry
from deckcli.odds import odds
from deckcli.odds.report import Bucket, distribution
from deckcli.odds.simulate import simulate
from deckcli.play.hands import sample_hands

WHELP = {"name": "Ember Whelp", "set": "S01", "number": "001", "game": "boa", "kind": "monster", "cost": 1,
         "element": "Fire", "attack": 2, "health": 1, "text": "not in a listing"}
WARD = {"name": "Frost Ward", "set": "S01", "number": "030", "game": "boa", "kind": "spell", "cost": 2,
        "spell_type": "quick", "element": ""}
OPENING = {"hand_size": 5, "mulligan": "full-redraw"}


def test_a_dealt_card_is_a_listed_card_with_its_summary_in_the_games_order():
    _, (hand,) = sample_hands([(WHELP, 10), (WARD, 10)], OPENING, seed=3, mulligan=True)
    assert all(isinstance(card, ListedCard) for card in [*hand.cards, *hand.mulligan.final])
    whelp = next(card for card in hand.cards if card.name == "Ember Whelp")
    assert (whelp.set, whelp.number, whelp.kind, whelp.game) == ("S01", "001", "monster", "boa")
    assert list(whelp.as_dict().items()) == [
        ("name", "Ember Whelp"), ("set", "S01"), ("number", "001"), ("kind", "monster"),
        ("cost", 1), ("element", "Fire"), ("attack", 2), ("health", 1),
    ]
    assert whelp.parts() == ["cost 1", "Fire", "ATK 2", "HP 1"]


def test_a_card_without_a_kind_lists_none():
    assert ListedCard.of({"name": "Blank", "set": None, "number": None}).as_dict() == {
        "name": "Blank", "set": None, "number": None}


def test_a_curve_row_is_a_bucket():
    rows = distribution([(WHELP, 3), (WARD, 1)], "kind", 2, registry.game("boa"))
    assert rows == [Bucket("monster", 3, 75.0, 1.0), Bucket("spell", 1, 25.0, 0.5)]
    assert list(rows[1].as_dict()) == ["bucket", "count", "percent", "p_opening"]


def test_simulates_json_puts_the_exact_figures_and_notes_after_its_own():
    cards = [(WHELP, 10), (WARD, 10)]
    conditions = parse_conditions(["1+ kind=spell", "9+ kind=monster"])
    exact = odds(cards, conditions, OPENING)
    data = simulate(cards, conditions, OPENING, trials=1000, seed=1).as_dict(exact)
    assert list(data)[-4:] == ["histograms", "exact_opening", "exact_with_mulligan", "notes"]
    assert data["exact_opening"] == 0.0 and data["notes"] == exact.notes
    assert "a hand holds only 5 cards" in data["notes"][0]
    assert "exact_opening" not in simulate(cards, conditions, OPENING, trials=10, seed=1).as_dict()
