"""The file names a Tabletop Simulator export takes from its deck's name: the name itself, in Unicode, wherever
Windows, macOS and Linux all allow it (``烈火の嵐.json``, ``Ember-Rush!.json``), so a player finds the deck in TTS's
Saved Objects by the name they gave it.

Why not an ASCII slug (what deckcli wrote before): every name without an ASCII letter became ``<game>-deck`` and
names differing in punctuation became one, so one deck's export replaced another's. Here a character no file
system takes (``< > : " / \\ | ? *``, controls) becomes ``_``; dots and spaces at either end go (Windows drops
them, a leading dot hides the file); a Windows device name (``CON``, ``com1``) gets ``_``; the name is cut to
:data:`MAX_CHARS` characters and :data:`MAX_BYTES` bytes of UTF-8 (a sheet's name adds about 30 more, within the 255
bytes every file system allows). Two decks may still sanitise to one name, or to names a case-insensitive file
system (Windows, macOS) holds as one: :func:`unique_stem` gives the second ``NAME (2)``, which the folder's list
keeps for that deck from then on (:mod:`deckcli.play.folder`).

Why a distinct name there and a refusal for a file deckcli did not write: the list says for sure which deck owns
which files, so a second deck can be given its own name without asking, and keeps it; a file the list does not
hold may be the user's own object or an export whose list was lost, and guessing either way could lose work, so
that one is refused, naming it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: Longest stem kept, in characters and in bytes of UTF-8, before a `` (N)`` suffix.
MAX_CHARS, MAX_BYTES = 80, 160
#: Characters Windows refuses in a file name (``/`` is Linux's and macOS's one), and every control character.
_REFUSED = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
#: Names Windows keeps for devices, with or without an extension (``nul.json`` is the device too).
_DEVICES = re.compile(r"(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?", re.IGNORECASE)


def file_stem(name: str, fallback: str) -> str:
    """The start of every file name of a deck called ``name`` (``fallback`` when nothing of the name is left)."""
    text = " ".join(unicodedata.normalize("NFC", name).split())  # tabs, line breaks, other spaces: one space
    text = "".join("_" if _REFUSED.match(c) or unicodedata.category(c) in ("Cc", "Cf") else c for c in text)
    text = _shortened(text.strip(" ."))
    if not text:
        return fallback
    return f"{text}_" if _DEVICES.fullmatch(text) else text


def _shortened(text: str) -> str:
    """``text`` cut to :data:`MAX_CHARS` characters and :data:`MAX_BYTES` bytes of UTF-8 (at a character), without
    the dots and spaces the cut leaves at its end."""
    text = text[:MAX_CHARS]
    while len(text.encode("utf-8")) > MAX_BYTES:
        text = text[:-1]
    return text.rstrip(" .")


def stem_key(stem: str) -> str:
    """What a case-insensitive file system (Windows, macOS) compares: a stem's NFC form, case folded."""
    return unicodedata.normalize("NFC", stem).casefold()


def unique_stem(stem: str, taken: Iterable[str]) -> str:
    """``stem``, or the first of ``stem (2)``, ``stem (3)``, ... that no stem of ``taken`` equals as a
    case-insensitive file system compares them."""
    keys = {stem_key(t) for t in taken}
    chosen, n = stem, 1
    while stem_key(chosen) in keys:
        n += 1
        chosen = f"{stem} ({n})"
    return chosen
