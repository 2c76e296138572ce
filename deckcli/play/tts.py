"""A deck as a Tabletop Simulator saved object: one deck object per zone (``DeckCustom``, or a ``Card`` for a zone of
one card), each copy its own contained card; the card faces on sheets of at most 10 x 7 distinct cards
(``CardID`` = 100 x sheet + cell), drawn as PNG by deckcli, and the game's card back.

TTS reads the object from its Saved Objects folder and the images from the URLs it names: ``file:///`` URLs of the
files written here, or ``BASE/<file>`` for a folder the user hosts (``--image-url``).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from deckcli.play.faces import Back, Face, ZoneCards, card_face, deck_zones, game_back

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef
    from deckcli.legality.resolved import ResolvedDeck
    from deckcli.play.folder import PlayFolder
    from deckcli.storage.reads import Readable

#: A card face's size in pixels: 4 a millimetre of a 63 x 88 mm card.
FACE_WIDTH, FACE_HEIGHT = 252, 352
#: A sheet holds at most COLUMNS x ROWS distinct cards (TTS reads at most 10 x 7 a sheet).
COLUMNS, ROWS = 10, 7
PER_SHEET = COLUMNS * ROWS
#: Fewest rows TTS's custom deck takes.
MIN_ROWS = 2
#: Where the deck objects lie on the table, one beside the other, face down.
SPACING = 3.0


@dataclass(frozen=True)
class Sheet:
    """Sheet ``number`` (from 1) of distinct cards, in the cells ``0 .. len(cards) - 1``, and its PNG's file name."""

    number: int
    cards: tuple[CardRef, ...]
    file: str

    @property
    def rows(self) -> int:
        return max(MIN_ROWS, math.ceil(len(self.cards) / COLUMNS))

    @property
    def width(self) -> int:
        return COLUMNS * FACE_WIDTH

    @property
    def height(self) -> int:
        return self.rows * FACE_HEIGHT


@dataclass(frozen=True)
class TtsExport:
    """What was written: the saved object, the sheets and the back, and each zone's label and card count."""

    deck: str
    folder: Path
    saved_object: Path
    sheets: tuple[Path, ...]
    back: Path
    zones: tuple[tuple[str, int], ...]


def file_stem(deck: ResolvedDeck) -> str:
    """The deck's files' common start: its name as an ASCII slug, or ``<game>-deck`` for a name with no ASCII letter."""
    from deckcli.events.slugs import slug

    name = deck.name or ""
    return slug(name) if re.search(r"[A-Za-z0-9]", name) else f"{deck.game}-deck"


def card_sheets(zones: list[ZoneCards], stem: str) -> list[Sheet]:
    """The distinct printings of every zone, in deck order, 70 a sheet."""
    distinct = list({card.id: card for zone in zones for card in zone.copies}.values())
    chunks = [tuple(distinct[i : i + PER_SHEET]) for i in range(0, len(distinct), PER_SHEET)]
    return [Sheet(n, cards, f"{stem}-sheet-{n}.png") for n, cards in enumerate(chunks, 1)]


def card_ids(sheets: list[Sheet]) -> dict[int, tuple[int, int]]:
    """Printing id -> (sheet number, TTS ``CardID``: 100 x sheet + cell)."""
    return {card.id: (s.number, 100 * s.number + cell) for s in sheets for cell, card in enumerate(s.cards)}


def _transform(x: float) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0} | dict.fromkeys(
        ("scaleX", "scaleY", "scaleZ"), 1.0
    )


def sheet_decks(sheets: list[Sheet], urls: dict[str, str], back: str) -> dict[int, dict[str, Any]]:
    """Each sheet's ``CustomDeck`` entry, by sheet number: its face and back URLs and its grid."""
    return {
        s.number: {
            "FaceURL": urls[s.file],
            "BackURL": urls[back],
            "NumWidth": COLUMNS,
            "NumHeight": s.rows,
            "BackIsHidden": True,
            "UniqueBack": False,
            "Type": 0,
        }
        for s in sheets
    }


def zone_object(nickname: str, zone: ZoneCards, x: float, ids: dict[int, tuple[int, int]], decks: dict) -> dict:
    """One zone's object at ``x`` on the table: a ``DeckCustom`` holding each copy as a ``Card`` (naming its sheet),
    or the ``Card`` itself for a zone of one card (TTS holds no deck of one card)."""
    cards = [
        {
            "Name": "Card",
            "Transform": _transform(x),
            "Nickname": card.name,
            "Description": f"{card.set_code} {card.number}",
            "CardID": ids[card.id][1],
            "CustomDeck": {str(ids[card.id][0]): decks[ids[card.id][0]]},
        }
        for card in zone.copies
    ]
    if len(cards) == 1:
        return cards[0] | {"Nickname": nickname}
    used = sorted({ids[card.id][0] for card in zone.copies})
    return {
        "Name": "DeckCustom",
        "Transform": _transform(x),
        "Nickname": nickname,
        "Description": "",
        "DeckIDs": [card["CardID"] for card in cards],
        "CustomDeck": {str(n): decks[n] for n in used},
        "ContainedObjects": cards,
    }


def saved_object(
    title: str, zones: list[ZoneCards], sheets: list[Sheet], urls: dict[str, str], back: str
) -> dict[str, Any]:
    """The saved object of the deck (a TTS save whose outer fields are empty): one object per zone, side by side."""
    ids, decks = card_ids(sheets), sheet_decks(sheets, urls, back)
    objects = [zone_object(f"{title} — {zone.label}", zone, i * SPACING, ids, decks) for i, zone in enumerate(zones)]
    outer = dict.fromkeys(("SaveName", "GameMode", "Date", "Table", "Sky", "Note", "Rules"), "")
    return outer | {"ObjectStates": objects}


def image_urls(folder: Path, names: list[str], base: str | None) -> dict[str, str]:
    """Each image's URL: ``file:///`` of the file written, or ``BASE/<file>`` when the user hosts the folder."""
    if base:
        return {name: f"{base.rstrip('/')}/{quote(name)}" for name in names}
    return {name: (folder / name).resolve().as_uri() for name in names}


def export_tts(db: Readable, deck_name: str, folder: str | Path, image_url: str | None = None) -> TtsExport:
    """``deck export NAME --to tts -o DIR``: the stored deck's saved object, sheets and back written into DIR."""
    from deckcli.events.browser import find_chromium
    from deckcli.files.writing import write_whole
    from deckcli.legality.resolve import open_deck
    from deckcli.play.folder import check_folder

    deck = open_deck(db, deck_name=deck_name)
    deck.require_cards()
    find_chromium("draw the card images", "")  # before the folder is made: a missing browser is said at once
    from deckcli.cards.index import CardIndex

    zones = deck_zones(deck, CardIndex(db, deck.game))
    stem = file_stem(deck)
    sheets = card_sheets(zones, stem)
    back_file, object_file = f"{deck.game}-back.png", f"{stem}.json"
    folder_state = check_folder(folder, [object_file, back_file, *(s.file for s in sheets)])
    pages = {s.file: (sheet_page(s.file, [card_face(card) for card in s.cards]), s.width, s.height) for s in sheets}
    pages[back_file] = (sheet_page(back_file, [], game_back(deck.game), columns=1), FACE_WIDTH, FACE_HEIGHT)
    written = {name: draw_image(folder_state, name, *page) for name, page in pages.items()}
    title = deck.name or stem
    urls = image_urls(folder_state.path, list(pages), image_url)
    text = json.dumps(saved_object(title, zones, sheets, urls, back_file), ensure_ascii=False, indent=2) + "\n"
    write_whole(folder_state.path / object_file, lambda handle: handle.write(text))
    written[object_file] = text.encode("utf-8")
    folder_state.record(written, {name: page for name, (page, _, _) in pages.items()})
    path = folder_state.path
    return TtsExport(
        title,
        path,
        path / object_file,
        tuple(path / s.file for s in sheets),
        path / back_file,
        tuple((zone.label, len(zone.copies)) for zone in zones),
    )


def sheet_page(title: str, faces: list[Face], back: Back | None = None, columns: int = COLUMNS) -> str:
    """The page a sheet (or the back) is drawn from: the faces in a grid of ``columns``, one 252 x 352 cell each."""
    from deckcli.play.pages import render

    return render(
        "sheet.html.j2", title=title, faces=faces, back=back, columns=columns, width=FACE_WIDTH, height=FACE_HEIGHT
    )


def draw_image(folder: PlayFolder, name: str, page: str, width: int, height: int) -> bytes:
    """The image ``name`` of the folder drawn from ``page`` (kept as it is when deckcli drew it from the same page)."""
    from deckcli.play.images import draw_png

    kept = folder.unchanged_image(name, page)
    return kept if kept is not None else draw_png(page, folder.path / name, width, height)
