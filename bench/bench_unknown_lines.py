"""Benchmark: ``deckcli validate`` of a decklist of 80,000 unknown-card lines against one legal deck (goal: under 10x).

Writes a boa decklist of distinct unknown names just under the 2 MB decklist limit, then runs, each in a fresh
process (start-up included), the table (at most 20 problems shown, closest names only for those), ``--json``
(every problem with its closest names, for the record) and one legal deck. Both the wall time and the CPU time of
each process are printed (medians, and the least CPU time of the runs); the goal is judged on the median CPU time,
which other work on a shared machine skews less than wall time.

    python bench/bench_unknown_lines.py [--lines 80000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time

from _setup import ROOT, data_folder

GOAL = 10.0


def measure(args: list[str], repeat: int) -> tuple[float, float, float]:
    """Median wall and CPU seconds, and the least CPU seconds, of ``python -m deckcli ARGS`` (exit 0 or 1 expected)."""
    walls, cpus = [], []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "deckcli", *args], capture_output=True, text=True, check=False)
        walls.append(time.perf_counter() - started)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        if done.returncode not in (0, 1):
            raise SystemExit(f"deckcli {' '.join(args)} failed: {done.stderr[-400:]}")
    return statistics.median(walls), statistics.median(cpus), min(cpus)


def line(label: str, ours: tuple[float, float, float], anchor: tuple[float, float, float], goal: float | None = None
         ) -> str:
    (wall, cpu, least), (anchor_wall, anchor_cpu, anchor_least) = ours, anchor
    ratio = cpu / anchor_cpu
    verdict = "" if goal is None else ("  ok" if ratio <= goal else f"  ABOVE the goal of {goal:g}x")
    return (f"{label:36} {wall * 1000:8.0f} ms wall {cpu * 1000:8.0f} ms CPU   one legal deck {anchor_wall * 1000:5.0f}"
            f" ms wall {anchor_cpu * 1000:5.0f} ms CPU   {ratio:5.1f}x CPU ({wall / anchor_wall:.1f}x wall,"
            f" {least / anchor_least:.1f}x least CPU){verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lines", type=int, default=80_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with data_folder() as folder:
        deck = folder / "unknown.txt"
        deck.write_text("Game: boa\n" + "".join(f"1 Nonexistent Card {i:05d}\n" for i in range(args.lines)),
                        encoding="utf-8")
        one = measure(["validate", str(ROOT / "examples" / "ember-rush.txt")], args.repeat)
        table = measure(["validate", str(deck)], args.repeat)
        as_json = measure(["validate", str(deck), "--json"], args.repeat)
        print(f"{args.lines:,} unknown-card lines ({deck.stat().st_size / 1024 / 1024:.1f} MB), median of {args.repeat}"
              " (and least CPU time):")
        print(line("validate, table (20 problems shown)", table, one, GOAL))
        print(line("validate --json (every problem)", as_json, one))


if __name__ == "__main__":
    main()
