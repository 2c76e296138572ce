"""The progress bar of a long ``simulate`` redraws its line on a terminal: its carriage returns and cursor controls
reach the terminal as controls, not escaped as the text of names is (``\\x0d\\x1b[?25l`` printed literally)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

DECK = Path(__file__).parents[2] / "examples" / "ember-rush.txt"


@pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")
def test_the_simulate_progress_bar_draws_on_a_terminal():
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "deckcli", "simulate", str(DECK), "--want", '1+ "Ember Whelp"', "--trials",
             "1100000", "--seed", "1"], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=follower,
            timeout=300, env=os.environ.copy(), check=False)
        os.close(follower)
        follower = -1
        shown = b""
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the terminal closed: everything was read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        if follower != -1:
            os.close(follower)
        os.close(leader)
    assert done.returncode == 0, shown
    assert b"Dealing hands" in shown
    assert b"\r\x1b[?25lDealing hands" in shown and b"100%" in shown
    assert b"\\x0d" not in shown and b"\\x1b" not in shown
    assert b"Opening hand:" in done.stdout
