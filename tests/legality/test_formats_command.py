"""``deckcli formats`` lists the bundled formats and ``formats show`` one format's every rule, with the banned and
restricted lists in force on a day; a misspelled ``--format`` name is answered with the closest format."""

from __future__ import annotations

import json

import pytest

from deckcli.cli.main import cli
from paths import EXAMPLES


@pytest.fixture
def deckcli(runner):
    def invoke(*args):
        return runner.invoke(cli, [str(a) for a in args])

    return invoke


def test_formats_lists_every_format_with_zones_copy_limit_and_default(deckcli):
    table = deckcli("formats")
    assert table.exit_code == 0, table.output
    lines = table.stdout.splitlines()
    assert lines[0].split() == ["name", "game", "title", "zones", "copy_limit", "default"]
    boa = next(line for line in lines if line.startswith("boa-standard"))
    assert "main 50-60, limitbreak 0-20, side 0-20" in boa and boa.split()[-2:] == ["4", "yes"]
    listed = json.loads(deckcli("formats", "--game", "boa", "--json").stdout)
    assert listed == [
        {"name": "boa-advanced", "game": "boa", "title": "Battle of Aeons — Advanced",
         "zones": "main 50-60, limitbreak 0-20, side 0-20", "copy_limit": 4, "default": False},
        {"name": "boa-standard", "game": "boa", "title": "Battle of Aeons — Standard",
         "zones": "main 50-60, limitbreak 0-20, side 0-20", "copy_limit": 4, "default": True},
    ]
    csv = deckcli("formats", "--game", "sfb", "--csv")
    assert csv.stdout.splitlines()[:2] == ["name,game,title,zones,copy_limit,default",
                                          "sfb-4p,sfb,Super Fantasy Brawl — 4-player variant,main 12,,no"]


def test_formats_show_gives_the_lists_in_force_on_the_day_and_the_versions(deckcli):
    before = json.loads(deckcli("formats", "show", "boa-advanced", "--date", "2026-05-01", "--json").stdout)
    assert (before["version"], before["banned"]) == (None, ["Aeon Sphinx"])
    assert before["restricted"] == [{"card": "Arcane Insight", "max": 2}, {"card": "Counterspell", "max": 1},
                                    {"card": "Worldbreaker", "max": 2}]
    assert before["copy_limit"] == {"max": 4, "zones": ["main", "limitbreak", "side"]}
    assert [z["zone"] for z in before["zones"]] == ["main", "limitbreak", "side"]
    assert [(v["from"], v["in_force"]) for v in before["versions"]] == [("2026-06-01", False)]
    after = json.loads(deckcli("formats", "show", "boa-advanced", "--date", "2026-06-01", "--json").stdout)
    assert (after["version"], after["banned"]) == ("2026-06-01", ["Aeon Sphinx", "Infernal Dragon Lord"])
    assert after["versions"][0]["in_force"] is True
    shown = deckcli("formats", "show", "boa-advanced", "--date", "2026-05-01")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.startswith("boa-advanced: Battle of Aeons — Advanced (boa, extends boa-standard)\n")
    assert "copy limit: 4 of a name across main, limitbreak, side\n" in shown.stdout
    assert ("card limits on 2026-05-01: its own card limits (before its first dated version)\n"
            "  banned: Aeon Sphinx\n"
            "  restricted: Arcane Insight (2), Counterspell (1), Worldbreaker (2)\n") in shown.stdout


def test_formats_show_reads_a_format_file(deckcli, tmp_path):
    path = tmp_path / "spring-open.json"
    path.write_text('{"name": "spring-open", "game": "boa", "extends": "boa-standard",'
                    ' "card_limits": {"Worldbreaker": 0}}', encoding="utf-8")
    shown = json.loads(deckcli("formats", "show", path, "--json").stdout)
    assert (shown["name"], shown["extends"], shown["banned"], shown["file"]) == (
        "spring-open", "boa-standard", ["Worldbreaker"], str(path))


def test_a_misspelled_format_suggests_the_closest(deckcli, run):
    message = ("unknown format 'boa-advnced'; did you mean 'boa-advanced', 'boa-standard'? (or give a path to a"
               " format file)")
    shown = deckcli("formats", "show", "boa-advnced")  # (a usage error: a format typed that names nothing)
    assert shown.exit_code == 2 and shown.stderr.endswith(f"Error: Invalid value for 'NAME|PATH': {message}\n")
    validated = run("validate", EXAMPLES / "ember-rush.txt", "--format", "boa-advnced")
    assert validated.exit_code == 2 and validated.stderr.endswith(f"Error: Invalid value for '--format' / '-f': {message}\n")
    odds = run("odds", EXAMPLES / "ember-rush.txt", "--format", "boa-advnced", "--want", "1+ kind=spell")
    assert odds.exit_code == 2 and odds.stderr.endswith(f"Error: Invalid value for '--format' / '-f': {message}\n")


def test_a_zone_that_names_no_kinds_holds_any_kind(run):
    shown = run("formats", "show", "aqa-yome")
    assert shown.exit_code == 0, shown.output
    row = next(line for line in shown.stdout.splitlines() if line.startswith("main "))
    assert row.split() == ["main", "Deck", "40", "any", "deck-size"]
