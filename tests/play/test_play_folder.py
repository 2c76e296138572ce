"""The play folder's journal on its own (no browser): an export recorded as begun and then stopped anywhere is
finished by the next run when its saved object is in place, undone when it is not, and settling again after a
stop halfway through settling ends the same; another deck's files and the user's are never removed (issue 31)."""

from __future__ import annotations

import json
import os

import pytest

from deckcli.errors import PlayFolderRefused
from deckcli.play.folder import PlayFolder, pending_export, play_folder
from deckcli.play.manifest import DeckFiles, read_list

OLD = {"Deck.json": "old object", "Deck-sheet-1-aaaaaaaa.png": "old sheet", "boa-back-cccccccc.png": "back"}
NEW = {"Deck.json": "new object", "Deck-sheet-1-bbbbbbbb.png": "new sheet", "boa-back-cccccccc.png": "back"}
OTHER = {"Other.json": "other object", "Other-sheet-1-dddddddd.png": "other sheet", "boa-back-cccccccc.png": "back"}


def _export(folder, name: str, files: dict[str, str], stop_before: str = "") -> None:
    """What tts.export_tts does, by hand: begin, write the images, then the saved object (first), then settle;
    ``stop_before`` a step: the run ends there as a kill would (no settling)."""
    stem = next(iter(files)).removesuffix(".json")
    deck = DeckFiles("boa", name, stem, tuple(files))
    saved = next(iter(files))
    if not stop_before:
        with play_folder(folder) as state:
            _write(state, deck, saved, files)
        return
    folder.mkdir(exist_ok=True)
    state = PlayFolder(folder, str(folder), *read_list(folder, str(folder)))  # as play_folder reads it, never settled
    _write(state, deck, saved, files, stop_before)


def _write(state, deck: DeckFiles, saved: str, files: dict[str, str], stop_before: str = "") -> None:
    folder = state.path
    state.begin(pending_export(deck, saved, files[saved], {n: f"page {n}" for n in files if n.endswith(".png")}))
    for step, (file, text) in enumerate(reversed(list(files.items()))):
        if stop_before == f"write:{step}":
            return  # killed: nothing settled
        (folder / file).write_text(text, encoding="utf-8")


def _files(folder) -> dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in folder.iterdir() if p.name != ".deckcli-play.json"}


@pytest.mark.parametrize("stop", ["write:0", "write:1", "write:2", "settle"])
def test_an_export_stopped_anywhere_is_finished_or_undone_by_the_next_run(tmp_path, stop):
    folder = tmp_path / "objects"
    _export(folder, "Deck", OLD)
    _export(folder, "Other", OTHER)
    (folder / "mine.json").write_text("the user's", encoding="utf-8")
    _export(folder, "Deck", NEW, stop_before=stop)

    with play_folder(folder):  # the next run, of any deck: settles first
        pass
    expected = (NEW if stop == "settle" else OLD) | OTHER | {"mine.json": "the user's"}
    assert _files(folder) == expected
    listed = json.loads((folder / ".deckcli-play.json").read_text(encoding="utf-8"))
    assert listed["pending"] is None and sorted(listed["files"]) == sorted(set(expected) - {"mine.json"})
    assert {d["name"]: sorted(d["files"]) for d in listed["decks"]} == {
        "Deck": sorted(NEW if stop == "settle" else OLD),
        "Other": sorted(OTHER),
    }


def test_settling_stopped_halfway_settles_the_same(tmp_path):
    folder = tmp_path / "objects"
    _export(folder, "Deck", OLD)
    _export(folder, "Deck", NEW, stop_before="settle")
    (folder / "Deck-sheet-1-aaaaaaaa.png").unlink()  # the old sheet removed, the list not yet written: stopped there
    with play_folder(folder):
        pass
    assert _files(folder) == NEW


def test_a_file_deckcli_listed_but_the_user_changed_is_not_removed(tmp_path):
    folder = tmp_path / "objects"
    _export(folder, "Deck", OLD)
    (folder / "Deck-sheet-1-aaaaaaaa.png").write_text("the user drew on it", encoding="utf-8")
    _export(folder, "Deck", NEW)
    assert _files(folder) == NEW | {"Deck-sheet-1-aaaaaaaa.png": "the user drew on it"}


def test_a_pipe_planted_where_deckcli_listed_a_file_is_refused_without_waiting_for_a_writer(tmp_path):
    folder = tmp_path / "objects"
    _export(folder, "Deck", OLD)
    (folder / "Deck.json").unlink()
    os.mkfifo(folder / "Deck.json")
    with play_folder(folder) as state, pytest.raises(PlayFolderRefused) as refused:
        state.check(["Deck.json"])
    assert refused.value.entries == ["Deck.json"]
