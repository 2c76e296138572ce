"""Publishing is all or nothing (issue 20): the site is built beside its folder and swapped in whole. A write that
fails, a Ctrl-C or a kill at any step leaves the earlier site byte for byte (or the new one once swapped), the
message names the file and says what changed, and the next publish removes what a killed one left beside the
folder. (Before: a failing write left an index linking to missing pages, and Ctrl-C said "nothing was changed"
after the folder was rewritten.)"""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from deckcli.events import sitefolder
from deckcli.events.sitemanifest import GUARD
from deckcli.files import folderswap

DECK = Path(__file__).parents[1] / "data" / "decks" / "boa-standard" / "legal" / "aeon-sphinx-in-side.txt"
FILES = ["index.html", "deck-ann.html", "deck-bo.html", "decks.json", "decks.csv", ".deckcli-site.json"]


@pytest.fixture
def event(run):
    assert run("event", "new", "Open", "--game", "boa").exit_code == 0
    for player in ("Ann", "Bo"):
        assert run("event", "register", "Open", player, DECK).exit_code == 0
    return "Open"


def snapshot(folder: Path) -> dict[str, bytes] | None:
    """The files of ``folder`` by name (None when there is no folder)."""
    if not folder.exists():
        return None
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def leftovers(folder: Path) -> list[str]:
    return [p.name for p in folder.parent.iterdir() if ".deckcli-" in p.name]


def _fail_at(monkeypatch, k: int) -> None:
    """The k-th file written into the fresh folder fails as on a full disk."""
    calls = []
    real = folderswap._write_file

    def write(path, content):
        calls.append(path)
        if len(calls) == k + 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(path, content)

    monkeypatch.setattr(folderswap, "_write_file", write)


def test_a_write_failing_at_any_file_leaves_the_earlier_site_exactly(run, event, tmp_path, monkeypatch):
    site = tmp_path / "site"
    assert run("event", "publish", event, "-o", site).exit_code == 0
    before = snapshot(site)
    assert run("event", "register", "Open", "Cy", DECK).exit_code == 0  # the new site has one page more
    names = ["index.html", "deck-ann.html", "deck-bo.html", "deck-cy.html", "decks.json", "decks.csv",
             ".deckcli-site.json"]
    for k, name in enumerate(names):
        with monkeypatch.context() as patch:
            _fail_at(patch, k)
            result = run("event", "publish", event, "-o", site)
        assert result.exit_code == 1
        assert result.stderr.strip() == (f"Error: {site}/{name}: cannot write it: No space left on device; nothing"
                                         " was published: the earlier site is unchanged")
        assert snapshot(site) == before and leftovers(site) == []
    assert run("event", "publish", event, "-o", site).exit_code == 0
    assert "deck-cy.html" in snapshot(site)


def test_a_failure_into_a_missing_or_an_empty_folder_leaves_it_so(run, event, tmp_path, monkeypatch):
    (tmp_path / "empty").mkdir()
    for site, after in ((tmp_path / "new" / "site", "there was no folder before and none was made"),
                        (tmp_path / "empty", "the folder is still empty")):
        _fail_at(monkeypatch, 3)
        result = run("event", "publish", event, "-o", site)
        assert result.exit_code == 1
        assert result.stderr.strip() == (f"Error: {site}/decks.json: cannot write it: No space left on device;"
                                         f" nothing was published: {after}")
    assert not (tmp_path / "new").exists() and list((tmp_path / "empty").iterdir()) == []


def test_ctrl_c_before_the_swap_changes_nothing_and_after_it_says_so(run, event, tmp_path, monkeypatch):
    site = tmp_path / "site"
    assert run("event", "publish", event, "-o", site).exit_code == 0
    before = snapshot(site)
    assert run("event", "register", "Open", "Cy", DECK).exit_code == 0

    def interrupt_at(step):
        def reached(name):
            if name == step:
                raise KeyboardInterrupt
        return reached

    with monkeypatch.context() as patch:
        patch.setattr(folderswap, "_reached", interrupt_at("file:decks.csv"))
        result = run("event", "publish", event, "-o", site)
    assert result.exit_code == 130 and result.stderr.strip() == "Interrupted: nothing was changed."
    assert snapshot(site) == before and leftovers(site) == []

    with monkeypatch.context() as patch:
        patch.setattr(folderswap, "_reached", interrupt_at("swapped"))
        result = run("event", "publish", event, "-o", site)
    assert result.exit_code == 130
    assert result.stderr.strip() == (f"Interrupted after the site was published: {site} holds the new one (the"
                                     " command's last output was not printed).")
    assert "deck-cy.html" in snapshot(site) and len(leftovers(site)) == 1  # the old site, not yet removed
    assert run("event", "publish", event, "-o", site).exit_code == 0
    assert leftovers(site) == []


# -- a kill at every step (no database: the folder layer alone, in a forked child) ---------------------------


OLD = {"index.html": "old index", "deck-a.html": "a", "deck-b.html": "b", "decks.json": "[]", "decks.csv": "x\n"}
NEW = {"index.html": "new index", "deck-a.html": "a2", "deck-c.html": "c", "decks.json": "[1]", "decks.csv": "y\n"}


def _killed_at(target: Path, files: dict, k: int, exchange: bool) -> bool:
    """Publish ``files`` into ``target`` in a child process killed (os._exit) at its k-th step; True when it was."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            steps = iter(range(k))
            folderswap._reached = lambda step: next(steps, None) is None and os._exit(9)
            if not exchange:
                folderswap._exchange = lambda new, old: False
            sitefolder.write_site(target, "E", lambda: files)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WEXITSTATUS(status) == 9


def _site_of(tmp_path: Path, files: dict) -> dict[str, bytes]:
    sitefolder.write_site(tmp_path / "model", "E", lambda: files)
    return snapshot(tmp_path / "model")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("exchange", [True, False], ids=["renameat2", "rename-aside"])
@pytest.mark.parametrize("earlier", ["site", "empty", "nothing"])
def test_a_kill_at_every_step_leaves_the_old_site_or_the_new_one(tmp_path, exchange, earlier):
    if exchange and folderswap._renameat2() is None:
        pytest.skip("no renameat2 here")
    old = {"site": _site_of(tmp_path / "o", OLD), "empty": {}, "nothing": None}[earlier]
    new = _site_of(tmp_path / "n", NEW)
    for k in range(100):
        parent = tmp_path / f"run{k}"
        parent.mkdir()
        target = parent / "site"
        if earlier != "nothing":
            target.mkdir()
        if earlier == "site":
            sitefolder.write_site(target, "E", lambda: OLD)
        killed = _killed_at(target, NEW, k, exchange)
        found = snapshot(target)
        if found is None and earlier != "nothing":  # renamed aside, the new one not yet in: put back next time
            assert not exchange and any(".deckcli-old-" in p.name for p in parent.iterdir())
            folderswap._clear_leftovers(target, GUARD)
            found = snapshot(target)
        assert found in (old, new), (k, found)
        sitefolder.write_site(target, "E", lambda: NEW)  # the next publish finishes and cleans up
        assert snapshot(target) == new and sorted(p.name for p in parent.iterdir()) == ["site"]
        if not killed:
            break
    assert 8 <= k < 99  # every step was reached: the six files, built, (aside), swapped, done


def test_what_a_killed_run_left_beside_the_folder_is_removed_or_named(run, event, tmp_path):
    import subprocess

    site = tmp_path / "site"
    assert run("event", "publish", event, "-o", site).exit_code == 0
    dead = subprocess.Popen(["true"])  # a process id no process has any more
    dead.wait()
    own, foreign = tmp_path / f".site.deckcli-old-{dead.pid}-0123abcd", tmp_path / f".site.deckcli-new-{dead.pid}-4567cdef"
    huge = tmp_path / f".site.deckcli-new-{'9' * 30}-89abcdef"  # no process id: not running
    for folder in (own, foreign, huge):
        folder.mkdir()
        (folder / "index.html").write_text("half", encoding="utf-8")
    (foreign / "mine.txt").write_text("mine", encoding="utf-8")
    result = run("event", "publish", event, "-o", site)
    assert result.exit_code == 0
    assert result.stderr == (f"Note: left {foreign} in place: an earlier publish was stopped there, and it holds files"
                             " deckcli did not write.\n")
    assert not own.exists() and not huge.exists() and sorted(p.name for p in foreign.iterdir()) == ["mine.txt"]
