"""Battle of Aeons rules: zone sizes, zone kinds, the copy limit across zones, banned and restricted cards,
legal sets and between-rounds side exchanges. Each rule: a deck breaking only it, and one just inside the bound."""

from __future__ import annotations

import json

import pytest
from rules_support import card_names, fill, problems, resolve, rules, write_format

from deckcli.legality.exchange import check_side_exchange
from deckcli.legality.rules import check_deck

RESTRICTED = ("Aeon Sphinx", "Infernal Dragon Lord", "Worldbreaker", "Counterspell", "Arcane Insight", "Raise the Fallen")


@pytest.fixture
def main_names(db):
    """Monster and spell names that no bundled boa format restricts."""
    return card_names(db, "boa", ("monster", "spell"), exclude=RESTRICTED)


@pytest.fixture
def limitbreak_names(db):
    return card_names(db, "boa", ("limitbreak",), exclude=RESTRICTED)


def deck(main_names, main=50, limitbreak=(), side=(), extra_main=()):
    """A boa deck: ``main`` filler cards (plus ``extra_main`` lines), and the given limitbreak and side lines."""
    lines = list(extra_main)
    filler = [n for n in main_names if n not in {line[1] for line in lines}]
    lines += fill(filler, main - sum(line[0] for line in lines))
    return {"main": lines, "limitbreak": list(limitbreak), "side": list(side)}


def test_the_example_deck_is_legal(db, main_names):
    zones = deck(
        main_names,
        extra_main=[(4, "Ember Whelp"), (2, "Fireball"), (1, "Worldbreaker")],
        limitbreak=[(2, "Ashen Titan")],
        side=[(3, "Frost Ward")],
    )
    assert problems(db, "boa", zones) == []
    assert problems(db, "boa", zones, "boa-advanced") == []


@pytest.mark.parametrize("size", [50, 60])
def test_main_deck_at_its_bounds_passes(db, main_names, size):
    assert problems(db, "boa", deck(main_names, size)) == []


@pytest.mark.parametrize("size", [49, 61])
def test_main_deck_out_of_bounds_breaks_main_size(db, main_names, size):
    found = problems(db, "boa", deck(main_names, size))
    assert rules(found) == {"main-size"}
    assert found[0].zone == "main" and f"has {size} cards" in found[0].message and "50–60" in found[0].message


def test_limitbreak_deck_of_20_passes_and_21_breaks_limitbreak_size(db, main_names, limitbreak_names):
    assert problems(db, "boa", deck(main_names, limitbreak=fill(limitbreak_names, 20))) == []
    found = problems(db, "boa", deck(main_names, limitbreak=fill(limitbreak_names, 21)))
    assert rules(found) == {"limitbreak-size"}
    assert found[0].zone == "limitbreak"


def test_side_deck_of_20_passes_and_21_breaks_side_size(db, main_names):
    side_names = main_names[13:]  # the main deck of 50 uses the first 13 names
    assert problems(db, "boa", deck(main_names, side=fill(side_names, 20))) == []
    found = problems(db, "boa", deck(main_names, side=fill(side_names, 21)))
    assert rules(found) == {"side-size"}
    assert found[0].zone == "side"


def test_four_copies_pass_and_a_fifth_in_the_side_deck_breaks_copy_limit(db, main_names):
    four = deck(main_names, extra_main=[(4, "Fireball")])
    assert problems(db, "boa", four) == []
    five = deck(main_names, extra_main=[(4, "Fireball")], side=[(1, "Fireball")])
    found = problems(db, "boa", five)
    assert rules(found) == {"copy-limit"}
    (problem,) = found
    assert problem.cards == ["Fireball"] and problem.line == 1 and problem.zone == "main"
    assert "5 copies" in problem.message and "Side Deck 1" in problem.message
    assert problem.as_dict()["count"] == 5 and problem.as_dict()["max"] == 4


def test_copy_limit_counts_the_limitbreak_deck_too(db, main_names):
    zones = deck(main_names, limitbreak=[(3, "Ashen Titan")], side=[(2, "Ashen Titan")])
    assert rules(problems(db, "boa", zones)) == {"copy-limit"}


def test_copy_limit_counts_a_name_across_lines_and_printings(db, main_names):
    zones = deck(main_names, extra_main=[(3, "ember whelp"), (2, "Ember Whelp", "S01", "001")])
    found = problems(db, "boa", zones)
    assert rules(found) == {"copy-limit"} and found[0].cards == ["Ember Whelp"]


def test_a_limitbreak_monster_in_the_main_deck_breaks_zone_kind(db, main_names):
    found = problems(db, "boa", deck(main_names, extra_main=[(1, "Ashen Titan")]))
    assert rules(found) == {"zone-kind"}
    (problem,) = found
    assert problem.cards == ["Ashen Titan"] and problem.zone == "main" and problem.line == 1


def test_a_monster_in_the_limitbreak_deck_breaks_zone_kind(db, main_names):
    found = problems(db, "boa", deck(main_names, limitbreak=[(1, "Gloom Bat")]))
    assert rules(found) == {"zone-kind"} and found[0].zone == "limitbreak"


def test_the_side_deck_may_hold_every_kind(db, main_names):
    side = [(1, "Ashen Titan"), (1, "Frost Ward"), (1, "Gloom Bat")]
    assert problems(db, "boa", deck(main_names, side=side)) == []


def test_a_banned_card_breaks_banned(db, main_names):
    zones = deck(main_names, side=[(1, "Aeon Sphinx")])
    assert problems(db, "boa", zones) == []  # legal in standard
    found = problems(db, "boa", zones, "boa-advanced")
    assert rules(found) == {"banned"}
    assert found[0].cards == ["Aeon Sphinx"] and found[0].zone == "side"


@pytest.mark.parametrize(("card", "limit"), [("Worldbreaker", 1), ("Arcane Insight", 2)])
def test_restricted_cards_pass_at_their_limit_and_break_restricted_above(db, main_names, card, limit):
    at_limit = deck(main_names, extra_main=[(limit, card)])
    assert problems(db, "boa", at_limit, "boa-advanced") == []
    above = deck(main_names, extra_main=[(limit, card)], side=[(1, card)])
    found = problems(db, "boa", above, "boa-advanced")
    assert rules(found) == {"restricted"}
    assert found[0].cards == [card] and f"restricted to {limit}" in found[0].message


def test_a_restricted_list_names_cards_by_any_spelling(db, main_names, tmp_path):
    path = write_format(tmp_path, "event", extends="boa-advanced", card_limits={"FIREBALL": 1})
    found = problems(db, "boa", deck(main_names, extra_main=[(2, "Fireball")]), path)
    assert rules(found) == {"restricted"}


@pytest.fixture
def other_set(db, tmp_path):
    """A second boa set, X01, holding one monster."""
    from deckcli.cards.importer import import_cardsets

    card = {
        "number": "1", "name": "Outland Raider", "kind": "monster", "cost": 2, "attack": 2, "health": 2,
        "element": "Fire", "group": "Natural", "subgroup": "Beast", "text": "Vanilla.",
    }
    path = tmp_path / "x01.json"
    path.write_text(json.dumps({"game": "boa", "set": {"code": "X01", "name": "Test expansion"}, "cards": [card]}))
    try:
        import_cardsets(db, [str(path)])
    except Exception as exc:  # the card schema may want other fields; show what
        pytest.fail(f"test set does not import: {exc}")
    return "Outland Raider"


def test_a_card_from_a_set_the_format_does_not_list_breaks_set_not_legal(db, main_names, tmp_path, other_set):
    path = write_format(tmp_path, "s01-only", extends="boa-standard", legal_sets=["S01"])
    assert problems(db, "boa", deck(main_names), path) == []
    zones = deck(main_names, extra_main=[(1, other_set)])
    assert problems(db, "boa", zones) == []  # every set is legal in standard
    found = problems(db, "boa", zones, path)
    assert rules(found) == {"set-not-legal"}
    assert found[0].cards == [other_set] and found[0].line == 1 and "X01" in found[0].message


# -- between-rounds side exchange -----------------------------------------------------------------------
def _match_decks(db, main_names, moved_in=(), moved_out=()):
    base = fill(main_names, 52)
    side = [(3, "Frost Ward"), (2, "Ashen Titan")]
    original = resolve(db, "boa", {"main": base, "limitbreak": [(2, "Maelstrom Hydra")], "side": side})
    return original, base, side


def test_moving_cards_between_main_and_side_is_a_legal_exchange(db, main_names):
    original, base, side = _match_decks(db, main_names)
    first_count, first_name = base[0]
    new_main = [(first_count - 2, first_name), *base[1:], (2, "Frost Ward")]
    new_side = [(2, first_name), (1, "Frost Ward"), (2, "Ashen Titan")]
    new = resolve(db, "boa", {"main": new_main, "limitbreak": [(2, "Maelstrom Hydra")], "side": new_side})
    assert check_deck(original) == []
    assert check_side_exchange(original, new) == []


def test_the_limitbreak_deck_takes_no_part_in_an_exchange(db, main_names):
    # GAMES.md: cards are exchanged between main and side; counts across main + side stay the same
    original, base, side = _match_decks(db, main_names)
    new = resolve(db, "boa", {"main": base, "limitbreak": [(2, "Maelstrom Hydra"), (2, "Ashen Titan")], "side": side[:1]})
    found = check_side_exchange(original, new)
    assert rules(found) == {"side-exchange"}
    assert all(p.cards == ["Ashen Titan"] for p in found)
    assert any("Main Deck + Side Deck" in p.message for p in found)
    assert any("Limitbreak Deck" in p.message and "no part" in p.message for p in found)


def test_changing_a_card_count_breaks_side_exchange(db, main_names):
    original, base, side = _match_decks(db, main_names)
    new = resolve(db, "boa", {"main": base, "limitbreak": [(2, "Maelstrom Hydra")], "side": [(2, "Frost Ward"), (2, "Ashen Titan"), (1, "Counterspell")]})
    found = check_side_exchange(original, new)
    assert rules(found) == {"side-exchange"}
    assert set(found[0].cards) == {"Frost Ward", "Counterspell"}
    assert "'Frost Ward' 3 -> 2" in found[0].message and "'Counterspell' 0 -> 1" in found[0].message


def test_an_exchange_must_leave_a_legal_deck(db, main_names):
    original, base, side = _match_decks(db, main_names)
    # all 3 Frost Ward and 2 Ashen Titan go in: counts unchanged, but a limitbreak monster lands in the main deck
    new = resolve(db, "boa", {"main": [*base, (3, "Frost Ward"), (2, "Ashen Titan")], "limitbreak": [(2, "Maelstrom Hydra")]})
    assert rules(check_side_exchange(original, new)) == {"zone-kind"}


def test_an_exchange_against_another_games_deck_says_so_once_instead_of_listing_every_card(db, main_names):
    original, base, side = _match_decks(db, main_names)
    other = resolve(db, "sfb", {"champions": [(1, "Kilgore"), (1, "Lil'Y"), (1, "Gwaien")]})
    found = check_side_exchange(original, other)
    assert [(p.rule, p.message) for p in found] == [("side-exchange", "the original deck is a boa deck, this one sfb")]
