"""An event and its registrations as the rest of deckcli sees them: plain data read from the event tables.

The event store (:mod:`deckcli.events.store`) returns these; the printed sheets and the published site are built
from them alone, so the pages never query the database themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from deckcli.decklists.model import Decklist
from deckcli.legality.resolved import Problem
from deckcli.names import name_key
from deckcli.words import timestamp


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

    def as_dict(self) -> dict[str, Any]:
        """The event's own facts as ``--json`` and ``event export`` give them (dates ISO 8601, times with their
        offset)."""
        return {
            "name": self.name,
            "game": self.game,
            "format": self.format,
            "date": self.date.isoformat() if self.date else None,
            "rounds": self.rounds,
            "created": timestamp(self.created),
            "started": timestamp(self.started) if self.started else None,
        }


@dataclass(frozen=True)
class Registration:
    """A player's current registration: the locked copy of their decklist (every printing named) and its verdict.

    ``problems`` are the legality problems found when it was registered (stored as their JSON, read back by
    :func:`stored_problem`);
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
    problems: tuple[Problem, ...] = field(default_factory=tuple)
    late: bool = False

    @property
    def named_deck(self) -> str | None:
        """The deck's name when its decklist named it and not after the player; None when it was derived (from the
        file name or the form row, which is often the player's name), so an anonymous site shows another."""
        given = self.decklist.name
        if not given or given != self.deck or name_key(given) == name_key(self.player):
            return None
        return given

    @property
    def rule_ids(self) -> list[str]:
        """The rule ids of the problems (``event status``, the site's deck list)."""
        return rule_ids(self.problems)


def rule_ids(problems: Iterable[Problem]) -> list[str]:
    """The rule ids of ``problems``, each once, in the order found."""
    return list(dict.fromkeys(p.rule for p in problems))


def stored_problem(data: Mapping[str, Any]) -> Problem:
    """A problem as a registration stored it (its :meth:`~deckcli.legality.resolved.Problem.as_dict` in a JSON
    column) read back: rule, message, cards, zone and line, every other key its ``extra``, so ``as_dict`` gives the
    stored object again, key for key. The message comes back as English text (not a catalog entry): it is shown as
    it was stored."""
    known = {"rule", "message", "cards", "zone", "line"}
    return Problem(
        str(data.get("rule", "")),
        str(data.get("message", "")),
        list(data.get("cards", ())),
        data.get("zone"),
        data.get("line"),
        {key: value for key, value in data.items() if key not in known},
    )
