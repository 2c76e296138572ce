"""Benchmark: import a generated 20,000-card Battle of Aeons set into a fresh database and print the time.

Run: python bench/bench_import.py [CARDS] [--pg URL]
The goal is under 2 seconds for 20,000 cards (schema validation + bulk insert in one transaction). With ``--pg URL``
(or DECKCLI_TEST_PG_URL) the same import runs into a scratch PostgreSQL database too, printed beside SQLite's
(goal: within 2x).
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

ELEMENTS = ["Fire", "Water", "Earth", "Air", "Lightning", "Ice", "Light", "Shadow", "Nature", "Metal", "Arcane"]
GROUPS = {"Artificial": ["Machine", "Golem"], "Natural": ["Beast", "Dragon"], "Supernatural": ["Undead", "Spirit"]}


def generate(n: int, seed: int = 1) -> dict:
    """A valid boa card set of ``n`` cards: monsters, Limitbreak monsters and spells."""
    rng = random.Random(seed)
    cards = []
    for i in range(n):
        number = f"{i + 1:05d}"
        roll = i % 10
        if roll < 6 or roll == 9:
            group = rng.choice(list(GROUPS))
            card = {
                "number": number, "name": f"Bench Monster {number}", "kind": "monster",
                "cost": rng.randint(0, 9), "attack": rng.randint(0, 9), "health": rng.randint(1, 9),
                "element": rng.choice(ELEMENTS), "group": group, "subgroup": rng.choice(GROUPS[group]),
                "lore": "A creature of the benchmark.", "aliases": [f"BM{number}"],
            }
        elif roll == 6:
            group = rng.choice(list(GROUPS))
            card = {
                "number": number, "name": f"Bench Titan {number}", "kind": "limitbreak",
                "cost": rng.randint(3, 9), "attack": rng.randint(3, 9), "health": rng.randint(3, 9),
                "element": rng.choice(ELEMENTS), "group": group, "subgroup": rng.choice(GROUPS[group]),
                "offering": "Send 2 monsters from your field to oblivion",
                "ability": {"timing": "active", "special": False, "versa": False, "text": "Deal 1 damage."},
            }
        else:
            card = {
                "number": number, "name": f"Bench Spell {number}", "kind": "spell",
                "spell_type": rng.choice(["basic", "reaction", "equipment", "structure", "terrain"]),
                "cost": rng.randint(0, 5), "text": "Draw a card.",
            }
        cards.append(card)
    return {"game": "boa", "set": {"code": "BENCH", "name": "Benchmark set"}, "cards": cards}


def _timed(target, path: Path) -> tuple[float, float]:
    """Seconds of the first import of the set and of its re-import (bundled sets load before, outside the timing)."""
    from deckcli.cards.importer import import_cardsets, open_database

    db = open_database(target)
    start = time.perf_counter()
    import_cardsets(db, [str(path)])
    first = time.perf_counter() - start
    start = time.perf_counter()
    import_cardsets(db, [str(path)])
    again = time.perf_counter() - start
    db.close()
    return first, again


def main() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _pg import ratio_line, scratch_database, server_url
    from _setup import size_argument

    pg = server_url(sys.argv)
    n = size_argument(__doc__, 20_000, "cards", sys.argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.json"
        path.write_text(json.dumps(generate(n)), encoding="utf-8")
        first, again = _timed(Path(tmp) / "bench.db", path)
        print(f"import of {n:,} cards into a new set: {first:.2f} s ({n / first:,.0f} cards/s)")
        print(f"re-import of the same {n:,} cards (update in place): {again:.2f} s")
        print("goal: under 2 s for 20,000 cards")
        if pg:
            with scratch_database(pg) as url:
                pg_first, pg_again = _timed(url, path)
            print(ratio_line(f"PostgreSQL import of {n:,} cards", first, pg_first))
            print(ratio_line(f"PostgreSQL re-import of {n:,} cards", again, pg_again))


if __name__ == "__main__":
    main()
