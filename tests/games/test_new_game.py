"""A fourth game is a folder of data: a copy of carddb/boa/ and schemas/card-boa.schema.json under a new code
works after a real, non-editable install, with no Python changed."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import paths  # tests/support/paths.py

ROOT = paths.REPO
CODE = "xyz"


def _copy_project(target: Path) -> None:
    """The files a wheel is built from, then the new game: copies of boa's data with the code replaced inside."""
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, target / name)
    for folder in ("deckcli", "schemas", "carddb"):
        shutil.copytree(ROOT / folder, target / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "carddb" / "boa", target / "carddb" / CODE)
    shutil.copy(ROOT / "schemas" / "card-boa.schema.json", target / "schemas" / f"card-{CODE}.schema.json")
    copies = [*(target / "carddb" / CODE).rglob("*.json"), target / "schemas" / f"card-{CODE}.schema.json"]
    for path in copies:
        path.write_text(re.sub(r"\bboa\b", CODE, path.read_text(encoding="utf-8")), encoding="utf-8")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    """Environment variables that run the copy installed with ``pip install --target`` (a built wheel, not editable)."""
    work = tmp_path_factory.mktemp("newgame")
    project, site = work / "project", work / "site"
    project.mkdir()
    _copy_project(project)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(project)],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    return {**os.environ, "PYTHONPATH": str(site), "DECKCLI_DB": str(work / "data" / "new.db"),
            "DECKCLI_DATA_DIR": str(work / "data")}


def _run(env: dict[str, str], *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True, text=True, env=env, cwd=cwd, check=False)


def test_a_copied_game_works_after_install(installed, tmp_path):
    out = _run(installed, "--version", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    where = subprocess.run([sys.executable, "-c", "import deckcli; print(deckcli.__file__)"],
                           capture_output=True, text=True, env=installed, cwd=tmp_path, check=True).stdout
    assert "site" in where and str(ROOT) not in where  # the installed copy runs, not this checkout

    games = _run(installed, "games", "--json", cwd=tmp_path)
    assert games.returncode == 0, games.stderr
    assert CODE in {row["game"] for row in json.loads(games.stdout)}

    cards = _run(installed, "cards", "search", "--game", CODE, "--json", cwd=tmp_path)
    assert cards.returncode == 0, cards.stderr
    found = json.loads(cards.stdout)
    assert found and {c["game"] for c in found} == {CODE}
    assert "Ember Whelp" in {c["name"] for c in found}

    deck = tmp_path / "new.txt"
    text = (ROOT / "examples" / "ember-rush.txt").read_text(encoding="utf-8")
    deck.write_text(re.sub(r"\bboa\b", CODE, text), encoding="utf-8")
    assert f"Game: {CODE}" in deck.read_text(encoding="utf-8")
    checked = _run(installed, "validate", str(deck), "--format", f"{CODE}-standard", "--json", cwd=tmp_path)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    [report] = json.loads(checked.stdout)
    assert (report["game"], report["format"], report["legal"], report["problems"]) == (CODE, f"{CODE}-standard", True, [])

    odds = _run(installed, "odds", str(deck), "--want", "1+ cost<=2", "--json", cwd=tmp_path)
    assert odds.returncode == 0, odds.stderr
    assert 0 < json.loads(odds.stdout)["p_opening"] < 1
