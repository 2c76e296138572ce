"""``db backup`` and ``db copy``: a consistent copy of an SQLite file, and every row of every deckcli table from one
database to another, SQLite file or server, either way.

The backup opens the file read-only (never creating, migrating or marking it) and goes through SQLite's backup API
in one step: one read transaction, so it is consistent while another process writes (WAL lets the writer go on),
and it lands under its name only when complete.

A copy's target must be new or empty (no table at all: another application's tables, or a deckcli database's, are
never mixed with the copy); it is set up at this deckcli's head revision and filled in one transaction (all or
nothing), tables in foreign-key order (from the tables' declaration), in chunks of many rows per statement. On
PostgreSQL the id sequences are then moved past the copied ids, so the next row added gets a fresh one.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, insert, select, text
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlmodel import SQLModel

from deckcli.dberrors import DatabaseFault, NotADatabase
from deckcli.dbfiles import companion_of
from deckcli.i18n import N_, Message
from deckcli.storage import tables  # noqa: F401  (registers the tables)
from deckcli.storage.base import BaseDatabase
from deckcli.storage.engine import connect
from deckcli.storage.fileinfo import inspect, mode_of, open_read_only, refuse_foreign
from deckcli.storage.location import is_url, label_of
from deckcli.storage.status import check_database
from deckcli.words import plural

#: What to do about a target the copy cannot use.
COPY_ADVICE = N_("copy into a new file")
EMPTY_ADVICE = N_("copy into a new or empty database (createdb, or a new file), so nothing is mixed or lost")
#: Rows read and written per statement.
CHUNK = 5_000


@dataclass(frozen=True)
class CopyResult:
    """What was copied: rows per table, from where, to where (URLs masked)."""

    source: str
    target: str
    rows: dict[str, int]


def _open_target(target: Path | str) -> BaseDatabase:
    """The target, set up at the head revision: refused unless it is new or holds no table at all (a deckcli
    database, even one without rows, is refused too: its cards or ids would clash with the copied ones)."""
    found = _tables_of(target)
    if found:
        listed = ", ".join(found[:5]) + (", ..." if len(found) > 5 else "")
        raise DatabaseFault(
            label_of(target),
            Message("it is not empty ({tables}: {listed})", tables=plural(len(found), "table"), listed=listed),
            EMPTY_ADVICE,
        )
    return connect(target)


def _tables_of(target: Path | str) -> list[str]:
    """The tables ``target`` holds (none: a new file, an empty file, an empty server database)."""
    if is_url(target):
        return _server_tables(str(target))
    path = Path(target)
    if mode_of(path, advice=COPY_ADVICE) is None or path.stat().st_size == 0:
        return []
    try:
        info = inspect(path)
    except NotADatabase:
        raise DatabaseFault(
            path, Message("it already exists"), N_("copy into a new file (deckcli never overwrites one)")
        ) from None
    return sorted(t for t in info.tables if not t.startswith("sqlite_"))


def _server_tables(url: str) -> list[str]:
    """The tables of a server database's schema, read without setting anything up."""
    from sqlalchemy.exc import DBAPIError

    from deckcli.storage.faults import fault_of
    from deckcli.storage.server import server_engine, table_names

    engine = server_engine(url)
    try:
        with engine.connect() as conn:
            return table_names(conn)
    except DBAPIError as exc:
        raise (fault_of(exc, url) or exc) from None
    finally:
        engine.dispose()


def _same(source: Path | str, target: Path | str) -> bool:
    if is_url(source) or is_url(target):
        return str(source) == str(target)
    return os.path.realpath(source) == os.path.realpath(target)  # (Path.resolve raises on a loop of links)


def copy_database(source: Path | str, target: Path | str, origin: str | None = None) -> CopyResult:
    """Copy every row of ``source`` into the new or empty ``target`` (each a file path or a server URL)."""
    if _same(source, target):
        raise DatabaseFault(label_of(target), Message("it is the source itself"), N_("copy into another database"))
    if not is_url(source) and mode_of(Path(source), advice=N_("name the database to copy")) is None:
        raise DatabaseFault(source, Message("no such file"), N_("name the database to copy"), origin)
    created = not is_url(target) and mode_of(Path(target), advice=COPY_ADVICE) is None
    src = connect(source, origin)
    try:
        dst = _open_target(target)
    except BaseException:
        src.close()
        raise
    try:
        rows = _copy_rows(src, dst)
    except BaseException:
        dst.close()
        if created:
            for leftover in (Path(target), Path(f"{target}-wal"), Path(f"{target}-shm")):
                leftover.unlink(missing_ok=True)
        raise
    finally:
        src.close()
    dst.close()
    return CopyResult(label_of(source), label_of(target), rows)


@contextlib.contextmanager
def _snapshot(src: BaseDatabase) -> Iterator[Connection]:
    """One consistent view of the whole source while other clients write (SQLite's read transaction is one; on a
    server it takes REPEATABLE READ), its rows typed by the tables' declarations: a copy, not a command's read."""
    try:
        with src.engine.connect() as conn:
            yield conn.execution_options(isolation_level="REPEATABLE READ") if src.backend == "postgresql" else conn
    except DBAPIError as exc:
        raise (src.fault(exc) or exc) from None


def _copy_rows(src: BaseDatabase, dst: BaseDatabase) -> dict[str, int]:
    """Every row of every table into ``dst`` in one write transaction, through its Core connection (the rows keep the
    types the tables declare, JSON and times included, with no statement written per table)."""
    copied: dict[str, int] = {}
    with _snapshot(src) as source, dst.write() as writing:
        target: Connection = writing.bind  # (dst is a BaseDatabase: its writes run on an SQLAlchemy Connection)
        for table in SQLModel.metadata.sorted_tables:
            result = source.execution_options(yield_per=CHUNK).execute(
                select(table).order_by(*table.primary_key.columns)
            )
            copied[table.name] = 0
            for chunk in result.mappings().partitions(CHUNK):
                target.execute(insert(table), [dict(row) for row in chunk])
                copied[table.name] += len(chunk)
        if dst.backend == "postgresql":
            _reset_sequences(target)
    return copied


def _reset_sequences(conn: Connection) -> None:
    """Move each id sequence past the largest copied id."""
    for table in SQLModel.metadata.sorted_tables:
        ids = [c for c in table.primary_key.columns if c.name == "id" and c.autoincrement in (True, "auto")]
        if not ids or len(table.primary_key.columns) != 1:
            continue
        top = conn.execute(select(func.max(ids[0]))).scalar()
        conn.execute(
            text("SELECT setval(pg_get_serial_sequence(:t, 'id'), :v, :called)"),
            {"t": table.name, "v": top or 1, "called": top is not None},
        )


@dataclass(frozen=True)
class BackupResult:
    """A finished copy: where, how large, and its rows per table."""

    target: str
    size: int
    rows: dict[str, int]


def backup_database(source: Path, target: Path, origin: str | None = None) -> BackupResult:
    """Copy the deckcli database ``source`` to the new file ``target`` in one consistent step."""
    info = inspect(source, origin)
    if not info.exists:
        raise DatabaseFault(source, Message("no such file"), N_("there is nothing to back up yet"), origin)
    refuse_foreign(info, source, origin)
    if companion_of(target, source) is not None:  # (SQLite would take the copy for the database's WAL and reset it)
        raise DatabaseFault(
            target,
            Message("it is a file SQLite keeps beside the database {database}", database=source),
            N_("give the copy another name"),
        )
    if mode_of(target, advice=N_("give the copy another name")) is not None:
        if target.resolve() == source.resolve():
            raise DatabaseFault(target, Message("it is the database itself"), N_("give the copy another name"), origin)
        advice = N_("give the copy a new name (deckcli never overwrites it)")
        raise DatabaseFault(target, Message("it already exists"), advice)
    if not target.parent.is_dir():  # else SQLite's "unable to open database file" would seem the source's fault
        what = Message("its folder is a file") if target.parent.exists() else Message("its folder does not exist")
        raise DatabaseFault(target, what, N_("choose a folder you can write"))
    temp = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        _copy(source, temp)
        os.replace(temp, target)
    except sqlite3.Error as exc:
        raise DatabaseFault(
            source,
            Message("the copy failed ({reason})", reason=exc),
            Message("nothing was written to {file}", file=target),
            origin,
        ) from None
    except OSError as exc:
        raise DatabaseFault(
            target,
            Message("cannot write the copy ({reason})", reason=exc.strerror),
            N_("choose a folder you can write"),
        ) from None
    finally:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
    return BackupResult(str(target), target.stat().st_size, check_database(target).rows)


def _copy(source: Path, temp: Path) -> None:
    src = open_read_only(source)
    dst = sqlite3.connect(temp)
    try:
        src.backup(dst)  # all pages in one step: one read transaction, a consistent snapshot
        dst.execute("PRAGMA journal_mode = DELETE")  # a single self-contained file
        dst.commit()
    finally:
        dst.close()
        src.close()
