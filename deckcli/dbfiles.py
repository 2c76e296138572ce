"""Database files as plain files: deckcli's SQLite mark, and which database files this process has open.

It sits below the reading front door and the storage layer (it imports nothing of deckcli), so the storage layer
notes here each file it opens and every writer (:mod:`deckcli.files.writing`) can refuse to write over one.
"""

from __future__ import annotations

import os
from pathlib import Path

#: ``PRAGMA application_id`` of every deckcli database: the bytes "dkcl".
APPLICATION_ID = int.from_bytes(b"dkcl", "big")
#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: Where the header keeps the application id (4 bytes, big-endian), and how long the header is.
_APPLICATION_ID_AT, _HEADER_SIZE = 68, 100
#: The files SQLite keeps beside a database file while it is open or after a crash (WAL, its index, a journal).
COMPANIONS = ("-wal", "-shm", "-journal")

#: The database files this process holds SQLite connections to, by (device, inode): how many, and the name they
#: were opened by. Their header is not read by :func:`deckcli.storage.fileinfo.inspect`: closing any descriptor of
#: a file drops every POSIX lock this process holds on it, the locks its open SQLite connections rely on (another
#: process would then take the WAL for unused and reset it under them, and they would read "database disk image is
#: malformed"). For the same reason a writer asks :func:`in_use_as` before it reads a file's header.
_IN_USE: dict[tuple[int, int], tuple[int, str]] = {}


def _key(path: str | Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return info.st_dev, info.st_ino


def in_use(path: str | Path) -> bool:
    """Whether this process holds an SQLite connection to the file at ``path`` (links followed)."""
    key = _key(path)
    return key is not None and _IN_USE.get(key, (0, ""))[0] > 0


def hold(path: str | Path) -> tuple[int, int] | None:
    """Note that this process opened SQLite connections to ``path``; give the key back to :func:`release`."""
    key = _key(path)
    if key is not None:
        count, name = _IN_USE.get(key, (0, os.path.abspath(path)))
        _IN_USE[key] = (count + 1, name)
    return key


def release(key: tuple[int, int] | None) -> None:
    """Note that the connections :func:`hold` noted are closed."""
    if key is None or key not in _IN_USE:
        return
    count, name = _IN_USE[key]
    if count > 1:
        _IN_USE[key] = (count - 1, name)
    else:
        del _IN_USE[key]


def companion_of(path: str | Path, database: str | Path) -> str | None:
    """Which file SQLite keeps beside ``database`` (``-wal``, ``-shm``, ``-journal``) ``path`` is, made or not yet
    (by its name, links resolved, or by device and inode), else None."""
    real, key = os.path.realpath(path), _key(path)
    for suffix in COMPANIONS:  # beside the file SQLite opens: the database's name, links resolved
        companions = {os.path.realpath(database) + suffix, os.path.realpath(str(database) + suffix)}
        if real in companions or (key is not None and any(key == _key(c) for c in companions)):
            return suffix
    return None


def in_use_as(path: str | Path) -> tuple[str, str] | None:
    """The open database ``path`` is (``(name, "")``) or a companion file of (``(name, "-wal")``, ...), compared by
    device and inode with links resolved (see :func:`companion_of`); else None."""
    key = _key(path)
    for held, (count, name) in list(_IN_USE.items()):
        if count <= 0:
            continue
        if key == held:
            return name, ""
        suffix = companion_of(path, name)
        if suffix is not None:
            return name, suffix
    return None


def sqlite_mark(path: str | Path) -> int | None:
    """The application id in the header of the SQLite file at ``path``, or None when it is no SQLite file (or
    cannot be read). Reads the first 100 bytes only; never call it on a file :func:`in_use_as` names."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(_HEADER_SIZE)
    except (OSError, ValueError):
        return None
    if not head.startswith(SQLITE_HEADER):
        return None
    return int.from_bytes(head[_APPLICATION_ID_AT : _APPLICATION_ID_AT + 4], "big")  # (a cut header: 0 or less)
