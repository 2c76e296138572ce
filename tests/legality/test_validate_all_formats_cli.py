"""``validate --all-formats``: one report per deck and format of its game, the deck × format matrix, an organiser's
``--format PATH`` as one more column, the exit status, and the same verdicts on the ``deck show`` line."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py
from rules_support import write_format

DECKS = paths.DATA / "decks"
BOA = DECKS / "boa-standard" / "legal" / "match-round1.txt"  # legal in boa-standard and boa-advanced
TEAM = DECKS / "sfb-standard" / "legal" / "team-of-three.txt"
POOL = DECKS / "sfb-pool" / "legal" / "pool-of-five.txt"
BOA_FORMATS = ["boa-standard", "boa-advanced"]
SFB_FORMATS = ["sfb-standard", "sfb-4p", "sfb-pool"]


def restricted(tmp_path):
    """A boa deck legal in boa-standard, not in boa-advanced: 3 Counterspell (restricted to 1) in the side deck."""
    path = tmp_path / "counters.txt"
    path.write_text(BOA.read_text(encoding="utf-8") + "3 Counterspell\n", encoding="utf-8")
    return path


def short(tmp_path):
    """A boa deck legal nowhere: a main deck of 48."""
    path = tmp_path / "short.txt"
    path.write_text(BOA.read_text(encoding="utf-8").replace("4 Gust Sprite\n", ""), encoding="utf-8")
    return path


def test_json_is_one_report_per_deck_and_format(run, tmp_path):
    deck = restricted(tmp_path)
    result = run("validate", deck, TEAM, POOL, "--all-formats", "--json", "--date", "2026-07-01")
    assert result.exit_code == 0, result.output  # each deck is legal in some format
    found = json.loads(result.stdout)
    assert [(r["file"], r["format"]) for r in found] == (
        [(str(deck), f) for f in BOA_FORMATS] + [(str(TEAM), f) for f in SFB_FORMATS] + [(str(POOL), f) for f in SFB_FORMATS])
    verdicts = {(r["file"], r["format"]): sorted({p["rule"] for p in r["problems"]}) for r in found}
    assert verdicts == {
        (str(deck), "boa-standard"): [], (str(deck), "boa-advanced"): ["restricted"],
        (str(TEAM), "sfb-standard"): [], (str(TEAM), "sfb-4p"): ["champion-count", "deck-size"],
        (str(TEAM), "sfb-pool"): ["champion-count", "deck-size"],
        (str(POOL), "sfb-standard"): ["champion-count", "deck-size"], (str(POOL), "sfb-4p"): ["champion-count", "deck-size"],
        (str(POOL), "sfb-pool"): [],
    }
    assert all(r["legal"] is (verdicts[(r["file"], r["format"])] == []) for r in found)
    advanced = next(r for r in found if r["format"] == "boa-advanced")
    assert set(advanced) == {"file", "game", "format", "version", "legal", "problems"} and advanced["version"] == "2026-06-01"
    assert all("version" not in r for r in found if r["format"] != "boa-advanced")


def test_the_table_is_a_deck_by_format_matrix(run, tmp_path):
    deck = restricted(tmp_path)
    result = run("validate", deck, TEAM, "--all-formats", "--date", "2026-07-01")
    assert result.exit_code == 0, result.output
    header, _rule, first, second, version = result.stdout.splitlines()
    assert header.split() == ["deck", *BOA_FORMATS, *SFB_FORMATS]
    assert first.split() == [str(deck), "legal", "restricted"]
    assert second.split() == [str(TEAM), "legal", "deck-size,", "champion-count", "deck-size,", "champion-count"]
    assert second.index("legal", len(str(TEAM))) == header.index("sfb-standard")  # an sfb deck has no boa cells
    assert version == "boa-advanced: card limits of the version from 2026-06-01"


def test_an_organisers_format_is_one_more_column_of_its_game(run, tmp_path):
    event = write_format(tmp_path, "spring-open", extends="boa-standard", card_limits={"Frost Ward": 0})
    other = write_format(tmp_path, "aqa-event", extends="aqa-standard")
    result = run("validate", BOA, "--all-formats", "--format", event, "--format", other, "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert [r["format"] for r in found] == [*BOA_FORMATS, "spring-open"]  # aqa-event is for another game
    assert [p["rule"] for p in found[2]["problems"]] == ["banned"]


def test_the_exit_status_is_1_only_when_a_deck_is_legal_nowhere(run, tmp_path):
    result = run("validate", restricted(tmp_path), short(tmp_path), "--all-formats")
    assert result.exit_code == 1
    rows = result.stdout.splitlines()[2:4]
    assert rows[1].split()[1:] == ["main-size", "main-size"]
    assert run("validate", short(tmp_path), "--all-formats", "--format", "boa-advanced", "--json").exit_code == 1


def test_an_unreadable_deck_is_one_parse_report(run, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_text("", encoding="utf-8")
    result = run("validate", empty, BOA, "--all-formats", "--json")
    assert result.exit_code == 1
    first, *others = json.loads(result.stdout)
    assert (first["file"], first["format"], [p["rule"] for p in first["problems"]]) == (str(empty), None, ["parse"])
    assert [r["format"] for r in others] == BOA_FORMATS


def test_all_formats_usage_errors_exit_2(run, tmp_path):
    result = run("validate", BOA, "--all-formats", "--side-from", BOA)
    assert result.exit_code == 2 and "--side-from and --all-formats do not go together" in result.stderr
    result = run("validate", BOA, "--format", "boa-standard", "--format", "boa-advanced")
    assert result.exit_code == 2 and "give --format once (several only with --all-formats)" in result.stderr


def test_deck_show_says_where_the_deck_is_legal(run, tmp_path):
    assert run("deck", "import", restricted(tmp_path), "--name", "Counters").exit_code == 0
    result = run("deck", "show", "Counters")
    assert result.exit_code == 0, result.output
    assert result.stdout.rstrip().endswith(
        "Verdict: legal under boa-standard (Battle of Aeons — Standard)\n"
        "legal in: boa-standard; not in: boa-advanced (restricted)")
    data = json.loads(run("deck", "show", "Counters", "--json").stdout)
    assert data["formats"] == [{"format": "boa-standard", "legal": True, "rules": []},
                               {"format": "boa-advanced", "legal": False, "rules": ["restricted"]}]


def test_deck_show_of_a_deck_legal_nowhere_and_under_its_own_format_file(run, tmp_path):
    assert run("deck", "import", short(tmp_path), "--name", "Short").exit_code == 0
    assert run("deck", "show", "Short").stdout.rstrip().endswith(
        "not in: boa-standard (main-size), boa-advanced (main-size)")
    event = write_format(tmp_path, "spring-open", extends="boa-standard", zones={"main": {"min": 40}})
    shown = run("deck", "show", "Short", "--format", event)
    assert shown.stdout.rstrip().endswith("legal in: spring-open; not in: boa-standard (main-size), boa-advanced (main-size)")
