"""One name for a zone everywhere (rule messages, ``deck show``, routing notes, event sheets): the format's label,
else the game's title for the zone, else ``<zone> zone`` for a zone the game does not have."""

from __future__ import annotations

import pages_support as ps
import paths  # tests/support/paths.py
from deckcli.events.sheets import sheets_html

AQA_WITH_SIDE = "Name: W\nGame: aqa\n4 Honoo no Majutsushi\nSide\n1 Koori no Majo\n"


def test_the_formats_label_comes_first_on_an_event_sheet(db):
    ev = ps.event("sfb", fmt="sfb-pool")
    team = ps.register(db, ev, "Ann", (paths.EXAMPLES / "team-shadows.txt").read_text(encoding="utf-8"))
    html = sheets_html(db, ev, [team])
    assert "<h2>Champion Pool (18)</h2>" in html  # sfb-pool's label, not the game's "Action Deck"
    assert "Action Deck" not in html


def test_a_zone_the_format_lacks_takes_the_games_title(run, tmp_path):
    deck = tmp_path / "w.txt"
    deck.write_text(AQA_WITH_SIDE, encoding="utf-8")
    checked = run("validate", deck)
    assert checked.exit_code == 1
    assert "aqa-standard has no Side Deck (its zones: main); remove '氷の魔女'" in checked.stdout
    assert run("deck", "import", deck).exit_code == 0
    shown = run("deck", "show", "W")
    assert shown.exit_code == 0, shown.output
    assert "\nDeck (4, exactly 40)\n" in shown.stdout and "\nSide Deck (1)\n" in shown.stdout
    assert "[zone-kind] aqa-standard has no Side Deck" in shown.stdout


def test_a_zone_the_game_lacks_is_named_by_its_name(run, tmp_path):
    deck = tmp_path / "s.txt"
    deck.write_text("Game: sfb\nChampions\nKilgore\nSide\n1 Flank\n", encoding="utf-8")
    checked = run("validate", deck)
    assert checked.exit_code == 1
    assert "Action Deck has 6 cards; sfb-standard needs exactly 18" in checked.stdout
    assert "sfb-standard has no side zone (its zones: main); remove 'Flank'" in checked.stdout
