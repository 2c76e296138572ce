"""``deck export NAME --to tts -o DIR`` read back: each game's example deck becomes a saved object whose every CardID
names a sheet and a cell that exist, with the deck's cards per zone, and sheets that are real PNGs of the size the
object says; and the folder's rules and the usage errors."""

from __future__ import annotations

import json
import re
from urllib.parse import urlparse
from urllib.request import url2pathname

import pytest

import browser  # tests/support/browser.py
import play_support as ps
from deckcli.play.tts import FACE_HEIGHT, FACE_WIDTH


@pytest.fixture
def cli():
    browser.chromium()
    return ps.fresh_cli()


def _zones(saved: dict, folder) -> dict[str, int]:
    """The saved object's cards per deck object, each CardID checked against its sheet: label -> count."""
    counts = {}
    for obj in saved["ObjectStates"]:
        cards = obj["ContainedObjects"] if obj["Name"] == "DeckCustom" else [obj]
        if obj["Name"] == "DeckCustom":
            assert obj["DeckIDs"] == [card["CardID"] for card in cards]
        for card in cards:
            sheets = card["CustomDeck"] if obj["Name"] == "Card" else obj["CustomDeck"]
            sheet = sheets[str(card["CardID"] // 100)]
            assert card["CardID"] % 100 < sheet["NumWidth"] * sheet["NumHeight"] <= 70
            face = folder / url2pathname(urlparse(sheet["FaceURL"]).path).rsplit("/", 1)[-1]
            assert ps.png_size(face) == (sheet["NumWidth"] * FACE_WIDTH, sheet["NumHeight"] * FACE_HEIGHT)
            back = folder / sheet["BackURL"].rsplit("/", 1)[-1]
            assert ps.png_size(back) == (FACE_WIDTH, FACE_HEIGHT)
        counts[obj["Nickname"].split(" — ", 1)[1]] = len(cards)
    return counts


def test_each_games_deck_is_a_saved_object_tts_reads(cli, tmp_path):
    ps.import_examples(cli)
    for game, (_, name, zones) in ps.DECKS.items():
        folder = tmp_path / game
        done = cli("deck", "export", name, "--to", "tts", "-o", folder)
        assert done.exit_code == 0, done.output
        stem = json.loads((folder / ".deckcli-play.json").read_text(encoding="utf-8"))["files"]
        saved_file = next(folder / n for n in stem if n.endswith(".json"))
        assert done.stderr.startswith(f"Wrote {saved_file} (") and "1 card sheet and the card back" in done.stderr
        assert f"Next: copy {saved_file.name} into TTS's Saved Objects folder" in done.stderr
        saved = json.loads(saved_file.read_text(encoding="utf-8"))
        assert _zones(saved, folder) == zones
        urls = {d["FaceURL"] for o in saved["ObjectStates"] for d in o["CustomDeck"].values()}
        (sheet,) = folder.glob(f"{saved_file.stem}-sheet-1-*.png")
        assert urls == {sheet.resolve().as_uri()} and re.fullmatch(r".*-sheet-1-[0-9a-f]{8}\.png", sheet.name)
        assert len(list(folder.glob(f"{game}-back-*.png"))) == 1

    boa = tmp_path / "boa"
    images = {p.name: p.read_bytes() for p in boa.glob("*.png")}
    again = cli("deck", "export", "Ember Rush", "--to", "tts", "-o", boa, "--image-url", "https://cards.example/boa/")
    assert again.exit_code == 0 and "TTS reads the URLs it names" in again.stderr
    saved = json.loads((boa / "Ember Rush.json").read_text(encoding="utf-8"))
    deck = saved["ObjectStates"][0]["CustomDeck"]["1"]
    (sheet,), (back,) = boa.glob("Ember Rush-sheet-1-*.png"), boa.glob("boa-back-*.png")
    assert (deck["FaceURL"], deck["BackURL"]) == (f"https://cards.example/boa/Ember%20Rush-sheet-1-{sheet.name[-12:]}",
                                                   f"https://cards.example/boa/{back.name}")
    assert {p.name: p.read_bytes() for p in boa.glob("*.png")} == images  # the same pages: not drawn again


def test_a_folder_holding_another_file_of_the_same_name_is_refused(run, tmp_path):
    ps.import_examples(run)
    folder = tmp_path / "Saved Objects"
    folder.mkdir()
    (folder / "Ember Rush.json").write_text("the user's own object", encoding="utf-8")
    (folder / "other.json").write_text("{}", encoding="utf-8")
    done = run("deck", "export", "Ember Rush", "--to", "tts", "-o", folder)
    assert done.exit_code == 1
    assert done.stderr == (
        f"Error: {folder}: refused, it holds Ember Rush.json, which deckcli did not write there (or which changed"
        f" since); nothing was written. Export into another folder, or move it away first\n"
    )
    assert sorted(p.name for p in folder.iterdir()) == ["Ember Rush.json", "other.json"]
    assert (folder / "Ember Rush.json").read_text(encoding="utf-8") == "the user's own object"


def test_tts_usage_errors_an_unknown_deck_and_no_browser(run, tmp_path, monkeypatch):
    ps.import_examples(run)
    no_dir = run("deck", "export", "Ember Rush", "--to", "tts")
    assert no_dir.exit_code == 2 and "Error: --to tts writes a folder of files: give -o DIR" in no_dir.stderr
    url = run("deck", "export", "Ember Rush", "--image-url", "https://x.example/", "-o", tmp_path / "e.txt")
    assert url.exit_code == 2 and "Error: --image-url is for --to tts" in url.stderr
    unknown = run("deck", "export", "Ember Rsh", "--to", "tts", "-o", tmp_path / "tts")
    assert unknown.exit_code == 1 and "'Ember Rsh'" in unknown.stderr and "Ember Rush" in unknown.stderr
    assert not (tmp_path / "tts").exists() and not (tmp_path / "e.txt").exists()
    monkeypatch.setenv("PATH", str(tmp_path / "no-browser"))
    no_browser = run("deck", "export", "Ember Rush", "--to", "tts", "-o", tmp_path / "tts")
    assert no_browser.exit_code == 1 and no_browser.stderr == (
        "Error: cannot draw the card images: no Chromium found on PATH (looked for chromium, chromium-browser,"
        " google-chrome); install it (Debian/Ubuntu: 'apt-get install chromium'; macOS: 'brew install --cask"
        " chromium')\n"
    )
    assert not (tmp_path / "tts").exists()


def test_sheets_hold_70_distinct_cards_and_a_zone_of_one_card_is_a_card():
    from deckcli.cards.index import CardRef
    from deckcli.play.faces import ZoneCards
    from deckcli.play.tts import card_sheets, saved_object

    cards = [CardRef(i, "boa", "S01", f"{i:03}", f"Card {i}", "monster", {}) for i in range(1, 76)]
    zones = [ZoneCards("main", "Main Deck", tuple(c for c in cards[:74] for _ in range(2))),
             ZoneCards("side", "Side Deck", (cards[74],))]
    sheets = card_sheets(zones, "big")
    assert [(s.number, len(s.cards), s.rows, s.file[:-13]) for s in sheets] == [(1, 70, 7, "big-sheet-1"),
                                                                             (2, 5, 2, "big-sheet-2")]
    urls = {name: f"https://x.example/{name}" for name in (sheets[0].file, sheets[1].file, "boa-back.png")}
    main, side = saved_object("Big", zones, sheets, urls, "boa-back.png")["ObjectStates"]
    assert main["Name"] == "DeckCustom" and len(main["ContainedObjects"]) == 148 and sorted(main["CustomDeck"]) == ["1", "2"]
    assert main["DeckIDs"][:3] == [100, 100, 101] and main["DeckIDs"][-2:] == [203, 203]
    assert (main["CustomDeck"]["2"]["NumWidth"], main["CustomDeck"]["2"]["NumHeight"]) == (10, 2)
    assert side["Name"] == "Card" and side["CardID"] == 204 and side["Nickname"] == "Big — Side Deck"
    assert side["CustomDeck"] == {"2": main["CustomDeck"]["2"]}
