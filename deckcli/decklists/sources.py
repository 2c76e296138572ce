"""What a deck argument names: a decklist file (or ``-``), a deck code (``dk1…``) or a stored deck — the one reading
of it for every command that takes a decklist.

A file that exists wins, else a deck code, else a stored deck; a text two of them answer to (a file and a stored
deck of the same name) is an error naming both, and a text none answers to is a missing file when it has an
extension, else an unknown stored deck, named with the closest stored decks.
The stored deck names are read once per :class:`DeckLocator`, so checking 1,000 files costs one query.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.errors import AmbiguousDecklist, InputError, NoSuchDecklist, NotFoundError
from deckcli.i18n import N_, Message
from deckcli.names import closest, name_key

if TYPE_CHECKING:
    from deckcli.decklists.model import Decklist
    from deckcli.storage.reads import Readable

#: What a deck code looks like (a version, then base64url; whitespace inside is ignored): at least the smallest
#: code, so a short deck name such as "dk2" is not taken for one.
_CODE = re.compile(r"dk[0-9]+[A-Za-z0-9_-]{8,}")
#: Each kind of deck argument as a message names it (the kinds stay the keys).
KIND_WORDS = {"file": N_("decklist file"), "code": N_("deck code"), "stored": N_("stored deck")}


@dataclass(frozen=True)
class DeckRef:
    """A deck argument told apart: ``kind`` is "file" (``-``: stdin), "code" or "stored", ``text`` as typed."""

    kind: str
    text: str

    @property
    def label(self) -> str:
        """How messages and reports name the deck: the file, the code, or ``deck:NAME``."""
        return f"deck:{self.text}" if self.kind == "stored" else self.text

    @property
    def stem(self) -> str | None:
        """The name a file gives a deck that has no ``Name:`` line (a code or stdin gives none)."""
        return Path(self.text).stem if self.kind == "file" and self.text != "-" else None


def is_deck_code(text: str) -> bool:
    """Whether ``text`` has the shape of a deck code (it may still fail to decode)."""
    return _CODE.fullmatch("".join(text.split())) is not None


class DeckLocator:
    """Tells apart what deck arguments name and reads them, against one database's stored decks."""

    def __init__(self, db: Readable):
        self.db = db
        self._names: dict[str, str] | None = None  # key -> name of every stored deck (read on first need)
        self._exact: set[str] = set()
        self._keys: Counter[str] = Counter()

    def _stored(self, text: str) -> bool:
        """Whether a stored deck answers to ``text`` (its exact name, else the one name equal to it ignoring case)."""
        if self._names is None:
            with self.db.rows() as rows:
                found = rows.all("SELECT name, key FROM deck")
            self._names = {key: name for name, key in found}
            self._exact = {name for name, _ in found}
            self._keys = Counter(key for _, key in found)
        return text in self._exact or self._keys[name_key(text)] == 1

    def locate(self, text: str, *, stored: bool = True) -> DeckRef:
        """The source ``text`` names (see the module docstring); with ``stored=False`` a stored deck's name is refused
        with a hint, where only files and codes are read (``deck import``)."""
        if text == "-":
            return DeckRef("file", text)
        kinds = []
        if os.path.exists(text):  # (os.path: Path.exists raises on a name no file can have, on Python 3.11)
            kinds.append("file")
        elif is_deck_code(text):
            kinds.append("code")
        if self._stored(text):
            if not stored and not kinds:
                raise InputError(
                    Message(
                        "{deck!r} is a stored deck; this reads decklist files and deck codes (use --deck NAME where"
                        " a command reads a stored deck; deck copy copies one)",
                        deck=text,
                    )
                )
            kinds.append("stored")
        if len(kinds) > 1 and stored:
            hint = (
                Message(
                    "give the file as ./{file}, the stored deck with --deck NAME (or rename one of them)", file=text
                )
                if kinds[0] == "file"
                else Message("give the stored deck with --deck NAME (or rename one of them)")
            )
            raise AmbiguousDecklist(text, [Message(KIND_WORDS[k]) for k in kinds], hint)
        if not kinds:
            raise self._nothing(text)
        return DeckRef(kinds[0], text)

    def _nothing(self, text: str) -> NotFoundError:
        """The error for a text nothing answers to: a name with an extension is a missing file (a usage error, as
        it always was), any other the stored deck it would be, with the closest names."""
        if Path(text).suffix:
            return NoSuchDecklist(text, closest(text, self._names or {}))
        from deckcli.decklists.stored import no_such_deck

        with self.db.rows() as rows:
            return no_such_deck(rows, text)

    def read(self, ref: DeckRef, *, allow_empty: bool = False) -> Decklist:
        """The decklist ``ref`` names, not yet resolved (InputError when it cannot be read)."""
        if ref.kind == "stored":
            from deckcli.decklists.stored import stored_decklist

            with self.db.rows() as rows:
                return stored_decklist(rows, ref.text)
        from deckcli.decklists.io import decklist_of_text, read_decklist

        if ref.kind == "code":
            return decklist_of_text(ref.text, ref.label, fmt="code", allow_empty=allow_empty)
        return read_decklist(ref.text, allow_empty=allow_empty)
