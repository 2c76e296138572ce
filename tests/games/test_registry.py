"""The game registry: games read from carddb/<game>/game.json, checked by schemas/game.schema.json."""

from __future__ import annotations

import json
import shutil

import pytest

import paths  # tests/support/paths.py
from deckcli.errors import GameDataError, NotFoundError
from deckcli.files.jsonfiles import bundled_json
from deckcli.games import registry

#: What the registry keeps per process, cleared around each test that changes its own copy of carddb/.
_CACHES = (registry._game_files, registry.games, registry.zones, registry.section_headers, registry.default_zone, bundled_json)

@pytest.fixture
def carddb(tmp_path, monkeypatch):
    """A private copy of carddb/ the registry reads instead of the bundled one."""
    folder = tmp_path / "carddb"
    shutil.copytree(paths.REPO / "carddb", folder)
    monkeypatch.setattr(registry, "carddb_dir", lambda: folder)
    for cached in _CACHES:
        cached.cache_clear()
    yield folder
    for cached in _CACHES:
        cached.cache_clear()


def test_the_bundled_games():
    assert registry.codes() == ["aqa", "boa", "sfb"]
    assert registry.named("boa") == "Battle of Aeons (boa)"
    assert registry.zone_order() == ("champions", "main", "limitbreak", "side", "maybe")
    assert registry.aside_zones() == {"maybe"} and registry.section_headers()["considering"] == "maybe"
    assert registry.games_by_zone("champions") == {"sfb"} and registry.games_by_zone("limitbreak") == frozenset()
    assert registry.section_headers()["sideboard"] == "side"
    assert registry.pseudo_zones() == {"champions"} and registry.uncounted_zones() == {"champions"}
    boa = registry.game("BOA")
    assert boa.zone_for_kind("limitbreak") == "limitbreak" and boa.zone_for_kind("spell") == "main"
    assert boa.kind_title("limitbreak") == "Limitbreak monsters" and boa.kind_title("relic") == "Relics"
    assert registry.game("sfb").hook_settings("champion-sets")["cards_each"] == 6


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(NotFoundError, match=r"^unknown game 'xyz'; known games: aqa, boa, sfb$"):
        registry.game("xyz")


def test_a_bad_game_file_names_its_json_path(carddb):
    path = carddb / "boa" / "game.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["zones"]["main"]["id"] = "one"
    del doc["title"]
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GameDataError) as info:
        registry.games()
    # The messages after the JSON path are jsonschema's (pinned <5); deckcli writes the file and the path.
    assert len(info.value.problems) == 2
    assert info.value.problems[0] == f"{path}: $: 'title' is a required property"
    assert info.value.problems[1].startswith(f"{path}: $.zones.main.id: ")
    assert str(info.value).startswith("invalid game file:\n")


def test_one_zone_name_keeps_one_deck_code_id_across_games(carddb):
    path = carddb / "aqa" / "game.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["zones"]["side"]["id"] = 7
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(GameDataError) as info:
        registry.games()
    assert info.value.problems == [f"{carddb / 'boa' / 'game.json'}: $.zones.side.id: 3, but aqa gives it 7"]


def test_a_game_names_its_own_card_fields():
    """``Game.card_fields``: the one way to ask which fields a game's cards have (its card schema's and every card's
    ``set``, ``number`` and ``game``), not another game's."""
    boa, sfb = registry.game("boa").card_fields, registry.game("sfb").card_fields
    assert boa["cost"] == "integer" and {"set", "number", "game", "kind"} <= set(boa)
    assert "colour" not in boa and sfb["colour"] == "string"
    assert registry.game("boa").card_fields is boa  # read once per process
