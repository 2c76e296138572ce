"""``event publish --anonymous`` holds no player's name, id or registration time anywhere, nor a deck name made from
them, and numbers the decks in an order no name decides. (Before: a deck without a ``Name:`` line was named after
its file or form row, the player's name, on every page and in decks.json and decks.csv, and equal decks were
numbered in their players' alphabetical order.)"""

from __future__ import annotations

import csv
import json

import pytest

import paths  # tests/support/paths.py

EMBER = paths.EXAMPLES / "ember-rush.txt"
UNNAMED = "".join(line for line in EMBER.read_text(encoding="utf-8").splitlines(True) if not line.startswith("Name:"))


@pytest.fixture
def cup(run):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    return "Cup"


def _unnamed(folder, stem: str, name: str | None = None):
    """Ember Rush in a file ``stem.txt``, with no ``Name:`` line (or ``Name: name``); no ``Player:`` line either."""
    folder.mkdir(exist_ok=True)
    text = UNNAMED.replace("Player: Sam Example\n", "")
    path = folder / f"{stem}.txt"
    path.write_text(f"Name: {name}\n{text}" if name else text, encoding="utf-8")
    return path


def test_an_anonymous_site_names_no_player_anywhere(run, cup, tmp_path):
    _unnamed(tmp_path / "folder", "Zelda Quinn")  # event import of a folder: the player is the file name
    form = tmp_path / "form.csv"
    with form.open("w", newline="", encoding="utf-8") as out:
        csv.writer(out).writerows([["Player", "ID", "Decklist"], ["Sam Example", "99887766", UNNAMED]])
    assert run("event", "import", cup, tmp_path / "folder").exit_code == 0
    assert run("event", "import", cup, form).exit_code == 0
    quincy = _unnamed(tmp_path / "files", "quincy-adams")
    assert run("event", "register", cup, "Quincy Adams", quincy, "--player-id", "55443322").exit_code == 0
    assert run("event", "register", cup, "Ann Lee", EMBER, "--player-id", "11223344").exit_code == 0
    rows = json.loads(run("event", "status", cup, "--json").stdout)
    assert [r["deck"] for r in rows] == ["Zelda Quinn", "Sam Example", "quincy-adams", "Ember Rush"]
    times = [r["registered_at"] for r in rows]

    site = tmp_path / "site"
    assert run("event", "publish", cup, "-o", site, "--anonymous").exit_code == 0
    secrets = ["Zelda", "Quinn", "Sam Example", "99887766", "Quincy", "quincy", "Adams", "Ann Lee", "11223344",
               "55443322", *times, *(t.replace("T", " ")[:16] for t in times)]
    files = sorted(site.iterdir())
    assert [p.name for p in files] == [".deckcli-site.json", "deck-player-1.html", "deck-player-2.html",
                                       "deck-player-3.html", "deck-player-4.html", "decks.csv", "decks.json",
                                       "index.html"]
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert [s for s in secrets if s in text] == [], path.name
    decks = json.loads((site / "decks.json").read_text(encoding="utf-8"))
    assert [(d["player"], d["deck"]) for d in decks] == [
        ("Player 1", "Player 1's deck"), ("Player 2", "Player 2's deck"), ("Player 3", "Player 3's deck"),
        ("Player 4", "Ember Rush")]  # a name the decklist gives is kept
    assert "<h1>Player 1&#39;s deck</h1>" in (site / "deck-player-1.html").read_text(encoding="utf-8")
    assert "<td>Ember Rush</td>" in (site / "index.html").read_text(encoding="utf-8")


def _numbering(run, cup, tmp_path, registrations) -> list[tuple[str, str]]:
    """(shown player, deck) of the anonymous site after registering (player, deck name or None) in that order."""
    for player, name in registrations:
        deck = _unnamed(tmp_path / player, "deck", name)
        assert run("event", "register", cup, player, deck).exit_code == 0
    site = tmp_path / "site"
    assert run("event", "publish", cup, "-o", site, "--anonymous").exit_code == 0
    return [(d["player"], d["deck"]) for d in json.loads((site / "decks.json").read_text(encoding="utf-8"))]


@pytest.mark.parametrize("registrations", [
    [("Aaron", "Zulu Rush"), ("Zed", "Alpha Rush")],
    [("Zed", "Alpha Rush"), ("Aaron", "Zulu Rush")],
    [("Aaron", "Alpha Rush"), ("Zed", "Zulu Rush")],
    [("Zed", "Zulu Rush"), ("Aaron", "Alpha Rush")],
])
def test_equal_decks_are_numbered_by_what_their_pages_show_not_by_who_registered_them(run, cup, tmp_path,
                                                                                      registrations):
    assert _numbering(run, cup, tmp_path, registrations) == [("Player 1", "Alpha Rush"), ("Player 2", "Zulu Rush")]


@pytest.mark.parametrize("players", [("Aaron", "Zed"), ("Zed", "Aaron")])
def test_equal_unnamed_decks_get_pages_that_differ_only_in_their_number(run, cup, tmp_path, players):
    shown = _numbering(run, cup, tmp_path, [(p, None) for p in players])
    assert shown == [("Player 1", "Player 1's deck"), ("Player 2", "Player 2's deck")]
    first, second = ((tmp_path / "site" / f"deck-player-{n}.html").read_text(encoding="utf-8") for n in (1, 2))
    assert first.replace("Player 1", "Player 2") == second
