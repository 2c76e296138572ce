"""Every JSON deckcli reads goes through the JSON front door, with its depth limit: a file of the data folder
nested 100,000 deep is a malformed file like any other, never an internal error."""

from __future__ import annotations

import os
import subprocess
import sys

import paths  # tests/support/paths.py

EXAMPLE = paths.REPO / "tests" / "data" / "decks" / "boa-standard" / "legal" / "example-deck.txt"


def test_a_deeply_nested_schema_verdicts_file_is_ignored_like_a_malformed_one(tmp_path):
    data = tmp_path / "deckcli-data"
    data.mkdir(exist_ok=True)
    (data / "schema-verdicts.json").write_text("[" * 100_000, encoding="utf-8")
    env = {**os.environ, "DECKCLI_DATA_DIR": str(data), "DECKCLI_DB": str(data / "deckcli.db")}
    done = subprocess.run([sys.executable, "-m", "deckcli", "validate", str(EXAMPLE)], capture_output=True, text=True,
                          env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{EXAMPLE} (boa, boa-standard): legal")
    assert "internal error" not in done.stderr
