"""Completion in real shells: an interactive bash, zsh and fish with deckcli's completion loaded as the README says,
driven through a pseudo-terminal. Each test types lines ending in Tab, then has the shell print the words each
completed line holds, so a name with a space, a quote or a comma must come back as one word in every shell."""

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
#: Each shell started without the user's files, and the README's line that loads deckcli's completion into it.
SHELLS = {
    "bash": (
        ["bash", "--norc", "--noprofile", "-i"],
        "PS1='$ '; bind 'set bell-style none'; eval \"$(_DECKCLI_COMPLETE=bash_source deckcli)\"",
    ),
    "zsh": (
        ["zsh", "-f", "-i"],
        "PS1='$ '; unsetopt beep; bindkey -e; autoload -Uz compinit && compinit -u -D;"
        " eval \"$(_DECKCLI_COMPLETE=zsh_source deckcli)\"",
    ),
    "fish": (
        ["fish", "--no-config", "--private", "-i"],
        "function fish_prompt; echo '$ '; end; _DECKCLI_COMPLETE=fish_source deckcli | source",
    ),
}


@pytest.fixture(params=list(SHELLS))
def shell(request) -> str:
    """Each shell in turn; one not installed is skipped, but fails on CI (env CI set), which installs them all."""
    name = request.param
    if shutil.which(name) is None:
        reason = f"{name} is not installed (Debian: apt-get install {name})"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the {name} completion tests, but {reason}")
        pytest.skip(reason)
    return name


@pytest.fixture
def shell_env(tmp_path):
    """The environment of the shell: ``deckcli`` on PATH (this Python's), the test database (``DECKCLI_DB``, set by
    the conftest), and home, configuration, data, cache and runtime folders under tmp_path (fish writes there)."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    wrapper = bin_dir / "deckcli"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m deckcli "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("BASH", "ZDOTDIR", "PROMPT_COMMAND", "XDG_"))}
    env.update(PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}", TERM="dumb", INPUTRC=os.devnull, LC_ALL="C.UTF-8")
    folders = {"HOME": "home", "ZDOTDIR": "home", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data",
               "XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "state", "XDG_RUNTIME_DIR": "runtime"}
    for variable, folder in folders.items():
        (tmp_path / folder).mkdir(mode=0o700, exist_ok=True)
        env[variable] = str(tmp_path / folder)
    assert env["DECKCLI_DB"].startswith(str(tmp_path)) and env["DECKCLI_DATA_DIR"].startswith(str(tmp_path))
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


def _complete(shell: str, lines: list[str], env, cwd) -> list[list[str]]:
    argv, setup = SHELLS[shell]
    return _drive(argv, setup, lines, env, cwd)


def test_a_card_name_is_inserted_as_one_word(run, shell, shell_env, tmp_path):
    typed = [
        "deckcli cards show Emb\t",  # bash was: the two words Ember, Whelp
        'deckcli cards show "Emb\t',  # completes inside the quote, and closes it
        "deckcli cards show 'Emb\t",
        "deckcli cards show lil\t",
        "deckcli cards show Ember\\ W\t",
        "deckcli cards show oh\t",  # fish was: Oh (cut at the comma)
        "deckcli cards show Oh,\\ R\t",
        "deckcli cards show 'Didn\t",  # bash was: 'Didn't See That Comin', Eh?' (the quotes unbalanced)
        'deckcli cards show "Arch\t',  # bash was: "Archangel "Tsukasa Amaha" (left open)
    ]
    words = ["deckcli", "cards", "show"]
    assert _complete(shell, typed, shell_env, tmp_path) == [
        *[[*words, "Ember Whelp"]] * 3,
        [*words, "Lil'Y"],
        [*words, "Ember Whelp"],
        *[[*words, "Oh, R'Lyeh?"]] * 2,
        [*words, "Didn't See That Comin', Eh?"],
        [*words, 'Archangel "Tsukasa Amaha"'],
    ]


def test_deck_names_and_files_complete_together(run, shell, shell_env, tmp_path):
    assert run("deck", "import", EMBER).exit_code == 0
    (tmp_path / "Ember notes.txt").write_text("4 Ember Whelp\n", encoding="utf-8")
    typed = ["deckcli validate Ember\\ R\t", "deckcli odds Ember\\ n\t", "deckcli deck show Emb\t"]
    assert _complete(shell, typed, shell_env, tmp_path) == [
        ["deckcli", "validate", "Ember Rush"],
        ["deckcli", "odds", "Ember notes.txt"],
        ["deckcli", "deck", "show", "Ember Rush"],
    ]


def test_event_and_player_names_complete(run, shell, shell_env, tmp_path):
    event, player = "Spring Open, Day 1", "Sam O'Neil"
    assert run("event", "new", event, "--game", "boa").exit_code == 0
    assert run("event", "register", event, player, EMBER).exit_code == 0
    typed = [
        "deckcli event status \t",
        "deckcli event status Spr\t",
        "deckcli event check Spring\\ Open,\\ Day\\ 1 Sa\t",
        "deckcli event sheet 'Spring Open, Day 1' 'Sa\t",
        'deckcli event sheet "Spring Open, Day 1" "Sa\t',
    ]
    assert _complete(shell, typed, shell_env, tmp_path) == [
        *[["deckcli", "event", "status", event]] * 2,
        ["deckcli", "event", "check", event, player],
        *[["deckcli", "event", "sheet", event, player]] * 2,
    ]
