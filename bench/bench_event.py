"""Benchmark: register 500 decklists in one ``deckcli event import`` (a folder, one file per player, in nine layouts)
beside the anchor, ``deckcli validate`` of the same 500 files in one process, and the ratio.

Run: python bench/bench_event.py [DECKS]
Both read, resolve and check every deck under boa-standard; the import also computes each receipt and stores every
locked copy in one transaction, through SQLAlchemy (which ``validate``, a read-only command, never imports). Two
lines: whole fresh processes (start-up included), then the work alone inside one process, so the fixed cost of
start-up and the cost per deck can be told apart.
"""

from __future__ import annotations

import sys
import time

from _setup import ROOT, best_of, cli_process, data_folder, ratio_line

sys.path.insert(0, str(ROOT / "tests" / "support"))

from event_decks import BOA_LAYOUTS, boa_deck, write_deck  # noqa: E402  (the decklists of the event tests)

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


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    with data_folder() as folder:
        decks = folder / "decklists"
        decks.mkdir()
        files = [str(write_deck(decks, f"Player {i:04d}", boa_deck(i % 16), BOA_LAYOUTS[i % len(BOA_LAYOUTS)],
                                f"Deck {i}", "boa")) for i in range(n)]
        for i in range(REPEAT + 1):  # a fresh event for each import, made outside the timing
            cli_process(["event", "new", f"Bench Open {i}", "--game", "boa"])()
        events = iter(range(REPEAT))
        imported = best_of(lambda: cli_process(["event", "import", f"Bench Open {next(events)}", str(decks)])(), REPEAT)
        validated = best_of(cli_process(["validate", *files]), REPEAT)
        registering, validating = _in_process(decks, files, f"Bench Open {REPEAT}")
    print(f"{n} decklists ({len(BOA_LAYOUTS)} layouts); fresh processes: median of {REPEAT}")
    print(ratio_line(f"event import of {n} (process)", imported, validated, "validate"))
    print(ratio_line(f"event import of {n} (work alone)", registering, validating, "validate"))


if __name__ == "__main__":
    main()
