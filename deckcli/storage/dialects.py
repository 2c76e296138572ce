"""The one place where SQL differs between SQLite and PostgreSQL: the ``INSERT ... ON CONFLICT`` statement of the
session's backend (both speak the same upsert; SQLAlchemy builds it per dialect) and compiled executemany text."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Table
from sqlalchemy.engine import Dialect


def dialect_of(source: Any) -> Dialect:
    """The dialect of a Session, Connection or Engine."""
    if isinstance(source, Dialect):
        return source
    bind = source.get_bind() if hasattr(source, "get_bind") else source
    return bind.dialect


def upsert_insert(source: Any, table: Table):
    """An ``insert(table)`` offering ``on_conflict_do_update``, for the backend ``source`` (a Session, Connection,
    Engine or Dialect) runs on."""
    if dialect_of(source).name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert

        return postgresql_insert(table)
    from sqlalchemy.dialects.sqlite import insert as sqlite_insert

    return sqlite_insert(table)


#: From how many rows a PostgreSQL bulk write goes through COPY (below it, a temporary table costs more than it saves).
COPY_AT_LEAST = 200


def copy_upsert(
    session: Any,
    table: Table,
    rows: list[dict[str, Any]],
    conflict: list[str] | None = None,
    update: dict[str, str] | None = None,
) -> None:
    """PostgreSQL's fast path for many rows: COPY them into a temporary table, then one ``INSERT ... SELECT`` into
    ``table`` (in the rows' order, so ids follow it), ``ON CONFLICT (conflict) DO UPDATE SET`` column = SQL
    expression of ``update`` (``excluded.x``, ``table.x``). The rows must not repeat a conflict key. JSON values are
    written as JSON text."""
    import json

    from sqlalchemy import JSON

    if not rows:
        return
    columns = list(rows[0])
    kinds = {c: table.c[c].type for c in columns}
    temp = f"_deckcli_in_{table.name}"
    types = ", ".join(
        f'"{c}" {"json" if isinstance(kinds[c], JSON) else kinds[c].compile(dialect=dialect_of(session))}'
        for c in columns
    )
    raw = session.connection().connection.dbapi_connection
    quoted = ", ".join(f'"{c}"' for c in columns)
    with raw.cursor() as cursor:
        cursor.execute(f'CREATE TEMPORARY TABLE "{temp}" (ord integer, {types}) ON COMMIT DROP')
        encode = [(c, isinstance(kinds[c], JSON)) for c in columns]
        with cursor.copy(f'COPY "{temp}" (ord, {quoted}) FROM STDIN') as copy:
            for n, row in enumerate(rows):
                copy.write_row(
                    [n, *(json.dumps(row[c], ensure_ascii=False) if is_json else row[c] for c, is_json in encode)]
                )
        sql = f'INSERT INTO "{table.name}" ({quoted}) SELECT {quoted} FROM "{temp}" ORDER BY ord'
        if conflict:
            sets = ", ".join(f'"{c}" = {expr}' for c, expr in (update or {}).items())
            sql += f" ON CONFLICT ({', '.join(conflict)}) " + (f"DO UPDATE SET {sets}" if sets else "DO NOTHING")
        cursor.execute(sql)
        cursor.execute(f'DROP TABLE "{temp}"')
