"""What a published site owns: its manifest (``.deckcli-site.json``: deckcli's marker, the format, the event and
each file's SHA-256) and the check that a folder holds nothing else, before ``event publish`` replaces it.

The guard is the one of every folder deckcli owns (:mod:`deckcli.files.ownedfolder`); this module says the site's
shape. The manifest is the one file of a site deckcli reads back; ``decks.json`` is for other software and is never
read. A folder is deckcli's to replace only when it is empty or holds a manifest and, beside it, only the regular
files it lists, each unchanged since; a link is never followed, a subfolder never entered.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from deckcli.errors import InputError, SiteFolderRefused
from deckcli.files.folderswap import Earlier
from deckcli.files.oserrors import file_error
from deckcli.files.ownedfolder import Guard, digest, is_digest, why_not_own
from deckcli.files.ownedfolder import read_manifest as read_document
from deckcli.i18n import Message, error_text

MANIFEST = ".deckcli-site.json"
MARKER = "deckcli site"
VERSION = 1
#: Every name ``event publish`` writes beside the manifest (slugs are lower-case ASCII letters, digits, hyphens).
OWN_NAME = re.compile(
    r"index\.html|decks\.json|decks\.csv|deck-[a-z0-9-]{1,60}\.html"
    r"|round-[a-z0-9-]{1,60}\.html|standings\.html|bracket\.html"  # the rounds' pages (deckcli.events.siterounds)
)
#: The site's folder as the one guard of owned folders knows it.
GUARD = Guard(MANIFEST, "site manifest", OWN_NAME, Message("changed since deckcli published it"))


def manifest_bytes(event: str, files: Mapping[str, bytes]) -> bytes:
    """The manifest of a site of ``files`` (name -> content) published for ``event``."""
    doc = {
        "deckcli": MARKER,
        "format": VERSION,
        "event": event,
        "files": {name: digest(data) for name, data in files.items()},
    }
    return (json.dumps(doc, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def read_manifest(path: Path, label: str) -> dict[str, str]:
    """The names and digests a manifest lists; InputError naming ``label`` for a file that is not deckcli's
    manifest of this format (read through the front door, so size and nesting are limited)."""
    doc = read_document(path, GUARD, label)
    if not isinstance(doc, dict) or doc.get("deckcli") != MARKER:
        raise InputError(
            Message('{file}: not a manifest deckcli wrote (no "deckcli": "{marker}")', file=label, marker=MARKER)
        )
    if doc.get("format") != VERSION:
        raise InputError(
            Message(
                "{file}: a manifest of format {format!r}, which this deckcli does not know (it writes format"
                " {version}); publish with the deckcli that wrote it, or into a new folder",
                file=label,
                format=doc.get("format"),
                version=VERSION,
            )
        )
    files = doc.get("files")
    if not isinstance(files, dict):
        raise InputError(Message('{file}: "files" is not an object of file names and digests', file=label))
    for name, value in files.items():
        if not GUARD.may_list(name):
            raise InputError(
                Message("{file}: lists {name!r}, which is no name deckcli publishes", file=label, name=name)
            )
        if not is_digest(value):
            raise InputError(
                Message("{file}: the digest of {name} is not 64 hexadecimal digits", file=label, name=name)
            )
    return dict(files)


def check_folder(folder: Path, label: str) -> Earlier:
    """What ``folder`` (an existing folder, not a link) holds, when deckcli may replace it: nothing, or its own site
    unchanged. Anything else raises SiteFolderRefused listing the offending entries (a listed file since removed is
    no loss to anyone, so it is not one)."""
    try:
        mode = stat.S_IMODE(os.lstat(folder).st_mode)
        with os.scandir(folder) as listing:
            names = sorted(entry.name for entry in listing)
    except OSError as exc:
        raise file_error(label, exc) from None
    if not names:
        return Earlier("empty", mode=mode)
    listed: dict[str, str] = {}
    offending: list[tuple[str, str]] = []
    if MANIFEST in names:
        why = why_not_own(folder / MANIFEST, None, GUARD)
        if why:
            offending.append((MANIFEST, why))
        else:
            where = os.path.join(label, MANIFEST)
            try:
                listed = read_manifest(folder / MANIFEST, where)
            except InputError as exc:
                offending.append((MANIFEST, _reason(error_text(exc), where)))
    for name in names:
        why = None if name == MANIFEST else why_not_own(folder / name, listed.get(name), GUARD)
        if why is not None:
            offending.append((name, why))
    if offending:
        raise SiteFolderRefused(label, offending)
    return Earlier("site", tuple(listed), mode)


def _reason(text: str, where: str) -> str:
    """A manifest's error as the refusal shows it after the manifest's name: without ``where: `` in front."""
    return _AfterName(text, where + ": ") if isinstance(text, Message) else text.removeprefix(where + ": ")


class _AfterName(Message):
    """A :class:`Message` shown without the file name it starts with, in English and in the user's language (the
    catalogs keep a ``{file}: `` message's file in front)."""

    whole: Message
    prefix: str

    def __new__(cls, whole: Message, prefix: str) -> _AfterName:
        self = str.__new__(cls, str(whole).removeprefix(prefix))
        self.msgid, self.plural, self.number, self.args = "", None, 1, {}
        self.whole, self.prefix = whole, prefix
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_AfterName, (self.whole, self.prefix))

    def translated(self) -> str:
        return str(self.whole.translated()).removeprefix(self.prefix)
