"""``db check`` of a database not made yet says so calmly and exits 0, as ``db status`` does, creating nothing; a file
whose folder is missing (it cannot be made) is still a problem (issue 32)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from deckcli.cli.main import cli


def _check(path, *more):
    return CliRunner().invoke(cli, ["--db", str(path), "db", "check", *more])


def test_a_file_not_made_yet_is_no_problem(tmp_path):
    path = tmp_path / "deckcli.db"
    result = _check(path)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{path}: no database yet, nothing to check (deckcli creates it on first use)\n"
    assert result.stderr == "" and not path.exists()
    report = json.loads(_check(path, "--json").stdout)
    assert report["ok"] is True and report["exists"] is False and report["problems"] == []
    assert list(tmp_path.iterdir()) == []


def test_a_file_whose_folder_is_missing_is_still_a_problem(tmp_path):
    path = tmp_path / "nowhere" / "deckcli.db"
    result = _check(path)
    assert result.exit_code == 1
    assert "no such file, and its folder" in result.stderr and not path.parent.exists()
