"""Swiss rounds built by hand as :mod:`deckcli.events.tournament` records, for the slips and published-rounds tests:
six players (two with markup and a formula for names, one in full-width letters), round 1 of three tables, round 2
after one dropped (two tables and a bye), the standings after it and a top 4 played out."""

from __future__ import annotations

from dataclasses import replace

from deckcli.events.tournament import Pairing, Round, Score, Standing, Tournament

EVIL, FORMULA, WIDE = "<b>x</b>", "=cmd|", "Ｃａｔ"
PLAYERS = ("Ann Lee", "bo", WIDE, "Dan", EVIL, FORMULA)

ROUND_1 = Round("1", (Pairing(1, "Ann Lee", "bo", Score(2, 1)), Pairing(2, WIDE, "Dan", Score(0, 2)),
                      Pairing(3, EVIL, FORMULA, Score(1, 1, 1))))
ROUND_2 = Round("2", (Pairing(1, "Dan", "Ann Lee", Score(2, 0)), Pairing(2, "bo", EVIL, Score(1, 2)),
                      Pairing(3, WIDE, None)))
STANDINGS = (
    Standing(1, "Dan", 6, 2, 0, 0, 0.5, 1.0, 0.5),
    Standing(2, EVIL, 4, 1, 0, 1, 0.5, 0.6, 0.4286),
    Standing(3, "Ann Lee", 3, 1, 1, 0, 2 / 3, 0.4, 0.55),
    Standing(4, WIDE, 3, 1, 1, 0, 0.5, 0.5, 0.5),
    Standing(5, "bo", 0, 0, 2, 0, 0.5, 0.4, 0.5),
    Standing(6, FORMULA, 1, 0, 0, 1, 0.33, 0.5, 0.5, dropped=True),
)
TOP_4 = Round("top4", (Pairing(1, "Dan", WIDE, Score(2, 0)), Pairing(2, EVIL, "Ann Lee", Score(1, 2))))
TOP_2 = Round("top2", (Pairing(1, "Dan", "Ann Lee", Score(1, 2, 1)),))


def swiss(*rounds: Round) -> Tournament:
    """The Swiss rounds given, no standings and no cut (none paired: an event before its first round)."""
    return Tournament("Spring Open", 2, tuple(rounds), ())


def whole() -> Tournament:
    """Both Swiss rounds, the standings after round 2 and the top 4 played to its winner, Ann Lee."""
    return Tournament("Spring Open", 2, (ROUND_1, ROUND_2), STANDINGS, (TOP_4, TOP_2))


def big_round(players: int) -> Tournament:
    """One round of ``players`` players named 'Player 001'... paired in order (an odd one out gets the bye)."""
    names = [f"Player {n:03d}" for n in range(1, players + 1)]
    pairings = [Pairing(t, names[2 * t - 2], names[2 * t - 1]) for t in range(1, players // 2 + 1)]
    if players % 2:
        pairings.append(Pairing(len(pairings) + 1, names[-1], None))
    return Tournament("Spring Open", 5, (Round("1", tuple(pairings)),), ())


def renamed(tournament: Tournament, names: dict[str, str]) -> Tournament:
    """The same tournament with its players renamed (``names``: old -> new)."""

    def pairing(p: Pairing) -> Pairing:
        return replace(p, player=names[p.player], opponent=names[p.opponent] if p.opponent else None)

    def rounds(found: tuple[Round, ...]) -> tuple[Round, ...]:
        return tuple(Round(r.label, tuple(pairing(p) for p in r.pairings)) for r in found)

    standings = tuple(replace(s, player=names[s.player]) for s in tournament.standings)
    return replace(tournament, rounds=rounds(tournament.rounds), standings=standings, cut=rounds(tournament.cut))
