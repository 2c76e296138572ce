"""The deck ``odds``, ``simulate``, ``hand`` and ``curve`` deal from: its format's draw zone, refused when empty; the
rules it breaks are named in a warning by the commands that deal hands (``curve`` only counts, and says nothing)."""

from __future__ import annotations

import paths  # tests/support/paths.py


def test_a_deck_with_nothing_in_its_draw_zone_is_refused(run, db, tmp_path):
    deck = tmp_path / "side-only.txt"
    deck.write_text("Game: boa\nSide\n2 Frost Ward\n", encoding="utf-8")
    for command in (["odds", deck, "--want", "1+ kind=spell"], ["curve", deck]):
        result = run(*command)
        assert result.exit_code == 1, result.output
        assert "side-only.txt: no cards in the main zone to draw from" in result.stderr


def test_only_the_commands_that_deal_warn_of_an_illegal_deck(run, db):
    deck = paths.DATA / "decks" / "boa-standard" / "illegal" / "main-49.txt"
    dealt = run("hand", deck, "--seed", "1")
    assert dealt.exit_code == 0, dealt.output
    assert "warning: main-49.txt is not legal in boa-standard (main-size); the figures are for the deck as it is" in dealt.stderr
    counted = run("curve", deck)
    assert counted.exit_code == 0 and counted.stderr == ""
    assert "cost" in counted.stdout
