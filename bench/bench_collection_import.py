"""Benchmark: import a generated 100,000-row collection CSV (in-process ``collection import``) and print the time.

Run: python bench/bench_collection_import.py [ROWS] [--pg URL]
Rows are drawn from the bundled cards of all three games with varying finish, condition, language and
tag. Times two files: deckcli's own layout (with a game column) and the Moxfield layout (no game
column: every name is looked up in all games). The goal is under 5 seconds for 100,000 rows. With ``--pg URL`` (or
DECKCLI_TEST_PG_URL) each file is imported into a scratch PostgreSQL database too, printed beside SQLite's (goal:
within 2x).
"""

from __future__ import annotations

import csv
import io
import random
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

FINISHES = ["normal", "foil"]
CONDITIONS = ["NM", "LP", "MP", "HP", "EX", ""]
LANGUAGES = ["en", "ja", "de", "fr", ""]
TAGS = ["", "binder", "trade"]
MOXFIELD_CONDITION = {"NM": "Near Mint", "LP": "Lightly Played", "MP": "Moderately Played", "HP": "Heavily Played",
                      "EX": "Excellent", "": ""}
MOXFIELD_LANGUAGE = {"en": "English", "ja": "Japanese", "de": "German", "fr": "French", "": ""}


def generate(cards: list, rows: int, layout: str, seed: int = 5) -> str:
    """A collection CSV of ``rows`` rows in the deckcli or Moxfield layout."""
    rng = random.Random(seed)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if layout == "deckcli":
        writer.writerow(["count", "name", "game", "set", "number", "finish", "condition", "language", "tag"])
    else:
        writer.writerow(["Count", "Tradelist Count", "Name", "Edition", "Condition", "Language", "Foil", "Tags",
                         "Last Modified", "Collector Number", "Alter", "Proxy", "Purchase Price"])
    for _ in range(rows):
        card = rng.choice(cards)
        count = rng.randint(1, 4)
        finish, cond, lang, tag = rng.choice(FINISHES), rng.choice(CONDITIONS), rng.choice(LANGUAGES), rng.choice(TAGS)
        if layout == "deckcli":
            writer.writerow([count, card.name, card.game, card.set_code, card.number, finish, cond, lang, tag])
        else:
            writer.writerow([count, 0, card.name, card.set_code.lower(), MOXFIELD_CONDITION[cond],
                             MOXFIELD_LANGUAGE[lang], "foil" if finish == "foil" else "", tag,
                             "2025-01-01 10:00:00.000000", card.number, "False", "False", ""])
    return out.getvalue()


def _timed(target, csv_path: Path) -> tuple[float, str]:
    """Seconds of one in-process ``collection import`` into ``target`` (a file or a URL), and what it printed."""
    from deckcli.cli.main import cli

    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with redirect_stdout(out), redirect_stderr(err):
        cli.main(["--db", str(target), "collection", "import", str(csv_path)], prog_name="deckcli",
                 standalone_mode=False)
    return time.perf_counter() - start, out.getvalue().strip()


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _pg import ratio_line, scratch_database, server_url
    from _setup import size_argument

    pg = server_url(sys.argv)
    rows = size_argument(__doc__, 100_000, "rows", sys.argv[1:])
    from deckcli.cards.importer import open_database
    from deckcli.cards.index import CardIndex

    with tempfile.TemporaryDirectory() as tmp:
        for layout in ("deckcli", "moxfield"):
            db_path = Path(tmp) / f"{layout}.db"
            db = open_database(db_path)  # created and filled with the bundled cards outside the timing
            cards = list(CardIndex(db).cards())
            db.close()
            csv_path = Path(tmp) / f"{layout}.csv"
            csv_path.write_text(generate(cards, rows, layout), encoding="utf-8")
            elapsed, said = _timed(db_path, csv_path)
            print(f"{layout:8s} layout: {rows:,} rows imported in {elapsed:.2f} s ({said})")
            if pg:
                with scratch_database(pg) as url:
                    open_database(url).close()  # set up and filled outside the timing, as the file was
                    pg_elapsed, said = _timed(url, csv_path)
                print(ratio_line(f"{layout:8s} layout on PostgreSQL ({said})", elapsed, pg_elapsed))


if __name__ == "__main__":
    main()
