"""A decklist with thousands of bad lines: the table stays readable (20 problems, then "… and N more"), closest
names are looked up only for the problems shown, and --json keeps every problem with its closest names."""

from __future__ import annotations

import json

import pytest

from deckcli import names

SHOWN = 20


@pytest.fixture
def counted_suggestions(monkeypatch):
    """How many closest-name look-ups a command makes."""
    calls = []
    plain = names.NameIndex.closest

    def counting(self, name, limit=3):
        calls.append(name)
        return plain(self, name, limit)

    monkeypatch.setattr(names.NameIndex, "closest", counting)
    return calls


def _deck(tmp_path, lines: int):
    path = tmp_path / "unknown.txt"
    path.write_text("Game: boa\n" + "".join(f"1 Fireballz {i}\n" for i in range(lines)), encoding="utf-8")
    return path


def test_the_table_shows_20_problems_and_counts_the_rest(run, tmp_path, counted_suggestions):
    path = _deck(tmp_path, 500)
    result = run("validate", path)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == f"{path} (boa, boa-standard): NOT legal, 501 problems"
    assert lines[3].startswith("unknown-card  main    2       unknown card 'Fireballz 0' in boa; did you mean ")
    assert len([line for line in lines if line.startswith("unknown-card")]) == SHOWN
    assert lines[-1] == f"… and {501 - SHOWN} more problems (--json lists them all)"
    assert len(counted_suggestions) <= SHOWN


def test_json_keeps_every_problem_with_its_closest_names(run, tmp_path):
    path = _deck(tmp_path, 500)
    result = run("validate", path, "--json")
    assert result.exit_code == 1
    problems = json.loads(result.stdout)[0]["problems"]
    unknown = [p for p in problems if p["rule"] == "unknown-card"]
    assert len(problems) == 501 and len(unknown) == 500
    assert all("Fireball" in p["suggestions"] and "did you mean 'Fireball'" in p["message"] for p in unknown)


def test_80000_unknown_lines_give_a_short_table(run, tmp_path, counted_suggestions):
    path = _deck(tmp_path, 80_000)
    assert path.stat().st_size < 2 * 1024 * 1024
    result = run("validate", path)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 3 + SHOWN + 1
    assert lines[0].endswith("NOT legal, 80001 problems")
    assert lines[-1] == "… and 79981 more problems (--json lists them all)"
    assert len(counted_suggestions) <= SHOWN


def test_a_short_table_has_no_more_line(run, tmp_path):
    path = _deck(tmp_path, 3)
    result = run("validate", path)
    assert result.exit_code == 1 and "more problems" not in result.stdout
