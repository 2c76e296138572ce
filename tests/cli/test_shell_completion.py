"""Completion in a real shell: an interactive bash (and zsh, when installed) with deckcli's completion script loaded,
driven through a pseudo-terminal. Each test types a line ending in Tab, then has the shell print the words the
completed line holds, so a name with a space must come back as one word."""

from __future__ import annotations

import os
import pty
import select
import shutil
import sys
import time

import pytest
from paths import EXAMPLES

pytestmark = pytest.mark.sqlite_only  # completion reads the SQLite file (a server gives no names)

EMBER = EXAMPLES / "ember-rush.txt"
#: Where the words of the completed line are printed from: the line is prefixed with this command (Ctrl-A first).
PRINT_WORDS = "printf '<%s>\\n' "
DONE = "<<done>>"


@pytest.fixture
def shell_env(tmp_path):
    """The environment of the shell: ``deckcli`` on PATH (this Python's), the test database, no user files."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "deckcli"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m deckcli "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BASH", "ZDOTDIR", "PROMPT_COMMAND"))}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", TERM="dumb", INPUTRC=os.devnull, LC_ALL="C.UTF-8")
    return env


def _drive(argv: list[str], setup: str, typed: str, env: dict[str, str], cwd, timeout: float = 30) -> list[str]:
    """Start ``argv`` on a pseudo-terminal, run ``setup``, type ``typed`` (its Tabs complete), then print the words
    of the line; returns them (each ``<word>`` of the output)."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the shell
        os.chdir(cwd)
        os.execvpe(argv[0], argv, env)
    output = b""
    try:
        os.write(fd, f"{setup}\n".encode())
        keys = f"{typed}\x01{PRINT_WORDS}\r"  # Ctrl-A: to the line's start, where the printing command goes
        os.write(fd, keys.encode())
        os.write(fd, f"echo '{DONE[:2]}''{DONE[2:]}'\n".encode())  # (split: the echoed command is not the marker)
        end = time.monotonic() + timeout
        while DONE.encode() not in output and time.monotonic() < end:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    output += os.read(fd, 65536)
                except OSError:
                    break
        os.write(fd, b"exit\n")
    finally:
        os.close(fd)
        os.waitpid(pid, 0)
    text = output.decode("utf-8", "replace")
    assert DONE in text, text
    lines = text.replace("\r", "").split("\n")
    start = max(i for i, line in enumerate(lines) if PRINT_WORDS.strip() in line)
    return [line[1:-1] for line in lines[start + 1 :] if line.startswith("<") and line.endswith(">") and line != DONE]


def _bash(typed: str, env, cwd) -> list[str]:
    setup = "PS1='$ '; bind 'set bell-style none'; eval \"$(_DECKCLI_COMPLETE=bash_source deckcli)\""
    return _drive(["bash", "--norc", "--noprofile", "-i"], setup, typed, env, cwd)


@pytest.mark.parametrize(("typed", "words"), [
    ("deckcli cards show Emb\t", ["deckcli", "cards", "show", "Ember Whelp"]),  # was: Ember, Whelp
    ('deckcli cards show "Emb\t', ["deckcli", "cards", "show", "Ember Whelp"]),  # completes inside the quote
    ("deckcli cards show 'Emb\t", ["deckcli", "cards", "show", "Ember Whelp"]),
    ("deckcli cards show lil\t", ["deckcli", "cards", "show", "Lil'Y"]),
    ("deckcli cards show Ember\\ W\t", ["deckcli", "cards", "show", "Ember Whelp"]),
])
def test_bash_inserts_a_card_name_as_one_word(run, shell_env, tmp_path, typed, words):
    assert _bash(typed, shell_env, tmp_path) == words


def test_bash_completes_deck_names_and_files_together(run, shell_env, tmp_path):
    assert run("deck", "import", EMBER).exit_code == 0
    (tmp_path / "Ember notes.txt").write_text("4 Ember Whelp\n", encoding="utf-8")
    assert _bash("deckcli validate Ember\\ R\t", shell_env, tmp_path) == ["deckcli", "validate", "Ember Rush"]
    assert _bash("deckcli odds Ember\\ n\t", shell_env, tmp_path) == ["deckcli", "odds", "Ember notes.txt"]
    assert _bash("deckcli deck show Emb\t", shell_env, tmp_path) == ["deckcli", "deck", "show", "Ember Rush"]


def test_bash_completes_event_and_player_names(run, shell_env, tmp_path):
    assert run("event", "new", "Spring Open", "--game", "boa").exit_code == 0
    assert run("event", "register", "Spring Open", "Sam Example", EMBER).exit_code == 0
    assert _bash("deckcli event status Spr\t", shell_env, tmp_path) == ["deckcli", "event", "status", "Spring Open"]
    assert _bash("deckcli event check Spring\\ Open Sa\t", shell_env, tmp_path) == [
        "deckcli", "event", "check", "Spring Open", "Sam Example"
    ]
    assert _bash("deckcli event sheet 'Spring Open' 'Sa\t", shell_env, tmp_path) == [
        "deckcli", "event", "sheet", "Spring Open", "Sam Example"
    ]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed (apt-get install zsh)")
def test_zsh_inserts_a_card_name_as_one_word(run, shell_env, tmp_path):
    setup = ("PS1='$ '; unsetopt beep; autoload -Uz compinit && compinit -u -D;"
             " eval \"$(_DECKCLI_COMPLETE=zsh_source deckcli)\"")
    words = _drive(["zsh", "-f", "-i"], setup, "deckcli cards show Emb\t", shell_env, tmp_path)
    assert words == ["deckcli", "cards", "show", "Ember Whelp"]
