"""The example decklists the README's first command validates are legal, and each game is covered."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py

EXAMPLES = sorted(paths.EXAMPLES.glob("*.txt"))


def test_examples_are_legal(run):
    assert EXAMPLES
    result = run("validate", *EXAMPLES, "--json")
    assert result.exit_code == 0, result.output
    reports = json.loads(result.stdout)
    assert {r["game"] for r in reports} == {"boa", "aqa", "sfb"}
    assert all(r["legal"] and r["problems"] == [] for r in reports)
