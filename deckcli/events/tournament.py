"""The Swiss rounds and top cut of an event as plain records: what pairing, standings, slips and the published
site read. Filled from the database by :func:`deckcli.events.rounds.load_tournament`; no storage here."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any


def swiss_rounds(players: int) -> int:
    """The Swiss rounds of an event of ``players`` when the organiser gave none: ⌈log2(players)⌉, the fewest that
    leave at most one undefeated player (1 for a single player)."""
    return max(1, math.ceil(math.log2(players))) if players > 1 else 1


@dataclass(frozen=True)
class Score:
    """A table's result: games won by its first player, by its second, and drawn games (``2-1``, ``2-0-1``)."""

    wins: int
    losses: int
    draws: int = 0

    def __str__(self) -> str:
        return f"{self.wins}-{self.losses}" + (f"-{self.draws}" if self.draws else "")


@dataclass(frozen=True)
class Pairing:
    """One table of a round: ``opponent`` is None for a bye (a 2-0 match win); ``score`` None until entered."""

    table: int
    player: str
    opponent: str | None
    score: Score | None = None

    def as_dict(self) -> dict[str, Any]:
        """The table as a paired round's ``--json`` gives it (its result aside)."""
        return {"table": self.table, "player": self.player, "opponent": self.opponent}

    @property
    def winner(self) -> str | None:
        """Who won the table: the player with more games won (a bye's player), None for a draw or no result yet."""
        if self.opponent is None:
            return self.player
        if self.score is None or self.score.wins == self.score.losses:
            return None
        return self.player if self.score.wins > self.score.losses else self.opponent


@dataclass(frozen=True)
class Round:
    """One round: ``label`` is ``"1"``, ``"2"``, … for Swiss rounds and ``"top8"``, ``"top4"``, ``"top2"`` for
    the rounds of the cut."""

    label: str
    pairings: tuple[Pairing, ...]

    def as_dict(self) -> dict[str, Any]:
        """The round as ``event pair --json`` gives it: its label and its tables."""
        return {"round": self.label, "pairings": [p.as_dict() for p in self.pairings]}

    @property
    def complete(self) -> bool:
        return all(pairing.score is not None or pairing.opponent is None for pairing in self.pairings)


@dataclass(frozen=True)
class PairedRound(Round):
    """A round as just paired, with ``of``: the Swiss rounds the event will have ("Round 2 of 5")."""

    of: int = 0


@dataclass(frozen=True)
class Standing:
    """A player's line in the standings; the three rates are fractions (0.33 … 1.0), shown as percentages."""

    rank: int
    player: str
    points: int
    wins: int
    losses: int
    draws: int
    omw: float
    gw: float
    ogw: float
    dropped: bool = False

    @property
    def record(self) -> str:
        return f"{self.wins}-{self.losses}-{self.draws}"

    def as_dict(self) -> dict[str, Any]:
        """``event standings --json``'s line: the rates as percentages, numbers with two decimals."""
        return self._line(round(100 * self.omw, 2), round(100 * self.gw, 2), round(100 * self.ogw, 2))

    def as_row(self) -> dict[str, Any]:
        """The line of the table and of ``--csv``: the rates as text (``66.67%``)."""
        return self._line(*(f"{100 * rate:.2f}%" for rate in (self.omw, self.gw, self.ogw)))

    def _line(self, omw: Any, gw: Any, ogw: Any) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "points": self.points,
            "record": self.record,
            "omw": omw,
            "gw": gw,
            "ogw": ogw,
            "dropped": self.dropped,
        }


@dataclass(frozen=True)
class Tournament:
    """An event's rounds so far: ``rounds`` the Swiss rounds in order, ``total_rounds`` how many there will be,
    ``standings`` after the last complete Swiss round, ``cut`` the rounds of the top cut (empty before it), ``seed``
    what round 1's order and the standings' last tiebreak were drawn from."""

    event: str
    total_rounds: int
    rounds: tuple[Round, ...]
    standings: tuple[Standing, ...]
    cut: tuple[Round, ...] = ()
    seed: str | None = None
