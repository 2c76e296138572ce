"""``db copy``: every row of every deckcli table from one database to another, SQLite file or server, either way.

The target must be new or empty (no table at all: another application's tables, or a deckcli database's, are never
mixed with the copy); it is set up at this deckcli's head revision and filled in one transaction (all or
nothing), tables in foreign-key order, in chunks of many rows per statement. On PostgreSQL the id sequences are then
moved past the copied ids, so the next row added gets a fresh one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, insert, select, text
from sqlmodel import SQLModel

from deckcli.errors import DatabaseFault, NotADatabase
from deckcli.storage import tables  # noqa: F401  (registers the tables)
from deckcli.storage.base import BaseDatabase
from deckcli.storage.engine import connect
from deckcli.storage.fileinfo import mode_of
from deckcli.storage.location import is_url, label_of

#: What to do about a target the copy cannot use.
COPY_ADVICE = "copy into a new file"
EMPTY_ADVICE = "copy into a new or empty database (createdb, or a new file), so nothing is mixed or lost"
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
        count = f"{len(found)} table{'s' if len(found) != 1 else ''}"
        raise DatabaseFault(label_of(target), f"it is not empty ({count}: {listed})", EMPTY_ADVICE)
    return connect(target)


def _tables_of(target: Path | str) -> list[str]:
    """The tables ``target`` holds (none: a new file, an empty file, an empty server database)."""
    if is_url(target):
        return _server_tables(str(target))
    path = Path(target)
    if mode_of(path, advice=COPY_ADVICE) is None or path.stat().st_size == 0:
        return []
    from deckcli.storage.fileinfo import inspect

    try:
        info = inspect(path)
    except NotADatabase:
        raise DatabaseFault(path, "it already exists", "copy into a new file (deckcli never overwrites one)") from None
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
        raise DatabaseFault(label_of(target), "it is the source itself", "copy into another database")
    if not is_url(source) and mode_of(Path(source), advice="name the database to copy") is None:
        raise DatabaseFault(source, "no such file", "name the database to copy", origin)
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


def _copy_rows(src: BaseDatabase, dst: BaseDatabase) -> dict[str, int]:
    copied: dict[str, int] = {}
    with src.read() as reading, dst.write() as writing:
        # One snapshot of the source, while other clients write: SQLite's read transaction is one; on a server
        # it takes REPEATABLE READ.
        source = reading.connection(
            execution_options={"isolation_level": "REPEATABLE READ"} if src.backend == "postgresql" else None
        )
        for table in SQLModel.metadata.sorted_tables:
            result = source.execution_options(yield_per=CHUNK).execute(
                select(table).order_by(*table.primary_key.columns)
            )
            copied[table.name] = 0
            for chunk in result.mappings().partitions(CHUNK):
                writing.execute(insert(table), [dict(row) for row in chunk])
                copied[table.name] += len(chunk)
        if dst.backend == "postgresql":
            _reset_sequences(writing)
    return copied


def _reset_sequences(session) -> None:
    """Move each id sequence past the largest copied id."""
    for table in SQLModel.metadata.sorted_tables:
        ids = [c for c in table.primary_key.columns if c.name == "id" and c.autoincrement in (True, "auto")]
        if not ids or len(table.primary_key.columns) != 1:
            continue
        top = session.execute(select(func.max(ids[0]))).scalar()
        session.execute(
            text("SELECT setval(pg_get_serial_sequence(:t, 'id'), :v, :called)"),
            {"t": table.name, "v": top or 1, "called": top is not None},
        )
