"""Standard output that cannot take the output (``deckcli ... > /dev/full``): the output is named, exit 1, never
"internal error" (it was "internal error: OSError: [Errno 28] No space left on device")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["games"], ["cards", "export", "--game", "boa", "--set", "S01"]])
def test_a_full_standard_output_is_named(tmp_path, args):
    env = {**os.environ, "DECKCLI_DB": str(tmp_path / "x.db"), "DECKCLI_DATA_DIR": str(tmp_path / "data"),
           "PYTHONPATH": str(ROOT)}
    env.pop("DECKCLI_DEBUG", None)
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "deckcli", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=env, cwd=tmp_path, timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr.strip() == "Error: <stdout>: cannot write it: No space left on device"
