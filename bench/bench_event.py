"""Benchmark: register 500 decklists in one ``deckcli event import`` (a folder, one file per player, in nine layouts)
beside the anchor, ``deckcli validate`` of the same 500 files in one process, and the ratio; then a whole round's
results entered from a file, ``deckcli event result EVENT 1 --from FILE`` of 512 tables, beside ``deckcli event
status --json`` of the same event (goal: within 3x).

Run: python bench/bench_event.py [DECKS] [--tables N] [--results-only]
Both read, resolve and check every deck under boa-standard; the import also computes each receipt and stores every
locked copy in one transaction, through SQLAlchemy (which ``validate``, a read-only command, never imports). Two
lines: whole fresh processes (start-up included), then the work alone inside one process, so the fixed cost of
start-up and the cost per deck can be told apart. The results line: fresh processes, interleaved, each entry into a
fresh copy of the database file (it stores every table), the status listing (every locked decklist read) on the
same event.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import time

from _setup import ROOT, best_of, cli_process, data_folder, interleaved_processes, ratio_line

sys.path.insert(0, str(ROOT / "tests" / "support"))

from event_decks import BOA_LAYOUTS, boa_deck, write_deck  # the decklists of the event tests

REPEAT = 3


def _in_process(folder, files: list[str], event: str) -> tuple[float, float]:
    """(seconds to check and store every decklist of ``folder`` for ``event``, seconds to validate ``files``)."""
    from deckcli.cards.importer import open_database
    from deckcli.events.registering import import_registrations
    from deckcli.legality.resolve import Resolver
    from deckcli.legality.rules import check_deck
    from deckcli.storage.reads import open_ready

    db = open_database(None)
    started = time.perf_counter()
    import_registrations(db, event, str(folder))
    registering = time.perf_counter() - started
    db.close()
    reader = open_ready(None, None)
    started = time.perf_counter()
    resolver = Resolver(reader)
    for file in files:
        check_deck(resolver.open(file))
    validating = time.perf_counter() - started
    reader.close()
    return registering, validating


def _imports(n: int) -> None:
    with data_folder() as folder:
        decks = folder / "decklists"
        decks.mkdir()
        files = [str(write_deck(decks, f"Player {i:04d}", boa_deck(i % 16), BOA_LAYOUTS[i % len(BOA_LAYOUTS)],
                                f"Deck {i}", "boa")) for i in range(n)]
        for i in range(REPEAT + 1):  # a fresh event for each import, made outside the timing
            cli_process(["event", "new", f"Bench Open {i}", "--game", "boa"])()
        events = iter(range(REPEAT))
        # the lambda is needed: each call imports into the next event (inlined, all would go to the first)
        imported = best_of(lambda: cli_process(["event", "import", f"Bench Open {next(events)}", str(decks)])(), REPEAT)  # noqa: PLW0108
        validated = best_of(cli_process(["validate", *files]), REPEAT)
        registering, validating = _in_process(decks, files, f"Bench Open {REPEAT}")
    print(f"{n} decklists ({len(BOA_LAYOUTS)} layouts); fresh processes: median of {REPEAT}")
    print(ratio_line(f"event import of {n} (process)", imported, validated, "validate"))
    print(ratio_line(f"event import of {n} (work alone)", registering, validating, "validate"))


def _results(tables: int) -> None:
    """``event result --from`` of every table of round 1 of a 2 x ``tables`` player event, against ``event status
    --json`` of the event."""
    from deckcli.cards.importer import open_database
    from deckcli.events.rounds import pair_next_round
    from deckcli.events.store import create_event
    from swiss_support import register_players

    with data_folder() as folder:
        db = open_database(folder / "bench.db")
        create_event(db, "Results Open", "boa")
        register_players(db, "Results Open", [f"Player {i:04d}" for i in range(2 * tables)], folder / "decks")
        paired = pair_next_round(db, "Results Open")
        db.close()
        scores = ["2-0", "2-1", "0-2", "1-2", "1-1-1"]
        sheet = folder / "round1.csv"
        sheet.write_text("table,result\n" + "".join(f"{p.table},{scores[p.table % 5]}\n" for p in paired.pairings
                                                     if p.opponent), encoding="utf-8")
        deckcli = [sys.executable, "-m", "deckcli"]
        best = {name: (float("inf"), float("inf")) for name in ("result", "status")}
        for k in range(REPEAT):  # a fresh copy per repeat: the entry stores every table
            copy = folder / f"copy{k}.db"
            shutil.copy(folder / "bench.db", copy)
            runs = interleaved_processes({
                "result": [*deckcli, "--db", str(copy), "event", "result", "Results Open", "1", "--from", str(sheet)],
                "status": [*deckcli, "event", "status", "Results Open", "--json"],
            }, 1)
            best = {name: tuple(min(a, b) for a, b in zip(best[name], runs[name])) for name in best}
    print(f"{2 * tables} players, round 1: fresh processes, fastest of {REPEAT} interleaved (wall; CPU last)")
    ours, anchor = best["result"], best["status"]
    print(ratio_line(f"event result --from ({tables} tables)", ours[0], anchor[0], "event status --json", 3)
          + f"   | CPU {ours[1]:.2f} s / {anchor[1]:.2f} s = {ours[1] / anchor[1]:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("decks", type=int, nargs="?", default=500)
    parser.add_argument("--tables", type=int, default=512)
    parser.add_argument("--results-only", action="store_true")
    args = parser.parse_args()
    if not args.results_only:
        _imports(args.decks)
    _results(args.tables)


if __name__ == "__main__":
    main()
