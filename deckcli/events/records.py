"""An event and its registrations as the rest of deckcli sees them: plain data read from the event tables.

The event store (:mod:`deckcli.events.store`) returns these; the printed sheets and the published site are built
from them alone, so the pages never query the database themselves.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from deckcli.decklists.model import Decklist
from deckcli.names import name_key


@dataclass(frozen=True)
class EventInfo:
    """One event: its name, game, format (a bundled name or a format file's path) and what the organiser set."""

    id: int
    name: str
    game: str
    format: str
    date: date | None
    rounds: int | None
    created: datetime
    started: datetime | None = None


@dataclass(frozen=True)
class Registration:
    """A player's current registration: the locked copy of their decklist (every printing named) and its verdict.

    ``problems`` are the legality problems found when it was registered, as ``{"rule", "message", ...}`` dicts;
    ``fingerprint`` is the receipt shown to the player (:func:`deckcli.events.fingerprint.fingerprint`); ``late``:
    registered after the event started. The locked copy's own ``name`` is the one its decklist gave (a ``Name:``
    line), None when ``deck`` was made from the file name or the form row (:attr:`named_deck`).
    """

    player: str
    player_id: str
    deck: str
    legal: bool
    fingerprint: str
    registered_at: datetime
    decklist: Decklist
    problems: tuple[dict[str, Any], ...] = field(default_factory=tuple)
    late: bool = False

    @property
    def named_deck(self) -> str | None:
        """The deck's name when its decklist named it and not after the player; None when it was derived (from the
        file name or the form row, which is often the player's name), so an anonymous site shows another."""
        given = self.decklist.name
        if not given or given != self.deck or name_key(given) == name_key(self.player):
            return None
        return given
