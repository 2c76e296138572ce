"""Benchmark: one ``deckcli validate --json`` call over 1,000 generated decklists (goal: 500 decks/s or more).

Generates boa, aqa and sfb decklist files (mostly legal, about one in eight illegal) in a temporary folder,
then times the call in-process (Click's CliRunner) and as a subprocess (interpreter start-up included).

    python bench/bench_validate.py [--decks 1000] [--seed 7] [--profile]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GOAL = 500.0


def _names(db, game: str, kinds: tuple[str, ...]) -> list[str]:
    from deckcli.cards.index import CardIndex
    from deckcli.games.hooks.name_level import nemu

    index = CardIndex(db, game)
    return sorted({r.name for r in index.cards() if r.kind in kinds and not nemu(r.name)})


def _counted(rng: random.Random, names: list[str], total: int) -> list[str]:
    lines, pool = [], rng.sample(names, len(names))
    while total > 0:
        count = min(rng.randint(1, 4), total)
        lines.append(f"{count} {pool.pop()}")
        total -= count
    return lines


def generate(folder: Path, decks: int, seed: int, db) -> int:
    """Write ``decks`` decklist files; returns how many were made illegal on purpose."""
    from deckcli.cards.index import CardIndex

    rng = random.Random(seed)
    restricted = {"Aeon Sphinx", "Infernal Dragon Lord", "Worldbreaker", "Counterspell", "Arcane Insight", "Raise the Fallen"}
    boa_main = [n for n in _names(db, "boa", ("monster", "spell")) if n not in restricted]
    boa_lb = [n for n in _names(db, "boa", ("limitbreak",)) if n not in restricted]
    aqa = _names(db, "aqa", ("character", "break", "project"))
    champions = sorted(r.name for r in CardIndex(db, "sfb").cards() if r.kind == "champion")
    illegal = 0
    for i in range(decks):
        bad = rng.random() < 0.125
        illegal += bad
        game = ("boa", "aqa", "sfb")[i % 3]
        if game == "boa":
            main = _counted(rng, boa_main, rng.randint(50, 59))
            if bad:
                main.append("1 Ashen Titan" if i % 2 else "3 Fireblal")  # zone-kind, or unknown-card
            lines = ["Game: boa", f"Name: Bench {i}", "Main Deck", *main]
            lines += ["Limitbreak Deck", *_counted(rng, boa_lb, rng.randint(0, 8))]
        elif game == "aqa":
            lines = ["Game: aqa", *_counted(rng, aqa, 40 + (1 if bad else 0))]
        else:
            team = rng.sample(champions, 2 if bad else 3)
            lines = ["Game: sfb", "Champions", *team]
        (folder / f"deck{i:04d}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return illegal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="print the top of a cProfile of the in-process run")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        os.environ["DECKCLI_DB"] = str(folder / "bench.db")
        os.environ["DECKCLI_DATA_DIR"] = str(folder / "data")
        from click.testing import CliRunner

        from deckcli.cards.importer import open_database
        from deckcli.cli.main import cli

        db = open_database(folder / "bench.db")  # creates the database and loads the bundled cards, outside the timing
        decks_dir = folder / "decks"
        decks_dir.mkdir()
        illegal = generate(decks_dir, args.decks, args.seed, db)
        db.close()
        files = sorted(str(p) for p in decks_dir.glob("*.txt"))

        runner = CliRunner()
        started = time.perf_counter()
        if args.profile:
            import cProfile
            import pstats

            profiler, sort = cProfile.Profile(), os.environ.get("BENCH_SORT", "cumulative")
            result = profiler.runcall(runner.invoke, cli, ["validate", "--json", *files])
            pstats.Stats(profiler).sort_stats(sort).print_stats(25)
        else:
            result = runner.invoke(cli, ["validate", "--json", *files])
        in_process = time.perf_counter() - started
        reports = json.loads(result.stdout)
        found_illegal = sum(not r["legal"] for r in reports)
        assert len(reports) == len(files) and result.exit_code == (1 if found_illegal else 0), result.output[-500:]

        started = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "deckcli", "validate", "--json", *files], capture_output=True, text=True, check=False)
        as_subprocess = time.perf_counter() - started
        assert len(json.loads(proc.stdout)) == len(files), proc.stderr[-500:]

    print(f"decks: {len(files)} ({illegal} made illegal, {found_illegal} reported illegal)")
    for label, seconds in (("in-process (CliRunner)", in_process), ("subprocess", as_subprocess)):
        rate = len(files) / seconds
        verdict = "ok" if rate >= GOAL else f"BELOW the goal of {GOAL:.0f}/s"
        print(f"{label:24} {seconds:6.2f} s  {rate:8.0f} decks/s  {verdict}")


if __name__ == "__main__":
    main()
