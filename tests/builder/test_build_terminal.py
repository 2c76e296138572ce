"""``deckcli build`` in a real pseudo-terminal: started as a user starts it, keys typed as bytes, the deck saved and
then read back with ``deck export``, and a pipe refused with a message."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import sys
import termios
import threading
import time

import pytest


class Terminal:
    """A pseudo-terminal of ``columns`` × ``rows`` running one command; what it draws is read as it comes."""

    def __init__(self, args: list[str], columns: int = 100, rows: int = 30):
        self.leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(columns), "LINES": str(rows)}
        self.process = subprocess.Popen(args, stdin=follower, stdout=follower, stderr=follower, env=env)
        os.close(follower)
        self.shown = b""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while True:
            try:
                chunk = os.read(self.leader, 65536)
            except OSError:  # the terminal closed
                return
            if not chunk:
                return
            self.shown += chunk

    def wait_for(self, text: bytes, after: int = 0, timeout: float = 60) -> int:
        """Wait until the terminal has drawn ``text`` past byte ``after``; returns where the output ends now."""
        deadline = time.monotonic() + timeout
        while text not in self.shown[after:]:
            assert self.process.poll() is None or text in self.shown[after:], self.shown[-2000:]
            assert time.monotonic() < deadline, f"{text!r} never drawn: {self.shown[-2000:]!r}"
            time.sleep(0.05)
        return len(self.shown)

    def type(self, keys: bytes) -> int:
        mark = len(self.shown)
        os.write(self.leader, keys)
        return mark

    def close(self) -> int:
        try:
            return self.process.wait(timeout=60)
        finally:
            os.close(self.leader)


def _deckcli(*args: str) -> list[str]:
    return [sys.executable, "-m", "deckcli", *args]


@pytest.mark.sqlite_only
def test_a_deck_built_in_a_real_terminal_is_stored(db):
    terminal = Terminal(_deckcli("build", "Typed Deck", "--game", "boa"))
    try:
        terminal.wait_for(b"Quit")
        terminal.wait_for(b"Ember", terminal.type(b"/Ember Whelp"))
        # Enter in the search box moves to the matches before the next key is read: typed at once, the next three
        # Enters add three copies
        terminal.wait_for(b"unsaved", terminal.type(b"\r\r\r\r"))
        terminal.wait_for(b"Saved", terminal.type(b"s"))
        terminal.type(b"q")
        assert terminal.close() == 0, terminal.shown[-2000:]
    finally:
        if terminal.process.poll() is None:
            terminal.process.kill()
    exported = subprocess.run(_deckcli("deck", "export", "Typed Deck"), capture_output=True, text=True, check=True)
    assert "3 Ember Whelp" in exported.stdout


def test_a_pipe_is_refused_with_a_message():
    done = subprocess.run(_deckcli("build", "X", "--game", "boa"), capture_output=True, text=True, input="", check=False)
    assert done.returncode == 2
    assert "run it in a terminal" in done.stderr and "Traceback" not in done.stderr
