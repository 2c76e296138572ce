"""A folder deckcli owns, guarded by a manifest: the one guard of ``event publish`` (a whole folder, listed in
``.deckcli-site.json``) and ``deck export --to tts`` (a folder shared with the user's own files, listed in
``.deckcli-play.json``).

A manifest lists each file deckcli wrote into the folder with its SHA-256; deckcli writes over or removes a file only
when it is a regular file the manifest lists, unchanged since. Everything here reads the folder without following a
link: a manifest or a listed file that is a link, a folder, a pipe or a device is no file of deckcli's, never read
through nor written through. A manifest is read through the reading front door (size and nesting limited, deckcli's
messages) and believed only once whole: every name it lists is a plain file name in the folder (no path, no ``..``,
no hidden name) that its kind may write, every digest 64 hexadecimal digits. What a killed run left behind is
removed by the next run: the temporary files of :mod:`deckcli.files.writing` beside listed files
(:func:`remove_temporaries`) and whole folders built beside a swapped one (:mod:`deckcli.files.folderswap`). Each
manifest's own shape (its marker, format and other fields) is read by its user: ``deckcli.events.sitemanifest`` and
``deckcli.play.manifest``.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckcli.files.oserrors import file_error
from deckcli.i18n import Message

_DIGEST = re.compile(r"[0-9a-f]{64}")
#: A temporary file :mod:`deckcli.files.writing` makes beside a file it writes (``.NAME.PID.tmp[.SUFFIX]``).
_TEMPORARY = re.compile(r"\.(.+)\.[0-9]+\.tmp(\.[a-z]+)?")
#: Opening a file deckcli may have written: never through a link, never waiting for a pipe's writer.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NONBLOCK", 0)


@dataclass(frozen=True)
class Guard:
    """One kind of owned folder: its manifest's file ``name``, the ``kind`` of document the reading front door
    limits it as, the names it may list (``names``: a pattern they match whole; None: any plain file name) and how
    it says a listed file changed since deckcli wrote it (``changed``)."""

    name: str
    kind: str
    names: re.Pattern[str] | None
    changed: str

    def may_list(self, name: object) -> bool:
        """Whether ``name`` is a file name this manifest may list: a plain name in the folder itself, neither a path
        nor hidden, and one its kind writes."""
        if not isinstance(name, str) or not name or name.startswith(".") or len(name) > 255:
            return False
        if any(c in name for c in ("/", "\\", "\0")) or Path(name).name != name:
            return False
        return self.names is None or self.names.fullmatch(name) is not None


def digest(data: bytes) -> str:
    """A file's SHA-256, as a manifest lists it."""
    return hashlib.sha256(data).hexdigest()


def is_digest(value: object) -> bool:
    """Whether ``value`` is a digest as a manifest lists it (64 lower-case hexadecimal digits)."""
    return isinstance(value, str) and _DIGEST.fullmatch(value) is not None


def _read_digest(path: Path) -> str | None:
    """The SHA-256 of the regular file ``path``, None for anything else; OSError when it cannot be read."""
    sha = hashlib.sha256()
    with os.fdopen(os.open(path, _READ_FLAGS), "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            return None
        for block in iter(lambda: handle.read(1 << 20), b""):
            sha.update(block)
    return sha.hexdigest()


def file_digest(path: Path) -> str | None:
    """The SHA-256 of the regular file ``path`` (opened without following a link, and without waiting for a writer
    when it is a pipe), None for anything else: missing, a link, a folder, a pipe, unreadable."""
    try:
        return _read_digest(path)
    except OSError:
        return None


def why_not_own(path: Path, expected: str | None, guard: Guard) -> str | None:
    """None when ``path`` is a file deckcli wrote as its manifest lists it (a regular file of the digest
    ``expected``); else why not: a link, a folder, not a regular file, unreadable, changed since, or ``""`` for a
    regular file the manifest does not list."""
    try:
        mode = os.lstat(path).st_mode
    except OSError as exc:
        return _unreadable(exc)
    if stat.S_ISLNK(mode):
        return Message("a link")
    if stat.S_ISDIR(mode):
        return Message("a folder")
    if not stat.S_ISREG(mode):
        return Message("not a regular file")
    if expected is None:
        return ""
    try:
        found = _read_digest(path)
    except OSError as exc:
        return _unreadable(exc)
    return None if found == expected else guard.changed


def _unreadable(exc: OSError) -> Message:
    return Message("cannot be read: {reason}", reason=exc.strerror or str(exc))


def manifest_file(folder: Path, guard: Guard) -> tuple[Path, str | None] | None:
    """The manifest's path in ``folder`` and, when it is no regular file (a link, dangling or not, a folder, a
    pipe), why it is not read; None when there is none."""
    path = folder / guard.name
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return path, _unreadable(exc)
    return path, (None if stat.S_ISREG(mode) else why_not_own(path, None, guard))


def read_manifest(path: Path, guard: Guard, label: str) -> Any:
    """The document of the manifest ``path`` (a regular file: :func:`manifest_file`), read through the front door
    (size and depth limited; an InputError naming ``label``)."""
    from deckcli.files.jsontext import parse_json
    from deckcli.files.reading import read_document

    return parse_json(read_document(path, guard.kind, label=label).text, label)


def listed_files(value: object, guard: Guard) -> dict[str, str] | None:
    """The names and digests a manifest's ``value`` lists, None when it is not an object of names ``guard`` may
    list and digests."""
    if not isinstance(value, dict):
        return None
    if not all(guard.may_list(name) and is_digest(found) for name, found in value.items()):
        return None
    return dict(value)


def remove_own(path: Path, expected: str | None) -> bool:
    """Remove the file ``path`` deckcli wrote when it is a regular file of the digest ``expected`` (None: any
    regular file); a link or a changed file is the user's and stays. Whether it is gone."""
    found = file_digest(path)
    if found is None or expected not in (None, found):
        return False
    try:
        os.unlink(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def remove_temporaries(folder: Path, names: Iterable[str]) -> None:
    """Remove the temporary files a killed writer (:mod:`deckcli.files.writing`) left beside the files ``names``
    of the folder; only when no running writer owns one (the folder is locked: :func:`locked`)."""
    ours = set(names)
    with contextlib.suppress(OSError), os.scandir(folder) as listing:  # (unreadable: the writes will say so)
        for entry in listing:
            found = _TEMPORARY.fullmatch(entry.name)
            if found and found.group(1) in ours and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(entry.path)


@contextlib.contextmanager
def locked(path: Path, label: str) -> Iterator[None]:
    """The folder locked for this process (``flock`` on the folder itself: no file of its own, and released by the
    system when the process dies, however it dies); no lock where the system has none."""
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise file_error(label, exc, writing=True) from None
    try:
        with contextlib.suppress(OSError):  # a file system that keeps no locks (some network ones): none taken
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)
