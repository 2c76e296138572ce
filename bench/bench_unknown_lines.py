"""Benchmark: ``deckcli validate`` of a decklist of 80,000 unknown-card lines against one legal deck (goal: under 10x).

Writes a boa decklist of distinct unknown names just under the 2 MB decklist limit, then times, each in a fresh
process (start-up included), the table (at most 20 problems shown, closest names only for those), ``--json``
(every problem with its closest names, for the record) and one legal deck.

    python bench/bench_unknown_lines.py [--lines 80000] [--repeat 3]
"""

from __future__ import annotations

import argparse

from _setup import ROOT, best_of, cli_process, data_folder, ratio_line

GOAL = 10.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=80_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with data_folder() as folder:
        deck = folder / "unknown.txt"
        deck.write_text("Game: boa\n" + "".join(f"1 Nonexistent Card {i:05d}\n" for i in range(args.lines)),
                        encoding="utf-8")
        legal = str(ROOT / "examples" / "ember-rush.txt")
        one = best_of(cli_process(["validate", legal]), args.repeat)
        table = best_of(cli_process(["validate", str(deck)]), args.repeat)
        as_json = best_of(cli_process(["validate", str(deck), "--json"]), args.repeat)
        print(f"{args.lines:,} unknown-card lines ({deck.stat().st_size / 1024 / 1024:.1f} MB), median of {args.repeat}:")
        print(ratio_line("validate, table (20 problems shown)", table, one, "one legal deck", GOAL))
        print(ratio_line("validate --json (every problem)", as_json, one, "one legal deck"))


if __name__ == "__main__":
    main()
