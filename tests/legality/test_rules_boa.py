"""Battle of Aeons rules that a case file cannot state. The legality cases (zone sizes, zone kinds, the copy limit
across zones, banned and restricted cards, legal sets and between-rounds side exchanges) are decklists under
tests/data/decks/boa-*/, checked by tests/test_legality_cases.py."""

from __future__ import annotations

from deckcli.legality.exchange import check_side_exchange
from rules_support import card_names, fill, resolve

RESTRICTED = ("Aeon Sphinx", "Infernal Dragon Lord", "Worldbreaker", "Counterspell", "Arcane Insight", "Raise the Fallen")


def test_an_exchange_against_another_games_deck_says_so_once_instead_of_listing_every_card(db):
    # validate --format reads both decks as one game, so this needs the library: a boa original, a sfb deck
    main_names = card_names(db, "boa", ("monster", "spell"), exclude=RESTRICTED)
    side = [(3, "Frost Ward"), (2, "Ashen Titan")]
    original = resolve(db, "boa", {"main": fill(main_names, 52), "limitbreak": [(2, "Maelstrom Hydra")], "side": side})
    other = resolve(db, "sfb", {"champions": [(1, "Kilgore"), (1, "Lil'Y"), (1, "Gwaien")]})
    found = check_side_exchange(original, other)
    assert [(p.rule, p.message) for p in found] == [("side-exchange", "the original deck is a boa deck, this one sfb")]
