"""The one guard of the folders deckcli owns (deckcli/files/ownedfolder.py), under both manifests it guards: the
published site's (``.deckcli-site.json``) and the Tabletop Simulator folder's (``.deckcli-play.json``). A listed
name that is a path, ``..`` or hidden is never believed; a file is deckcli's only when it is a regular file of the
listed digest (a link, a folder, a pipe or a changed file is the user's, never read through, written or removed);
what a killed writer left beside listed files goes, the user's files stay."""

from __future__ import annotations

import os

import pytest

from deckcli.events.sitemanifest import GUARD as SITE
from deckcli.files.ownedfolder import digest, file_digest, listed_files, remove_own, remove_temporaries, why_not_own
from deckcli.play.manifest import GUARD as PLAY

GOOD = digest(b"x")


@pytest.mark.parametrize("guard", [SITE, PLAY], ids=["site", "play"])
@pytest.mark.parametrize("name", ["../index.html", "..", ".deckcli-site.json", "sub/index.html", "a\\b.png", "", "x\0"])
def test_a_path_a_hidden_or_an_empty_name_is_never_believed(guard, name):
    assert not guard.may_list(name)
    assert listed_files({name: GOOD}, guard) is None


def test_each_manifest_believes_the_names_its_export_writes():
    assert SITE.may_list("deck-ann.html") and not SITE.may_list("notes.txt")
    assert PLAY.may_list("My Deck (2).json") and PLAY.may_list("notes.txt")
    assert listed_files({"index.html": GOOD}, SITE) == {"index.html": GOOD}
    assert listed_files({"index.html": "0" * 63}, SITE) is None


@pytest.mark.parametrize("guard", [SITE, PLAY], ids=["site", "play"])
def test_a_file_is_deckclis_only_when_regular_listed_and_unchanged(tmp_path, guard):
    (tmp_path / "index.html").write_bytes(b"x")
    (tmp_path / "elsewhere.html").write_bytes(b"x")
    (tmp_path / "link.html").symlink_to(tmp_path / "elsewhere.html")
    (tmp_path / "folder").mkdir()
    os.mkfifo(tmp_path / "pipe")
    assert why_not_own(tmp_path / "index.html", GOOD, guard) is None
    assert why_not_own(tmp_path / "index.html", None, guard) == ""  # not listed
    assert why_not_own(tmp_path / "index.html", digest(b"y"), guard) == guard.changed
    assert why_not_own(tmp_path / "link.html", GOOD, guard) == "a link"
    assert why_not_own(tmp_path / "folder", GOOD, guard) == "a folder"
    assert why_not_own(tmp_path / "pipe", GOOD, guard) == "not a regular file"  # (and no wait for a writer)
    assert file_digest(tmp_path / "link.html") is None and file_digest(tmp_path / "pipe") is None


def test_only_an_unchanged_regular_file_is_removed(tmp_path):
    (tmp_path / "mine.png").write_bytes(b"x")
    (tmp_path / "changed.png").write_bytes(b"changed by the user")
    (tmp_path / "target.png").write_bytes(b"x")
    (tmp_path / "link.png").symlink_to(tmp_path / "target.png")
    assert remove_own(tmp_path / "mine.png", GOOD)
    assert not remove_own(tmp_path / "changed.png", GOOD)
    assert not remove_own(tmp_path / "link.png", GOOD)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["changed.png", "link.png", "target.png"]


def test_a_killed_writers_temporaries_go_and_the_users_files_stay(tmp_path):
    for name in (".Deck.json.123.tmp", ".Deck-sheet-1-ab.png.45.tmp.png", ".notes.txt.9.tmp", "Deck.json", "notes.txt"):
        (tmp_path / name).write_bytes(b"")
    remove_temporaries(tmp_path, ["Deck.json", "Deck-sheet-1-ab.png"])
    assert sorted(p.name for p in tmp_path.iterdir()) == [".notes.txt.9.tmp", "Deck.json", "notes.txt"]
