"""Benchmark: ``deckcli event pair`` against ``deckcli event status --json`` of the same event, fresh processes
interleaved: round 9 of a 1,024-player event with 8 rounds of results (and ``deckcli event standings`` of it), and
round 2 of 1,024 and of 5,000 players, both shapes of round 1's results (an odd number of winners, which leaves no
points group ending after an even number of players above the losers, and an even one).

Each event is built through the library (one registration transaction, each round paired by the library and its
results written in one transaction). Pairing writes the round, so each repeat pairs a fresh copy of the database
file. Goals: pairing within 3x the status listing (the status reads every locked decklist), standings within 2x.

Run: python bench/bench_pairing.py [PLAYERS] [--big N] [--repeat N]
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time

from _setup import ROOT, data_folder, interleaved_processes, ratio_line

sys.path.insert(0, str(ROOT / "tests" / "support"))

EVENT = "Bench Open"
SCORES = [(2, 0, 0), (2, 1, 0), (0, 2, 0), (1, 2, 0), (1, 1, 1)]


def register(path, players: int, decks) -> None:
    """A new database at ``path`` with the event and ``players`` registered (one legal deck each)."""
    from deckcli.cards.importer import open_database
    from deckcli.events.store import create_event
    from swiss_support import register_players

    db = open_database(path)
    create_event(db, EVENT, "boa")
    register_players(db, EVENT, [f"Player {i:04d}" for i in range(players)], decks)
    db.close()


def play(path, rounds: int, odd_winners: bool | None = None) -> None:
    """``rounds`` rounds paired and played in the event at ``path``; with ``odd_winners`` set, round 1's first table
    is turned (a draw or a win) so that round 1 has an odd (or even) number of winners."""
    from deckcli.cards.importer import open_database
    from deckcli.events.rounds import pair_next_round
    from deckcli.events.store import now

    db = open_database(path)
    rng = random.Random(23)
    for number in range(1, rounds + 1):
        pair_next_round(db, EVENT)
        with db.write() as tx:
            paired = tx.all("SELECT p.id, p.opponent FROM pairing p JOIN event_round r ON r.id = p.round_id"
                            " WHERE r.label = :label ORDER BY p.id", {"label": str(number)})
            tables = [(pairing_id,) for pairing_id, opponent in paired if opponent is not None]
            scores = [rng.choice(SCORES) for _ in tables]
            if odd_winners is not None:  # the bye's player (an odd count) is a winner too
                winners = sum(1 for wins, losses, _ in scores if wins != losses) + len(paired) - len(tables)
                if (winners % 2 == 1) != odd_winners:
                    scores[0] = (1, 1, 1) if scores[0][0] != scores[0][1] else (2, 0, 0)
            tx.many("INSERT INTO result_entry (pairing_id, wins, losses, draws, entered_at)"
                    " VALUES (:pairing, :wins, :losses, :draws, :at)",
                    [{"pairing": pairing_id, "wins": wins, "losses": losses, "draws": draws, "at": now()}
                     for (pairing_id,), (wins, losses, draws) in zip(tables, scores)])
    db.close()


def measure(folder, base, repeat: int, standings: bool) -> dict:
    """The fastest wall and CPU time of ``event pair`` (and ``event standings``) and ``event status --json`` of the
    event at ``base``, each repeat pairing a fresh copy."""
    deckcli = [sys.executable, "-m", "deckcli"]
    best = {name: (float("inf"), float("inf")) for name in ("pair", "standings", "status")}
    for k in range(repeat):
        copy = folder / f"copy{k}.db"
        shutil.copy(base, copy)
        commands = {
            "pair": [*deckcli, "--db", str(copy), "event", "pair", EVENT, "--json"],
            "status": [*deckcli, "--db", str(base), "event", "status", EVENT, "--json"],
        }
        if standings:
            commands["standings"] = [*deckcli, "--db", str(base), "event", "standings", EVENT, "--json"]
        runs = interleaved_processes(commands, 1)
        best = {name: tuple(min(a, b) for a, b in zip(best[name], runs.get(name, best[name]))) for name in best}
    return best


def line(label: str, ours, anchor, goal: float) -> str:
    return (ratio_line(label, ours[0], anchor[0], "event status --json", goal)
            + f"   | CPU {ours[1]:.2f} s / {anchor[1]:.2f} s = {ours[1] / anchor[1]:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int, nargs="?", default=1024)
    parser.add_argument("--big", type=int, default=5000, help="the players of the larger round-2 event")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    lines = []
    with data_folder() as folder:
        for players in (args.players, args.big):
            started = time.perf_counter()
            registered = folder / f"registered{players}.db"
            register(registered, players, folder / "decks")
            events = {f"round 2, {shape} winners": folder / f"r2{shape}{players}.db" for shape in ("odd", "even")}
            for path, odd in zip(events.values(), (True, False)):
                shutil.copy(registered, path)
                play(path, 1, odd)
            if players == args.players:
                events["round 9"] = folder / "r9.db"
                shutil.copy(registered, events["round 9"])
                play(events["round 9"], 8)
            print(f"{players} players: events built in {time.perf_counter() - started:.1f} s", flush=True)
            for label, path in events.items():
                best = measure(folder, path, args.repeat, label == "round 9")
                lines.append(line(f"event pair ({label}, {players})", best["pair"], best["status"], 3))
                if label == "round 9":
                    lines.append(line(f"event standings ({players})", best["standings"], best["status"], 2))
    print(f"fresh processes, fastest of {args.repeat} interleaved rounds (wall; CPU in the last column)")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
