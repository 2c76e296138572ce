"""What an event and its registrations look like to the organiser and to other tournament software: ``event show``'s
details, ``event status`` rows (one per player), and ``event export`` as JSON (each deck with its zones of cards) or
CSV (one row per card). Each result is a type whose ``as_dict`` is its ``--json``; the CLI builds its tables from the
fields."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.events.locked import locked_data
from deckcli.events.records import EventInfo, Registration, rule_ids
from deckcli.files.csvwriting import CsvWriter
from deckcli.legality.resolved import Problem
from deckcli.words import timestamp

if TYPE_CHECKING:
    from deckcli.events.rounds import RoundFacts
    from deckcli.events.store import EventSummary
    from deckcli.storage.reads import Readable

STATUS_COLUMNS = ["player", "player_id", "deck", "legal", "problems", "fingerprint", "registered_at", "late"]
EXPORT_CSV_COLUMNS = [
    "player",
    "player_id",
    "deck",
    "legal",
    "fingerprint",
    "late",
    "zone",
    "count",
    "card",
    "set",
    "number",
]


class PlayerProblem(NamedTuple):
    """One problem of a player's registered deck (``event show``)."""

    player: str
    problem: Problem

    def as_dict(self) -> dict[str, Any]:
        """The problem's JSON with its player first."""
        return {"player": self.player, **self.problem.as_dict()}


def problem_rows(registrations: Sequence[Registration]) -> list[PlayerProblem]:
    """Every problem of every registration, in registration order."""
    return [PlayerProblem(r.player, problem) for r in registrations for problem in r.problems]


@dataclass(frozen=True)
class StatusRow:
    """``event status``: one player's registration as the organiser reads it, without its decklist; ``late``:
    registered after the start. ``player_id`` is None on an anonymous site, which shows no id."""

    player: str
    player_id: str | None
    deck: str
    legal: bool
    problems: tuple[Problem, ...]
    fingerprint: str
    registered_at: datetime
    late: bool

    @classmethod
    def of(cls, r: Registration) -> StatusRow:
        return cls(r.player, r.player_id, r.deck, r.legal, r.problems, r.fingerprint, r.registered_at, r.late)

    @property
    def rule_ids(self) -> list[str]:
        return rule_ids(self.problems)

    def as_dict(self, messages: bool = False) -> dict[str, Any]:
        """The row of ``--json`` and ``--csv``: the problems as rule ids (``messages``: each problem whole)."""
        return {
            "player": self.player,
            "player_id": self.player_id,
            "deck": self.deck,
            "legal": self.legal,
            "problems": [p.as_dict() for p in self.problems] if messages else self.rule_ids,
            "fingerprint": self.fingerprint,
            "registered_at": timestamp(self.registered_at),
            "late": self.late,
        }


def status_rows(registrations: Sequence[Registration]) -> list[StatusRow]:
    """``event status``: one row per player, in registration order."""
    return [StatusRow.of(r) for r in registrations]


@dataclass(frozen=True)
class EventDetails:
    """``event show``: the event with its players' counts and why it started (:class:`EventSummary`), its rounds
    (:class:`RoundFacts`) and every problem of its players' decks."""

    summary: EventSummary
    rounds: RoundFacts
    problems: tuple[PlayerProblem, ...]

    def as_dict(self) -> dict[str, Any]:
        """``event show --json``: the event's facts, why it started, its counts, its rounds, every problem."""
        s = self.summary
        facts = {"started_because": s.started_because, "players": s.players, "legal": s.legal, "illegal": s.illegal}
        problems = [p.as_dict() for p in self.problems]
        return {**s.info.as_dict(), **facts, **self.rounds._asdict(), "problems": problems}


def event_details(db: Readable, name: str) -> EventDetails:
    """The event called ``name`` as ``event show`` tells it (UnknownEvent naming the closest events)."""
    from deckcli.events.rounds import round_facts
    from deckcli.events.store import event_registrations, event_summary

    summary = event_summary(db, name)
    registrations = event_registrations(db, summary.info.name)[1]
    return EventDetails(summary, round_facts(db, summary.info.name), tuple(problem_rows(registrations)))


def export_json(info: EventInfo, registrations: list[Registration]) -> str:
    """Everything registered: the event, and per player the verdict, every problem and the locked decklist's zones."""
    players = [
        {**StatusRow.of(r).as_dict(messages=True), "zones": locked_data(r.decklist).get("zones", {})}
        for r in registrations
    ]
    return json.dumps({"event": info.as_dict(), "registrations": players}, ensure_ascii=False, indent=2) + "\n"


def export_csv(registrations: list[Registration]) -> str:
    """One row per card of every registered deck (every printing named); text cells escaped against formulas."""
    out = io.StringIO()
    writer = CsvWriter(out)
    writer.writerow(EXPORT_CSV_COLUMNS)
    for r in registrations:
        for entry in r.decklist.entries:
            cells = [
                r.player,
                r.player_id,
                r.deck,
                "yes" if r.legal else "no",
                r.fingerprint,
                "yes" if r.late else "no",
                entry.zone,
                entry.count,
                entry.name,
                entry.set_code or "",
                entry.number or "",
            ]
            writer.writerow(cells)  # text cells formula-escaped by the writer
    return out.getvalue()
