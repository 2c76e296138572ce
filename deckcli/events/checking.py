"""What a judge checks during an event: a deck check (the deck presented, typed in any layout, against the registered
list per zone and card name) and a between-rounds side exchange of a 3-set match (the ``validate --side-from`` rules
against the registered deck). Both are stored with their time; the side exchange of a round supersedes an earlier
record of that round (kept as history) and marks the event started."""

from __future__ import annotations

import typing
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from deckcli.decklists.model import Decklist, zone_rank
from deckcli.decks.diff import diff_decks
from deckcli.errors import InputError
from deckcli.events.decks import EventDecks, PlayerDecklist
from deckcli.events.locked import locked_data
from deckcli.events.records import EventInfo
from deckcli.events.store import current_rows, event_info, now
from deckcli.games import registry
from deckcli.i18n import N_, Message
from deckcli.legality.exchange import check_side_exchange
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.storage.reads import Rows, in_list, time_value
from deckcli.storage.writes import Transaction, Writable, once_more
from deckcli.words import listing, timestamp

TOO_MANY, TOO_FEW, NOT_REGISTERED = N_("too many"), N_("too few"), N_("not registered")  # JSON: English


class Difference(NamedTuple):
    """A (zone, card name) whose count in the deck presented differs from the registered list, with the judge's
    verdict: too many, too few, not registered (English in JSON and in the stored check)."""

    zone: str
    card: str
    registered: int
    presented: int
    verdict: str

    def as_dict(self) -> dict[str, Any]:
        return self._asdict()


@dataclass
class DeckCheck:
    """A deck check's result: the differences (none: it passed), the presented deck's receipt, and when."""

    event: EventInfo
    player: str
    registered_fingerprint: str
    presented_fingerprint: str
    differences: list[Difference]
    checked_at: datetime

    @property
    def passed(self) -> bool:
        return not self.differences

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": self.event.name,
            "player": self.player,
            "passed": self.passed,
            "registered_fingerprint": self.registered_fingerprint,
            "presented_fingerprint": self.presented_fingerprint,
            "checked_at": timestamp(self.checked_at),
            "differences": [d.as_dict() for d in self.differences],
        }


@dataclass
class SideExchange:
    """A recorded side exchange: its round, whether it is legal and why not."""

    event: EventInfo
    player: str
    round: int
    problems: list[Problem]
    at: datetime
    replaced: bool = False
    #: When the legal exchange this illegal one did not replace (no --replace) was recorded; None when stored.
    kept: datetime | None = None

    @property
    def legal(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        return {
            "event": self.event.name,
            "player": self.player,
            "round": self.round,
            "legal": self.legal,
            "at": timestamp(self.at),
            "problems": [p.as_dict() for p in self.problems],
            "stored": self.kept is None,
        }


def differences(registered: ResolvedDeck, presented: ResolvedDeck) -> list[Difference]:
    """Each (zone, card name) whose counts differ, in zone order then by name: :func:`deckcli.decks.diff.diff_decks`
    (by name, every printing together) with the judge's verdict."""
    rows = [
        Difference(r.zone, r.name, r.a, r.b, NOT_REGISTERED if not r.a else TOO_MANY if r.b > r.a else TOO_FEW)
        for r in diff_decks(registered, presented)
    ]
    rows.sort(key=lambda r: (zone_rank(r.zone), r.card.casefold()))
    return rows


def deck_check(db: Writable, event_name: str, player: str, file: str) -> DeckCheck:
    """Compare the deck in ``file`` with ``player``'s registered list and store the result (raises, storing
    nothing, when the presented deck cannot be read)."""
    with db.rows() as reads:
        info = event_info(reads, event_name)
        row = current_rows(reads, info, player)[0]
    decks = EventDecks(db, info, undone=Message("no deck check was recorded"))
    presented = decks.check(PlayerDecklist(row.player, file, path=file), by_name=True)
    registered = decks.reopen(row.decklist, Message("registration of {player}", player=row.player))
    rows = differences(registered, presented.resolved)
    result = DeckCheck(info, row.player, row.fingerprint, presented.fingerprint, rows, now())
    stored = {"file": file, "presented": locked_data(presented.locked), "fingerprint": presented.fingerprint}
    with db.write() as tx:
        tx.run(
            "INSERT INTO deck_check (registration_id, passed, checked_at, result)"
            " VALUES (:registration, :passed, :at, :result)",
            {
                "registration": row.id,
                "passed": result.passed,
                "at": result.checked_at,
                "result": {**stored, "differences": [d.as_dict() for d in rows]},
            },
        )
    return result


def _unpaired(rows: Rows, info: EventInfo, round_no: int) -> None:
    """InputError when the event pairs its Swiss rounds here and round ``round_no`` is not paired yet (an event
    paired by other software, with no round paired here, takes any of its rounds)."""
    paired = sum(
        label.isdigit() for (label,) in rows.all("SELECT label FROM event_round WHERE event_id = :e", {"e": info.id})
    )
    if paired and round_no > paired:
        raise InputError(
            Message(
                "round {round} of event {event!r} is not paired yet (paired: 1 to {paired}); a side exchange is"
                " recorded during its round",
                round=round_no,
                event=info.name,
                paired=paired,
            )
        )


def _earlier(rows: Rows, registration_id: int, round_no: int) -> list[tuple[int, bool, datetime]]:
    """The current record of the player's side exchange in round ``round_no`` (none or one): id, legal, when."""
    return [
        (exchange_id, bool(legal), typing.cast(datetime, time_value(at)))
        for exchange_id, legal, at in rows.all(
            "SELECT id, legal, at FROM side_exchange"
            " WHERE registration_id = :registration AND round = :round AND superseded_at IS NULL",
            {"registration": registration_id, "round": round_no},
        )
    ]


def side_exchange(
    db: Writable, event_name: str, player: str, round_no: int, file: str, replace: bool = False
) -> SideExchange:
    """Check ``file`` as ``player``'s deck for round ``round_no`` after a side exchange from the registered deck,
    and store it (superseding an earlier record of that round). The event counts as started from then on. Refused
    for a round the event has not paired yet; an illegal exchange does not replace a legal one of the same round
    unless ``replace`` (it is checked and shown, not stored: ``kept`` says when the legal one was recorded)."""
    with db.rows() as reads:
        info = event_info(reads, event_name)
        row = current_rows(reads, info, player)[0]
    decks = EventDecks(db, info, undone=Message("no side exchange was recorded"))
    _refuse_unexchangeable(info, decks, round_no)
    original = decks.reopen(row.decklist, Message("registration of {player}", player=row.player))
    presented = decks.check(PlayerDecklist(row.player, file, path=file), by_name=True)
    problems = check_side_exchange(original, presented.resolved)
    stamp = now()

    def write() -> SideExchange:  # (run once more when another judge recorded this round at the same moment)
        with db.write() as tx:
            _unpaired(tx, info, round_no)
            earlier = _earlier(tx, row.id, round_no)
            if problems and not replace and any(legal for _, legal, _ in earlier):
                return SideExchange(info, row.player, round_no, problems, stamp, kept=earlier[0][2])
            if earlier:
                ids, bound = in_list("id", [exchange_id for exchange_id, _, _ in earlier])
                tx.run(f"UPDATE side_exchange SET superseded_at = :at WHERE id IN ({ids})", {**bound, "at": stamp})
            _insert_exchange(tx, row.id, round_no, presented.locked, problems, stamp)
            tx.run(
                "UPDATE event SET started = COALESCE(started, :at) WHERE id = :event", {"at": stamp, "event": info.id}
            )
        return SideExchange(info, row.player, round_no, problems, stamp, bool(earlier))

    return once_more(write)


def _refuse_unexchangeable(info: EventInfo, decks: EventDecks, round_no: int) -> None:
    """Refuse a side exchange the event's format has no side deck for, or for a round the event does not have."""
    zones = decks.format.side_exchange
    if not zones:
        raise InputError(
            Message(
                "format {format!r} of event {event!r} has no side deck to exchange with: its zones are {zones}",
                format=decks.format.name,
                event=info.name,
                zones=listing([registry.game(info.game).zone_label(n, decks.format.zones) for n in decks.format.zones]),
            )
        )
    if round_no < 1 or (info.rounds is not None and round_no > info.rounds):
        upto = Message("1 to {rounds}", rounds=info.rounds) if info.rounds is not None else Message("1 or more")
        raise InputError(
            Message(
                "round {round} is not a round of event {event!r} (rounds: {upto})",
                round=round_no,
                event=info.name,
                upto=upto,
            )
        )


def _insert_exchange(
    tx: Transaction, registration_id: int, round_no: int, locked: Decklist, problems: list[Problem], stamp: datetime
) -> None:
    """Store one side exchange's checked decklist for a round as the current record."""
    tx.run(
        "INSERT INTO side_exchange (registration_id, round, decklist, problems, legal, at)"
        " VALUES (:registration, :round, :decklist, :problems, :legal, :at)",
        {
            "registration": registration_id,
            "round": round_no,
            "decklist": locked_data(locked),
            "problems": [p.as_dict() for p in problems],
            "legal": not problems,
            "at": stamp,
        },
    )
