"""Legality cases as files: every decklist under ``tests/data/decks/<format>/{legal,illegal}/`` is checked with
``deckcli validate FILE --json --format <format>`` and must give the verdict its folder says, an illegal one
exactly the rule ids of its ``<case>.expected.json`` (schema: tests/data/decks/README.md). A new case needs no
Python: add the files. The command runs through click's CliRunner (the ``run`` fixture of conftest.py) against the
test's own database."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import paths  # tests/support/paths.py

ROOT = paths.REPO
DECKS = ROOT / "tests" / "data" / "decks"
VERDICTS = ("legal", "illegal")
#: Keys an expected file may hold (a typo in a key must fail, not be ignored).
KEYS = {"rules", "messages", "problems", "side_from", "format_file", "card_sets", "xfail",
        "pool", "banned", "match", "date", "version", "all_formats"}

#: Every bundled format (carddb/<game>/formats/<format>.json) and its game.
BUNDLED = {path.stem: path.parent.parent.name for path in sorted(ROOT.glob("carddb/*/formats/*.json"))}


def _cases() -> list[Path]:
    return sorted(path for verdict in VERDICTS for path in DECKS.glob(f"*/{verdict}/*.txt"))


def _case_id(path: Path) -> str:
    return path.relative_to(DECKS).with_suffix("").as_posix()


def _expected(case: Path) -> dict:
    path = case.with_name(case.stem + ".expected.json")
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _params():
    for case in _cases():
        reason = _expected(case).get("xfail")
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        yield pytest.param(case, id=_case_id(case), marks=marks)


def test_every_bundled_format_has_a_legal_and_an_illegal_case():
    assert len(BUNDLED) >= 8, f"bundled formats not found under {ROOT / 'carddb'}"
    folders = {path.name for path in DECKS.iterdir() if path.is_dir()}
    assert folders <= set(BUNDLED), f"case folders that name no bundled format: {sorted(folders - set(BUNDLED))}"
    missing = [
        f"{fmt}/{verdict}" for fmt in sorted(BUNDLED) for verdict in VERDICTS
        if not list((DECKS / fmt / verdict).glob("*.txt"))
    ]
    assert not missing, f"formats without a case: {missing}"


def test_every_expected_file_belongs_to_a_case():
    orphans = [
        path.relative_to(DECKS).as_posix()
        for verdict in VERDICTS
        for path in DECKS.glob(f"*/{verdict}/*.expected.json")
        if not path.with_name(path.name.removesuffix(".expected.json") + ".txt").exists()
    ]
    assert not orphans, f"expected files without a decklist: {orphans}"


def _matches(problem: dict, want: dict) -> bool:
    """``want`` names some fields of ``problem``: each equal, and ``says`` lists substrings of its message."""
    for key, value in want.items():
        if key == "says":
            if not all(part in problem["message"] for part in value):
                return False
        elif problem.get(key, "<absent>") != value:
            return False
    return True


def _pair_up(problems: list[dict], wanted: list[dict]) -> bool:
    """Whether each reported problem can be paired with its own entry of ``wanted`` (same length, one to one)."""
    if len(problems) != len(wanted):
        return False
    if not wanted:
        return True
    first, rest = wanted[0], wanted[1:]
    return any(_matches(p, first) and _pair_up(problems[:i] + problems[i + 1:], rest) for i, p in enumerate(problems))


@pytest.mark.parametrize("case", list(_params()))
def test_case(run, case: Path):
    fmt, verdict = case.parent.parent.name, case.parent.name
    assert fmt in BUNDLED, f"{fmt!r} is no bundled format"
    expected = _expected(case)
    assert set(expected) <= KEYS, f"unknown keys in the expected file: {sorted(set(expected) - KEYS)}"
    if verdict == "legal":
        assert not expected.get("rules") and not expected.get("messages") and not expected.get("problems"), (
            "a legal case expects no problems"
        )
    else:
        assert expected.get("rules"), "an illegal case needs a <case>.expected.json with its rule ids"

    declared = [line.split(":", 1)[1].strip() for line in case.read_text(encoding="utf-8").splitlines()
                if line.lower().startswith("format:")]
    assert declared in ([], [fmt]), f"the decklist says Format: {declared}, its folder {fmt}"

    for card_set in expected.get("card_sets", []):
        imported = run("cards", "import", case.parent / card_set)
        assert imported.exit_code == 0, imported.output

    format_arg, format_name = fmt, fmt
    if "format_file" in expected:
        format_path = case.parent / expected["format_file"]
        format_arg, format_name = str(format_path), json.loads(format_path.read_text(encoding="utf-8"))["name"]
    args = ["validate", "--json", "--format", format_arg]
    if "match" in expected:
        args += ["--match", str(case), str(case.parent / expected["match"])]
    else:
        args.append(str(case))
    if "side_from" in expected:
        args += ["--side-from", str(case.parent / expected["side_from"])]
    if "pool" in expected:
        args += ["--pool", str(case.parent / expected["pool"])]
    if "banned" in expected:
        args += ["--banned", expected["banned"]]
    if "date" in expected:
        args += ["--date", expected["date"]]
    if "all_formats" in expected:
        args.append("--all-formats")
    result = run(*args)

    assert result.stderr == "", result.stderr
    reports = json.loads(result.stdout)
    if "all_formats" in expected:  # one report per format of the game: each format's rule ids as expected
        assert {r["format"]: sorted({p["rule"] for p in r["problems"]}) for r in reports} == {
            name: sorted(rules) for name, rules in expected["all_formats"].items()}
        reports = [r for r in reports if r["format"] == format_name]
    elif "match" in expected:  # the case's team first, then the other team
        assert [r["file"] for r in reports] == [str(case), str(case.parent / expected["match"])]
        reports = reports[:1]
    (report,) = reports
    if "version" in expected:
        assert report.get("version", "<absent>") == expected["version"], report
    problems = report["problems"]
    shown = json.dumps(problems, ensure_ascii=False, indent=1)
    assert {k: report[k] for k in ("file", "game", "format")} == {
        "file": str(case), "game": BUNDLED[fmt], "format": format_name}
    assert report["legal"] is (verdict == "legal"), shown
    if "all_formats" in expected:  # exit 0 when the deck is legal in at least one format
        assert result.exit_code == (0 if any(not rules for rules in expected["all_formats"].values()) else 1), shown
    else:
        assert result.exit_code == (0 if verdict == "legal" else 1), shown
    assert {p["rule"] for p in problems} == set(expected.get("rules", [])), shown
    messages = [p["message"] for p in problems]
    for part in expected.get("messages", []):
        assert any(part in message for message in messages), f"no message says {part!r}: {shown}"
    if "problems" in expected:
        assert _pair_up(problems, expected["problems"]), (
            f"the problems are not those of the expected file:\n{shown}\nexpected:\n"
            + json.dumps(expected["problems"], ensure_ascii=False, indent=1)
        )
