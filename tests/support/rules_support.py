"""Helpers for the rules tests: build decklists from counted card names, resolve them, and list rule ids."""

from __future__ import annotations

import json
from pathlib import Path

from deckcli.cards.index import CardIndex
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.games.hooks.name_level import nemu
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import ResolvedDeck
from deckcli.legality.rules import check_deck

#: zone -> lines, each (count, name) or (count, name, set code, number)
Zones = dict[str, list[tuple]]


def decklist(game: str | None, zones: Zones, fmt: str | None = None, meta: dict[str, str] | None = None) -> Decklist:
    """A decklist whose entries get consecutive line numbers (as if typed in a file)."""
    entries = []
    for zone, cards in zones.items():
        for card in cards:
            entries.append(DeckEntry(zone, *card, line=len(entries) + 1))
    return Decklist(entries=entries, game=game, format=fmt, meta=dict(meta or {}))


def resolve(db, game: str | None, zones: Zones, fmt: str | None = None, meta: dict[str, str] | None = None) -> ResolvedDeck:
    return Resolver(db).resolve(decklist(game, zones, fmt, meta), fmt)


def problems(db, game: str | None, zones: Zones, fmt: str | None = None, meta: dict[str, str] | None = None):
    return check_deck(resolve(db, game, zones, fmt, meta))


def rules(found) -> set[str]:
    return {p.rule for p in found}


def card_names(db, game: str, kinds: tuple[str, ...], exclude=(), no_nemu: bool = False) -> list[str]:
    """Distinct card names of these kinds, in card-number order."""
    index = CardIndex(db, game)
    names = []
    for ref in index.cards():
        if ref.kind in kinds and ref.name not in exclude and ref.name not in names:
            if not (no_nemu and nemu(ref.name)):
                names.append(ref.name)
    return names


def fill(names: list[str], total: int, per: int = 4) -> list[tuple[int, str]]:
    """``total`` cards from ``names``, ``per`` of each (the last one fewer)."""
    lines = []
    for name in names:
        if total <= 0:
            break
        count = min(per, total)
        lines.append((count, name))
        total -= count
    assert total == 0, "not enough card names to fill the zone"
    return lines


def champion_cards(db, champion: str) -> list[str]:
    """The names of a sfb champion's action cards."""
    index = CardIndex(db, "sfb")
    return [r.name for r in index.cards() if r.kind == "action" and r.fields.get("champion") == champion]


def write_format(tmp_path: Path, name: str, **fields) -> str:
    """A format file in tmp_path; returns its path (what --format PATH takes)."""
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps({"name": name, **fields}, ensure_ascii=False), encoding="utf-8")
    return str(path)
