"""The receipt: a short hash of (zone, card name key, count), the same whatever the layout, printing or spelling."""

from __future__ import annotations

import base64
import hashlib
import re

from deckcli.decklists.io import parse_decklist
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.events.fingerprint import fingerprint


def _deck(*entries) -> Decklist:
    return Decklist([DeckEntry(*e) for e in entries])


def test_the_receipt_is_ten_base32_characters_grouped_4_4_2_of_the_sha256_of_the_canonical_lines():
    deck = _deck(("side", 2, "Frost Ward"), ("main", 4, "Ember Whelp"), ("main", 1, "Fireball"))
    lines = "main\tember whelp\t4\nmain\tfireball\t1\nside\tfrost ward\t2"  # zone order, then name key order
    expected = base64.b32encode(hashlib.sha256(lines.encode()).digest()).decode()[:10]
    assert fingerprint(deck) == f"{expected[:4]}-{expected[4:8]}-{expected[8:]}"
    assert re.fullmatch(r"[A-Z2-7]{4}-[A-Z2-7]{4}-[A-Z2-7]{2}", fingerprint(deck))


def test_printing_spelling_line_order_and_split_lines_do_not_change_it():
    typed = _deck(("main", 4, "ember  WHELP"), ("main", 1, "Fireball"))
    printed = _deck(("main", 1, "Fireball", "S01", "083"), ("main", 3, "Ember Whelp", "S01", "001"),
                    ("main", 1, "Ｅｍｂｅｒ Ｗｈｅｌｐ"))
    assert fingerprint(typed) == fingerprint(printed)


def test_a_count_a_zone_or_a_card_changes_it_but_the_maybeboard_does_not():
    base = _deck(("main", 4, "Ember Whelp"), ("side", 2, "Frost Ward"))
    assert fingerprint(base) != fingerprint(_deck(("main", 3, "Ember Whelp"), ("side", 2, "Frost Ward")))
    assert fingerprint(base) != fingerprint(_deck(("main", 4, "Ember Whelp"), ("main", 2, "Frost Ward")))
    assert fingerprint(base) != fingerprint(_deck(("main", 4, "Ember Whelp"), ("side", 2, "Mirror Shield")))
    assert fingerprint(base) == fingerprint(_deck(("main", 4, "Ember Whelp"), ("side", 2, "Frost Ward"),
                                                  ("maybe", 1, "Arcane Insight")))


def test_layouts_of_one_deck_give_one_receipt():
    text = parse_decklist("Main Deck\n4 Ember Whelp\nSide Deck\n2 Frost Ward\n", "text")
    json_deck = parse_decklist('{"zones": {"main": [{"count": 4, "name": "Ember Whelp"}],'
                               ' "side": [{"count": 2, "name": "Frost Ward"}]}}', "json")
    csv_deck = parse_decklist("section,count,name,set,number\nmain,4,Ember Whelp,S01,001\nside,2,Frost Ward,,\n", "csv")
    assert fingerprint(text) == fingerprint(json_deck) == fingerprint(csv_deck)
