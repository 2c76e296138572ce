"""What an event's registrations look like to the organiser and to other tournament software: ``event status`` rows
(one per player) and ``event export`` as JSON (each deck with its zones of cards) or CSV (one row per card)."""

from __future__ import annotations

import io
import json
from typing import TYPE_CHECKING, Any

from deckcli.events.locked import locked_data
from deckcli.events.records import EventInfo, Registration
from deckcli.files.csvwriting import CsvWriter
from deckcli.words import timestamp

if TYPE_CHECKING:
    from deckcli.events.store import EventSummary

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


def rule_ids(registration: Registration) -> list[str]:
    """The rule ids of a registration's problems, each once, in the order found."""
    return list(dict.fromkeys(p.get("rule", "") for p in registration.problems))


def problem_rows(registrations: list[Registration]) -> list[dict[str, Any]]:
    """Every problem of every registration, a row each with its player first (``event show``)."""
    return [{"player": r.player, **problem} for r in registrations for problem in r.problems]


def status_rows(registrations: list[Registration], messages: bool = False) -> list[dict[str, Any]]:
    """``event status``: one row per player, the problems as rule ids (``messages``: each problem whole, its rule
    and message); ``late``: registered after the start."""
    return [
        {
            "player": r.player,
            "player_id": r.player_id,
            "deck": r.deck,
            "legal": r.legal,
            "problems": list(r.problems) if messages else rule_ids(r),
            "fingerprint": r.fingerprint,
            "registered_at": timestamp(r.registered_at),
            "late": r.late,
        }
        for r in registrations
    ]


def event_facts(info: EventInfo) -> dict[str, Any]:
    """The event's own facts as JSON-ready data."""
    return {
        "name": info.name,
        "game": info.game,
        "format": info.format,
        "date": info.date.isoformat() if info.date else None,
        "rounds": info.rounds,
        "created": timestamp(info.created),
        "started": timestamp(info.started) if info.started else None,
    }


def event_details(summary: EventSummary) -> dict[str, Any]:
    """``event show``: the event's facts, why it counts as started, and its players' counts."""
    from deckcli.events.store import started_reason

    return {
        **event_facts(summary.info),
        "started_because": started_reason(summary.info),
        "players": summary.players,
        "legal": summary.legal,
        "illegal": summary.illegal,
    }


def list_rows(summaries: list[EventSummary]) -> list[dict[str, Any]]:
    """``event list``: an event a row with, as ``event show --json`` has them, the Swiss rounds it will have
    (``total_rounds``: given, else ⌈log2 players⌉) and why it started (``started_because``, None before)."""
    from deckcli.events.store import started_reason

    return [
        {
            **event_facts(s.info),
            "total_rounds": s.total_rounds,
            "players": s.players,
            "legal": s.legal,
            "illegal": s.illegal,
            "started_because": started_reason(s.info),
        }
        for s in summaries
    ]


def export_json(info: EventInfo, registrations: list[Registration]) -> str:
    """Everything registered: the event, and per player the verdict, every problem and the locked decklist's zones."""
    players = [
        {**row, "problems": list(r.problems), "zones": locked_data(r.decklist).get("zones", {})}
        for row, r in zip(status_rows(registrations), registrations)
    ]
    return json.dumps({"event": event_facts(info), "registrations": players}, ensure_ascii=False, indent=2) + "\n"


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
