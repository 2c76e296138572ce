"""Benchmark: commands over many stored decks, a large collection export, and one deck among many extra cards.

Prints deckcli's figure, its anchor's and the ratio for each row of the issue "Speed at scale":
- ``deck list`` and ``collection buildable`` over 1,000 stored decks against the same over 100 (goal 12x, linear),
  and ``buildable`` over 1,000 against one SQL query reading them all (goal 2x);
- ``collection export`` of 100,000 rows against one sqlite3 join written with csv.writer (goal 2x);
- ``validate`` of one boa deck with 20,000 extra boa cards in the database against without (goal 1.3x).

Each ratio's two sides run in turn, round after round (the fastest wall time and the least CPU time of the rounds),
so both see the same moments of a shared machine.

    python bench/bench_scale.py [--decks 1000] [--rows 100000] [--extra 20000]
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import shutil
import sqlite3
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from _setup import ROOT, data_folder, interleaved, ratio_line


def _cli(db: Path, *args: str) -> str:
    """Run deckcli in this process (no start-up cost in the figure); returns its stdout."""
    from deckcli.cli.main import cli

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            cli.main(["--db", str(db), *args], prog_name="deckcli", standalone_mode=False)
        except SystemExit:
            pass
    return out.getvalue()


def _store_decks(db: Path, folder: Path, count: int) -> None:
    """``count`` stored boa decks, copies of the example deck under new names (one ``deck import`` of them all)."""
    text = (ROOT / "examples" / "ember-rush.txt").read_text(encoding="utf-8")
    paths = []
    for i in range(count):
        paths.append(folder / f"deck{i:04d}.txt")
        paths[-1].write_text(text.replace("Name: Ember Rush", f"Name: Bench deck {i:04d}"), encoding="utf-8")
    _cli(db, "deck", "import", *map(str, paths))
    assert sqlite3.connect(db).execute("SELECT count(*) FROM deck").fetchone()[0] == count


def stored_decks(folder: Path, decks: int) -> None:
    small, large = decks // 10, decks
    dbs = {}
    for n in (small, large):
        dbs[n] = folder / f"decks{n}.db"
        shutil.copy(folder / "bench.db", dbs[n])
        (folder / f"d{n}").mkdir()
        _store_decks(dbs[n], folder / f"d{n}", n)
    floor_sql = ("SELECT d.name, c.name, dc.zone, dc.count FROM deck d JOIN deck_card dc ON dc.deck_id = d.id "
                 "JOIN card c ON c.id = dc.card_id")
    # Fastest of 5 (wall) and least CPU time, every run in turn in each round: a shared machine only ever adds
    # to either, and both sides of each ratio see the same moments of it.
    runs = {(n, command): (lambda n=n, command=command: _cli(dbs[n], *command.split(), "--json"))
            for n in (small, large) for command in ("deck list", "collection buildable")}
    runs["floor"] = lambda: sqlite3.connect(dbs[large]).execute(floor_sql).fetchall()
    timings = interleaved(runs, 5)
    rows = [(f"deck list --json, {large} decks", timings[large, "deck list"], timings[small, "deck list"],
             f"{small} decks", 12),
            (f"collection buildable --json, {large} decks", timings[large, "collection buildable"],
             timings[small, "collection buildable"], f"{small} decks", 12),
            (f"collection buildable --json, {large} decks", timings[large, "collection buildable"], timings["floor"],
             "one SQL query", 2)]
    for row in rows:
        _print_row(*row)


def _print_row(label: str, ours: tuple[float, float], anchor: tuple[float, float], anchor_label: str,
               goal: float) -> None:
    """The ratio line of the wall times (``(wall, cpu)`` pairs), with the CPU times' ratio beside it."""
    print(ratio_line(label, ours[0], anchor[0], anchor_label, goal)
          + f"   | CPU {ours[1] * 1000:7.1f} ms / {anchor[1] * 1000:6.1f} ms = {ours[1] / anchor[1]:.2f}x")


def collection_export(folder: Path, rows: int) -> None:
    db = folder / "collection.db"
    shutil.copy(folder / "bench.db", db)
    con = sqlite3.connect(db)
    card_ids = [r[0] for r in con.execute("SELECT id FROM card")]
    rng = random.Random(3)
    seen = set()
    items = []
    while len(items) < rows:
        key = (rng.choice(card_ids), rng.choice(["normal", "foil"]), rng.choice(["NM", "LP", ""]),
               rng.choice(["en", "ja", ""]), f"t{rng.randint(0, 300)}")
        if key not in seen:
            seen.add(key)
            items.append((*key, rng.randint(1, 4)))
    con.executemany("INSERT INTO collection_item(card_id, finish, condition, language, tag, count, proxy)"
                    " VALUES (?,?,?,?,?,?,0)", items)
    con.commit()
    target = folder / "export.csv"

    def floor() -> None:
        with open(folder / "floor.csv", "w", newline="", encoding="utf-8") as fh:
            writer = csv.writer(fh)
            writer.writerow(["count", "name", "game", "set", "number", "finish", "condition", "language", "tag"])
            writer.writerows(sqlite3.connect(db).execute(
                "SELECT i.count, c.name, c.game, c.set_code, c.number, i.finish, i.condition, i.language, i.tag "
                "FROM collection_item i JOIN card c ON c.id = i.card_id ORDER BY c.game, c.set_code, c.id"))

    timings = interleaved({"ours": lambda: _cli(db, "collection", "export", "-o", str(target)), "floor": floor}, 3)
    _print_row(f"collection export, {rows:,} rows", timings["ours"], timings["floor"], "sqlite3+csv", 2)


def extra_cards(folder: Path, extra: int) -> None:
    sys.path.insert(0, str(ROOT / "bench"))
    import json

    from bench_import import generate

    deck = ROOT / "examples" / "ember-rush.txt"
    plain = folder / "plain.db"
    shutil.copy(folder / "bench.db", plain)
    big = folder / "big.db"
    shutil.copy(folder / "bench.db", big)
    cards = folder / "extra.json"
    cards.write_text(json.dumps(generate(extra)), encoding="utf-8")
    _cli(big, "cards", "import", str(cards))
    timings = interleaved({"with": lambda: _cli(big, "validate", str(deck)),
                           "without": lambda: _cli(plain, "validate", str(deck))}, 5)
    _print_row(f"validate one deck, {extra:,} extra boa cards", timings["with"], timings["without"], "without", 1.3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=1000)
    parser.add_argument("--rows", type=int, default=100_000)
    parser.add_argument("--extra", type=int, default=20_000)
    parser.add_argument("--only-decks", action="store_true", help="only the stored-decks rows")
    args = parser.parse_args()
    with data_folder() as folder:
        if not args.only_decks:
            extra_cards(folder, args.extra)
            collection_export(folder, args.rows)
        stored_decks(folder, args.decks)


if __name__ == "__main__":
    main()
