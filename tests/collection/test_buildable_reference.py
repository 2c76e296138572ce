"""``collection buildable`` against a straightforward reference over random decks and collections: counted by card
name over every zone but the maybeboard, any printing owned counts, proxies never do, each deck weighed alone
against the whole collection; the JSON, CSV and table say the same."""

from __future__ import annotations

import csv
import io
import json
import random

import pytest

import paths  # tests/support/paths.py
from deckcli.names import name_key

#: A second set reprinting some bundled cards (two printings of Ember Whelp; one Fireball printed "FIREBALL": the
#: same name key, so the same card, reported under the name of its deck's first line), so a deck line naming one
#: printing is met by copies of another.
_BUNDLED = {c["name"]: c for c in json.loads((paths.REPO / "carddb" / "boa" / "sample.json").read_text("utf-8"))["cards"]}
REPRINTS = {"game": "boa", "set": {"code": "S02", "name": "Reprints"}, "cards": [
    {**_BUNDLED[name], "number": number, "name": shown}
    for number, name, shown in (("001", "Ember Whelp", "Ember Whelp"), ("001a", "Ember Whelp", "Ember Whelp"),
                                ("002", "Fireball", "Fireball"), ("003", "Ashen Titan", "Ashen Titan"),
                                ("009", "Fireball", "FIREBALL"))]}
PRINTINGS = {"Ember Whelp": ["(S01) 001", "(S02) 001", "(S02) 001a"], "Fireball": ["(S01) 083", "(S02) 002", "(S02) 009"],
             "Ashen Titan": ["(S01) 067", "(S02) 003"]}
SHOWN = {"(S02) 009": "FIREBALL"}  # the name a printing is printed under, when not the line's
MAIN = ["Ember Whelp", "Cinder Imp", "Fireball", "Forge Sentinel", "Counterspell", "Frost Ward", "Arc Dragon"]
LIMITBREAK = ["Ashen Titan", "Infernal Dragon Lord", "Voltaic Archon"]
ZONES = [("Main Deck", "main", MAIN), ("Limitbreak Deck", "limitbreak", LIMITBREAK),
         ("Side Deck", "side", MAIN + LIMITBREAK), ("Maybeboard", "maybe", MAIN + LIMITBREAK)]


def _random_decks(rng: random.Random, count: int) -> list[tuple[str, list[tuple[str, str, int, str]]]]:
    """``count`` decks as (name, [(zone, card name, copies, printing or "")]), zones in a random order."""
    decks = []
    for i in range(count):
        lines = []
        for header, zone, pool in rng.sample(ZONES, rng.randint(1, len(ZONES))):
            for card in rng.sample(pool, rng.randint(1, min(4, len(pool)))):
                printing = rng.choice(["", *PRINTINGS.get(card, [])])
                lines.append((zone, SHOWN.get(printing, card), rng.randint(1, 3), printing, header))
        decks.append((f"Deck {rng.randint(0, 99):02d} {i}", lines))
    return decks


def _decklist(name: str, lines) -> str:
    """The decklist text of one random deck (zones as generated, so the stored order differs from the canonical)."""
    out, header = [f"Name: {name}", "Game: boa", "Format: boa-standard"], None
    for _zone, card, copies, printing, zone_header in lines:
        if zone_header != header:
            out += ["", zone_header]
            header = zone_header
        out.append(f"{copies} {card}" + (f" {printing}" if printing else ""))
    return "\n".join(out) + "\n"


def _expected(decks, owned: dict[str, int]) -> list[dict]:
    """What each deck lacks, computed plainly: per name key, zones in canonical order then as listed, maybeboard out."""
    rank = {"main": 0, "limitbreak": 1, "side": 2}
    statuses = []
    for name, lines in decks:
        counted = [line for line in lines if line[0] in rank]
        counted.sort(key=lambda line: rank[line[0]])  # stable: a zone's lines as listed
        need: dict[str, list] = {}
        for _zone, card, copies, _printing, _header in counted:
            need.setdefault(name_key(card), [card, 0])[1] += copies
        missing = [{"name": card, "need": n, "have": owned.get(key, 0), "missing": n - owned.get(key, 0)}
                   for key, (card, n) in need.items() if n > owned.get(key, 0)]
        short = sum(m["missing"] for m in missing)
        statuses.append({"deck": name, "game": "boa", "format": "boa-standard",
                         "cards": sum(line[2] for line in counted), "buildable": not missing, "short": short,
                         "missing": missing})
    statuses.sort(key=lambda s: (not s["buildable"], s["short"], s["deck"].casefold()))
    return statuses


@pytest.mark.parametrize("seed, count", [(1, 6), (2, 9), (3, 230)])  # 230: past LARGE_JSON, the JSON written directly
def test_buildable_matches_a_plain_count_over_random_decks(run, tmp_path, seed, count):
    rng = random.Random(seed)
    reprints = tmp_path / "s02.json"
    reprints.write_text(json.dumps(REPRINTS), encoding="utf-8")
    assert run("cards", "import", reprints).exit_code == 0
    decks = _random_decks(rng, count)
    files = []
    for i, (name, lines) in enumerate(decks):
        files.append(tmp_path / f"d{i}.txt")
        files[-1].write_text(_decklist(name, lines), encoding="utf-8")
    imported = run("deck", "import", *files)
    assert imported.exit_code == 0, imported.output
    owned: dict[str, int] = {}
    for card in rng.sample(MAIN + LIMITBREAK, 6):
        copies, printing = rng.randint(1, 4), rng.choice(["", *PRINTINGS.get(card, [])])
        where = ["--set", printing[1:4], "--number", printing.split()[1]] if printing else []
        proxy = rng.random() < 0.4
        extra = ["--proxy"] if proxy else rng.choice([[], ["--foil"], ["--tag", "trade"]])
        assert run("collection", "add", card, copies, *where, *extra, "--game", "boa").exit_code == 0
        if not proxy:
            owned[name_key(card)] = owned.get(name_key(card), 0) + copies
    expected = _expected(decks, owned)
    assert any(s["buildable"] for s in expected) or count < 10
    assert json.loads(run("collection", "buildable", "--json").stdout) == expected
    rows = list(csv.DictReader(io.StringIO(run("collection", "buildable", "--csv").stdout)))
    assert [(r["deck"], int(r["cards"]), int(r["short"])) for r in rows] == [
        (s["deck"], s["cards"], s["short"]) for s in expected]
    table = run("collection", "buildable").stdout
    for s in expected:
        status = "buildable" if s["buildable"] else f"short {s['short']} card{'s' * (s['short'] != 1)} ({len(s['missing'])} different)"
        assert any(s["deck"] in line and status in line for line in table.splitlines()), (s["deck"], status)
