"""Stored deck names that start with what was typed, for shell completion (read-only, without SQLAlchemy).

Read the way :mod:`deckcli.cards.completion` reads card names: through the read path, nothing when the database
file is not ready to read.
"""

from __future__ import annotations

from pathlib import Path

from deckcli.cards.completion import LIMIT, read_names


def deck_names(path: Path, typed: str, limit: int = LIMIT) -> list[str]:
    """Stored deck names that start with ``typed`` (any case)."""
    wanted = typed.casefold()
    names = read_names(path, "SELECT name FROM deck ORDER BY name", {}, lambda name: name.casefold().startswith(wanted))
    return names[:limit]
