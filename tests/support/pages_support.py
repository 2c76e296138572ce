"""Registrations made directly (no event tables needed) for the sheet and site tests: decklists from the bundled
sample cards, resolved and locked as the event store would lock them."""

from __future__ import annotations

import hashlib
import json
from datetime import date, datetime

from deckcli.decklists.io import parse_decklist
from deckcli.events.records import EventInfo, Registration


def event(game: str, name: str = "Spring Open", fmt: str | None = None, day: date | None = date(2026, 12, 5)) -> EventInfo:
    return EventInfo(id=1, name=name, game=game, format=fmt or f"{game}-standard", date=day, rounds=5,
                     created=datetime(2026, 12, 1, 9, 0))


def register(db, ev: EventInfo, player: str, text: str, player_id: str = "", deck: str | None = None) -> Registration:
    """The registration a store would keep for ``text``: its locked copy (every printing named) and its verdict."""
    from deckcli.legality.resolve import Resolver
    from deckcli.legality.rules import check_deck

    decklist = parse_decklist(text, source=f"{player}.txt")
    resolved = Resolver(db, ev.date).resolve(decklist, ev.format, ev.game)
    problems = tuple(check_deck(resolved))
    locked = resolved.to_decklist()
    locked.entries += [e for e in resolved.unresolved]  # an unknown line stays as written
    digest = hashlib.sha256(json.dumps(locked.canonical_entries(), default=str).encode()).hexdigest()[:12].upper()
    return Registration(player=player, player_id=player_id or f"ID-{player[:3]}", deck=deck or decklist.name or player,
                        legal=not problems, fingerprint=f"{digest[:4]}-{digest[4:8]}-{digest[8:]}",
                        registered_at=datetime(2026, 12, 5, 8, 30), decklist=locked, problems=problems)


def cards_of(game: str, kind: str | None = None) -> list[dict]:
    """The bundled sample cards of a game (of one kind)."""
    import paths

    name = {"sfb": "core.json"}.get(game, "sample.json")
    cards = json.loads((paths.REPO / "carddb" / game / name).read_text(encoding="utf-8"))["cards"]
    return [c for c in cards if kind is None or c["kind"] == kind]


def biggest_boa_deck() -> str:
    """60 different main-deck cards, 16 Limitbreak monsters (20 copies) and 20 side cards: the longest sheet."""
    main = [c for c in cards_of("boa") if c["kind"] != "limitbreak"]
    limitbreak = cards_of("boa", "limitbreak")
    lines = ["Name: Everything Once", "Main Deck", *[f"1 {c['name']}" for c in main[:60]], "Limitbreak Deck"]
    lines += [f"{2 if i < 4 else 1} {c['name']}" for i, c in enumerate(limitbreak)]
    lines += ["Side Deck", *[f"1 {c['name']}" for c in main[60:80]]]
    return "\n".join(lines) + "\n"
