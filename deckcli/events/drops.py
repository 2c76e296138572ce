"""Players dropped from an event (not paired from the next Swiss round on, kept in the standings).

A drop is a row unique per event and player, so two judges dropping one player at once (``event drop``, or
``event result --drop``) cannot both store it; the refused write is run once more
(:func:`deckcli.storage.writes.once_more`), reads the drop the other stored and says the player has already dropped,
as it would have had it come second. Result entries use the same retry (:mod:`deckcli.events.results`).
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from deckcli.errors import InputError
from deckcli.events.rounds import EventRounds, locked_rounds
from deckcli.events.store import current_rows, now
from deckcli.i18n import Message
from deckcli.names import name_key
from deckcli.storage.reads import Rows
from deckcli.storage.writes import Transaction, Writable, once_more


class Drop(NamedTuple):
    """A player's drop as stored: not paired from Swiss round ``from_round`` on."""

    event_id: int
    player: str
    player_key: str
    from_round: int
    dropped_at: datetime


def drop_row(rows: Rows, state: EventRounds, player: str) -> Drop:
    """The row dropping ``player`` from the next Swiss round on (UnknownPlayer / InputError if not in the event)."""
    reg = current_rows(rows, state.info, player)[0]
    key = name_key(reg.player)
    if key in state.drops:
        raise InputError(
            Message(
                "{event}: {player} has already dropped (from round {round} on)",
                event=state.info.name,
                player=reg.player,
                round=state.drops[key][1],
            )
        )
    state.drops[key] = (reg.player, len(state.swiss) + 1)
    return Drop(state.info.id, reg.player, key, len(state.swiss) + 1, now())


def store_drop(tx: Transaction, drop: Drop) -> None:
    """Store ``drop``; refused by the database (ConstraintViolation) when another client dropped the player first."""
    tx.run(
        "INSERT INTO event_drop (event_id, player, player_key, from_round, dropped_at)"
        " VALUES (:event_id, :player, :player_key, :from_round, :dropped_at)",
        drop._asdict(),
    )


def drop_player(db: Writable, event_name: str, player: str) -> tuple[str, int]:
    """Drop ``player`` from the event's next Swiss round on: the player's name and that round's number."""

    def write() -> tuple[str, int]:
        with db.write() as tx:
            drop = drop_row(tx, locked_rounds(tx, event_name, "SHARE"), player)
            store_drop(tx, drop)
            return drop.player, drop.from_round

    return once_more(write)
