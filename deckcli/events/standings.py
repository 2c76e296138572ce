"""Standings by the Magic Tournament Rules' tiebreakers: match points, opponents' match-win %, game-win %,
opponents' game-win %, then an order the organiser cannot tune (a hash of the event's seed and the player).

A win is 3 match points, a draw 1; a bye is a match won 2-0 (3 match points, 6 game points). Match-win % is match
points / (3 × rounds played) and game-win % game points / (3 × games played), each at least 0.33; OMW and OGW
average the opponents' rates, byes left out. The rates are kept as fractions, so equal rates compare equal.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction

from deckcli.events.tournament import Round, Standing
from deckcli.names import name_key

#: The least match-win and game-win % counted (also a player's rate before playing).
FLOOR = Fraction(33, 100)


@dataclass
class _Record:
    player: str
    points: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    game_points: int = 0
    games: int = 0
    opponents: list[str] = field(default_factory=list)

    def rates(self) -> tuple[Fraction, Fraction]:
        played = self.wins + self.losses + self.draws
        mw = max(FLOOR, Fraction(self.points, 3 * played)) if played else FLOOR
        gw = max(FLOOR, Fraction(self.game_points, 3 * self.games)) if self.games else FLOOR
        return mw, gw


def tiebreak(seed: str, player: str) -> str:
    """The last tiebreak of ``player``: a hash of the event's seed and the player's name key."""
    return hashlib.sha256(f"{seed}\0{name_key(player)}".encode()).hexdigest()


def _records(players: Iterable[str], rounds: Iterable[Round]) -> dict[str, _Record]:
    records = {name_key(p): _Record(p) for p in players}
    for round_ in rounds:
        for table in round_.pairings:
            first = records.setdefault(name_key(table.player), _Record(table.player))
            if table.opponent is None:
                first.points, first.wins, first.game_points, first.games = (
                    first.points + 3,
                    first.wins + 1,
                    first.game_points + 6,
                    first.games + 2,
                )
                continue
            if table.score is None:
                continue
            second = records.setdefault(name_key(table.opponent), _Record(table.opponent))
            s = table.score
            for me, other, won, lost in ((first, second, s.wins, s.losses), (second, first, s.losses, s.wins)):
                me.opponents.append(name_key(other.player))
                me.game_points += 3 * won + s.draws
                me.games += won + lost + s.draws
                if won > lost:
                    me.points, me.wins = me.points + 3, me.wins + 1
                elif won < lost:
                    me.losses += 1
                else:
                    me.points, me.draws = me.points + 1, me.draws + 1
    return records


def _average(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else FLOOR


def standings(
    players: Iterable[str], rounds: Iterable[Round], seed: str, dropped: Iterable[str] = ()
) -> tuple[Standing, ...]:
    """Every player's line after ``rounds`` (their entered results; a table without one is left out), best first;
    ``players`` are the registered players (a player of a pairing is counted too), ``dropped`` those who dropped."""
    records = _records(players, rounds)
    rates = {key: r.rates() for key, r in records.items()}
    out_keys = {name_key(p) for p in dropped}
    lines = []
    for key, r in records.items():
        gw = rates[key][1]
        omw = _average([rates[o][0] for o in r.opponents])
        ogw = _average([rates[o][1] for o in r.opponents])
        lines.append((r, omw, gw, ogw, key))
    lines.sort(key=lambda x: (-x[0].points, -x[1], -x[2], -x[3], tiebreak(seed, x[0].player)))
    return tuple(
        Standing(
            rank, r.player, r.points, r.wins, r.losses, r.draws, float(omw), float(gw), float(ogw), key in out_keys
        )
        for rank, (r, omw, gw, ogw, key) in enumerate(lines, 1)
    )
