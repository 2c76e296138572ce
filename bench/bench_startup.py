"""Benchmark: cold-process start-up of single-deck commands against ``python -c 'import click'``.

Goals (issue "Speed at scale"): validate, cards show, deck show and collection missing within 3x the anchor;
odds and simulate within 5x. Languages (issue 25): validate under LANG=ja_JP.UTF-8 within 1.1x the same under LANG=C,
both in fresh processes interleaved. The database exists before timing (and the bundled data files' schema verdicts are
remembered, as after any first run); each figure is the fastest of --repeat runs, the anchor's too, interleaved
with the command's so that both sides see the same machine load.
Bytecode is cached as in an installed wheel (``--no-bytecode``: every start compiles deckcli from source).

    python bench/bench_startup.py [--repeat 7] [--no-bytecode]
"""

from __future__ import annotations

import argparse
import shutil
import sys

from _setup import ROOT, cli_process, data_folder, interleaved_processes, python_process, ratio_line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--no-bytecode", action="store_true", help="compile deckcli from source at every start")
    args = parser.parse_args()
    with data_folder(bytecode=not args.no_bytecode) as folder:
        deck = folder / "ember-rush.txt"
        shutil.copy(ROOT / "examples" / "ember-rush.txt", deck)
        cli_process(["deck", "import", str(deck)])()
        python_process("import click")()  # bytecode cached before timing
        cases = [
            ("validate ember-rush.txt", ["validate", str(deck)], 3),
            ("cards show Fireball", ["cards", "show", "Fireball"], 3),
            ("deck show 'Ember Rush'", ["deck", "show", "Ember Rush"], 3),
            ("collection missing --deck 'Ember Rush'", ["collection", "missing", "--deck", "Ember Rush"], 3),
            ("odds ember-rush.txt", ["odds", str(deck), "--want", "1+ kind=monster,cost<=2"], 5),
            ("simulate ember-rush.txt", ["simulate", str(deck), "--want", "1+ cost<=2", "--trials", "10000"], 5),
        ]
        anchors = []
        click_args = [sys.executable, "-c", "import click"]
        print(f"wall: fastest of {args.repeat} runs; CPU: least user+system time of the same runs")
        for label, command, goal in cases:
            cli_process(command)()
            both = interleaved_processes({"ours": [sys.executable, "-m", "deckcli", *command], "click": click_args},
                                         args.repeat)  # both sides see the same load
            ours, anchor = both["ours"], both["click"]
            anchors.append(anchor[0])
            print(ratio_line(label, ours[0], anchor[0], "click", goal)
                  + f"   | CPU {ours[1] * 1000:6.1f} ms / {anchor[1] * 1000:5.1f} ms = {ours[1] / anchor[1]:.2f}x")
        print(f"anchor: python -c 'import click', fastest beside each command: {min(anchors) * 1000:.1f} to"
              f" {max(anchors) * 1000:.1f} ms")
        # The language's cost: the catalog loaded, Click's strings routed, the help and messages translated.
        clean = ["env", "-u", "DECKCLI_LANG", "-u", "LANGUAGE", "-u", "LC_ALL", "-u", "LC_MESSAGES"]
        validate = [sys.executable, "-m", "deckcli", "validate", str(deck)]
        both = interleaved_processes({"ja": [*clean, "LANG=ja_JP.UTF-8", *validate],
                                      "C": [*clean, "LANG=C", *validate]}, args.repeat)
        ja, c = both["ja"], both["C"]
        print(ratio_line("validate ember-rush.txt, LANG=ja_JP.UTF-8", ja[0], c[0], "LANG=C", 1.1)
              + f"   | CPU {ja[1] * 1000:6.1f} ms / {c[1] * 1000:5.1f} ms = {ja[1] / c[1]:.2f}x")


if __name__ == "__main__":
    main()
