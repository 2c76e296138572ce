"""The locked copy of a registered decklist as the registration row stores it: deckcli's decklist JSON (zones of
``{"count", "name", "set", "number"}``, every printing named), and back to a :class:`Decklist`."""

from __future__ import annotations

from typing import Any

from deckcli.decklists.jsonfmt import to_data
from deckcli.decklists.model import Decklist, DeckEntry, listed_once


def locked_data(deck: Decklist) -> dict[str, Any]:
    """The JSON-ready form stored in ``registration.decklist`` (and ``side_exchange.decklist``)."""
    return to_data(deck)


def locked_decklist(data: dict[str, Any], source: str | None = None) -> Decklist:
    """The stored form read back as a decklist, entries in zone order as stored."""
    entries = []
    for zone, items in (data.get("zones") or {}).items():
        for item in items:
            count = 1 if listed_once(zone) else int(item.get("count", 1))
            entries.append(DeckEntry(zone, count, item.get("name", ""), item.get("set"), item.get("number")))
    return Decklist(entries=entries, name=data.get("name"), game=data.get("game"), format=data.get("format"),
                    meta=dict(data.get("meta") or {}), source=source)
