"""Driver errors as deckcli's database faults, for an SQLite file and a PostgreSQL server alike: each names the
database (a file, or the masked URL), says what is wrong and what to do.

One table (:data:`FAULTS`) says what each kind of fault tells the user; what differs per backend is only how the
kind is found: SQLite's result code (sqlite3 errors carry it from Python 3.11 on), PostgreSQL's SQLSTATE, and the
driver's words where neither is given. The driver's text (with the SQL and its parameters) is never shown beyond a
one-line reason, with every password of the URL scrubbed from it.
"""

from __future__ import annotations

import sqlite3

from deckcli.dberrors import (
    DamagedDatabase,
    DatabaseFault,
    DatabaseFull,
    LockedDatabase,
    MissingServerDatabase,
    NotADatabase,
    ReadOnlyDatabase,
    ServerAuthFailed,
    ServerUnreachable,
    UnopenableDatabase,
)
from deckcli.i18n import N_, Message
from deckcli.storage.location import mask_url, scrub

DAMAGED_ADVICE = N_(
    "`deckcli db check` lists what is wrong; restore a copy (`deckcli db backup` makes one), or move the"
    " file away and deckcli starts a new database"
)
NOT_A_DATABASE_ADVICE = N_("point {option} at a deckcli database or at a new file")

#: Each kind of fault: its error, what is wrong and what to do. ``{reason}`` is the driver's one-line reason,
#: ``{waited}`` how long SQLite waited for a lock.
FAULTS: dict[str, tuple[type[DatabaseFault], str, str]] = {
    "read-only": (
        ReadOnlyDatabase,
        N_("it is read-only (the file or its folder cannot be written), so this command cannot change it"),
        N_("read-only commands still work; nothing was written"),
    ),
    "locked": (
        LockedDatabase,
        N_("another program or deckcli command has held it locked{waited}"),
        N_("try again when it has finished (DECKCLI_BUSY_TIMEOUT_MS sets how long deckcli waits); nothing was written"),
    ),
    "full": (
        DatabaseFull,
        N_("the disk is full (or the database reached its size limit)"),
        N_("free some space and run the command again; nothing was written"),
    ),
    "damaged": (DamagedDatabase, N_("it is damaged (SQLite: database disk image is malformed)"), DAMAGED_ADVICE),
    "not a database": (NotADatabase, N_("it is not an SQLite database"), NOT_A_DATABASE_ADVICE),
    "unopenable": (
        UnopenableDatabase,
        N_("cannot open or read it ({reason})"),
        N_("check that the file and its folder exist and can be read"),
    ),
    "login refused": (
        ServerAuthFailed,
        N_("authentication failed ({reason})"),
        N_("check the user and password (in the URL, DECKCLI_DB_PASSWORD or ~/.pgpass)"),
    ),
    "no such database": (
        MissingServerDatabase,
        N_("the server has no such database"),
        N_("create it first (createdb, or CREATE DATABASE ... OWNER ...) or fix the name"),
    ),
    "server busy": (
        LockedDatabase,
        N_("the server gave up waiting for another client's lock ({reason})"),
        N_("try again; nothing was written"),
    ),
    "server full": (
        DatabaseFull,
        N_("the server's disk is full"),
        N_("free some space on the server; nothing was written"),
    ),
    "server read-only": (
        ReadOnlyDatabase,
        N_("the server only allows reads"),
        N_("read-only commands still work; nothing was written"),
    ),
    "no rights": (
        DatabaseFault,
        N_("the user may not do this ({reason})"),
        N_("grant the user rights on deckcli's tables (or connect as their owner)"),
    ),
    "unreachable": (
        ServerUnreachable,
        N_("cannot connect to the server ({reason})"),
        N_("check that PostgreSQL runs there and the host and port are right"),
    ),
}

# -- SQLite: the primary result code (https://www.sqlite.org/rescode.html) --------------------------------------
_SQLITE_CODES = {
    3: "read-only",  # SQLITE_PERM
    5: "locked",  # SQLITE_BUSY
    6: "locked",  # SQLITE_LOCKED
    8: "read-only",  # SQLITE_READONLY
    10: "unopenable",  # SQLITE_IOERR
    11: "damaged",  # SQLITE_CORRUPT
    13: "full",  # SQLITE_FULL
    14: "unopenable",  # SQLITE_CANTOPEN
    26: "not a database",  # SQLITE_NOTADB
}
#: An sqlite3 error raised without a result code (rare) is told by its words.
_SQLITE_WORDS = (
    ("readonly", "read-only"),
    ("locked", "locked"),
    ("malformed", "damaged"),
    ("is full", "full"),
    ("not a database", "not a database"),
    ("unable to open", "unopenable"),
)

# -- PostgreSQL: the SQLSTATE, or the words of libpq's message, checked in this order ----------------------------
_SERVER_KINDS: tuple[tuple[str, frozenset[str], tuple[tuple[str, ...], ...]], ...] = (
    (
        "login refused",
        frozenset({"28P01", "28000"}),
        (("password authentication failed",), ("no password supplied",), ('role "', "does not exist")),
    ),
    ("no such database", frozenset({"3D000"}), (("database", "does not exist"),)),
    ("server busy", frozenset({"40001", "40P01", "55P03", "57014"}), ()),
    ("server full", frozenset({"53100"}), ()),
    ("server read-only", frozenset({"25006"}), ()),
    ("no rights", frozenset({"42501"}), ()),
    ("unreachable", frozenset({"57P01", "57P02", "57P03", "08000", "08003", "08006", "08001", "08004"}), ()),
)


def _sqlite_kind(error: sqlite3.Error) -> str | None:
    code = getattr(error, "sqlite_errorcode", None)
    if code is not None:
        return _SQLITE_CODES.get(code & 0xFF)
    text = str(error).lower()
    return next((kind for words, kind in _SQLITE_WORDS if words in text), None)


def _server_error(exc: BaseException) -> BaseException | None:
    """The psycopg error behind ``exc`` (itself, or the driver error an SQLAlchemy error wraps)."""
    try:
        import psycopg
    except ImportError:
        return None
    if isinstance(exc, psycopg.Error):
        return exc
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, psycopg.Error) else None


def _server_kind(error: BaseException) -> str | None:
    import psycopg

    state = getattr(error, "sqlstate", None) or ""
    words = str(error).lower()
    for kind, states, phrases in _SERVER_KINDS:
        if state in states or any(all(p in words for p in phrase) for phrase in phrases):
            return kind
    return "unreachable" if isinstance(error, psycopg.OperationalError) and not state else None


def _server_reason(error: BaseException, url: str) -> str:
    """The server's or libpq's reason, one line, without the connection-attempt preamble, and without any password
    of ``url`` (or ``DECKCLI_DB_PASSWORD``'s) in it."""
    line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return scrub(line.split(": ", 1)[1] if line.startswith("connection failed: ") else line, url)


def sqlite_error(exc: BaseException) -> sqlite3.Error | None:
    """The sqlite3 error behind ``exc`` (itself, or the driver error an SQLAlchemy error wraps)."""
    if isinstance(exc, sqlite3.Error):
        return exc
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, sqlite3.Error) else None


def fault_of(
    exc: BaseException, target: object, origin: str | None = None, timeout_ms: int = 0
) -> DatabaseFault | None:
    """The fault a driver error means for the database ``target`` (an SQLite file's path, or a server's URL, named
    masked); None: not a fault of the database (a bug of deckcli, say). ``timeout_ms``: how long SQLite waited."""
    error: BaseException | None = sqlite_error(exc)
    if isinstance(error, sqlite3.Error):
        kind, label, reason = _sqlite_kind(error), target, str(error)
    else:
        error = _server_error(exc)
        if error is None:
            return None
        kind, label, reason = _server_kind(error), mask_url(str(target)), _server_reason(error, str(target))
    if kind is None:
        return None
    fault, problem, advice = FAULTS[kind]
    waited = Message(" for more than {seconds:g} s", seconds=timeout_ms / 1000) if timeout_ms else ""
    return fault(label, Message(problem, reason=reason, waited=waited), advice, origin)
