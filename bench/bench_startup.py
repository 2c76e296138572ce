"""Benchmark: cold-process start-up of single-deck commands against ``python -c 'import click'``.

Goals (issue "Speed at scale"): validate, cards show, deck show and collection missing within 3x the anchor;
odds and simulate within 5x. The database exists before timing; each figure is the median of --repeat runs.
Bytecode is cached as in an installed wheel (``--no-bytecode``: every start compiles deckcli from source).

    python bench/bench_startup.py [--repeat 7] [--no-bytecode]
"""

from __future__ import annotations

import argparse
import shutil

from _setup import ROOT, best_of, cli_process, data_folder, python_process, ratio_line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--no-bytecode", action="store_true", help="compile deckcli from source at every start")
    args = parser.parse_args()
    with data_folder(bytecode=not args.no_bytecode) as folder:
        deck = folder / "ember-rush.txt"
        shutil.copy(ROOT / "examples" / "ember-rush.txt", deck)
        cli_process(["deck", "import", str(deck)])()
        python_process("import click")()  # bytecode cached before timing
        anchor = best_of(python_process("import click"), args.repeat)
        cases = [
            ("validate ember-rush.txt", ["validate", str(deck)], 3),
            ("cards show Fireball", ["cards", "show", "Fireball"], 3),
            ("deck show 'Ember Rush'", ["deck", "show", "Ember Rush"], 3),
            ("collection missing --deck 'Ember Rush'", ["collection", "missing", "--deck", "Ember Rush"], 3),
            ("odds ember-rush.txt", ["odds", str(deck), "--want", "1+ kind=monster,cost<=2"], 5),
            ("simulate ember-rush.txt", ["simulate", str(deck), "--want", "1+ cost<=2", "--trials", "10000"], 5),
        ]
        print(f"anchor: python -c 'import click' {anchor * 1000:.1f} ms (median of {args.repeat})")
        for label, command, goal in cases:
            cli_process(command)()
            ours = best_of(cli_process(command), args.repeat)
            print(ratio_line(label, ours, anchor, "click", goal))


if __name__ == "__main__":
    main()
