"""Stored deck names that start with what was typed, for shell completion (read-only, without SQLAlchemy).

Opened the way :mod:`deckcli.cards.completion` opens the database: plain ``sqlite3``, read-only, nothing when
there is no database file.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from deckcli.cards.completion import LIMIT, read_only


def deck_names(path: Path, typed: str, limit: int = LIMIT) -> list[str]:
    """Stored deck names that start with ``typed`` (any case)."""
    con = read_only(path)
    if con is None:
        return []
    wanted = typed.casefold()
    with closing(con):
        try:
            names = [row[0] for row in con.execute("SELECT name FROM deck ORDER BY name")]
        except sqlite3.Error:
            return []
    return [name for name in names if name.casefold().startswith(wanted)][:limit]
