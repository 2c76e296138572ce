"""A format naming no ``draw_zone`` draws from the games' main deck, found in the data (the first zone every game
has that holds cards of its own), not from a literal in code."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py
from deckcli.games import registry
from deckcli.legality.formats import load_format


def test_the_default_zone_is_the_zone_every_game_shares():
    assert registry.default_zone() == "main"
    assert all("main" in game.zones for game in registry.games().values())


def test_a_format_without_a_draw_zone_draws_from_the_main_deck(tmp_path):
    doc = json.loads((paths.REPO / "carddb" / "boa" / "formats" / "boa-standard.json").read_text(encoding="utf-8"))
    del doc["draw_zone"]
    doc["name"], doc["default"] = "no-draw-zone", False
    path = tmp_path / "no-draw-zone.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert load_format(str(path)).draw_zone == "main"
