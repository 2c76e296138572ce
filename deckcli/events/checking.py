"""What a judge checks during an event: a deck check (the deck presented, typed in any layout, against the registered
list per zone and card name) and a between-rounds side exchange of a 3-set match (the ``validate --side-from`` rules
against the registered deck). Both are stored with their time; the side exchange of a round supersedes an earlier
record of that round (kept as history) and marks the event started."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from deckcli.decklists.model import zone_rank
from deckcli.decks.diff import diff_decks
from deckcli.errors import InputError
from deckcli.events.decks import EventDecks, PlayerDecklist
from deckcli.events.locked import locked_data
from deckcli.events.records import EventInfo
from deckcli.events.store import current_rows, event_info, get_event, now
from deckcli.games import registry
from deckcli.i18n import N_, Message
from deckcli.legality.exchange import check_side_exchange
from deckcli.legality.resolved import Problem, ResolvedDeck
from deckcli.storage.base import BaseDatabase
from deckcli.storage.reads import Rows
from deckcli.storage.tables import DeckCheckRow, SideExchangeRow
from deckcli.words import listing, timestamp

TOO_MANY, TOO_FEW, NOT_REGISTERED = N_("too many"), N_("too few"), N_("not registered")  # JSON: English


@dataclass
class DeckCheck:
    """A deck check's result: the differences (none: it passed), the presented deck's receipt, and when."""

    event: EventInfo
    player: str
    registered_fingerprint: str
    presented_fingerprint: str
    differences: list[dict[str, Any]]
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
            "differences": self.differences,
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


def differences(registered: ResolvedDeck, presented: ResolvedDeck) -> list[dict[str, Any]]:
    """Rows ``{"zone", "card", "registered", "presented", "verdict"}`` for each (zone, card name) whose counts differ:
    :func:`deckcli.decks.diff.diff_decks` (by name, every printing together) with the judge's verdict."""
    rows: list[dict[str, Any]] = [
        {
            "zone": r.zone,
            "card": r.name,
            "registered": r.a,
            "presented": r.b,
            "verdict": NOT_REGISTERED if not r.a else TOO_MANY if r.b > r.a else TOO_FEW,
        }
        for r in diff_decks(registered, presented)
    ]
    rows.sort(key=lambda r: (zone_rank(r["zone"]), r["card"].casefold()))
    return rows


def deck_check(db: BaseDatabase, event_name: str, player: str, file: str) -> DeckCheck:
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
    with db.write() as session:
        session.add(
            DeckCheckRow(
                registration_id=row.id,
                passed=result.passed,
                checked_at=result.checked_at,
                result={
                    "file": file,
                    "presented": locked_data(presented.locked),
                    "fingerprint": presented.fingerprint,
                    "differences": rows,
                },
            )
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


def _earlier(session: Session, registration_id: int, round_no: int) -> list[SideExchangeRow]:
    """The current record of the player's side exchange in round ``round_no`` (none or one)."""
    return list(
        session.exec(
            select(SideExchangeRow).where(
                SideExchangeRow.registration_id == registration_id,
                SideExchangeRow.round == round_no,
                col(SideExchangeRow.superseded_at).is_(None),
            )
        ).all()
    )


def side_exchange(
    db: BaseDatabase, event_name: str, player: str, round_no: int, file: str, replace: bool = False
) -> SideExchange:
    """Check ``file`` as ``player``'s deck for round ``round_no`` after a side exchange from the registered deck,
    and store it (superseding an earlier record of that round). The event counts as started from then on. Refused
    for a round the event has not paired yet; an illegal exchange does not replace a legal one of the same round
    unless ``replace`` (it is checked and shown, not stored: ``kept`` says when the legal one was recorded)."""
    with db.rows() as reads:
        info = event_info(reads, event_name)
        row = current_rows(reads, info, player)[0]
    decks = EventDecks(db, info, undone=Message("no side exchange was recorded"))
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
    original = decks.reopen(row.decklist, Message("registration of {player}", player=row.player))
    presented = decks.check(PlayerDecklist(row.player, file, path=file), by_name=True)
    problems = check_side_exchange(original, presented.resolved)
    stamp = now()
    with db.write() as session:
        _unpaired(Rows(session), info, round_no)
        earlier = _earlier(session, row.id, round_no)
        if problems and not replace and any(old.legal for old in earlier):
            return SideExchange(info, row.player, round_no, problems, stamp, kept=earlier[0].at)
        for old in earlier:
            old.superseded_at = stamp
            session.add(old)
        session.flush()
        session.add(
            SideExchangeRow(
                registration_id=row.id,
                round=round_no,
                decklist=locked_data(presented.locked),
                problems=[p.as_dict() for p in problems],
                legal=not problems,
                at=stamp,
            )
        )
        stored = get_event(session, info.name)
        if stored.started is None:
            stored.started = stamp
            session.add(stored)
    return SideExchange(info, row.player, round_no, problems, stamp, bool(earlier))
