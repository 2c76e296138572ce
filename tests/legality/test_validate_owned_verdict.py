"""``validate --collection``: cards not owned are not problems of the deck. A legal deck reads ``legal; 65 cards not
owned (22 different)``, the copies short counted as ``collection missing`` counts them (its ``not-owned`` rows keep
their rule id), an illegal one counts only its own problems (issue 32)."""

from __future__ import annotations

import paths  # tests/support/paths.py

EXAMPLE = paths.REPO / "examples" / "ember-rush.txt"


def test_a_legal_deck_missing_cards_is_legal_with_the_cards_not_owned(run, db):
    result = run("validate", EXAMPLE, "--collection")
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first == f"{EXAMPLE} (boa, boa-standard): legal; 65 cards not owned (22 different)"
    assert "65 cards missing (22 different)" in run("collection", "missing", EXAMPLE).stderr
    assert "problem" not in first and "missing from the collection" not in result.stdout
    assert result.stdout.count("\nnot-owned ") == 20  # (the table's first 20 rows)


def test_an_illegal_deck_counts_its_own_problems_apart(run, db, tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("Game: boa\n4 Ember Whelp\n", encoding="utf-8")
    first = run("validate", path, "--collection").stdout.splitlines()[0]
    assert first.endswith("(boa, boa-standard): NOT legal, 1 problem; 4 cards not owned (1 different)")
    path.write_text("Game: boa\n1 Ember Whelp\n1 Cinder Imp\n", encoding="utf-8")
    first = run("validate", path, "--collection").stdout.splitlines()[0]
    assert first.endswith("(boa, boa-standard): NOT legal, 1 problem; 2 cards not owned")


def test_an_owned_deck_says_so(run, db, tmp_path):
    path = tmp_path / "short.txt"
    path.write_text("Game: boa\n4 Ember Whelp\n", encoding="utf-8")
    assert run("collection", "add", "Ember Whelp", "4").exit_code == 0
    first = run("validate", path, "--collection").stdout.splitlines()[0]
    assert first.endswith("(boa, boa-standard): NOT legal, 1 problem; all cards owned")
