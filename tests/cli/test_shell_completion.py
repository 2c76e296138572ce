"""Completion in a real shell: an interactive bash (and zsh, when installed) with deckcli's completion script loaded,
driven through a pseudo-terminal. Each test types lines ending in Tab, then has the shell print the words each
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


def _drive(argv: list[str], setup: str, lines: list[str], env: dict[str, str], cwd, timeout: float = 30) -> list:
    """Start ``argv`` on a pseudo-terminal, run ``setup``, then for each of ``lines`` (their Tabs complete) print the
    words the completed line holds; returns them, a list of words per line. (Keys typed while the shell is busy wait
    for it, as a user's do.)"""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the shell
        os.chdir(cwd)
        os.execvpe(argv[0], argv, env)
    output = b""
    try:
        os.write(fd, f"{setup}\n".encode())
        for typed in lines:  # Ctrl-A: to the line's start, where the printing command goes
            os.write(fd, f"{typed}\x01{PRINT_WORDS}\r".encode())
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
    words = [line[1:-1] for line in text.replace("\r", "").split("\n") if line[:1] == "<" and line[-1:] == ">"]
    printed: list[list[str]] = []
    for word in words[: words.index(DONE[1:-1])]:  # each printed line starts with the word deckcli
        if word == "deckcli":
            printed.append([])
        printed[-1].append(word)
    return printed


def _bash(lines: list[str], env, cwd) -> list[list[str]]:
    setup = "PS1='$ '; bind 'set bell-style none'; eval \"$(_DECKCLI_COMPLETE=bash_source deckcli)\""
    return _drive(["bash", "--norc", "--noprofile", "-i"], setup, lines, env, cwd)


def test_bash_inserts_a_card_name_as_one_word(run, shell_env, tmp_path):
    typed = [
        "deckcli cards show Emb\t",  # was: the two words Ember, Whelp
        'deckcli cards show "Emb\t',  # completes inside the quote, and closes it
        "deckcli cards show 'Emb\t",
        "deckcli cards show lil\t",
        "deckcli cards show Ember\\ W\t",
    ]
    words = ["deckcli", "cards", "show"]
    expected = [[*words, "Ember Whelp"]] * 3 + [[*words, "Lil'Y"], [*words, "Ember Whelp"]]
    assert _bash(typed, shell_env, tmp_path) == expected


def test_bash_completes_deck_names_and_files_together(run, shell_env, tmp_path):
    assert run("deck", "import", EMBER).exit_code == 0
    (tmp_path / "Ember notes.txt").write_text("4 Ember Whelp\n", encoding="utf-8")
    typed = ["deckcli validate Ember\\ R\t", "deckcli odds Ember\\ n\t", "deckcli deck show Emb\t"]
    assert _bash(typed, shell_env, tmp_path) == [
        ["deckcli", "validate", "Ember Rush"],
        ["deckcli", "odds", "Ember notes.txt"],
        ["deckcli", "deck", "show", "Ember Rush"],
    ]


def test_bash_completes_event_and_player_names(run, shell_env, tmp_path):
    assert run("event", "new", "Spring Open", "--game", "boa").exit_code == 0
    assert run("event", "register", "Spring Open", "Sam Example", EMBER).exit_code == 0
    typed = [
        "deckcli event status Spr\t",
        "deckcli event check Spring\\ Open Sa\t",
        "deckcli event sheet 'Spring Open' 'Sa\t",
    ]
    assert _bash(typed, shell_env, tmp_path) == [
        ["deckcli", "event", "status", "Spring Open"],
        ["deckcli", "event", "check", "Spring Open", "Sam Example"],
        ["deckcli", "event", "sheet", "Spring Open", "Sam Example"],
    ]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed (apt-get install zsh)")
def test_zsh_inserts_a_card_name_as_one_word(run, shell_env, tmp_path):
    setup = ("PS1='$ '; unsetopt beep; autoload -Uz compinit && compinit -u -D;"
             " eval \"$(_DECKCLI_COMPLETE=zsh_source deckcli)\"")
    words = _drive(["zsh", "-f", "-i"], setup, ["deckcli cards show Emb\t"], shell_env, tmp_path)
    assert words == [["deckcli", "cards", "show", "Ember Whelp"]]
