"""Dated format versions: which card limits are in force on a day, the file checks, inheritance through ``extends``,
and ``validate --date`` (default today) naming the version in its report."""

from __future__ import annotations

import json
from datetime import date, timedelta

import pytest

import paths  # tests/support/paths.py
from deckcli.errors import InputError
from deckcli.legality.formats import load_format
from rules_support import write_format

DECKS = paths.DATA / "decks"
ROUND1 = DECKS / "boa-standard" / "legal" / "match-round1.txt"  # 2 Maelstrom Hydra, 3 Frost Ward, 52 main

#: boa-advanced's sample lists, as its file gives them.
BEFORE = {"Aeon Sphinx": 0, "Worldbreaker": 2, "Counterspell": 1, "Arcane Insight": 2}
REVISION = {"Aeon Sphinx": 0, "Infernal Dragon Lord": 0, "Worldbreaker": 1, "Counterspell": 1, "Arcane Insight": 2,
            "Raise the Fallen": 2}


@pytest.mark.parametrize(
    ("day", "version", "limits"),
    [(date(2026, 5, 31), None, BEFORE), (date(2026, 6, 1), "2026-06-01", REVISION), (date(2031, 1, 1), "2026-06-01", REVISION)],
)
def test_the_version_in_force_on_a_day(day, version, limits):
    fmt = load_format("boa-advanced").on(day)
    assert (fmt.version, fmt.card_limits) == (version, limits)
    assert fmt.name == "boa-advanced" and fmt.zones == load_format("boa-standard").zones


def test_a_format_without_versions_is_the_same_on_every_day():
    fmt = load_format("boa-standard")
    assert fmt.versions == () and fmt.on(date(1999, 1, 1)) is fmt and fmt.on(date(2999, 1, 1)).version is None


def test_the_sample_version_is_marked_as_sample_data():
    (version,) = load_format("boa-advanced").versions
    assert "SAMPLE" in version.description and "SAMPLE" in load_format("boa-advanced").description


def test_a_childs_own_limits_hold_on_every_date_and_its_own_versions_replace_the_parents(tmp_path):
    child = load_format(write_format(tmp_path, "event", extends="boa-advanced", card_limits={"Fireball": 0}))
    assert child.on(date(2026, 1, 1)).card_limits == {**BEFORE, "Fireball": 0}
    assert child.on(date(2026, 7, 1)).card_limits == {**REVISION, "Fireball": 0}
    own = load_format(write_format(tmp_path, "own", extends="boa-advanced",
                                   versions=[{"from": "2027-01-01", "card_limits": {"Fireball": 1}}]))
    assert own.on(date(2026, 7, 1)).card_limits == BEFORE and own.on(date(2026, 7, 1)).version is None
    assert own.on(date(2027, 1, 1)).card_limits == {"Fireball": 1}


@pytest.mark.parametrize(
    ("versions", "message"),
    [
        ([{"from": "2026-02-30", "card_limits": {}}], "$.versions[0].from: '2026-02-30' is not a date (YYYY-MM-DD)"),
        ([{"from": "2026-03-01", "card_limits": {}}, {"from": "2026-01-01", "card_limits": {}}],
         "$.versions[1].from: 2026-01-01 is not after the version before it (2026-03-01)"),
        ([{"from": "2026-03-01", "card_limits": {}}, {"from": "2026-03-01", "card_limits": {}}],
         "$.versions[1].from: 2026-03-01 is not after the version before it"),
        ([{"from": "1 March 2026", "card_limits": {}}], "$.versions[0].from"),
        ([{"from": "2026-03-01"}], "'card_limits' is a required property"),
        ([{"from": "2026-03-01", "card_limits": {"Fireball": -1}}], "$.versions[0].card_limits.Fireball"),
        ([], "$.versions"),
    ],
)
def test_bad_versions_are_refused_naming_the_place(tmp_path, versions, message):
    path = write_format(tmp_path, "bad", extends="boa-standard", versions=versions)
    with pytest.raises(InputError) as info:
        load_format(path)
    assert message in str(info.value) and "bad.json" in str(info.value)


def test_a_draft_needs_the_champion_sets_hook(tmp_path):
    path = write_format(tmp_path, "boa-draft", extends="boa-standard", draft={"pool_format": "sfb-pool"})
    with pytest.raises(InputError, match=r"\$\.draft: a draft needs the game hook 'champion-sets'"):
        load_format(path)


# -- validate --date ---------------------------------------------------------------------------------------------
def _deck(tmp_path, *extra: str):
    path = tmp_path / "deck.txt"
    path.write_text(ROUND1.read_text(encoding="utf-8").replace("Format: boa-standard\n", "") + "".join(extra), encoding="utf-8")
    return path


def test_validate_date_picks_the_version_and_the_report_names_it(run, tmp_path):
    deck = _deck(tmp_path, "2 Raise the Fallen\n1 Raise the Fallen\n")  # 3 in the side deck: over the revision's 2
    before = run("validate", deck, "--format", "boa-advanced", "--date", "2026-05-31", "--json")
    assert before.exit_code == 0, before.output
    assert json.loads(before.stdout) == [{"file": str(deck), "game": "boa", "format": "boa-advanced", "version": None,
                                          "legal": True, "problems": []}]
    after = run("validate", deck, "--format", "boa-advanced", "--date", "2026-06-01", "--json")
    assert after.exit_code == 1
    (report,) = json.loads(after.stdout)
    assert report["version"] == "2026-06-01" and [(p["rule"], p["count"], p["max"]) for p in report["problems"]] == [
        ("restricted", 3, 2)]
    table = run("validate", deck, "--format", "boa-advanced", "--date", "2026-06-01")
    assert table.exit_code == 1
    assert f"{deck} (boa, boa-advanced): NOT legal, 1 problem\n  boa-advanced: card limits of the version from 2026-06-01\n" in table.stdout
    table = run("validate", deck, "--format", "boa-advanced", "--date", "2026-05-31")
    assert f"{deck} (boa, boa-advanced): legal\n  boa-advanced: its own card limits (before its first dated version)" in table.stdout


def test_validate_without_date_uses_today(run, tmp_path):
    today, tomorrow = date.today(), date.today() + timedelta(days=1)
    fmt = write_format(tmp_path, "moving", extends="boa-standard", versions=[
        {"from": (today - timedelta(days=30)).isoformat(), "card_limits": {"Frost Ward": 0}},
        {"from": today.isoformat(), "card_limits": {}},
        {"from": tomorrow.isoformat(), "card_limits": {"Frost Ward": 1}},
    ])
    result = run("validate", _deck(tmp_path), "--format", fmt, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["version"] == today.isoformat()
    result = run("validate", _deck(tmp_path), "--format", fmt, "--date", tomorrow.isoformat(), "--json")
    assert result.exit_code == 1 and json.loads(result.stdout)[0]["problems"][0]["rule"] == "restricted"


def test_a_report_of_an_undated_format_has_no_version_key(run, tmp_path):
    (report,) = json.loads(run("validate", _deck(tmp_path), "--date", "2026-06-01", "--json").stdout)
    assert "version" not in report and report["legal"] is True


@pytest.mark.parametrize("bad", ["2026-13-01", "yesterday", "01.06.2026"])
def test_a_bad_date_is_a_usage_error(run, tmp_path, bad):
    result = run("validate", _deck(tmp_path), "--date", bad)
    assert result.exit_code == 2 and "Invalid value for '--date'" in result.stderr and bad in result.stderr
