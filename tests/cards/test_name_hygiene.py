"""Card names are one line of printable text: the card schemas refuse control characters with the JSON path,
and invisible characters pasted into a name (zero-width, direction marks) do not make it unknown."""

from __future__ import annotations

import json

import pytest

import paths
from dbdump import table_snapshot
from deckcli.names import name_key

MESSAGE = ("is not allowed: a tab, line break or other control character (U+0000-U+001F, U+007F-U+009F, U+2028,"
           " U+2029) or a bidirectional control (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069): a name is one"
           " line of printable text")


def _set_file(tmp_path, game: str, change) -> str:
    source = {"boa": "boa/sample.json", "aqa": "aqa/sample.json", "sfb": "sfb/core.json"}[game]
    doc = json.loads((paths.REPO / "carddb" / source).read_text(encoding="utf-8"))
    doc["set"]["code"] = "Z01"
    change(doc["cards"])
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("game", ["boa", "aqa", "sfb"])
@pytest.mark.parametrize("field, bad, where, shown", [
    ("name", "Tab\tName", "name", '"Tab\\tName"'),
    ("name", "Line\u2028Separator", "name", '"Line\\u2028Separator"'),
    ("name", "Para\u2029graph", "name", '"Para\\u2029graph"'),
    ("name", "Two\nLines", "name", '"Two\\nLines"'),
    ("name", "Delete\x7f", "name", '"Delete\\u007f"'),
    ("name", "Next\x85Line", "name", '"Next\\u0085Line"'),
    ("aliases", ["fine", "bad\r"], "aliases[1]", '"bad\\r"'),
    ("names", {"en": "Bell\x07"}, "names.en", '"Bell\\u0007"'),
])
def test_control_characters_in_names_are_refused_with_the_json_path(run, db, tmp_path, game, field, bad, where, shown):
    def change(cards):
        cards[0][field] = bad

    path = _set_file(tmp_path, game, change)
    before = table_snapshot(db)
    result = run("cards", "import", path)
    assert result.exit_code == 1
    assert f"{path}: $.cards[0].{where}: {shown} {MESSAGE}\n" in result.output
    assert result.stderr.endswith("Error: 1 problem found; nothing was imported\n")
    assert table_snapshot(db) == before


def test_the_schemas_agree_with_common_schema():
    """common.schema.json holds the definitions the card schemas copy inline: the same rule in all four."""
    schemas = paths.REPO / "schemas"
    common = json.loads((schemas / "common.schema.json").read_text(encoding="utf-8"))["$defs"]
    rule = common["name"]["not"]
    assert common["names"]["additionalProperties"]["not"] == rule and common["aliases"]["items"]["not"] == rule
    for game in ("boa", "aqa", "sfb"):
        card = json.loads((schemas / f"card-{game}.schema.json").read_text(encoding="utf-8"))
        fields = card["$defs"]["cards"]["items"]["properties"]
        assert fields["name"]["not"] == rule
        assert fields["names"]["additionalProperties"]["not"] == rule and fields["aliases"]["items"]["not"] == rule


@pytest.mark.parametrize("pasted", [
    "Ember\u200b Whelp", "\u200fEmber Whelp\u200e", "Em\u00adber Whelp", "\ufeffEmber Whelp", "Ember\u2060 Whelp",
    "\u202bEmber Whelp\u202c", "\u2066Ember Whelp\u2069", "Ember Wh\u200delp",
])
def test_invisible_characters_are_dropped_from_name_keys(run, pasted):
    assert name_key(pasted) == name_key("Ember Whelp") == "ember whelp"
    shown = run("cards", "show", pasted)
    assert shown.exit_code == 0 and "Ember Whelp" in shown.stdout


def test_a_decklist_with_invisible_characters_resolves(run, tmp_path):
    text = (paths.EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8")
    deck = tmp_path / "pasted.txt"
    deck.write_text(text.replace("Ember Whelp", "\u200bEmber\u200e Whelp"), encoding="utf-8")
    result = run("validate", deck, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["legal"] is True
