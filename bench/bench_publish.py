"""Benchmark: ``deckcli event publish`` of a 500-player boa event (500 different random legal decks, one
``event import``), against two anchors measured in the same run, with the ratios.

- ``event status --json`` of the same event: it reads the same 500 registrations from the same tables, so the ratio
  is what the site costs on top of reading (resolving each locked copy again, the curve, the metagame, the exact
  opening-hand figure, the templates, writing 503 files). Goal: at most 20x, i.e. a 500-player site in the time of
  twenty status listings (a few seconds): an organiser publishes once, after the event, and the work is per deck
  (about three validate-sized steps each: resolve, figures, a page), so the ratio must not grow with the players.
- rendering the same pages' templates with the page data already built (``site_pages``): the templates' own cost, to
  show where the rest of the time goes (reading and figures, not Jinja2). No goal.

Run: python bench/bench_publish.py [PLAYERS]
Both CLI sides run in this process (no interpreter start-up in either figure). Wall and CPU time are both printed;
the goal is judged on CPU time, which a machine shared with other jobs skews less.
"""

from __future__ import annotations

import io
import random
import statistics
import time
from contextlib import redirect_stderr, redirect_stdout

from _setup import ROOT, data_folder, ratio_line, size_argument

GOAL = 20
REPEAT = 3
EVENT = "Bench Open"


def _cli(*args: str) -> str:
    """Run deckcli in this process; returns its stdout (exit status 1, an illegal deck, is not a failure here)."""
    from deckcli.cli.main import cli

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            cli.main(list(args), prog_name="deckcli", standalone_mode=False)
        except SystemExit as exc:
            if exc.code not in (0, 1, None):
                raise RuntimeError(err.getvalue()) from None
    return out.getvalue()


def timed(run, repeat: int = REPEAT) -> tuple[float, float]:
    """The median (wall, CPU) seconds of ``repeat`` calls."""
    wall, cpu = [], []
    for _ in range(repeat):
        w, c = time.perf_counter(), time.process_time()
        run()
        wall.append(time.perf_counter() - w)
        cpu.append(time.process_time() - c)
    return statistics.median(wall), statistics.median(cpu)


def random_deck(rng: random.Random, cards: list[dict]) -> str:
    """A legal boa-standard decklist: 50-60 main cards, up to 8 Limitbreak monsters, up to 8 side cards, at most 4
    copies of a name across the three."""
    main = [c for c in cards if c["kind"] != "limitbreak"]
    limitbreak = [c for c in cards if c["kind"] == "limitbreak"]
    lines, left = ["Main Deck"], rng.randint(50, 60)
    for card in rng.sample(main, 30):
        n = min(rng.randint(1, 4), left)
        if n:
            lines.append(f"{n} {card['name']}")
            left -= n
    lines.append("Limitbreak Deck")
    lines += [f"{rng.randint(1, 2)} {c['name']}" for c in rng.sample(limitbreak, rng.randint(0, 4))]
    used = {line.split(" ", 1)[1] for line in lines if line[0].isdigit()}
    lines.append("Side Deck")
    lines += [f"2 {c['name']}" for c in rng.sample([c for c in main if c["name"] not in used], rng.randint(0, 4))]
    return "\n".join(lines) + "\n"


def main() -> None:
    import json

    players = size_argument(__doc__, 500, "players")
    cards = json.loads((ROOT / "carddb" / "boa" / "sample.json").read_text(encoding="utf-8"))["cards"]
    rng = random.Random(13)
    with data_folder() as folder:
        decks = folder / "decklists"
        decks.mkdir()
        for i in range(players):
            (decks / f"Player {i:04d}.txt").write_text(random_deck(rng, cards), encoding="utf-8")
        _cli("event", "new", EVENT, "--game", "boa", "--date", "2026-12-05")
        _cli("event", "import", EVENT, str(decks))
        rows = json.loads(_cli("event", "status", EVENT, "--json"))
        assert len(rows) == players and all(r["legal"] for r in rows), [r for r in rows if not r["legal"]][:1]

        site = folder / "site"
        published = timed(lambda: _cli("event", "publish", EVENT, "-o", str(site)))
        assert len(list(site.glob("deck-*.html"))) == players
        status = timed(lambda: _cli("event", "status", EVENT, "--json"))
        rendering = timed(_render_only())
    print(f"{players} players, {players} different random decks; median of {REPEAT}")
    print(ratio_line(f"event publish, {players} players (wall)", published[0], status[0], "event status --json"))
    print(ratio_line(f"event publish, {players} players (CPU)", published[1], status[1], "event status --json", GOAL))
    print(ratio_line(f"event publish, {players} players (CPU)", published[1], rendering[1], "templates only"))


def _render_only():
    """The templates of every page rendered from page data built beforehand (the Jinja2 side alone)."""
    from deckcli.cards.importer import open_database
    from deckcli.events.pagedata import deck_views
    from deckcli.events.site import site_pages
    from deckcli.events.store import event_registrations

    db = open_database()
    event, registrations = event_registrations(db, EVENT)
    views = deck_views(db, event, registrations)
    site_pages(event, views, False)  # templates compiled once, as in a publish
    return lambda: site_pages(event, views, False)


if __name__ == "__main__":
    main()
