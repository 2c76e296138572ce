"""A Tabletop Simulator export killed (``kill -9`` of a real process) at a point of its work leaves the old export or
the new one, whole, and nothing the next run refuses (issue 31). Before: killed after a sheet was drawn, the retry
refused the folder ("holds ember-rush-sheet-1.png, which deckcli did not write there": it did), and the hidden
``.…tmp.png`` files of a killed drawing stayed even after a successful export.

The child process is deckcli's own command line with one point of the export made to wait: it says ``ready`` on
its standard output and blocks reading its standard input; the test kills it there (a handshake, no sleep)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote

import pytest

import browser  # tests/support/browser.py
import play_support as ps

#: The child: ``deckcli ARGS...`` waiting at the point argv[1] names: ``temp`` (an image's temporary file made,
#: the browser about to draw into it), ``drawn`` (the first image drawn and in its place) or ``saved`` (the saved
#: object in place, the folder's list not yet settled: ``deckcli.play.tts._reached``).
CHILD = r"""
import os, sys
import deckcli.files.writing as writing
import deckcli.play.images as images
import deckcli.play.tts as tts

point = sys.argv.pop(1)

def wait():
    os.write(1, b"ready\n")
    os.read(0, 1)  # blocks until the test kills this process
    os._exit(3)  # (the test closed its end: it never does)

reserve, draw_png = writing._reserve, images.draw_png

def reserved(temp):
    reserve(temp)
    if point == "temp" and temp.name.endswith(".tmp.png"):
        wait()

def drawn(*args):
    data = draw_png(*args)
    if point == "drawn":
        wait()
    return data

def reached(step):
    if point == step:
        wait()

writing._reserve, images.draw_png, tts._reached = reserved, drawn, reached
sys.argv[0] = "deckcli"
from deckcli.cli.main import main
main()
"""


@pytest.fixture
def cli():
    browser.chromium()
    return ps.fresh_cli()


def _export_killed_at(point: str, folder: Path) -> None:
    """Run ``deck export "Ember Rush" --to tts -o folder`` in a child process and kill -9 it at ``point``."""
    args = [sys.executable, "-c", CHILD, point, "deck", "export", "Ember Rush", "--to", "tts", "-o", str(folder)]
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        said = child.stdout.readline()
        assert said == b"ready\n", (said, child.stderr.read().decode())
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.kill()
        child.communicate()
    assert child.returncode == -signal.SIGKILL


def _export(folder: Path) -> dict[str, bytes]:
    """The export in ``folder`` as TTS loads it: the saved object and each image it names, checked to be there."""
    files = {p.name: p.read_bytes() for p in folder.glob("[!.]*.json")}
    (saved,) = files.values()
    for obj in json.loads(saved)["ObjectStates"]:
        for sheet in obj["CustomDeck"].values():
            for url in (sheet["FaceURL"], sheet["BackURL"]):
                name = unquote(url.rsplit("/", 1)[-1])
                files[name] = (folder / name).read_bytes()
    return files


def _saved(export: dict[str, bytes]) -> bytes:
    return next(data for name, data in export.items() if name.endswith(".json"))


@pytest.mark.parametrize("point", ["temp", "drawn", "saved"])
def test_a_killed_export_leaves_the_old_or_the_new_one_and_the_next_run_finishes(cli, tmp_path, point):
    ps.import_examples(cli)
    folder = tmp_path / "Saved Objects"
    assert cli("deck", "export", "Ember Rush", "--to", "tts", "-o", folder).exit_code == 0
    old = _export(folder)
    assert cli("deck", "remove", "Ember Rush", "Fireball", "--all").exit_code == 0  # a new sheet: one card less

    _export_killed_at(point, folder)
    now = _export(folder)
    assert now == old if point != "saved" else now != old and b"Fireball" not in _saved(now)
    if point == "temp":
        assert any(p.name.endswith(".tmp.png") for p in folder.iterdir())  # what a killed drawing leaves

    retry = cli("deck", "export", "Ember Rush", "--to", "tts", "-o", folder)
    assert retry.exit_code == 0, retry.output
    new = _export(folder)
    assert b"Fireball" not in _saved(new) and (point != "saved" or new == now)
    assert sorted(p.name for p in folder.iterdir()) == sorted([".deckcli-play.json", *new])  # no temporary, no old sheet
    listed = json.loads((folder / ".deckcli-play.json").read_text(encoding="utf-8"))
    assert listed["pending"] is None and sorted(listed["decks"][0]["files"]) == sorted(new)
