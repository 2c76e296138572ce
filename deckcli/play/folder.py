"""The folder ``deck export --to tts`` writes into: made when missing, shared with what else is there (a TTS Saved
Objects folder holds the user's other objects and other decks' exports), and written over only where deckcli wrote
the same file for the same deck.

``.deckcli-play.json`` in the folder lists each file deckcli wrote there with its SHA-256, the digest of the page
each image was drawn from (an export that would draw the same image again keeps the one there), and which deck
(game and name) owns which files under which stem. A file of a name about to be written that the list does not
hold, or that changed since, is refused before anything is written, and so is a list that is a link or anything
but a regular file (it would be read from, and written to, somewhere else); files of other names are never touched.

An export is all or nothing for a kill at any moment. Its images are named by the page they are drawn from, so
new images never replace the old ones the deck's saved object names; the list first records the export to come
(:attr:`PlayFolder.pending`: the deck's new files and the digest of its new saved object), then the images are
drawn, then the saved object is put in place in one rename (the moment TTS sees the new export), then
:meth:`PlayFolder.settle` lists the new files and removes the old ones. The next run into the folder settles a
killed one first: the saved object there is the new one (roll forward: the old files go) or not (roll back: the
new images go), and temporary files left by a killed writer are removed. Runs into one folder take turns (a lock
on the folder, where the system has ``flock``). Which file is deckcli's, the lock and the removal of leftovers are
the one guard of every folder deckcli owns (:mod:`deckcli.files.ownedfolder`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.errors import InputError, PlayFolderRefused
from deckcli.files.oserrors import file_error
from deckcli.files.ownedfolder import digest, file_digest, locked, remove_own, remove_temporaries, why_not_own
from deckcli.files.writing import write_file
from deckcli.i18n import Message
from deckcli.play.filenames import unique_stem
from deckcli.play.manifest import GUARD, MANIFEST, DeckFiles, Listing, Pending, list_text, read_list


@dataclass
class PlayFolder:
    """The folder written into (``label``: as the user named it) and its list: the files deckcli wrote there (name
    -> SHA-256), the page of each image (name -> digest), each deck's files and an export begun, if any."""

    path: Path
    label: str
    files: dict[str, str] = field(default_factory=dict)
    drawn: dict[str, str] = field(default_factory=dict)
    decks: list[DeckFiles] = field(default_factory=list)
    pending: Pending | None = None

    def stem_for(self, game: str, name: str, preferred: str) -> str:
        """The stem of the deck's files: the one the list keeps for it, else ``preferred`` or, when another deck's
        files start so, the first free ``preferred (N)``."""
        own = self.deck(game, name)
        if own is not None:
            return own.stem
        return unique_stem(preferred, (d.stem for d in self.decks))

    def deck(self, game: str, name: str) -> DeckFiles | None:
        return next((d for d in self.decks if (d.game, d.name) == (game, name)), None)

    def check(self, names: list[str]) -> None:
        """PlayFolderRefused naming the files of ``names`` that are there but not deckcli's (not in its list, changed
        since, or a link or anything but a regular file), before anything is written."""
        others = [name for name in names if os.path.lexists(self.path / name) and not self._own(name)]
        if others:
            raise PlayFolderRefused(self.label, others)

    def _own(self, name: str) -> bool:
        """Whether the file ``name`` is as deckcli wrote it (a regular file, not a link, of the listed digest)."""
        known = self.files.get(name)
        return known is not None and why_not_own(self.path / name, known, GUARD) is None

    def unchanged_image(self, name: str, page: str) -> bytes | None:
        """The image ``name`` as deckcli drew it from the page ``page`` before, when it is there unchanged; else None."""
        if self.drawn.get(name) != digest(page.encode("utf-8")) or not self._own(name):
            return None
        return (self.path / name).read_bytes()

    def begin(self, pending: Pending) -> None:
        """Record the export about to be written (its files may then appear), before the first of them is."""
        self.pending = pending
        self._save()

    def settle(self) -> None:
        """Finish the export begun (its saved object is in place) or undo it (it is not): list what stays, remove
        the files no deck keeps any more, and write the list."""
        pending, self.pending = self.pending, None
        if pending is None:
            return
        before = self.deck(pending.deck.game, pending.deck.name)
        if file_digest(self.path / pending.saved) == pending.saved_digest:
            gone = set(before.files if before else ()) - set(pending.deck.files)
            self.decks = [d for d in self.decks if d != before] + [pending.deck]
            for name in pending.deck.files:
                found = file_digest(self.path / name)
                if found is not None:
                    self.files[name] = found
                    if name in pending.drawn:
                        self.drawn[name] = pending.drawn[name]
        else:
            gone = {name for name in pending.deck.files if name not in self.files}
        kept = {name for d in self.decks for name in d.files}
        for name in sorted(gone - kept):
            self._remove(name)
        self._save()

    def _remove(self, name: str) -> None:
        """Remove the file ``name`` deckcli wrote (not when it is a link or changed since: then it is the user's)."""
        known = self.files.pop(name, None)
        self.drawn.pop(name, None)
        remove_own(self.path / name, known)  # (one left behind is listed no more, and harms no one)

    def _save(self) -> None:
        """Write the list through the one writer (a temporary file renamed over it)."""
        text = list_text(Listing(self.files, self.drawn, self.decks, self.pending))
        write_file(self.path / MANIFEST, lambda temp: temp.write_text(text, encoding="utf-8"))


@contextlib.contextmanager
def play_folder(folder: str | Path) -> Iterator[PlayFolder]:
    """The folder (made when missing), held for this run alone, with its list read and an export a killed run
    began settled, its temporary files removed."""
    label = str(folder)
    path = open_folder(folder)
    with locked(path, label):
        state = PlayFolder(path, label, *read_list(path, label))
        _remove_temporaries(state)
        state.settle()
        try:
            yield state
        finally:  # done, or failed (a browser error, Ctrl-C): finished or undone, and listed, before the lock goes
            state.settle()


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


def _remove_temporaries(state: PlayFolder) -> None:
    """Remove the temporary files a killed run left beside the files of the list (the folder is locked, so no
    running export owns one)."""
    ours = set(state.files) | {MANIFEST}
    if state.pending is not None:
        ours |= set(state.pending.deck.files)
    remove_temporaries(state.path, ours)


def pending_export(deck: DeckFiles, saved: str, saved_text: str, drawn: Mapping[str, str]) -> Pending:
    """The record of an export of ``deck`` whose saved object ``saved`` will hold ``saved_text``; ``drawn``: each
    image's page (name -> its HTML)."""
    pages = {name: digest(page.encode("utf-8")) for name, page in drawn.items()}
    return Pending(deck, saved, digest(saved_text.encode("utf-8")), pages)
