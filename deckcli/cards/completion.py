"""Card names that start with what was typed, for shell completion, read without SQLAlchemy and without writing.

Completion runs on every Tab press. Importing SQLAlchemy and SQLModel costs about 0.6 s, and opening the
database through :class:`deckcli.storage.engine.Database` may create or migrate the file; so completion opens
the file with the plain ``sqlite3`` module, read-only (``mode=ro``), and gives no names when there is no
readable database. Stored deck names are :mod:`deckcli.decks.completion`'s.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from pathlib import Path
from urllib.request import pathname2url

from deckcli.names import name_key

#: The most names one completion offers (a shell lists them all).
LIMIT = 200


def database_file(given: str | Path | None = None) -> Path:
    """The database a command would open: ``--db``, else ``DECKCLI_DB``, else ``deckcli.db`` in the data folder.

    The same rule as :func:`deckcli.storage.engine.default_db_path` (a test keeps them equal), without its imports.
    """
    if given:
        return Path(given)
    if os.environ.get("DECKCLI_DB"):
        return Path(os.environ["DECKCLI_DB"])
    if os.environ.get("DECKCLI_DATA_DIR"):
        return Path(os.environ["DECKCLI_DATA_DIR"]) / "deckcli.db"
    import platformdirs

    return Path(platformdirs.user_data_dir("deckcli", appauthor=False)) / "deckcli.db"


def read_only(path: Path) -> sqlite3.Connection | None:
    """A read-only connection to an existing database file, or None (no file, not a database, locked)."""
    if not path.is_file():
        return None
    try:
        con = sqlite3.connect(f"file:{pathname2url(str(path.resolve()))}?mode=ro", uri=True, timeout=0.5)
        con.execute("PRAGMA query_only = ON")
        return con
    except sqlite3.Error:
        return None


def _like(prefix: str) -> str:
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def card_names(path: Path, typed: str, game: str | None = None, limit: int = LIMIT) -> list[str]:
    """Names (card names, localised names, aliases) whose forgiving key starts with the key of ``typed``."""
    con = read_only(path)
    if con is None:
        return []
    query = "SELECT DISTINCT display FROM card_name WHERE key LIKE ? ESCAPE '\\'"
    params: list[object] = [_like(name_key(typed))]
    if game:
        query += " AND game = ?"
        params.append(game)
    query += " ORDER BY display LIMIT ?"
    params.append(limit)
    with closing(con):
        try:
            return [row[0] for row in con.execute(query, params)]
        except sqlite3.Error:
            return []
