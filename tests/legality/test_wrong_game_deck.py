"""A deck of another game is one ``wrong-game`` problem saying which game its cards are of, with the count (the names
in ``--json``), not one near-identical row per line; a stray card of another game is still named on its line."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py

#: The card lines of the boa example, without its metadata or sections: 21 boa cards, and Fireball, which aqa has too.
LINES = [
    line
    for line in (paths.REPO / "examples" / "ember-rush.txt").read_text(encoding="utf-8").splitlines()
    if line[:1].isdigit()
]
ONE = (
    "21 lines (61 cards) name Battle of Aeons (boa) cards, not Aquarian Age (aqa) ones: this looks like a deck for boa"
)


def _deck(tmp_path, lines):
    path = tmp_path / "deck.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_a_deck_of_another_game_is_one_problem_naming_that_game(run, tmp_path):
    path = _deck(tmp_path, LINES)
    result = run("validate", path, "--game", "aqa")
    assert result.exit_code == 1
    rows = [row for row in result.stdout.splitlines() if row.startswith("wrong-game")]
    assert len(rows) == 1 and rows[0].endswith(f"1       {ONE}")
    (report,) = json.loads(run("validate", path, "--game", "aqa", "--json").stdout)
    (problem,) = [p for p in report["problems"] if p["rule"] == "wrong-game"]
    assert problem["message"] == ONE and (problem["game"], problem["count"], problem["line"]) == ("boa", 61, 1)
    assert problem["cards"][:2] == ["Ember Whelp", "Cinder Imp"] and len(problem["cards"]) == 21
    assert "Fireball" not in problem["cards"] and problem["lines"] == [n for n in range(1, 23) if n != 11]


def test_commands_that_need_every_card_say_it_once(run, tmp_path):
    result = run("deck", "import", _deck(tmp_path, LINES), "--game", "aqa")
    assert result.exit_code == 1
    assert f"deck.txt: line 1: [wrong-game] {ONE}\n" in result.stderr and result.stderr.count("[wrong-game]") == 1


def test_a_few_cards_of_another_game_are_named_each_on_its_line(run, tmp_path):
    (report,) = json.loads(run("validate", _deck(tmp_path, [*LINES, "1 Kilgore", "1 Lil'Y"]), "--json").stdout)
    wrong = [(p["line"], p["message"]) for p in report["problems"] if p["rule"] == "wrong-game"]
    assert wrong == [(23, "'Kilgore' is a card of Super Fantasy Brawl (sfb), not of Battle of Aeons (boa)"),
                     (24, "\"Lil'Y\" is a card of Super Fantasy Brawl (sfb), not of Battle of Aeons (boa)")]
