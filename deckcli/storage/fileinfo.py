"""What a database path holds, found without writing a byte: nothing yet, a deckcli database, or something else.

deckcli marks its files with SQLite's ``application_id``; a file from before the mark is recognised by its schema
version and tables. Anything else is refused before a connection could switch it to WAL or add tables.
"""

from __future__ import annotations

import sqlite3
import stat
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

from deckcli.dberrors import DatabaseFault, ForeignDatabase, NotADatabase, ReadOnlyDatabase, UnopenableDatabase
from deckcli.dbfiles import APPLICATION_ID, SQLITE_HEADER, in_use
from deckcli.i18n import N_, Message
from deckcli.storage.faults import NOT_A_DATABASE_ADVICE, fault_of

#: The tables every deckcli schema version has (a file from before the mark is deckcli's if it has them all).
CORE_TABLES = frozenset({"meta", "card_set", "card", "card_name", "deck", "deck_card", "collection_item"})
_LOOKS_LIKE = [
    (b"\x89PNG", N_("a PNG image")),
    (b"%PDF", N_("a PDF document")),
    (b"PK\x03\x04", N_("a ZIP archive")),
    (b"\xff\xd8\xff", N_("a JPEG image")),
    (b"GIF8", N_("a GIF image")),
]


@dataclass(frozen=True)
class FileInfo:
    """What a database file holds: its application id, schema version and tables (all empty for a new file)."""

    exists: bool
    application_id: int = 0
    user_version: int = 0
    tables: frozenset[str] = field(default_factory=frozenset)

    @property
    def is_new(self) -> bool:
        """No file yet, or an empty SQLite file: deckcli may create its tables."""
        return not self.tables and self.application_id == 0 and self.user_version == 0

    @property
    def is_deckcli(self) -> bool:
        """Marked as deckcli's, or written by a deckcli from before the mark (a schema version and its tables)."""
        return self.application_id == APPLICATION_ID or (
            self.application_id == 0 and self.user_version > 0 and CORE_TABLES <= self.tables
        )


def read_only_uri(path: Path, immutable: bool = False) -> str:
    """An SQLite URI opening ``path`` read-only (its characters quoted, so ``?`` and ``%`` stay in the name)."""
    uri = "file:" + urllib.parse.quote(str(path.absolute())) + "?mode=ro"
    return uri + ("&immutable=1" if immutable else "")


def open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection that has read the schema (immutable where the folder holds no WAL index)."""
    con = None
    try:
        con = sqlite3.connect(read_only_uri(path), uri=True)
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return con
    except sqlite3.Error:
        if con is not None:
            con.close()
        return sqlite3.connect(read_only_uri(path, immutable=True), uri=True)


def _kind(head: bytes) -> str:
    for magic, what in _LOOKS_LIKE:
        if head.startswith(magic):
            return what
    try:
        head.decode("utf-8")
    except UnicodeDecodeError:
        return ""
    return N_("a text file")


def mode_of(path: Path, origin: str | None = None, advice: str = NOT_A_DATABASE_ADVICE) -> int | None:
    """The file type and mode of ``path`` (links followed), None when nothing is there; a name no file can have
    (too long, a loop of links) is a DatabaseFault naming why, not an OSError."""
    try:
        return path.stat().st_mode
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as exc:
        raise DatabaseFault(path, Message("cannot open it ({reason})", reason=exc.strerror), advice, origin) from None


def inspect(path: Path, origin: str | None = None) -> FileInfo:
    """What ``path`` holds, read through a read-only connection; raises NotADatabase for a file that is none
    (a folder, a device or pipe: SQLite would block on a pipe, and write a journal beside a device)."""
    mode = mode_of(path, origin)
    if mode is not None and stat.S_ISDIR(mode):
        raise NotADatabase(path, Message("it is a folder, not a database file"), NOT_A_DATABASE_ADVICE, origin)
    if mode is not None and not stat.S_ISREG(mode):
        raise NotADatabase(path, Message("it is a device or pipe, not a database file"), NOT_A_DATABASE_ADVICE, origin)
    if in_use(path):
        return _pragmas(path, origin)  # this process has it open through SQLite: an SQLite file (see dbfiles._IN_USE)
    try:
        with path.open("rb") as handle:
            head = handle.read(100)
    except (FileNotFoundError, NotADirectoryError):  # not there yet (its folder is made, or refused, when created)
        return FileInfo(exists=False)
    except OSError as exc:
        problem = Message("cannot read it ({reason})", reason=exc.strerror)
        raise DatabaseFault(path, problem, N_("check the file's permissions"), origin) from None
    if not head:
        return FileInfo(exists=True)
    if not head.startswith(SQLITE_HEADER):
        what = _kind(head)
        problem = (
            Message("it is not an SQLite database (it looks like {what})", what=Message(what))
            if what
            else Message("it is not an SQLite database")
        )
        raise NotADatabase(path, problem, NOT_A_DATABASE_ADVICE, origin)
    return _pragmas(path, origin)


def _pragmas(path: Path, origin: str | None) -> FileInfo:
    """The marks and tables, read-only; in a read-only folder that holds no WAL index, through an immutable open."""
    for immutable in (False, True):
        try:
            con = sqlite3.connect(read_only_uri(path, immutable), uri=True)
            try:
                app_id = con.execute("PRAGMA application_id").fetchone()[0]
                version = con.execute("PRAGMA user_version").fetchone()[0]
                tables = frozenset(r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'"))
            finally:
                con.close()
            return FileInfo(True, app_id, version, tables)
        except sqlite3.Error as exc:
            unreadable = UnopenableDatabase(path, Message("cannot read it ({reason})", reason=exc), "", origin)
            fault = fault_of(exc, path, origin) or unreadable
            if immutable or not isinstance(fault, (ReadOnlyDatabase, UnopenableDatabase)):
                raise fault from None
    raise AssertionError("unreachable")


def refuse_foreign(info: FileInfo, path: Path, origin: str | None = None) -> None:
    """Raise ForeignDatabase unless ``path`` is new or deckcli's."""
    if info.is_new or info.is_deckcli:
        return
    listed = ", ".join(sorted(info.tables)[:5]) + (", ..." if len(info.tables) > 5 else "")
    marks = (
        Message("application id {id:#010x}", id=info.application_id)
        if info.application_id
        else Message("no deckcli mark")
    )
    text = N_("it is another program's SQLite database ({marks}; tables: {tables})")
    problem = Message(text, marks=marks, tables=listed or Message("none"))
    advice = N_("deckcli leaves it as it is: point {option} at a deckcli database or at a new file")
    raise ForeignDatabase(path, problem, advice, origin)


def recorded_revision(con: sqlite3.Connection) -> str | None:
    """The Alembic revision an SQLite file records (None: before Alembic, or not deckcli's)."""
    try:
        found = con.execute("SELECT version_num FROM alembic_version").fetchone()
    except sqlite3.Error:
        return None
    return found[0] if found else None
