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
        from sqlalchemy.dialects.postgresql import insert
    else:
        from sqlalchemy.dialects.sqlite import insert
    return insert(table)

