"""The key a deck declares its ネーム under is the aqa name-level hook's ``meta_key`` in game.json, with its
``meta_aliases``: changed there (in a copy of deckcli), decklists, validate and deck codes follow it, no code changed."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

import paths  # tests/support/paths.py

DECK = (paths.DATA / "decks" / "aqa-yome" / "legal" / "declared-nemu-12.txt").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def oshi(tmp_path_factory):
    """A copy of deckcli whose aqa declares its ネーム as ``Oshi`` (or ``推し``); how to run it, and its folder."""
    root = tmp_path_factory.mktemp("oshi")
    for folder in ("deckcli", "schemas", "carddb"):
        shutil.copytree(paths.REPO / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    game = root / "carddb" / "aqa" / "game.json"
    doc = json.loads(game.read_text(encoding="utf-8"))
    doc["hooks"]["name-level"] = {"meta_key": "Oshi", "meta_aliases": ["推し"]}
    game.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(root), "DECKCLI_DATA_DIR": str(root / "data"),
           "DECKCLI_DB": str(root / "data" / "x.db")}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True, text=True, env=env,
                              cwd=root, check=False)

    return run, root


def test_decks_declare_under_the_key_game_json_names(oshi):
    run, root = oshi
    for name, key in (("oshi.txt", "Oshi"), ("kanji.txt", "推し"), ("old.txt", "Ne-mu")):
        (root / name).write_text(DECK.replace("Ne-mu: 天羽つかさ", f"{key}: 天羽つかさ"), encoding="utf-8")
    done = run("validate", "oshi.txt", "kanji.txt", "old.txt", "--json")
    assert done.returncode == 1, done.stderr
    reports = {r["file"]: r for r in json.loads(done.stdout)}
    assert reports["oshi.txt"]["legal"] and reports["kanji.txt"]["legal"]
    problem, required = reports["old.txt"]["problems"]  # Ne-mu is no longer the key: nothing is declared
    assert problem["rule"] == "name-limit"
    assert problem["message"].startswith("12 cards with the ネーム “天羽つかさ”")
    assert problem["message"].endswith("is allowed (declare it with 'Oshi: 天羽つかさ' to allow 12)")
    assert required["rule"] == "name-required" and "'Oshi: NAME'" in required["message"]


def test_the_declared_key_is_stored_and_kept_in_a_deck_code(oshi):
    run, root = oshi
    (root / "kanji.txt").write_text(DECK.replace("Ne-mu: 天羽つかさ", "推し: 天羽つかさ"), encoding="utf-8")
    assert run("deck", "import", "kanji.txt", "--name", "Yome").returncode == 0
    code = run("deck", "export", "--to", "code", "Yome")
    assert code.returncode == 0, code.stderr
    (root / "yome.code").write_text(code.stdout, encoding="utf-8")
    assert run("deck", "delete", "--yes", "Yome").returncode == 0
    assert run("deck", "import", "yome.code", "--name", "Yome").returncode == 0, "the code reads back"
    shown = run("deck", "export", "--to", "json", "Yome")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["meta"] == {"Oshi": "天羽つかさ"}
