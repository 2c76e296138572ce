"""Problems found while reading a deck (unknown-card, wrong-game, parse) come with the rule problems, each once."""

from __future__ import annotations

import pytest

from deckcli.decklists.model import ParseProblem
from deckcli.legality.resolve import Resolver
from deckcli.legality.rules import check_deck
from rules_support import card_names, decklist, fill, problems, rules


@pytest.fixture
def main50(db):
    names = card_names(db, "boa", ("monster", "spell"), exclude=("Fireball", "Aeon Sphinx", "Worldbreaker"))
    return fill(names, 46)


def test_an_unknown_card_is_reported_once_with_the_closest_names(db, main50):
    found = problems(db, "boa", {"main": [*main50, (4, "Fireblal")]})
    assert rules(found) == {"unknown-card"}  # its 4 cards still count: the main deck has 50
    (problem,) = found
    assert problem.cards == ["Fireblal"] and problem.zone == "main" and problem.line == len(main50) + 1
    assert "Fireball" in problem.extra["suggestions"] and "did you mean 'Fireball'" in problem.message


def test_a_card_of_another_game_breaks_wrong_game(db, main50):
    found = problems(db, "boa", {"main": [*main50, (4, "Relentless Advance")]})
    assert rules(found) == {"wrong-game"}
    assert found[0].cards == ["Relentless Advance"] and "a card of Super Fantasy Brawl (sfb)" in found[0].message


def test_unreadable_lines_break_parse_and_the_rest_is_checked(db, main50):
    deck = decklist("boa", {"main": [*main50, (4, "Fireball")]})
    deck.problems.append(ParseProblem('expected "COUNT NAME"', line=7))
    found = check_deck(Resolver(db).resolve(deck))
    assert rules(found) == {"parse"} and found[0].line == 7


def test_every_problem_is_reported_not_only_the_first(db, main50):
    zones = {"main": [*main50[:-2], (5, "Fireball"), (1, "Ashen Titan"), (1, "Fireblal")], "limitbreak": [(1, "Gloom Bat")]}
    assert rules(problems(db, "boa", zones, "boa-standard")) == {"main-size", "copy-limit", "zone-kind", "unknown-card"}


def test_a_name_several_cards_answer_to_is_one_problem_on_its_line_and_the_rest_is_checked(db, main50, tmp_path):
    import json

    from deckcli.cards.importer import import_cardsets

    def spell(number, name):
        return {"number": number, "name": name, "kind": "spell", "spell_type": "basic", "cost": 1,
                "aliases": ["Twin Trick"], "text": "Test."}

    path = tmp_path / "x03.json"
    path.write_text(json.dumps({"game": "boa", "set": {"code": "X03", "name": "Test"},
                                "cards": [spell("1", "Left Trick"), spell("2", "Right Trick")]}))
    import_cardsets(db, [str(path)])
    found = problems(db, "boa", {"main": [*main50[:-1], (2, "Twin Trick"), (4, "Fireblal")]})
    assert [p.rule for p in found] == ["unknown-card", "unknown-card"]
    twin = found[0]
    assert twin.cards == ["Twin Trick"] and twin.line == len(main50) and twin.zone == "main"
    assert twin.extra["suggestions"] == ["Left Trick", "Right Trick"] and "several boa cards" in twin.message
