"""Benchmark: ``deckcli event pair`` of round 9 and ``deckcli event standings`` of a 1,024-player event with 8
rounds of results, against ``deckcli event status --json`` of the same event, fresh processes interleaved.

The event is built through the library (one registration transaction, each round paired by the library and its
512 results written in one transaction). Pairing writes round 9, so each repeat pairs a fresh copy of the database
file. Goals: pairing within 3x the status listing (the status reads every locked decklist; pairing reads the rounds
and solves a 1,024-seat matching on the sparse candidate graph), standings within 2x.

Run: python bench/bench_pairing.py [PLAYERS] [--repeat N]
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


def build(folder, players: int, rounds: int) -> None:
    """The event with ``players`` registered (one legal deck each) and ``rounds`` rounds paired and played."""
    from sqlalchemy import text
    from swiss_support import register_players

    from deckcli.cards.importer import open_database
    from deckcli.events.rounds import pair_next_round
    from deckcli.events.store import create_event, now
    from deckcli.storage.tables import ResultEntryRow

    db = open_database(folder / "bench.db")
    create_event(db, EVENT, "boa")
    register_players(db, EVENT, [f"Player {i:04d}" for i in range(players)], folder / "decks")
    rng = random.Random(23)
    for number in range(1, rounds + 1):
        pair_next_round(db, EVENT)
        with db.write() as session:
            tables = session.execute(
                text("SELECT p.id FROM pairing p JOIN event_round r ON r.id = p.round_id WHERE r.label = :label"
                     " AND p.opponent IS NOT NULL"), {"label": str(number)}).all()
            session.add_all(ResultEntryRow(pairing_id=pairing_id, wins=w, losses=l, draws=d, entered_at=now())
                            for (pairing_id,), (w, l, d) in ((t, rng.choice(SCORES)) for t in tables))
    db.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("players", type=int, nargs="?", default=1024)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with data_folder() as folder:
        started = time.perf_counter()
        build(folder, args.players, 8)
        print(f"{args.players} players, 8 rounds built in {time.perf_counter() - started:.1f} s")
        deckcli = [sys.executable, "-m", "deckcli"]
        best = {name: (float("inf"), float("inf")) for name in ("pair", "standings", "status")}
        for k in range(args.repeat):  # a fresh copy per repeat: pairing writes round 9
            copy = folder / f"copy{k}.db"
            shutil.copy(folder / "bench.db", copy)
            runs = interleaved_processes({
                "pair": [*deckcli, "--db", str(copy), "event", "pair", EVENT, "--json"],
                "standings": [*deckcli, "event", "standings", EVENT, "--json"],
                "status": [*deckcli, "event", "status", EVENT, "--json"],
            }, 1)
            best = {name: tuple(min(a, b) for a, b in zip(best[name], runs[name])) for name in best}
    print(f"fresh processes, fastest of {args.repeat} interleaved rounds (wall; CPU in the last column)")
    for name, goal in (("pair", 3), ("standings", 2)):
        ours, anchor = best[name], best["status"]
        label = f"event {name}" + (" (round 9)" if name == "pair" else "")
        print(ratio_line(label, ours[0], anchor[0], "event status --json", goal)
              + f"   | CPU {ours[1]:.2f} s / {anchor[1]:.2f} s = {ours[1] / anchor[1]:.2f}x")


if __name__ == "__main__":
    main()
