"""``.deckcli-play.json`` read back: the list of the files deckcli wrote into a Tabletop Simulator folder
(:mod:`deckcli.play.folder`). The guard is the one of every folder deckcli owns (:mod:`deckcli.files.ownedfolder`):
the list is read through the reading front door (size and nesting limited) and checked whole before it is believed:
deckcli removes files its list names, so every name is a plain file name in that folder (no path, no hidden name),
every digest 64 hexadecimal digits. The list itself must be a regular file: a link (dangling, or to a file
elsewhere) or anything else at its name is refused, never read through nor written through. This module says the
list's shape (its decks and the export begun).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from deckcli.errors import InputError
from deckcli.files.ownedfolder import Guard, is_digest, listed_files, manifest_file, read_manifest
from deckcli.i18n import Message

MANIFEST = ".deckcli-play.json"
MARKER = "deckcli play"
#: The list's format: 1 had only ``files`` and ``drawn`` (read as files of no deck); 2 adds ``decks``, ``pending``.
VERSION = 2
#: The play folder as the one guard of owned folders knows it: any plain file name may be listed.
GUARD = Guard(MANIFEST, "play manifest", None, Message("changed since deckcli wrote it"))


@dataclass(frozen=True)
class DeckFiles:
    """The files deckcli keeps in the folder for the deck ``name`` of ``game``, their names starting with ``stem``
    (the back image is shared by the decks of a game)."""

    game: str
    name: str
    stem: str
    files: tuple[str, ...]


@dataclass(frozen=True)
class Pending:
    """An export begun: the deck's files once it is done, the saved object that tells it is done (its name and
    SHA-256) and the pages its images are drawn from (name -> digest)."""

    deck: DeckFiles
    saved: str
    saved_digest: str
    drawn: dict[str, str]


class Listing(NamedTuple):
    """The list: each file deckcli wrote (name -> SHA-256), each image's page (name -> digest), each deck's files
    and the export begun, if any."""

    files: dict[str, str]
    drawn: dict[str, str]
    decks: list[DeckFiles]
    pending: Pending | None


def list_text(listing: Listing) -> str:
    """The list as deckcli writes it (names sorted, so an unchanged folder gives the same text)."""
    doc = {
        "deckcli": MARKER,
        "format": VERSION,
        "files": dict(sorted(listing.files.items())),
        "drawn": dict(sorted(listing.drawn.items())),
        "decks": [_deck_doc(d) for d in listing.decks],
        "pending": None if listing.pending is None else _pending_doc(listing.pending),
    }
    return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"


def _deck_doc(deck: DeckFiles) -> dict[str, object]:
    return {"game": deck.game, "name": deck.name, "stem": deck.stem, "files": list(deck.files)}


def _pending_doc(pending: Pending) -> dict[str, object]:
    return {
        "deck": _deck_doc(pending.deck),
        "saved": pending.saved,
        "saved_digest": pending.saved_digest,
        "drawn": pending.drawn,
    }


class _NotTheList(Exception):
    """The document is not a list deckcli wrote (said once, by :func:`read_list`)."""


def read_list(path: Path, label: str) -> Listing:
    """What deckcli wrote into the folder ``path`` (named ``label``), from its list; nothing without a list."""
    where = f"{label.rstrip('/' + os.sep)}{os.sep}{MANIFEST}"
    found = manifest_file(path, GUARD)
    if found is None:
        return Listing({}, {}, [], None)
    if found[1] is not None:
        raise InputError(
            Message(
                "{file}: refused, it is a link or not a regular file, where deckcli keeps its list of the files it"
                " wrote; nothing was written. Move it away to export into {folder}",
                file=where,
                folder=label,
            )
        )
    doc = read_manifest(found[0], GUARD, where)
    try:
        return _listing(doc)
    except _NotTheList:
        raise InputError(
            Message(
                "{file}: not the list of files deckcli writes there; move it away to export into {folder}",
                file=where,
                folder=label,
            )
        ) from None


def _listing(doc: object) -> Listing:
    """The list in the document ``doc`` (format 1: files and drawn images of no deck)."""
    if not isinstance(doc, dict) or doc.get("deckcli") != MARKER or doc.get("format", 1) not in (1, 2):
        raise _NotTheList
    decks = [_deck(d) for d in _list(doc.get("decks", []))]
    pending = None if doc.get("pending") is None else _pending(doc.get("pending"))
    return Listing(_digests(doc.get("files", {})), _digests(doc.get("drawn", {})), decks, pending)


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise _NotTheList
    return value


def _dict(value: object) -> dict[object, object]:
    if not isinstance(value, dict):
        raise _NotTheList
    return value


def _name(value: object) -> str:
    """A file name the list may hold: a name in the folder itself, neither hidden nor a path."""
    if not GUARD.may_list(value):
        raise _NotTheList
    return str(value)


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise _NotTheList
    return value


def _digests(value: object) -> dict[str, str]:
    found = listed_files(value, GUARD)
    if found is None:
        raise _NotTheList
    return found


def _deck(value: object) -> DeckFiles:
    doc = _dict(value)
    files = _list(doc.get("files"))
    return DeckFiles(_text(doc.get("game")), _text(doc.get("name")), _name(doc.get("stem")), tuple(map(_name, files)))


def _pending(value: object) -> Pending:
    doc = _dict(value)
    saved_digest = _text(doc.get("saved_digest"))
    if not is_digest(saved_digest):
        raise _NotTheList
    return Pending(_deck(doc.get("deck")), _name(doc.get("saved")), saved_digest, _digests(doc.get("drawn", {})))
