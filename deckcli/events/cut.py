"""The top cut: a single-elimination bracket of the best 8, 4 or 2 players of the standings (dropped players left
out), seeded 1 v 8, 4 v 5, 2 v 7, 3 v 6 so the two best meet only in the final; the winners of tables 1 and 2 meet
next, then those of 3 and 4. A round is ``top8``, ``top4``, ``top2``; its results are entered like any other (a
match needs a winner; drawn games inside it count as the MTR counts them). Once the final is played, asking for the
next round shows the whole bracket instead."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckcli.errors import InputError
from deckcli.events.rounds import (
    EventRounds,
    StoredRound,
    locked_rounds,
    missing_results,
    paired_twice,
    store_round,
)
from deckcli.events.tournament import PairedRound, Pairing, Round
from deckcli.i18n import Message
from deckcli.storage.writes import ConstraintViolation, Writable
from deckcli.words import listing

#: The seeds of each table of a cut's first round, by the cut's size.
BRACKETS = {8: [(1, 8), (4, 5), (2, 7), (3, 6)], 4: [(1, 4), (2, 3)], 2: [(1, 2)]}


@dataclass(frozen=True)
class Bracket:
    """The top cut once its final is played: each of its rounds with every result, and the player who won it."""

    event: str
    rounds: tuple[Round, ...]
    champion: str

    def as_dict(self) -> dict[str, Any]:
        """``event top --json`` after the final: each round with its tables' results, and the winner."""
        rounds = [{"round": r.label, "pairings": [decided(p) for p in r.pairings]} for r in self.rounds]
        return {"rounds": rounds, "winner": self.champion}


def decided(pairing: Pairing) -> dict[str, Any]:
    """A played table of the cut as the bracket gives it: the table, its players, its result and who won."""
    return {**pairing.as_dict(), "result": str(pairing.score) if pairing.score else None, "winner": pairing.winner}


def pair_cut(db: Writable, event_name: str, size: int | None) -> PairedRound | Bracket:
    """Pair the cut's next round: its first (``size`` 8, 4 or 2) once every Swiss round is paired and complete, then
    each next round from the winners of the last one, until the final is played; after it, the whole bracket."""
    label = "?"
    try:
        with db.write() as tx:
            state = locked_rounds(tx, event_name, "UPDATE")
            name = state.info.name
            if not state.cut:
                if size is None:
                    raise InputError(Message("{event}: give --cut 8, 4 or 2 to pair the top cut", event=name))
                if len(state.swiss) < state.total_rounds:
                    raise InputError(
                        Message(
                            "{event}: the top cut comes after round {rounds}; {paired} paired so far",
                            event=name,
                            rounds=state.total_rounds,
                            paired=len(state.swiss),
                        )
                    )
                last = state.swiss[-1]
                pairs = _first_round(state, size, last)
            else:
                last = state.cut[-1]
                if size is not None and f"top{size}" != state.cut[0].label:
                    raise InputError(
                        Message(
                            "{event}: the cut is a {cut} already; give no --cut to pair its next round",
                            event=name,
                            cut=state.cut[0].label,
                        )
                    )
                if missing_results(last):
                    raise InputError(
                        Message(
                            "{event}: the next round of the cut cannot be paired: no result yet for {tables}",
                            event=name,
                            tables=listing(missing_results(last)),
                        )
                    )
                winners = [p.winner for _, p in last.tables if p.winner is not None]  # every table won: no bye, no draw
                if len(winners) == 1:
                    return Bracket(name, tuple(r.record for r in state.cut), winners[0])
                pairs = [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]
            label = f"top{2 * len(pairs)}"
            return store_round(tx, state, label, pairs)
    except ConstraintViolation:
        raise paired_twice(event_name, label) from None


def _first_round(state: EventRounds, size: int, last: StoredRound) -> list[tuple[str, str | None]]:
    """The cut's first round: the best ``size`` players still in the event, by the standings, as the bracket seeds."""
    name = state.info.name
    if missing_results(last):
        tables = listing(missing_results(last))
        raise InputError(
            Message("{event}: the top cut cannot be paired: no result yet for {tables}", event=name, tables=tables)
        )
    ranked = [s.player for s in state.standings() if not s.dropped]
    if len(ranked) < size:
        raise InputError(
            Message(
                "{event}: a top {size} needs {size} players; {left} are still in the event",
                event=name,
                size=size,
                left=len(ranked),
            )
        )
    return [(ranked[a - 1], ranked[b - 1]) for a, b in BRACKETS[size]]
