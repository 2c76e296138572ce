"""``cards show`` (and the builder's card panel) words a card from the card itself, a ``CardRef``: its game from the
typed field, every field of its document as ``field: value`` lines, name first (issue 34 item 2)."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py
from deckcli.cards.index import CardRef
from deckcli.cli.cards import card_text


def _card(game: str, number: str) -> CardRef:
    doc = json.loads((paths.REPO / "carddb" / game / "sample.json").read_text(encoding="utf-8"))
    card = next(c for c in doc["cards"] if c["number"] == number)
    return CardRef(1, game, doc["set"]["code"], number, card["name"], card["kind"], card)


def test_a_cards_text_is_made_from_the_card_ref():
    lines = [line.split(maxsplit=1) for line in card_text(_card("boa", "001")).splitlines()]
    assert lines[:7] == [["name", "Ember Whelp"], ["game", "boa"], ["set", "S01"], ["number", "001"],
                         ["kind", "monster"], ["element", "Fire"], ["group", "Natural"]]
    assert ["lore", "A hatchling dragon that sneezes sparks whenever it gets excited."] in lines


def test_a_card_of_a_game_deckcli_does_not_know_is_shown_as_its_fields_say():
    ref = CardRef(1, "zzz", "Z1", "7", "Odd Card", "thing", {"name": "Odd Card", "number": "7", "kind": "thing"})
    assert [line.split(maxsplit=1) for line in card_text(ref).splitlines()] == [
        ["name", "Odd Card"], ["game", "zzz"], ["set", "Z1"], ["number", "7"], ["kind", "thing"]]
