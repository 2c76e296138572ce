"""``validate --json`` stays byte for byte what it printed before the reports became types (issue 34): per game, the
exact output of a few runs (legal, illegal, unreadable, --collection, a dated format, --all-formats, side exchange,
drafts) is kept in ``golden/validate-<game>.json`` and compared whole."""

from __future__ import annotations

import json
import shutil

import pytest

import paths  # tests/support/paths.py

GOLDEN = paths.REPO / "tests" / "legality" / "golden"
EXAMPLES = paths.REPO / "examples"
#: A boa deck four cards short, one card in the wrong zone, one name misspelt, and a title line (a note).
ILLEGAL_BOA = "Fire deck by Sam\nGame: boa\n4 Ember Whelp\nLimitbreak Deck\n1 Gloom Bat\n2 Fireblal\n"

#: Per game: the runs (arguments after ``validate``), relative to a folder holding the examples and the files above.
CASES = {
    "boa": [
        ["ember-rush.txt", "illegal.txt", "empty.txt", "--deck", "Nope", "--json"],
        ["ember-rush.txt", "illegal.txt", "--collection", "--json"],
        ["ember-rush.txt", "--format", "boa-advanced", "--date", "2026-05-01", "--json"],
        ["ember-rush.txt", "--format", "boa-advanced", "--date", "2026-07-01", "--json"],
        ["ember-rush.txt", "illegal.txt", "--all-formats", "--date", "2026-05-01", "--json"],
        ["--side-from", "round1.txt", "round2.txt", "--json"],
        ["--side-from", "empty.txt", "round2.txt", "--json"],
    ],
    "aqa": [
        ["angels-yome.txt", "wizdom-standard.txt", "--json"],
        ["wizdom-standard.txt", "--format", "aqa-yome", "--collection", "--json"],
        ["angels-yome.txt", "--all-formats", "--json"],
    ],
    "sfb": [
        ["team-shadows.txt", "sfb-team.txt", "--json"],
        ["sfb-team.txt", "--pool", "sfb-pool.txt", "--banned", "Kilgore", "--json"],
        ["--match", "team-shadows.txt", "sfb-team.txt", "--json"],
        ["team-shadows.txt", "--all-formats", "--collection", "--json"],
    ],
}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    for path in EXAMPLES.glob("*.txt"):
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "illegal.txt").write_text(ILLEGAL_BOA, encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes(b"")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def outputs(run, game: str) -> dict[str, str]:
    """``"validate ARGS"`` -> the exact standard output of that run."""
    return {" ".join(["validate", *args]): run("validate", *args).stdout for args in CASES[game]}


@pytest.mark.parametrize("game", sorted(CASES))
def test_validate_json_is_byte_identical_to_the_golden_output(run, folder, game):
    golden = json.loads((GOLDEN / f"validate-{game}.json").read_text(encoding="utf-8"))
    assert outputs(run, game) == golden
