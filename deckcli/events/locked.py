"""The locked copy of a registered decklist as the registration row stores it: the shape of deckcli's decklist JSON
(``name``, ``game``, ``format``, ``meta`` and zones of ``{"count", "name", "set", "number"}``, every printing named),
and back to a :class:`Decklist`.

A locked copy is built from resolved cards, so it is written straight out rather than checked line by line as a
decklist file written for people is (:func:`deckcli.decklists.jsonfmt.to_data`): 500 registrations in one import.
"""

from __future__ import annotations

from typing import Any

from deckcli.decklists.model import Decklist, DeckEntry, zone_rank


def locked_data(deck: Decklist) -> dict[str, Any]:
    """The JSON-ready form stored in ``registration.decklist`` (and ``side_exchange.decklist``)."""
    data: dict[str, Any] = {key: value for key in ("name", "game", "format") if (value := getattr(deck, key))}
    if deck.meta:
        data["meta"] = dict(deck.meta)
    zones: dict[str, list[dict[str, Any]]] = {}
    for entry in deck.entries:  # file order within a zone
        item: dict[str, Any] = {"count": entry.count, "name": entry.name}
        if entry.set_code is not None:
            item["set"], item["number"] = entry.set_code, entry.number
        zones.setdefault(entry.zone, []).append(item)
    if zones:
        data["zones"] = {zone: zones[zone] for zone in sorted(zones, key=zone_rank)}
    return data


def locked_decklist(data: dict[str, Any], source: str | None = None) -> Decklist:
    """The stored form read back as a decklist, entries in zone order as stored."""
    entries = [DeckEntry(zone, int(item.get("count", 1)), item.get("name", ""), item.get("set"), item.get("number"))
               for zone, items in (data.get("zones") or {}).items() for item in items]
    return Decklist(entries=entries, name=data.get("name"), game=data.get("game"), format=data.get("format"),
                    meta=dict(data.get("meta") or {}), source=source)
