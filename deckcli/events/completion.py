"""Event names and an event's registered players that start with what was typed, for shell completion (read-only,
without SQLAlchemy), read the way :mod:`deckcli.cards.completion` reads card names."""

from __future__ import annotations

from pathlib import Path

from deckcli.cards.completion import LIMIT, read_names
from deckcli.names import name_key


def _starts(typed: str):
    wanted = typed.casefold()
    return lambda name: name.casefold().startswith(wanted)


def event_names(path: Path, typed: str, limit: int = LIMIT) -> list[str]:
    """Event names that start with ``typed`` (any case)."""
    return read_names(path, "SELECT name FROM event ORDER BY name", {}, _starts(typed))[:limit]


def player_names(path: Path, event: str, typed: str, limit: int = LIMIT) -> list[str]:
    """The players currently registered for ``event`` (its name in any case) whose names start with ``typed``."""
    sql = (
        "SELECT r.player FROM registration r JOIN event e ON e.id = r.event_id"
        " WHERE e.key = :event AND r.superseded_at IS NULL ORDER BY r.player"
    )
    return read_names(path, sql, {"event": name_key(event)}, _starts(typed))[:limit]
