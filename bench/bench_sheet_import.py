"""Benchmark: a 20,000-card spreadsheet card list (CSV) imported against the JSON import of the same cards.

Run: python bench/bench_sheet_import.py [CARDS]
The cards are bench_import.py's generated Battle of Aeons set, written once as card-set JSON and once as a
CSV card list (deckcli's own sheet writer: nested ability columns, aliases joined by ";"). Each is imported
into a new set of a fresh database (bundled sets loaded before the timing). The goal: the sheet no slower
than twice the JSON import.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path

from _setup import size_argument
from bench_import import generate  # bench/bench_import.py, beside this file


def _time(db_path: Path, source: Path, sheet) -> float:
    from deckcli.cards.importer import import_cardsets, open_database

    db = open_database(db_path)  # bundled sets load here, outside the timing
    start = time.perf_counter()
    import_cardsets(db, [str(source)], sheet)
    took = time.perf_counter() - start
    db.close()
    return took


def main() -> None:
    n = size_argument(__doc__, 20_000, "cards")
    from deckcli.cards.sheets import SheetSet, write_sheet

    doc = generate(n)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        as_json = folder / "bench.json"
        as_json.write_text(json.dumps(doc), encoding="utf-8")
        as_csv = folder / "bench.csv"
        with as_csv.open("w", encoding="utf-8", newline="") as handle:
            write_sheet(doc["cards"], handle)
        sheet = SheetSet(doc["game"], doc["set"]["code"], doc["set"]["name"])
        json_time = _time(folder / "json.db", as_json, None)
        sheet_time = _time(folder / "sheet.db", as_csv, sheet)
        sizes = as_json.stat().st_size / 1e6, as_csv.stat().st_size / 1e6
    print(f"JSON card set, {n:,} cards ({sizes[0]:.1f} MB): {json_time:.2f} s ({n / json_time:,.0f} cards/s)")
    print(f"CSV card list, {n:,} rows ({sizes[1]:.1f} MB): {sheet_time:.2f} s ({n / sheet_time:,.0f} cards/s)")
    print(f"ratio sheet / JSON: {sheet_time / json_time:.2f} (goal: at most 2.00)")


if __name__ == "__main__":
    main()
