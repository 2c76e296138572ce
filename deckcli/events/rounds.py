"""An event's Swiss rounds and top cut read from the database as a :class:`~deckcli.events.tournament.Tournament`,
and the next Swiss round paired and stored (one transaction; one round per event and label, so two clients pairing
at once cannot both add it).

The rounds are ``⌈log2(players)⌉`` of the players paired in round 1 (the fewest that leave at most one undefeated
player) unless the event was created with ``--rounds``. A result is the latest entry of its table.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import NamedTuple

from deckcli.errors import InputError
from deckcli.events.pairing import Entrant, first_round, swiss_round
from deckcli.events.records import EventInfo
from deckcli.events.standings import standings
from deckcli.events.store import event_info, now
from deckcli.events.tournament import PairedRound, Pairing, Round, Score, Standing, Tournament, swiss_rounds
from deckcli.i18n import Message
from deckcli.names import name_key
from deckcli.storage.reads import Readable, Rows, time_value
from deckcli.storage.writes import ConstraintViolation, Transaction, Writable
from deckcli.words import listing, plural


@dataclass
class StoredRound:
    """A round as stored: its row id, label, and each table's pairing id with the pairing (its latest result)."""

    id: int
    label: str
    tables: list[tuple[int, Pairing]]
    entered: dict[int, str] = field(default_factory=dict)  # pairing id -> when its latest result was entered

    @property
    def record(self) -> Round:
        return Round(self.label, tuple(p for _, p in self.tables))


@dataclass
class EventRounds:
    """Everything the rounds of one event hold, read in one go."""

    info: EventInfo
    seed: str | None
    players: list[str]
    swiss: list[StoredRound]
    cut: list[StoredRound]
    drops: dict[str, tuple[str, int]]  # player key -> (player, the first Swiss round they are not paired in)

    @property
    def total_rounds(self) -> int:
        """The Swiss rounds there will be: as given, else ⌈log2⌉ of round 1's players (of the active ones before)."""
        if self.info.rounds:
            return self.info.rounds
        if self.swiss:
            count = sum(1 + (p.opponent is not None) for _, p in self.swiss[0].tables)
        else:
            count = len(self.active(1))
        return swiss_rounds(count)

    def active(self, round_no: int) -> list[str]:
        """The registered players paired in Swiss round ``round_no`` (not dropped before it)."""
        return [p for p in self.players if self.drops.get(name_key(p), ("", round_no + 1))[1] > round_no]

    def standings(self, through: int | None = None) -> tuple[Standing, ...]:
        """The standings after the complete Swiss rounds up to ``through`` (default: all of them), a player dropped
        only when they had dropped by then (not paired from round ``through + 1`` on, or earlier)."""
        counted = [r.record for r in self.swiss[:through] if r.record.complete]
        dropped = [p for p, first_out in self.drops.values() if through is None or first_out <= through + 1]
        return standings(self.players, counted, self.seed or "", dropped)

    def current(self) -> StoredRound | None:
        latest = self.cut or self.swiss
        return latest[-1] if latest else None

    def tournament(self) -> Tournament:
        return Tournament(
            self.info.name,
            self.total_rounds,
            tuple(r.record for r in self.swiss),
            self.standings(),
            tuple(r.record for r in self.cut),
            self.seed,
        )


def read_rounds(rows: Rows, event_name: str) -> EventRounds:
    """The rounds, pairings, latest results and drops of the event called ``event_name`` (UnknownEvent if none)."""
    info = event_info(rows, event_name)
    params = {"event": info.id}
    seed = rows.all("SELECT seed FROM event WHERE id = :event", params)[0][0]
    players = [
        p
        for (p,) in rows.all(
            "SELECT player FROM registration WHERE event_id = :event AND superseded_at IS NULL ORDER BY id", params
        )
    ]
    results: dict[int, tuple[Score, str]] = {}
    for pairing_id, wins, losses, draws, at in rows.all(
        "SELECT e.pairing_id, e.wins, e.losses, e.draws, e.entered_at FROM result_entry e JOIN pairing p ON"
        " p.id = e.pairing_id JOIN event_round r ON r.id = p.round_id WHERE r.event_id = :event ORDER BY e.id",
        params,
    ):
        results[pairing_id] = (Score(wins, losses, draws), str(time_value(at)))
    stored: dict[int, StoredRound] = {
        round_id: StoredRound(round_id, label, [])
        for round_id, label in rows.all("SELECT id, label FROM event_round WHERE event_id = :event ORDER BY id", params)
    }
    for pairing_id, round_id, table_no, player, opponent in rows.all(
        "SELECT p.id, p.round_id, p.table_no, p.player, p.opponent FROM pairing p JOIN event_round r ON"
        " r.id = p.round_id WHERE r.event_id = :event ORDER BY p.round_id, p.table_no",
        params,
    ):
        if round_id not in stored:  # (a round another client added since the rounds were read)
            continue
        score, at = results.get(pairing_id, (None, ""))
        stored[round_id].tables.append((pairing_id, Pairing(table_no, player, opponent, score)))
        if at:
            stored[round_id].entered[pairing_id] = at
    drops = {
        key: (player, from_round)
        for player, key, from_round in rows.all(
            "SELECT player, player_key, from_round FROM event_drop WHERE event_id = :event", params
        )
    }
    swiss = sorted((r for r in stored.values() if r.label.isdigit()), key=lambda r: int(r.label))
    cut = [r for r in stored.values() if not r.label.isdigit()]
    return EventRounds(info, seed, players, swiss, cut, drops)


def locked_rounds(tx: Transaction, event_name: str, mode: str) -> EventRounds:
    """:func:`read_rounds` inside a write, the event's row locked first on PostgreSQL (``mode`` ``UPDATE`` to pair,
    ``SHARE`` to enter a result: judges entering results never wait for each other, a pairing waits for them and
    they for it). SQLite's writes are serialised already."""
    tx.all(f"SELECT id FROM event WHERE id = :event{tx.lock(mode)}", {"event": event_info(tx, event_name).id})
    return read_rounds(tx, event_name)


def load_tournament(db: Readable, event_name: str) -> Tournament:
    """The Swiss rounds, standings and top cut of the event called ``event_name``, as plain records."""
    with db.rows() as rows:
        return read_rounds(rows, event_name).tournament()


class RoundFacts(NamedTuple):
    """``event show``'s facts of the rounds: how many Swiss rounds there will be, the latest round paired (a label,
    None before round 1), and the seed round 1 and the standings' last tiebreak are drawn from."""

    total_rounds: int
    current_round: str | None
    seed: str | None


def round_facts(db: Readable, event_name: str) -> RoundFacts:
    """The facts of the rounds of the event called ``event_name``."""
    tournament = load_tournament(db, event_name)
    latest = tournament.cut or tournament.rounds
    return RoundFacts(tournament.total_rounds, latest[-1].label if latest else None, tournament.seed)


def missing_results(round_: StoredRound) -> list[Message]:
    """The tables of ``round_`` still without a result, as messages name them (``table 3 (Ann v Bo)``)."""
    return [
        Message("table {table} ({player} v {opponent})", table=p.table, player=p.player, opponent=p.opponent)
        for _, p in round_.tables
        if p.opponent is not None and p.score is None
    ]


def store_round(tx: Transaction, state: EventRounds, label: str, pairs: list[tuple[str, str | None]]) -> PairedRound:
    """Add round ``label`` with ``pairs`` (tables numbered from 1) in ``tx``; the event gets its seed and is started
    if it was not. The round comes back with the Swiss rounds the event will have."""
    tx.run(
        "UPDATE event SET seed = COALESCE(seed, :seed), started = COALESCE(started, :at) WHERE id = :event",
        {"seed": state.seed or secrets.token_hex(8), "at": now(), "event": state.info.id},
    )
    found = tx.all(
        "INSERT INTO event_round (event_id, label, paired_at) VALUES (:event, :label, :at) RETURNING id",
        {"event": state.info.id, "label": label, "at": now()},
    )
    tx.many(
        "INSERT INTO pairing (round_id, table_no, player, opponent) VALUES (:round, :table, :player, :opponent)",
        [
            {"round": found[0][0], "table": table, "player": player, "opponent": opponent}
            for table, (player, opponent) in enumerate(pairs, 1)
        ],
    )
    tables = tuple(Pairing(table, player, opponent) for table, (player, opponent) in enumerate(pairs, 1))
    return PairedRound(label, tables, state.total_rounds)


def paired_twice(event: str, label: str) -> InputError:
    """The message of a round another client paired first (the unique round label refused this one)."""
    return InputError(
        Message(
            "{event}: round {round} was paired by another client at the same time; nothing was changed here",
            event=event,
            round=label,
        )
    )


def pair_next_round(db: Writable, event_name: str) -> PairedRound:
    """Pair and store the next Swiss round of the event (round 1 starts the event). Refused while a result of the
    current round is missing (each table named), after the last round, once the cut started, or under 2 players."""
    label = "?"
    try:
        with db.write() as tx:
            state = locked_rounds(tx, event_name, "UPDATE")
            name, number = state.info.name, len(state.swiss) + 1
            label = str(number)
            if state.cut:
                raise InputError(
                    Message("{event}: the top cut has started; no Swiss round is paired after it", event=name)
                )
            if state.swiss and missing_results(state.swiss[-1]):
                missing = listing(missing_results(state.swiss[-1]))
                raise InputError(
                    Message(
                        "{event}: round {round} cannot be paired: no result yet for {tables}",
                        event=name,
                        round=number,
                        tables=missing,
                    )
                )
            if number > state.total_rounds:
                raise InputError(
                    Message(
                        "{event}: all {rounds} rounds are paired; pair the top cut with deckcli event top {event!r}"
                        " --cut 8 (or 4, 2)",
                        event=name,
                        rounds=state.total_rounds,
                    )
                )
            active = state.active(number)
            if len(active) < 2:
                raise InputError(
                    Message(
                        "{event}: round {round} cannot be paired: {active}, at least 2 needed",
                        event=name,
                        round=number,
                        active=plural(len(active), "active player"),
                    )
                )
            if state.seed is None:  # an event created before revision 0005
                state.seed = secrets.token_hex(8)
            pairs = first_round(active, state.seed) if number == 1 else swiss_round(_entrants(state, active))
            return store_round(tx, state, label, pairs)
    except ConstraintViolation:
        raise paired_twice(event_name, label) from None


def _entrants(state: EventRounds, active: list[str]) -> list[Entrant]:
    """The active players ranked by the standings, with whom they met and whether they had a bye."""
    met: dict[str, set[str]] = {name_key(p): set() for p in active}
    byes: set[str] = set()
    for r in state.swiss:
        for _, p in r.tables:
            if p.opponent is None:
                byes.add(name_key(p.player))
                continue
            met.setdefault(name_key(p.player), set()).add(name_key(p.opponent))
            met.setdefault(name_key(p.opponent), set()).add(name_key(p.player))
    keys = {name_key(p) for p in active}
    return [
        Entrant(s.player, s.points, frozenset(met.get(name_key(s.player), ())), name_key(s.player) in byes)
        for s in state.standings()
        if name_key(s.player) in keys
    ]


def event_standings(db: Readable, event_name: str, through: int | None = None) -> tuple[Standing, ...]:
    """The standings of the event after its complete Swiss rounds up to ``through`` (InputError past the last)."""
    with db.rows() as rows:
        state = read_rounds(rows, event_name)
    if through is not None and through > len(state.swiss):
        raise InputError(
            Message(
                "{event}: no round {round} yet ({paired} paired)",
                event=state.info.name,
                round=through,
                paired=len(state.swiss),
            )
        )
    return state.standings(through)
