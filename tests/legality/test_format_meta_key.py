"""A format file written before the ネーム key moved to game.json (its ``name_limit.meta_key``) still loads when it
names the game's key, and is refused, saying where the key lives, when it names another."""

import json

import paths  # tests/support/paths.py

DECK = paths.REPO / "tests" / "data" / "decks" / "aqa-yome" / "illegal" / "declared-12-and-two-other-nemu-at-4.txt"
# (legal under this older format, whose other ネーム may fill 4 slots each)


def _format(tmp_path, meta_key: str):
    doc = {"name": "older-yome", "game": "aqa", "extends": "aqa-standard",
           "name_limit": {"max": 4, "declared_max": 12, "meta_key": meta_key}, "checks": ["name-limit"]}
    path = tmp_path / "older-yome.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_an_older_format_naming_the_games_key_loads_and_checks_the_declared_name(run, tmp_path):
    result = run("validate", "--format", _format(tmp_path, "ne-mu"), DECK, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["legal"] is True


def test_an_older_format_naming_another_key_is_refused_naming_the_games_key(run, tmp_path):
    path = _format(tmp_path, "Oshi")
    result = run("validate", "--format", path, DECK)
    assert result.exit_code == 1  # what is inside a --format file is the command's error, in validate as everywhere
    assert (
        f"{path}: $.name_limit.meta_key: 'Oshi' is not the key aqa declares it under ('Ne-mu', in "
        "carddb/aqa/game.json); remove meta_key: the key is the game's"
    ) in result.stderr
