"""The folder ``deck export --to tts`` writes into: made when missing, shared with what else is there (a TTS Saved
Objects folder holds the user's other objects), and written over only where deckcli wrote the same file before.

``.deckcli-play.json`` in the folder lists each file deckcli wrote there with its SHA-256. A file of a name about to be
written that the list does not hold, or that changed since (the user edited it, another program wrote it), is
refused before anything is written; files of other names are never touched. The list also keeps the digest of the
page each image was drawn from, so an export that would draw the same image again keeps the one there.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.errors import InputError, PlayFolderRefused
from deckcli.events.sitemanifest import digest
from deckcli.files.oserrors import file_error
from deckcli.files.writing import write_file
from deckcli.i18n import Message

MANIFEST = ".deckcli-play.json"
MARKER = "deckcli play"
_DIGEST = re.compile(r"[0-9a-f]{64}")


def open_folder(folder: str | Path) -> Path:
    """The folder, made with its parents when missing; InputError for a name that is a file."""
    path = Path(folder).expanduser()
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(
            Message("{folder}: is a file, not a folder: name a folder to write the export into", folder=folder)
        ) from None
    except OSError as exc:
        raise file_error(str(folder), exc, writing=True) from None
    return path


@dataclass
class PlayFolder:
    """The folder written into, the files deckcli wrote there (name -> SHA-256) and, for each image, the digest of
    the page it was drawn from."""

    path: Path
    files: dict[str, str] = field(default_factory=dict)
    drawn: dict[str, str] = field(default_factory=dict)

    def unchanged_image(self, name: str, page: str) -> bytes | None:
        """The image ``name`` as deckcli drew it from the page ``page`` before, when it is there unchanged; else None."""
        target = self.path / name
        if self.drawn.get(name) != digest(page.encode("utf-8")) or not target.is_file() or target.is_symlink():
            return None
        data = target.read_bytes()
        return data if digest(data) == self.files.get(name) else None

    def record(self, written: Mapping[str, bytes], pages: Mapping[str, str]) -> None:
        """Add the files just ``written`` (name -> content) and the pages of its images to the list, through the one
        writer."""
        self.files |= {name: digest(data) for name, data in written.items()}
        self.drawn |= {name: digest(page.encode("utf-8")) for name, page in pages.items()}
        doc = {"deckcli": MARKER, "files": dict(sorted(self.files.items())), "drawn": dict(sorted(self.drawn.items()))}
        text = json.dumps(doc, indent=1) + "\n"
        write_file(self.path / MANIFEST, lambda temp: temp.write_text(text, encoding="utf-8"))


def _listed(doc: object, key: str) -> dict[str, str] | None:
    """The names and digests the list holds under ``key``, None when it is not such an object."""
    found = doc.get(key, {}) if isinstance(doc, dict) and doc.get("deckcli") == MARKER else None
    if not isinstance(found, dict) or not all(isinstance(v, str) and _DIGEST.fullmatch(v) for v in found.values()):
        return None
    return dict(found)


def read_folder(path: Path, label: str) -> PlayFolder:
    """What deckcli wrote into the folder ``path``, from its list; nothing without a list."""
    from deckcli.files.jsontext import parse_json
    from deckcli.files.reading import read_document

    listing = path / MANIFEST
    if not listing.exists():
        return PlayFolder(path)
    where = f"{label.rstrip('/')}/{MANIFEST}"
    doc = parse_json(read_document(listing, "play manifest", label=where).text, where)
    files, drawn = _listed(doc, "files"), _listed(doc, "drawn")
    if files is None or drawn is None:
        raise InputError(
            Message(
                "{file}: not the list of files deckcli writes there; move it away to export into {folder}",
                file=where,
                folder=label,
            )
        )
    return PlayFolder(path, files, drawn)


def refused(folder: PlayFolder, names: list[str]) -> list[str]:
    """The names about to be written whose files are not deckcli's: not in its list, or changed since."""
    found = []
    for name in names:
        path = folder.path / name
        if not os.path.lexists(path):
            continue
        known = folder.files.get(name)
        if known is None or not path.is_file() or path.is_symlink() or digest(path.read_bytes()) != known:
            found.append(name)
    return found


def check_folder(folder: str | Path, names: list[str]) -> PlayFolder:
    """The folder (made when missing) and what deckcli wrote there, once no file of ``names`` is another's:
    PlayFolderRefused naming them otherwise, before anything is written."""
    state = read_folder(open_folder(folder), str(folder))
    others = refused(state, names)
    if others:
        raise PlayFolderRefused(str(folder), others)
    return state
