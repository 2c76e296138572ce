"""Format files: the schema, the bundled formats and their numbers, ``extends``, and organisers' own files."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from deckcli.cards.index import CardIndex
from deckcli.errors import DeckcliError, InputError
from deckcli.legality.checks import CHECKS
from deckcli.legality.format import Champions, CopyLimit, FormatZone, NameLimit
from deckcli.legality.formats import default_format, list_formats, load_format
from deckcli.legality.opening import OpeningRules
from deckcli.legality.rules import card_limit_keys
from deckcli.storage.location import bundled_format_files, schemas_dir
from deckcli.validation.jsonschemas import schema_errors
from rules_support import write_format

ROOT_FORMATS = paths.REPO / "carddb" / "boa" / "formats"

SCHEMA = "format.schema.json"


def _schema():
    return json.loads((schemas_dir() / SCHEMA).read_text(encoding="utf-8"))


def test_the_schema_is_a_valid_draft_2020_12_schema():
    from jsonschema import Draft202012Validator

    schema = _schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "https://deckcli.dev/schemas/format.schema.json"
    assert schema["additionalProperties"] is False


def test_every_property_of_the_schema_is_described():
    undescribed = []

    def walk(node, path):
        if isinstance(node, dict):
            for key, sub in node.get("properties", {}).items():
                if "description" not in sub:
                    undescribed.append(f"{path}/{key}")
            for key, sub in node.items():
                walk(sub, f"{path}/{key}")
        elif isinstance(node, list):
            for i, sub in enumerate(node):
                walk(sub, f"{path}/{i}")

    walk(_schema(), "")
    assert undescribed == []


def test_the_schema_lists_exactly_the_named_checks_the_code_has():
    assert set(_schema()["properties"]["checks"]["items"]["enum"]) == set(CHECKS)


@pytest.mark.parametrize("path", bundled_format_files(), ids=lambda p: p.stem)
def test_every_bundled_format_file_is_valid_and_named_after_its_file(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    assert schema_errors(SCHEMA, doc, path.name) == []
    assert doc["name"] == path.stem and path.stem.startswith(path.parent.parent.name + "-")
    fmt = load_format(path.stem)
    assert fmt.game == path.parent.parent.name and fmt.zones and fmt.opening and fmt.opening.mulligan


def test_the_bundled_formats_and_their_defaults():
    names = {f.name for f in list_formats()}
    assert {"boa-standard", "boa-advanced", "aqa-standard", "aqa-extreme", "aqa-yome",
            "sfb-standard", "sfb-4p", "sfb-pool"} <= names
    assert [default_format(g).name for g in ("boa", "aqa", "sfb")] == ["boa-standard", "aqa-standard", "sfb-standard"]
    assert [f.name for f in list_formats() if f.is_default] == ["aqa-standard", "boa-standard", "sfb-standard"]


def test_the_numbers_of_the_rules():
    boa = load_format("boa-standard")
    assert {z: (s.min, s.max, s.size_rule) for z, s in boa.zones.items()} == {
        "main": (50, 60, "main-size"), "limitbreak": (0, 20, "limitbreak-size"), "side": (0, 20, "side-size")}
    assert boa.zones["limitbreak"].kinds == ("limitbreak",) and not boa.zones["main"].holds("limitbreak")
    assert boa.copy_limit == CopyLimit(max=4, zones=("main", "limitbreak", "side"))
    assert boa.opening == OpeningRules(hand_size=6, mulligan="full-redraw", draws_per_turn=1, first_turn_draw="second-player",
                                       opponent_mulligan_cards=1)  # the opponent of a player who redrew starts with 1 more
    aqa = load_format("aqa-standard")
    assert (aqa.zones["main"].min, aqa.zones["main"].max, aqa.copy_limit and aqa.copy_limit.max) == (40, 40, 4)
    assert aqa.opening == OpeningRules(hand_size=7, mulligan="second-player-redraw", draws_per_turn=1, first_turn_draw="both")
    sfb = load_format("sfb-standard")
    assert (sfb.zones["main"].min, sfb.zones["main"].max, sfb.champions) == (18, 18, Champions(count=3, cards_each=6))
    assert sfb.opening == OpeningRules(hand_size=5, mulligan="partial-redraw", draws_per_turn=5, first_turn_draw="none",
                                       new_hand_each_turn=True)  # each round a fresh hand of 5
    four, pool = load_format("sfb-4p"), load_format("sfb-pool")
    assert four.opening and four.opening.hand_size == 4 and four.champions and four.champions.count == 2
    assert pool.champions and pool.champions.count == 5 and pool.zones["main"].max == 30
    yome = load_format("aqa-yome")
    assert yome.name_limit == NameLimit(max=0, declared_max=12, meta_key=None)  # another ネーム: not allowed (GAMES.md, revised)
    assert yome.checks == ("name-limit", "name-required")


def test_extends_merges_zone_by_zone_and_does_not_inherit_default():
    four = load_format("sfb-4p")
    assert four.zones["main"] == FormatZone("main", label="Action Deck", min=12, max=12, kinds=("action",), rule="deck-size")
    assert four.checks == ("champion-set",) and not four.is_default
    advanced = load_format("boa-advanced")
    assert advanced.zones == load_format("boa-standard").zones and advanced.card_limits


@pytest.mark.parametrize(("name", "game"), [("boa-advanced", "boa"), ("aqa-extreme", "aqa")])
def test_sample_restricted_lists_name_real_cards_at_0_1_and_2(db, name, game):
    fmt = load_format(name)
    index = CardIndex(db, game)
    limits, unknown = card_limit_keys(fmt, index)
    assert unknown == []
    assert set(limits.values()) == {0, 1, 2}
    assert "sample" in (fmt.description or "").lower()


def test_an_organisers_format_file_extends_a_bundled_one(tmp_path):
    path = write_format(tmp_path, "spring-open", extends="boa-standard", card_limits={"Fireball": 0})
    fmt = load_format(path)
    assert fmt.name == "spring-open" and fmt.game == "boa" and fmt.zones["main"].min == 50
    with pytest.raises(InputError, match="is for boa, not aqa"):
        load_format(path, "aqa")


# "is a required property" and "was unexpected" keep jsonschema's wording in deckcli's own messages, and
# '"paris" is not one of:' is deckcli's enum wording (deckcli/validation/schemamessages.py).
@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "boa", "opening": {"hand_size": 6}}, "'zones' is a required property"),
        ({"extends": "boa-standard", "zones": {"main": {"min": -1}}}, "$.zones.main.min"),
        ({"extends": "boa-standard", "opening": {"mulligan": "paris"}}, '"paris" is not one of:'),
        ({"extends": "boa-standard", "checks": ["no-such-check"]}, "$.checks[0]"),
        ({"extends": "boa-standard", "banlist": ["Fireball"]}, "'banlist' was unexpected"),
        ({"extends": "boa-standard", "card_limits": {"Fireball": -1}}, "$.card_limits.Fireball"),
    ],
)
def test_a_bad_format_file_is_an_error_naming_the_place(tmp_path, fields, message):
    path = write_format(tmp_path, "bad", **fields)
    with pytest.raises(InputError) as info:
        load_format(path)
    assert message in str(info.value) and "bad.json" in str(info.value)


def test_a_check_without_its_data_is_a_clear_error(db, tmp_path):
    from rules_support import problems

    path = write_format(tmp_path, "broken", extends="boa-standard", checks=["champion-set"])
    with pytest.raises(DeckcliError, match="the check 'champion-set' needs 'champions'"):
        problems(db, "boa", {"main": [(4, "Fireball")]}, path)


@pytest.mark.parametrize(
    "override, fragment",
    [
        ({"zones": {"main": {"min": 61, "max": 60}}}, "$.zones.main: min 61 is above max 60"),
        ({"draw_zone": "deck"}, "$.draw_zone: no zone 'deck'"),
        ({"copy_limit": {"max": 4, "zones": ["main", "extra"]}}, "$.copy_limit.zones: no zone 'extra'"),
        ({"checks": ["name-limit"]}, "the check 'name-limit' needs 'name_limit'"),
        ({"checks": ["name-limit"], "name_limit": {"max": 4, "declared_max": 12}},
         "the check 'name-limit' needs the game hook 'name-level', which boa does not use"),
        ({"zones": {"extra": {"label": "Extra Deck", "min": 0, "max": 15}}},
         "$.zones.extra: boa has no zone 'extra' (its zones: main, limitbreak, side, maybe); a zone is declared in carddb/boa/game.json"),
    ],
)
def test_inconsistent_formats_are_refused_when_loaded(tmp_path, override, fragment):
    import json

    from deckcli.errors import InputError
    from deckcli.legality.formats import load_format

    path = tmp_path / "event.json"
    path.write_text(json.dumps({"name": "event", "game": "boa", "extends": "boa-standard", **override}), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_format(str(path))
    assert fragment in str(info.value)


def test_a_format_of_an_unknown_game_names_the_known_games(tmp_path):
    import json

    from deckcli.errors import InputError
    from deckcli.legality.formats import load_format

    doc = json.loads((ROOT_FORMATS / "boa-standard.json").read_text(encoding="utf-8"))
    doc.update(name="elsewhere", game="xyz")
    doc.pop("default")
    path = tmp_path / "elsewhere.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_format(str(path))
    assert f"{path}: $.game: unknown game 'xyz'; known games: aqa, boa, sfb" in str(info.value)
