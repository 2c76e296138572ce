"""Results and drops: a table's result as typed (``W-L[-D]``, checked against a best of 3), entered or corrected
(each a new row with its time: two judges entering different tables at once never touch the same row), and players
dropped from the next round on."""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckcli.errors import InputError
from deckcli.events.rounds import EventRounds, StoredRound, locked_rounds
from deckcli.events.store import current_rows, now
from deckcli.events.tournament import Pairing, Score
from deckcli.i18n import Message
from deckcli.names import name_key
from deckcli.storage.base import BaseDatabase
from deckcli.storage.reads import Rows
from deckcli.storage.tables import DropRow, ResultEntryRow

_SCORE = re.compile(r"\s*(\d+)-(\d+)(?:-(\d+))?\s*")


def parse_score(text: str, cut: bool = False) -> Score:
    """The score ``W-L[-D]`` (games won by the table's first player, by the second, drawn games), checked against a
    best of 3: neither side wins more than 2, not both 2, at most 3 games. In the cut (``cut``) a match needs a
    winner (more games won by one side); drawn games inside it are fine, as the MTR counts 2-0-1 a win."""
    found = _SCORE.fullmatch(text)
    if found is None:
        raise InputError(
            Message(
                "result {score!r} is not W-L or W-L-D (games won by the first player, by the second, drawn)", score=text
            )
        )
    wins, losses, draws = int(found[1]), int(found[2]), int(found[3] or 0)
    score = Score(wins, losses, draws)
    if max(wins, losses) > 2 or wins + losses + draws > 3 or (wins == losses == 2):
        raise InputError(
            Message(
                "result {score} cannot be a best-of-3 match (at most 2 wins each, not both, 3 games)", score=str(score)
            )
        )
    if wins + losses + draws == 0:
        raise InputError(Message("result 0-0 has no game; a match with no game played is 0-0-1 (a draw)"))
    if cut and wins == losses:
        raise InputError(
            Message("result {score} has no winner; a match of the top cut is won (2-0, 2-1 or 1-0)", score=str(score))
        )
    return score


@dataclass(frozen=True)
class Entered:
    """A result as stored: its round, the table with the score, whether it corrected one, who dropped with it."""

    round: str
    pairing: Pairing
    replaced: Score | None = None
    dropped: str | None = None


def _table(state: EventRounds, label: str, table: int) -> tuple[StoredRound, int, Pairing]:
    """The round labelled ``label`` and its table ``table``, or InputError saying what there is."""
    name = state.info.name
    rounds = {r.label: r for r in [*state.swiss, *state.cut]}
    found = rounds.get(label.strip().lower())
    if found is None:
        paired = ", ".join(rounds) or Message("none yet")
        raise InputError(
            Message("{event} has no round {round!r} (paired: {paired})", event=name, round=label, paired=paired)
        )
    for pairing_id, pairing in found.tables:
        if pairing.table == table:
            if pairing.opponent is None:
                raise InputError(
                    Message(
                        "{event}: table {table} of round {round} is {player}'s bye; it has no result to enter",
                        event=name,
                        table=table,
                        round=found.label,
                        player=pairing.player,
                    )
                )
            return found, pairing_id, pairing
    raise InputError(
        Message(
            "{event}: round {round} has no table {table} (tables 1-{last})",
            event=name,
            round=found.label,
            table=table,
            last=len(found.tables),
        )
    )


def _closed(state: EventRounds, found: StoredRound) -> str | None:
    """The round paired after ``found``, if any (its results can no longer change)."""
    order = [*state.swiss, *state.cut]
    later = order[order.index(found) + 1 :]
    return later[0].label if later else None


def _drop_row(rows: Rows, state: EventRounds, player: str) -> DropRow:
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
    return DropRow(
        event_id=state.info.id, player=reg.player, player_key=key, from_round=len(state.swiss) + 1, dropped_at=now()
    )


def enter_result(
    db: BaseDatabase,
    event_name: str,
    label: str,
    table: int,
    score_text: str,
    replace: bool = False,
    drop: str | None = None,
) -> Entered:
    """Store the result of ``table`` in round ``label`` (a new row: a correction, with ``replace``, is one too, and
    the latest counts), and drop ``drop`` from the next round on with it. Refused for a round, table or score that
    cannot be, a bye, a result already entered (without ``replace``) or a round closed by the next one's pairing."""
    with db.write() as session:
        rows = Rows(session)
        state = locked_rounds(session, event_name, "SHARE")
        found, pairing_id, pairing = _table(state, label, table)
        score = parse_score(score_text, cut=not found.label.isdigit())
        name, where = state.info.name, Message("table {table} of round {round}", table=table, round=found.label)
        closed = _closed(state, found)
        if closed is not None:
            raise InputError(
                Message(
                    "{event}: the result of {where} cannot change: round {closed} is paired",
                    event=name,
                    where=where,
                    closed=closed,
                )
            )
        if pairing.score is not None and not replace:
            raise InputError(
                Message(
                    "{event}: {where} already has the result {score} (entered {entered}); give --replace to correct it",
                    event=name,
                    where=where,
                    score=str(pairing.score),
                    entered=found.entered[pairing_id][:16],
                )
            )
        dropped = _drop_row(rows, state, drop) if drop is not None else None
        if dropped is not None and dropped.player_key not in {
            name_key(pairing.player),
            name_key(pairing.opponent or ""),
        }:
            raise InputError(
                Message(
                    "{event}: {dropped} is not at {where} ({player} v {opponent}); drop them with deckcli event drop",
                    event=name,
                    dropped=dropped.player,
                    where=where,
                    player=pairing.player,
                    opponent=pairing.opponent,
                )
            )
        session.add(
            ResultEntryRow(
                pairing_id=pairing_id, wins=score.wins, losses=score.losses, draws=score.draws, entered_at=now()
            )
        )
        if dropped is not None:
            session.add(dropped)
    return Entered(
        found.label,
        Pairing(pairing.table, pairing.player, pairing.opponent, score),
        pairing.score,
        dropped.player if dropped else None,
    )


def drop_player(db: BaseDatabase, event_name: str, player: str) -> tuple[str, int]:
    """Drop ``player`` from the event's next Swiss round on: the player's name and that round's number."""
    with db.write() as session:
        rows = Rows(session)
        row = _drop_row(rows, locked_rounds(session, event_name, "SHARE"), player)
        session.add(row)
        return row.player, row.from_round
