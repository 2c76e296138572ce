"""Many decks' Tabletop Simulator exports in one folder (issues 31 and 32): file names keep each deck's name in
Unicode, sanitised for every file system, and stay unique, so an export never replaces another deck's files
(before: every Japanese aqa deck was ``aqa-deck.json``, ``Ember Rush`` and ``Ember-Rush!`` both ``ember-rush.json``);
the folder's list is never followed out of the folder; ``--image-url`` takes only a web folder's URL."""

from __future__ import annotations

import json
import os
from urllib.parse import unquote

import pytest

import browser  # tests/support/browser.py
import paths  # tests/support/paths.py
import play_support as ps
from deckcli.play.filenames import MAX_BYTES, file_stem, unique_stem


@pytest.fixture
def cli():
    browser.chromium()
    return ps.fresh_cli()


def _saved(folder, name: str) -> dict:
    return json.loads((folder / name).read_text(encoding="utf-8"))


def _listed(folder) -> dict:
    return json.loads((folder / ".deckcli-play.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("天使のつかさ", "天使のつかさ"),
        ("Ember-Rush!", "Ember-Rush!"),
        ('a<b>c:"d"/e\\f|g?h*', "a_b_c__d__e_f_g_h_"),
        ("  .hidden deck.  ", "hidden deck"),
        ("line\nbreak\x1b[31m", "line break_[31m"),
        ("CON", "CON_"),
        ("nul.json", "nul.json_"),
        ("...", "aqa-deck"),
        ("", "aqa-deck"),
        ("Cafe\u0301", "Café"),
    ],
)
def test_a_decks_file_names_keep_its_name_where_every_file_system_allows_it(name, stem):
    assert file_stem(name, "aqa-deck") == stem


def test_a_long_name_is_cut_within_the_bytes_a_file_name_may_hold_and_clashes_get_a_number():
    long = file_stem("嵐" * 200, "x")
    assert len(long.encode("utf-8")) <= MAX_BYTES and long == "嵐" * (MAX_BYTES // 3)
    assert unique_stem("Ember Rush", ["Other"]) == "Ember Rush"
    assert unique_stem("Ember Rush", ["ember rush", "EMBER RUSH (2)"]) == "Ember Rush (3)"  # as Windows/macOS compare


def test_decks_whose_names_once_made_one_file_name_each_keep_their_own_files(cli, tmp_path):
    ps.import_examples(cli)
    assert cli("deck", "import", paths.EXAMPLES / "angels-yome.txt").exit_code == 0
    for copy in ("烈火の嵐", "Ember-Rush!", "Ember:Rush", "Ember?Rush"):
        source = "天使のつかさ" if copy == "烈火の嵐" else "Ember Rush"
        assert cli("deck", "copy", source, copy).exit_code == 0
    folder = tmp_path / "Saved Objects"
    for deck in ("天使のつかさ", "烈火の嵐", "Ember Rush", "Ember-Rush!", "Ember:Rush", "Ember?Rush"):
        done = cli("deck", "export", deck, "--to", "tts", "-o", folder)
        assert done.exit_code == 0, done.output
    objects = {"天使のつかさ.json", "烈火の嵐.json", "Ember Rush.json", "Ember-Rush!.json", "Ember_Rush.json",
               "Ember_Rush (2).json"}
    assert {p.name for p in folder.glob("[!.]*.json")} == objects
    for file in objects:
        saved = _saved(folder, file)
        title = saved["ObjectStates"][0]["Nickname"].split(" — ")[0]
        assert file in (f"{file_stem(title, '')}.json", f"{file_stem(title, '')} (2).json")
        for deck in saved["ObjectStates"][0]["CustomDeck"].values():
            assert os.path.isfile(folder / unquote(deck["FaceURL"].rsplit("/", 1)[-1]))
    decks = {(d["game"], d["name"]): d["stem"] for d in _listed(folder)["decks"]}
    assert decks[("boa", "Ember?Rush")] == "Ember_Rush (2)" and decks[("aqa", "烈火の嵐")] == "烈火の嵐"

    def others() -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(("Ember Rush", "."))}

    before = others()
    again = cli("deck", "export", "Ember Rush", "--to", "tts", "-o", folder, "--image-url", "https://x.example/tts")
    assert again.exit_code == 0, again.output
    assert _saved(folder, "Ember Rush.json")["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"].startswith(
        "https://x.example/tts/Ember%20Rush-sheet-1-"
    )  # the same deck again: its own file replaced, every other deck's file as it was
    assert others() == before


@pytest.mark.parametrize("planted", ["dangling", "elsewhere", "folder"])
def test_a_list_that_is_a_link_or_no_regular_file_is_refused_never_followed(cli, tmp_path, planted):
    ps.import_examples(cli)
    folder, elsewhere = tmp_path / "Saved Objects", tmp_path / "elsewhere"
    folder.mkdir()
    elsewhere.mkdir()
    listing = folder / ".deckcli-play.json"
    if planted == "folder":
        listing.mkdir()
    else:
        target = elsewhere / "list.json"
        if planted == "elsewhere":
            target.write_text('{"deckcli": "deckcli play", "files": {}, "drawn": {}}', encoding="utf-8")
        listing.symlink_to(target)
    before = {p.name: p.read_bytes() for p in elsewhere.iterdir()}
    done = cli("deck", "export", "Ember Rush", "--to", "tts", "-o", folder)
    assert done.exit_code == 1
    assert done.stderr == (
        f"Error: {listing}: refused, it is a link or not a regular file, where deckcli keeps its list of the files it"
        f" wrote; nothing was written. Move it away to export into {folder}\n"
    )
    assert [p.name for p in folder.iterdir()] == [".deckcli-play.json"]
    assert {p.name: p.read_bytes() for p in elsewhere.iterdir()} == before  # not created, not rewritten


def test_a_list_naming_files_outside_its_folder_is_not_believed(cli, tmp_path):
    ps.import_examples(cli)
    folder = tmp_path / "Saved Objects"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    digest = "0" * 64
    doc = {"deckcli": "deckcli play", "format": 2, "files": {"../victim.txt": digest}, "drawn": {}, "decks": []}
    (folder / ".deckcli-play.json").write_text(json.dumps(doc), encoding="utf-8")
    done = cli("deck", "export", "Ember Rush", "--to", "tts", "-o", folder)
    assert done.exit_code == 1 and "not the list of files deckcli writes there" in done.stderr
    assert victim.read_text(encoding="utf-8") == "keep me"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("https://cards.example/\nboa", "'https://cards.example/\\nboa'"),
        ("https://cards.example/\x1b[31mboa", "'https://cards.example/\\x1b[31mboa'"),
        (" ", "' '"),
        ("", "''"),
        ("javascript:alert(1)", "'javascript:alert(1)'"),
        ("ftp://cards.example/", "'ftp://cards.example/'"),
        ("https:///no-host", "'https:///no-host'"),
        ("https://cards.example/boa?x=1", "'https://cards.example/boa?x=1'"),
        ("https://cards.example:port/", "'https://cards.example:port/'"),
    ],
)
def test_image_url_takes_only_a_web_folders_address(run, tmp_path, url, shown):
    ps.import_examples(run)
    done = run("deck", "export", "Ember Rush", "--to", "tts", "-o", tmp_path / "tts", "--image-url", url)
    assert done.exit_code == 2
    assert done.stderr.endswith(
        f"Error: --image-url {shown}: not the http:// or https:// address of the folder the images are in (a host,"
        " and no spaces, control characters, ?, # or \\); TTS loads the images from BASE/<file>\n"
    )
    assert not (tmp_path / "tts").exists()
