"""Benchmark: validate 10,000 sfb decks in one call with 7,000 extra sfb cards in the database against the same
decks with the bundled cards only (issue "Speed at scale"; goal 1.3x: a game's other cards cost nothing, the
champion -> actions index is built once). In-process, so interpreter start-up is in neither figure.

    python bench/bench_sfb_scale.py [--decks 10000] [--champions 1000] [--seed 3]
"""

from __future__ import annotations

import argparse
import io
import json
import random
import shutil
import sqlite3
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from _setup import best_of, data_folder, ratio_line

COLOURS = ("red", "yellow", "blue")


def extra_set(champions: int) -> dict:
    """``champions`` generated champions, each with its six action cards (two of each colour): 7 cards apiece."""
    cards = []
    for c in range(champions):
        name = f"Bench Champion {c:04d}"
        cards.append({"number": f"B{c:04d}", "name": name, "kind": "champion", "hp": 7})
        for a in range(6):
            cards.append({"number": f"B{c:04d}-{a + 1}", "name": f"{name} Move {a + 1}", "kind": "action",
                          "champion": name, "colour": COLOURS[a // 2], "action": ("attack", "skill", "reaction")[a % 3]})
    return {"game": "sfb", "set": {"code": "BENCH", "name": "Benchmark champions"}, "cards": cards}


def _cli(db: Path, *args: str) -> str:
    from deckcli.cli.main import cli

    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()):
        try:
            cli.main(["--db", str(db), *args], prog_name="deckcli", standalone_mode=False)
        except SystemExit:
            pass
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=10_000)
    parser.add_argument("--champions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    with data_folder() as folder:
        plain, big = folder / "plain.db", folder / "big.db"
        shutil.copy(folder / "bench.db", plain)
        shutil.copy(folder / "bench.db", big)
        extra = folder / "extra.json"
        extra.write_text(json.dumps(extra_set(args.champions)), encoding="utf-8")
        _cli(big, "cards", "import", str(extra))
        added = sqlite3.connect(big).execute("SELECT count(*) FROM card WHERE set_code = 'BENCH'").fetchone()[0]
        bundled = [r[0] for r in sqlite3.connect(plain).execute("SELECT name FROM card WHERE game = 'sfb' AND kind = 'champion'")]
        rng = random.Random(args.seed)
        decks = folder / "decks"
        decks.mkdir()
        for i in range(args.decks):
            team = rng.sample(bundled, 3)
            (decks / f"team{i:05d}.txt").write_text("Game: sfb\nChampions\n" + "\n".join(team) + "\n", encoding="utf-8")
        files = sorted(str(p) for p in decks.iterdir())
        report = json.loads(_cli(big, "validate", "--json", *files))
        assert len(report) == args.decks and all(r["legal"] for r in report), "every generated team is legal"
        without = best_of(lambda: _cli(plain, "validate", "--json", *files), 3)
        with_extra = best_of(lambda: _cli(big, "validate", "--json", *files), 3)
        print(f"{args.decks:,} sfb teams; {added:,} extra sfb cards ({args.champions:,} champions and their actions)")
        print(ratio_line(f"validate {args.decks:,} sfb decks, {added:,} extra cards", with_extra, without,
                         "bundled only", 1.3))


if __name__ == "__main__":
    main()
