"""A deck as a Tabletop Simulator saved object: one deck object per zone (``DeckCustom``, or a ``Card`` for a zone of
one card), each copy its own contained card; the card faces on sheets of at most 10 x 7 distinct cards
(``CardID`` = 100 x sheet + cell), drawn as PNG by deckcli, and the game's card back.

TTS reads the object from its Saved Objects folder and the images from the URLs it names: ``file:///`` URLs of the
files written here, or ``BASE/<file>`` for a folder the user hosts (``--image-url``).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from deckcli.errors import InputError
from deckcli.i18n import Message
from deckcli.play.faces import Back, Face, ZoneCards, card_face, deck_zones, game_back

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef
    from deckcli.play.folder import PlayFolder
    from deckcli.play.manifest import DeckFiles
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
    page: str = field(default="", repr=False)

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


def card_sheets(zones: list[ZoneCards], stem: str) -> list[Sheet]:
    """The distinct printings of every zone, in deck order, 70 a sheet, each named ``STEM-sheet-N-<page>.png`` by
    the page it is drawn from (:func:`image_name`)."""
    distinct = list({card.id: card for zone in zones for card in zone.copies}.values())
    chunks = [tuple(distinct[i : i + PER_SHEET]) for i in range(0, len(distinct), PER_SHEET)]
    sheets = []
    for n, cards in enumerate(chunks, 1):
        title = f"{stem}-sheet-{n}"
        page = sheet_page(title, [card_face(card) for card in cards])
        sheets.append(Sheet(n, cards, image_name(title, page), page))
    return sheets


def image_name(title: str, page: str) -> str:
    """An image's file name: ``title`` and the start of the SHA-256 of the page it is drawn from. A changed image
    is a new file, so a kill while a deck's images are drawn leaves the old ones its saved object names (and TTS,
    which keeps each image it loaded by its URL, loads the new one instead of showing the old)."""
    from deckcli.files.ownedfolder import digest

    return f"{title}-{digest(page.encode('utf-8'))[:8]}.png"


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
    if base is not None:
        return {name: f"{base.rstrip('/')}/{quote(name)}" for name in names}
    return {name: (folder / name).resolve().as_uri() for name in names}


def export_tts(db: Readable, deck_name: str, folder: str | Path, image_url: str | None = None) -> TtsExport:
    """``deck export NAME --to tts -o DIR``: the stored deck's saved object, sheets and back written into DIR, all
    or nothing (:mod:`deckcli.play.folder`); the files of another deck there are never written over."""
    from deckcli.cards.index import CardIndex
    from deckcli.legality.resolve import open_deck
    from deckcli.play.filenames import file_stem
    from deckcli.play.folder import play_folder
    from deckcli.play.manifest import DeckFiles
    from deckcli.rendering.browser import find_chromium

    base = image_base(image_url) if image_url is not None else None
    deck = open_deck(db, deck_name=deck_name)
    deck.require_cards()
    find_chromium("draw the card images", "")  # before the folder is made: a missing browser is said at once
    zones = deck_zones(deck, CardIndex(db, deck.game))
    name = deck.name or ""
    with play_folder(folder) as state:
        stem = state.stem_for(deck.game, name, file_stem(name, f"{deck.game}-deck"))
        sheets = card_sheets(zones, stem)
        back_page = sheet_page(f"{deck.game}-back", [], game_back(deck.game), columns=1)
        back_file = image_name(f"{deck.game}-back", back_page)
        pages = {s.file: (s.page, s.width, s.height) for s in sheets} | {
            back_file: (back_page, FACE_WIDTH, FACE_HEIGHT)
        }
        saved_file = f"{stem}.json"
        state.check([saved_file, *pages])
        urls = image_urls(state.path, list(pages), base)
        text = json.dumps(saved_object(name or stem, zones, sheets, urls, back_file), ensure_ascii=False, indent=2)
        _write_export(state, DeckFiles(deck.game, name, stem, (saved_file, *pages)), pages, text + "\n")
    path = state.path
    return TtsExport(
        name or stem,
        path,
        path / saved_file,
        tuple(path / s.file for s in sheets),
        path / back_file,
        tuple((zone.label, len(zone.copies)) for zone in zones),
    )


def _write_export(state: PlayFolder, deck: DeckFiles, pages: dict[str, tuple[str, int, int]], text: str) -> None:
    """The export recorded as begun, its images drawn (or kept), then its saved object (``deck.files[0]``) put in
    place: the step that makes it the deck's export (the folder settles it when :func:`play_folder` ends)."""
    from deckcli.files.writing import write_whole
    from deckcli.play.folder import pending_export

    saved = deck.files[0]
    state.begin(pending_export(deck, saved, text, {name: page for name, (page, _, _) in pages.items()}))
    for name, page in pages.items():
        draw_image(state, name, *page)
    write_whole(state.path / saved, lambda handle: handle.write(text))
    _reached("saved")


def _reached(step: str) -> None:
    """A point of an export (``saved``: the saved object is in place, the folder's list not yet settled). Nothing
    happens here; the kill tests stop a real process at such a point (tests/play/test_tts_kill.py)."""


def image_base(url: str) -> str:
    """``--image-url``'s BASE, once it is the ``http://`` or ``https://`` URL of a folder: a host, and no space,
    control character, ``?`` or ``#`` (``BASE/<file>`` must name the file); InputError saying so otherwise.

    Only http(s): TTS loads a saved object's images from the web (its own cloud or any web server) and from local
    ``file:///`` URLs, which deckcli writes itself when there is no ``--image-url`` (the files where they are); a
    ``file:///`` BASE would only repeat that for another folder, and no other scheme is documented as one TTS
    loads. ``javascript:``, a path, a lone space or a line break are refused, never written into the object."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        usable = parts.scheme.lower() in ("http", "https") and bool(parts.hostname) and (parts.port or 0) >= 0
    except ValueError:  # a port that is no number, an unclosed [IPv6 address]
        usable = False
    if not usable or not url.isprintable() or any(c.isspace() or c in "?#\\" for c in url):
        raise InputError(
            Message(
                "--image-url {url}: not the http:// or https:// address of the folder the images are in (a host, and"
                " no spaces, control characters, ?, # or \\); TTS loads the images from BASE/<file>",
                url=repr(url),
            )
        )
    return url


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
