"""SQLite's errors as deckcli's database faults: each says which file, what is wrong and what to do.

The driver's message (with the SQL and its parameters) never reaches the user; the SQLite result code decides
the fault (sqlite3 errors carry it from Python 3.11 on).
"""

from __future__ import annotations

import sqlite3

from deckcli.errors import (
    DamagedDatabase,
    DatabaseFault,
    DatabaseFull,
    LockedDatabase,
    NotADatabase,
    ReadOnlyDatabase,
    UnopenableDatabase,
)

# Primary SQLite result codes (https://www.sqlite.org/rescode.html).
SQLITE_PERM, SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY = 3, 5, 6, 8
SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 10, 11, 13, 14, 26

NOTHING_WRITTEN = "nothing was written"


def sqlite_error(exc: BaseException) -> sqlite3.Error | None:
    """The sqlite3 error behind ``exc`` (itself, or the driver error an SQLAlchemy error wraps)."""
    if isinstance(exc, sqlite3.Error):
        return exc
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, sqlite3.Error) else None


def _code(error: sqlite3.Error) -> int | None:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF
    text = str(error).lower()  # an error raised without a result code (rare): by its words
    for words, primary in (
        ("readonly", SQLITE_READONLY),
        ("locked", SQLITE_BUSY),
        ("malformed", SQLITE_CORRUPT),
        ("is full", SQLITE_FULL),
        ("not a database", SQLITE_NOTADB),
        ("unable to open", SQLITE_CANTOPEN),
    ):
        if words in text:
            return primary
    return None


def fault_of(exc: BaseException, path: object, origin: str | None = None, timeout_ms: int = 0) -> DatabaseFault | None:
    """The fault an SQLite error means for the database at ``path`` (None: not a fault of the file)."""
    error = sqlite_error(exc)
    if error is None:
        return None
    code = _code(error)
    if code in (SQLITE_READONLY, SQLITE_PERM):
        return ReadOnlyDatabase(
            path,
            "it is read-only (the file or its folder cannot be written), so this command cannot change it",
            "read-only commands still work; " + NOTHING_WRITTEN,
            origin,
        )
    if code in (SQLITE_BUSY, SQLITE_LOCKED):
        waited = f" for more than {timeout_ms / 1000:g} s" if timeout_ms else ""
        return LockedDatabase(
            path,
            f"another program or deckcli command has held it locked{waited}",
            "try again when it has finished (DECKCLI_BUSY_TIMEOUT_MS sets how long deckcli waits); " + NOTHING_WRITTEN,
            origin,
        )
    if code == SQLITE_FULL:
        return DatabaseFull(
            path,
            "the disk is full (or the database reached its size limit)",
            "free some space and run the command again; " + NOTHING_WRITTEN,
            origin,
        )
    if code == SQLITE_CORRUPT:
        return DamagedDatabase(path, "it is damaged (SQLite: database disk image is malformed)", DAMAGED_ADVICE, origin)
    if code == SQLITE_NOTADB:
        return NotADatabase(path, "it is not an SQLite database", NOT_A_DATABASE_ADVICE, origin)
    if code in (SQLITE_CANTOPEN, SQLITE_IOERR):
        return UnopenableDatabase(
            path,
            f"cannot open or read it ({error})",
            "check that the file and its folder exist and can be read",
            origin,
        )
    return None


DAMAGED_ADVICE = (
    "`deckcli db check` lists what is wrong; restore a copy (`deckcli db backup` makes one), or move the"
    " file away and deckcli starts a new database"
)
NOT_A_DATABASE_ADVICE = "point {option} at a deckcli database or at a new file"
