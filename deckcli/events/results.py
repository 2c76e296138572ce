"""Results and drops: a table's result as typed (``W-L[-D]``, checked against a best of 3), one table or a whole
round's at once (all stored or none, every problem listed), corrected with ``--replace``, and players dropped with
them (:mod:`deckcli.events.drops`).

Every entry and correction is a new row with its time, so judges entering different tables never touch the same
row. Two judges entering the *same* table at once are told apart by the database, not by a read before the write:
each entry of a table has its number, unique per table (:class:`~deckcli.storage.tables.ResultEntryRow`), so only
one of two entries numbered alike is stored, and one drop per player (a unique key). The refused write is run once
more, reads what the other wrote, and is refused naming it, as it would have been had it come second; locking the
event row ``FOR SHARE`` and checking first (the way before) let both through on PostgreSQL.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from deckcli.errors import DeckcliError, InputError
from deckcli.events.drops import Drop, drop_row, once_more, store_drop
from deckcli.events.rounds import EventRounds, StoredRound, locked_rounds
from deckcli.events.store import now
from deckcli.events.tournament import Pairing, Score
from deckcli.files.numbers import whole_number
from deckcli.i18n import Lines, Message
from deckcli.names import name_key
from deckcli.storage.reads import Rows
from deckcli.storage.writes import Transaction, Writable

_SCORE = re.compile(r"\s*(\d+)-(\d+)(?:-(\d+))?\s*")
#: The most characters of a typed value a message repeats (a longer one is cut, with "…").
SHOWN_TEXT = 40


def _typed(text: str) -> str:
    return text if len(text) <= SHOWN_TEXT else text[:SHOWN_TEXT] + "…"


def parse_score(text: str, cut: bool = False) -> Score:
    """The score ``W-L[-D]`` (games won by the table's first player, by the second, drawn games), checked against a
    best of 3: neither side wins more than 2, not both 2, at most 3 games. In the cut (``cut``) a match needs a
    winner (more games won by one side); drawn games inside it are fine, as the MTR counts 2-0-1 a win. Numbers of
    any length are read (and refused) without failing."""
    found = _SCORE.fullmatch(text)
    if found is None:
        raise InputError(
            Message(
                "result {score!r} is not W-L or W-L-D (games won by the first player, by the second, drawn)",
                score=_typed(text),
            )
        )
    wins, losses, draws = whole_number(found[1]), whole_number(found[2]), whole_number(found[3] or "0")
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
class TableScore:
    """One table's result as given: the table and the score as typed, and the line of the results file it is on
    (None: typed on the command line)."""

    table: str
    score: str
    line: int | None = None


@dataclass(frozen=True)
class Entered:
    """A table's result as entered: the table with its score, the score it corrected, or ``same``: that very score
    was stored already (nothing written for it)."""

    pairing: Pairing
    replaced: Score | None = None
    same: bool = False


@dataclass(frozen=True)
class RoundResults:
    """What one ``event result`` did: the round's label, each table given (in the order given), who dropped, and
    the results file they came from (its label; None: the command line)."""

    round: str
    tables: tuple[Entered, ...]
    dropped: str | None = None
    source: str | None = None

    @property
    def stored(self) -> int:
        return sum(not entered.same for entered in self.tables)


@dataclass(frozen=True)
class _Planned:
    """A table's entry checked and ready: its pairing id, what the user sees, and the entry's number (0: none)."""

    pairing_id: int
    entered: Entered
    entry_no: int
    line: int | None


def _round(state: EventRounds, label: str) -> StoredRound:
    """The round labelled ``label``, or InputError naming the rounds there are; refused once the next is paired."""
    rounds = {r.label: r for r in [*state.swiss, *state.cut]}
    found = rounds.get(label.strip().lower())
    if found is None:
        paired = ", ".join(rounds) or Message("none yet")
        raise InputError(
            Message(
                "{event} has no round {round!r} (paired: {paired})",
                event=state.info.name,
                round=_typed(label),
                paired=paired,
            )
        )
    order = [*state.swiss, *state.cut]
    later = order[order.index(found) + 1 :]
    if later:
        raise InputError(
            Message(
                "{event}: the results of round {round} cannot change: round {closed} is paired",
                event=state.info.name,
                round=found.label,
                closed=later[0].label,
            )
        )
    return found


def _table(state: EventRounds, found: StoredRound, typed: str) -> tuple[int, Pairing]:
    """Table ``typed`` of the round: its pairing id and pairing, or InputError saying what there is."""
    name, last = state.info.name, len(found.tables)
    text = typed.strip()
    number = whole_number(text) if text.isascii() and text.isdigit() else None
    if number is None:
        raise InputError(
            Message(
                "{event}: {table!r} is not a table number (tables 1-{last})", event=name, table=_typed(typed), last=last
            )
        )
    if not 1 <= number <= last:  # (tables are numbered from 1, stored in order)
        raise InputError(
            Message(
                "{event}: round {round} has no table {table} (tables 1-{last})",
                event=name,
                round=found.label,
                table=number,
                last=last,
            )
        )
    pairing_id, pairing = next((i, p) for i, p in found.tables[number - 1 :] if p.table == number)
    if pairing.opponent is None:
        raise InputError(
            Message(
                "{event}: table {table} of round {round} is {player}'s bye; it has no result to enter",
                event=name,
                table=number,
                round=found.label,
                player=pairing.player,
            )
        )
    return pairing_id, pairing


def _latest_entries(rows: Rows, found: StoredRound) -> dict[int, tuple[int, str | None]]:
    """Per pairing id of the round, its latest entry's number and where it came from."""
    latest: dict[int, tuple[int, str | None]] = {}
    for pairing_id, entry_no, source in rows.all(
        "SELECT e.pairing_id, e.entry_no, e.source FROM result_entry e JOIN pairing p ON p.id = e.pairing_id"
        " WHERE p.round_id = :round ORDER BY e.id",
        {"round": found.id},
    ):
        latest[pairing_id] = (entry_no, source)
    return latest


@dataclass
class _Entering:
    """One ``event result`` being checked in its transaction: the event's rounds, the round, its tables' latest
    entries, whether corrections are allowed, and the tables given so far (number -> line)."""

    state: EventRounds
    found: StoredRound
    latest: dict[int, tuple[int, str | None]]
    replace: bool
    given: dict[int, int | None]

    def plan(self, item: TableScore) -> _Planned:
        """``item`` checked against the round: InputError for a table or score that cannot be, a table given twice,
        or a stored result it differs from (without ``replace``)."""
        name = self.state.info.name
        pairing_id, pairing = _table(self.state, self.found, item.table)
        where = Message("table {table} of round {round}", table=pairing.table, round=self.found.label)
        if pairing.table in self.given:
            first = self.given[pairing.table]
            said = Message("line {line}", line=first) if first else Message("the command line")
            raise InputError(
                Message("{event}: {where} is given twice (first on {first})", event=name, where=where, first=said)
            )
        self.given[pairing.table] = item.line
        score = parse_score(item.score, cut=not self.found.label.isdigit())
        entry_no, source = self.latest.get(pairing_id, (0, None))
        if pairing.score == score:
            return _Planned(pairing_id, Entered(pairing, same=True), 0, item.line)
        if pairing.score is not None and not self.replace:
            at = self.found.entered[pairing_id][:16]
            raise InputError(
                Message(
                    "{event}: {where} already has the result {score} (entered {entered}); give --replace to correct it",
                    event=name,
                    where=where,
                    score=str(pairing.score),
                    entered=Message("{at} from {source}", at=at, source=source) if source else at,
                )
            )
        shown = Pairing(pairing.table, pairing.player, pairing.opponent, score)
        return _Planned(pairing_id, Entered(shown, pairing.score), entry_no + 1, item.line)


def _results_drop(rows: Rows, state: EventRounds, player: str, round_label: str, planned: list[_Planned]) -> Drop:
    """The drop of ``player`` given with results: refused unless the player is at one of the tables entered."""
    dropped = drop_row(rows, state, player)
    seated = {name_key(p.entered.pairing.player) for p in planned} | {
        name_key(p.entered.pairing.opponent or "") for p in planned
    }
    if dropped.player_key in seated:
        return dropped
    if len(planned) == 1:
        pairing = planned[0].entered.pairing
        where = Message("table {table} of round {round}", table=pairing.table, round=round_label)
        raise InputError(
            Message(
                "{event}: {dropped} is not at {where} ({player} v {opponent}); drop them with deckcli event drop",
                event=state.info.name,
                dropped=dropped.player,
                where=where,
                player=pairing.player,
                opponent=pairing.opponent,
            )
        )
    raise InputError(
        Message(
            "{event}: {dropped} is at none of the tables entered; drop them with deckcli event drop",
            event=state.info.name,
            dropped=dropped.player,
        )
    )


def _refusal(problems: list[tuple[int | None, str]], source: str | None) -> InputError:
    """Every problem of the tables given, one a line (a file's named by its line), and that nothing was stored; a
    single problem of the command line as it is."""
    if source is None and len(problems) == 1:
        return InputError(problems[0][1])
    lines = [
        Message("{file}: line {line}: {problem}", file=source, line=line, problem=text) if line else text
        for line, text in problems
    ]
    if source is None:
        summary = Message(
            "{count} problem; no result was stored", "{count} problems; no result was stored", len(problems)
        )
    else:
        summary = Message(
            "{count} problem in {file}; no result was stored",
            "{count} problems in {file}; no result was stored",
            len(problems),
            file=source,
        )
    return InputError(Lines([*lines, summary]))


def _enter(
    tx: Transaction,
    event_name: str,
    label: str,
    given: Sequence[TableScore],
    replace: bool,
    drop: str | None,
    source: str | None,
) -> RoundResults:
    """Check every table given, then store them (in pairing order, so two writers never wait on each other in a
    cycle) with the drop, in ``tx``; InputError listing every problem, nothing written."""
    state = locked_rounds(tx, event_name, "SHARE")
    found = _round(state, label)
    entering = _Entering(state, found, _latest_entries(tx, found), replace, {})
    planned: list[_Planned] = []
    problems: list[tuple[int | None, str]] = []
    for item in given:
        try:
            planned.append(entering.plan(item))
        except InputError as exc:
            problems.append((item.line, exc.text))
    dropped = None
    if drop is not None and planned:
        try:
            dropped = _results_drop(tx, state, drop, found.label, planned)
        except DeckcliError as exc:
            problems.append((None, exc.text))
    if problems:
        raise _refusal(problems, source)
    entries = [_entry(step, source) for step in sorted((p for p in planned if p.entry_no), key=lambda p: p.pairing_id)]
    tx.many(
        "INSERT INTO result_entry (pairing_id, wins, losses, draws, entered_at, entry_no, source)"
        " VALUES (:pairing_id, :wins, :losses, :draws, :entered_at, :entry_no, :source)",
        entries,
    )
    if dropped is not None:
        store_drop(tx, dropped)
    return RoundResults(found.label, tuple(p.entered for p in planned), dropped.player if dropped else None, source)


def _entry(step: _Planned, source: str | None) -> dict[str, object]:
    """The result entry row of a planned table, named by the results file's line it came from (if any)."""
    score = step.entered.pairing.score
    assert score is not None
    return {
        "pairing_id": step.pairing_id,
        "wins": score.wins,
        "losses": score.losses,
        "draws": score.draws,
        "entered_at": now(),
        "entry_no": step.entry_no,
        "source": f"{source}:{step.line}" if source and step.line else None,
    }


def enter_results(
    db: Writable,
    event_name: str,
    label: str,
    given: Sequence[TableScore],
    replace: bool = False,
    drop: str | None = None,
    source: str | None = None,
) -> RoundResults:
    """Store the results ``given`` of round ``label`` in one transaction (each a new row: a correction, with
    ``replace``, is one too, and the latest counts; a score already stored is not stored again), and drop ``drop``
    from the next round on with them. ``source`` is the results file they were read from. Refused whole, every
    problem listed: a round, table or score that cannot be, a bye, a table given twice, a result entered already
    that differs (without ``replace``), a round closed by the next one's pairing."""

    def write() -> RoundResults:
        with db.write() as tx:
            return _enter(tx, event_name, label, given, replace, drop, source)

    return once_more(write)
