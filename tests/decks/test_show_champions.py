"""``deck show`` of a deck whose cards stand under leaders (an sfb team) names them under the leader kind's title
from the game's data, whether the deck named its champions or listed their action cards one by one; a game
without such leaders shows no such line."""

from __future__ import annotations

import paths  # tests/support/paths.py

SFB = paths.REPO / "tests" / "data" / "decks" / "sfb-standard" / "legal"


def _head(run, name: str) -> list[str]:
    shown = run("deck", "show", name)
    assert shown.exit_code == 0, shown.output
    return shown.stdout.splitlines()[:5]


def test_an_sfb_deck_shows_its_three_champions(run):
    assert run("deck", "import", SFB / "team-of-three.txt", "--name", "Team").exit_code == 0
    assert _head(run, "Team") == [
        "Team", "Game: sfb (Super Fantasy Brawl)", "Format: sfb-standard", "Champions: Kilgore, Al'kemi, Deryn", ""
    ]


def test_a_team_listed_card_by_card_names_its_champions_too(run):
    assert run("deck", "import", SFB / "team-listed-card-by-card.txt", "--name", "Listed").exit_code == 0
    assert _head(run, "Listed")[3] == "Champions: Kilgore, Al'kemi, Deryn"


def test_a_boa_deck_has_no_champions_line(run):
    assert run("deck", "import", paths.EXAMPLES / "ember-rush.txt", "--name", "Rush").exit_code == 0
    assert not any(line.startswith("Champions") for line in _head(run, "Rush"))
