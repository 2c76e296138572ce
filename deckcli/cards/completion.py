"""Card names that start with what was typed, for shell completion, read without SQLAlchemy and without writing.

Completion runs on every Tab press. Importing SQLAlchemy and SQLModel costs about 0.6 s, and opening the
database through :class:`deckcli.storage.engine.Database` may create or migrate the file; so completion reads
through the read path (:func:`deckcli.storage.reads.open_ready`: plain ``sqlite3``, query-only) the file commands
use (:func:`deckcli.storage.location.default_db_path`), and gives no names when that file is not ready to read
(missing, foreign, damaged, older). Stored deck names are :mod:`deckcli.decks.completion`'s.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

from deckcli.errors import DeckcliError
from deckcli.names import name_key
from deckcli.storage.location import default_db_path
from deckcli.storage.reads import open_ready

#: The most names one completion offers (a shell lists them all).
LIMIT = 200


def database_file(given: str | Path | None = None) -> Path:
    """The database a command would open: ``--db``, else the default (``DECKCLI_DB``, else the data folder's)."""
    return Path(given) if given else default_db_path()


def read_names(path: Path, sql: str, params: dict[str, Any], keep: Callable[[str], bool] = lambda _: True) -> list[str]:
    """The first column of ``sql`` over the database at ``path`` (the names ``keep`` accepts), or nothing when the
    file is not ready to read or the query fails."""
    reader = open_ready(path)
    if reader is None:
        return []
    try:
        with reader.rows() as rows:
            return [row[0] for row in rows.all(sql, params) if keep(row[0])]
    except (DeckcliError, sqlite3.Error):  # a Tab press shows no error: no names is the answer
        return []
    finally:
        reader.close()


def _like(prefix: str) -> str:
    return prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def card_names(path: Path, typed: str, game: str | None = None, limit: int = LIMIT) -> list[str]:
    """Names (card names, localised names, aliases) whose forgiving key starts with the key of ``typed``."""
    query = "SELECT DISTINCT display FROM card_name WHERE key LIKE :typed ESCAPE '\\'"
    params: dict[str, Any] = {"typed": _like(name_key(typed)), "limit": limit}
    if game:
        query += " AND game = :game"
        params["game"] = game
    return read_names(path, query + " ORDER BY display LIMIT :limit", params)
