"""What a database or any file holds, to assert that a refused command wrote nothing."""

from __future__ import annotations

import ctypes
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path


def _target(source):
    """A database's file path or URL (a Database or ServerDatabase gives its ``target``)."""
    return getattr(source, "target", source)


def dump_tables(source) -> dict[str, list[tuple]]:
    """Every row of every deckcli table, ordered by primary key, the values as SQLAlchemy types them (JSON decoded,
    booleans, datetimes): equal for equal data on SQLite and PostgreSQL. Tables and columns the database lacks (an
    older schema) are left out."""
    from sqlalchemy import inspect, select
    from sqlmodel import SQLModel

    from deckcli.storage import tables  # noqa: F401
    from deckcli.storage.location import is_url

    target = _target(source)
    if is_url(str(target)):
        from deckcli.storage.server import server_engine

        engine = server_engine(str(target))
    else:
        from deckcli.storage.engine import make_engine

        engine = make_engine(Path(target), read_only=True)
    try:
        with engine.connect() as conn:
            held_by = _columns(conn) if engine.dialect.name == "postgresql" else None
            present = set(held_by) if held_by is not None else set(inspect(conn).get_table_names())
            dumped = {}
            for table in SQLModel.metadata.sorted_tables:
                if table.name in present:
                    held = held_by[table.name] if held_by is not None else {
                        c["name"] for c in inspect(conn).get_columns(table.name)}
                    query = select(*(c for c in table.columns if c.name in held)).order_by(*table.primary_key.columns)
                    dumped[table.name] = [tuple(row) for row in conn.execute(query)]
            return dumped
    finally:
        engine.dispose()


def _columns(conn) -> dict[str, set[str]]:
    """Each table of a server database's schema -> its column names, in one catalog query (SQLAlchemy's reflection
    asks the catalog several times per table, most of a dump's time on PostgreSQL)."""
    from sqlalchemy import text

    held: dict[str, set[str]] = {}
    query = ("SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = current_schema()"
             " AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema ="
             " current_schema() AND table_type = 'BASE TABLE')")
    for table, column in conn.execute(text(query)):
        held.setdefault(table, set()).add(column)
    return held


def as_before(after: dict[str, list[tuple]], before: dict[str, list[tuple]]) -> dict[str, list[tuple]]:
    """``after``'s rows of the tables ``before`` has, cut to ``before``'s columns: an upgrade's later revisions add
    columns at the end of a table, and these rows must be the ones there were."""
    return {t: [row[: len(old[0])] if old else row for row in after.get(t, [])] for t, old in before.items()}


def table_snapshot(path) -> list[str]:
    """Every statement of an SQL dump of the database (schema and rows), read without changing the file; for a
    server database (a URL, or a ServerDatabase), every row of every table."""
    target = _target(path)
    if "://" in str(target):
        return [f"{table}: {row!r}" for table, rows in dump_tables(target).items() for row in rows]
    con = sqlite3.connect(f"file:{Path(target).absolute()}?mode=ro", uri=True)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def file_bytes(path: Path | str) -> bytes:
    """The file's bytes (for files that must stay byte for byte as they were)."""
    return Path(path).read_bytes()


@contextmanager
def unprivileged():
    """File access as an ordinary user while the block runs: for root (CI), the filesystem uid and gid become
    nobody's (Linux setfsuid), so permission bits apply to SQLite's own opens too; others are ordinary already."""
    if os.geteuid() != 0:
        yield
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.setfsgid(65534)
    libc.setfsuid(65534)
    try:
        yield
    finally:
        libc.setfsuid(0)
        libc.setfsgid(0)



def kept(table: str, rows: list[tuple]) -> list[tuple]:
    """A table's rows as an upgrade must keep them: every row with its id and values, except a card's data (its fields,
    the last column), which is the bundled set's and is refreshed when a newer release's bundled cards differ."""
    return [row[:-1] for row in rows] if table == "card" else rows
