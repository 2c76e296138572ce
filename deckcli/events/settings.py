"""``event set``: what the organiser set at ``event new`` changed while it may still change. The number of Swiss
rounds until the last round is paired (never below the rounds paired already, nor once the top cut started); the
date and the format until the event started (``event start``, round 1 paired or a side exchange; a date in the past
alone does not stop its own correction). A new date or format checks every current registration again under the
format then in force, its verdict and problems updated, all in the one transaction that changes the event; every
refusal is listed at once and nothing changes.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from deckcli.errors import InputError
from deckcli.events.records import EventInfo
from deckcli.events.rounds import EventRounds, locked_rounds
from deckcli.i18n import Lines, Message
from deckcli.storage.writes import Transaction, Writable


@dataclass(frozen=True)
class Verdict:
    """A registration whose verdict the new date or format changed."""

    player: str
    was_legal: bool
    legal: bool


@dataclass(frozen=True)
class EventChange:
    """The event before and after ``event set``, and the registrations whose verdict changed with it."""

    before: EventInfo
    after: EventInfo
    total_rounds: int
    changed: tuple[Verdict, ...]


def _refusals(state: EventRounds, rounds: int | None, day_or_format: bool) -> list[str]:
    """Why the requested changes cannot be made (none: they can)."""
    name, paired = state.info.name, len(state.swiss)
    found: list[str] = []
    if rounds is not None:
        if state.cut:
            found.append(Message("{event}: the top cut has started; the rounds can no longer change", event=name))
        elif paired and paired >= state.total_rounds:
            found.append(
                Message(
                    "{event}: the last of its {rounds} rounds is paired; the rounds can no longer change",
                    event=name,
                    rounds=state.total_rounds,
                )
            )
        elif rounds < paired:
            found.append(
                Message(
                    "{event}: {paired} rounds are paired already; give --rounds {paired} or more",
                    event=name,
                    paired=paired,
                )
            )
    if day_or_format and state.info.started is not None:
        found.append(
            Message(
                "{event} started at {time} UTC: its date and format can no longer change",
                event=name,
                time=f"{state.info.started:%Y-%m-%d %H:%M}",
            )
        )
    return found


def change_event(
    db: Writable,
    event_name: str,
    rounds: int | None = None,
    day: date | None = None,
    format_ref: str | None = None,
) -> EventChange:
    """Change the event's rounds, date or format (those given), refused with every reason when any cannot change."""
    from deckcli.decks.store import stored_format_name
    from deckcli.legality.formats import load_format

    if rounds is not None and rounds < 1:
        raise InputError(Message("an event has at least 1 round, not {rounds}", rounds=rounds))
    with db.write() as tx:
        state = locked_rounds(tx, event_name, "UPDATE")
        before = state.info
        refused = _refusals(state, rounds, day is not None or format_ref is not None)
        if refused:
            raise InputError(Lines(refused))
        fmt = stored_format_name(load_format(format_ref, before.game)) if format_ref else before.format
        after = replace(
            before, rounds=rounds if rounds is not None else before.rounds, date=day or before.date, format=fmt
        )
        tx.run(
            "UPDATE event SET rounds = :rounds, date = :date, format = :format WHERE id = :event",
            {"rounds": after.rounds, "date": after.date, "format": after.format, "event": after.id},
        )
        changed = _check_again(db, tx, after) if (after.date, fmt) != (before.date, before.format) else ()
        total = replace(state, info=after).total_rounds
    return EventChange(before, after, total, changed)


def _check_again(db: Writable, tx: Transaction, info: EventInfo) -> tuple[Verdict, ...]:
    """Every current registration checked again under the event's format on its (new) date, its verdict and
    problems stored; the ones whose verdict changed."""
    from deckcli.events.decks import EventDecks
    from deckcli.events.locked import locked_decklist
    from deckcli.files.jsontext import json_value
    from deckcli.legality.rules import check_deck

    decks = EventDecks(db, info, undone=Message("the event was not changed"))
    changed: list[Verdict] = []
    stored: list[dict] = []
    current = tx.all(
        "SELECT id, player, legal, decklist FROM registration WHERE event_id = :event AND superseded_at IS NULL"
        " ORDER BY id",
        {"event": info.id},
    )
    for reg_id, player, was_legal, decklist in current:
        label = Message("registration of {player}", player=player)
        problems = [p.as_dict() for p in check_deck(decks.resolve(locked_decklist(json_value(decklist), label), label))]
        if (not problems) != bool(was_legal):
            changed.append(Verdict(player, bool(was_legal), not problems))
        stored.append({"legal": not problems, "problems": problems, "id": reg_id})
    tx.many("UPDATE registration SET legal = :legal, problems = :problems WHERE id = :id", stored)
    return tuple(changed)
