"""The locked copy of a registered decklist as the registration row stores it: the shape of deckcli's decklist JSON
(``name``, ``game``, ``format``, ``meta`` and zones of ``{"count", "name", "set", "number"}``, every printing named),
and back to a :class:`Decklist`.

A locked copy is built from resolved cards, so it is written straight out rather than checked line by line as a
decklist file written for people is (:func:`deckcli.decklists.jsonfmt.to_data`): 500 registrations in one import.
Deck checks and side exchanges compare with it by its own card names (:func:`locked_deck`), never resolving its
printings again.
"""

from __future__ import annotations

from typing import Any

from deckcli.cards.index import CardRef
from deckcli.decklists.model import DeckEntry, Decklist, zone_rank
from deckcli.games import registry
from deckcli.legality.format import Format
from deckcli.legality.resolved import ResolvedCard, ResolvedDeck


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
    entries = [
        DeckEntry(zone, int(item.get("count", 1)), item.get("name", ""), item.get("set"), item.get("number"))
        for zone, items in (data.get("zones") or {}).items()
        for item in items
    ]
    return Decklist(
        entries=entries,
        name=data.get("name"),
        game=data.get("game"),
        format=data.get("format"),
        meta=dict(data.get("meta") or {}),
        source=source,
    )


def locked_deck(data: dict[str, Any], game: str, fmt: Format, source: str | None = None) -> ResolvedDeck:
    """The locked copy as a deck of ``game`` under ``fmt`` made of its own card names, as a deck check compares by
    zone and card name: nothing is looked up in today's card table, so a printing renumbered or removed since the
    registration (or a number an older deckcli stored with a trailing space) changes nothing."""
    decklist = locked_decklist(data, source)
    deck = ResolvedDeck(decklist.name, game, fmt, decklist)
    aside = registry.aside_zones()
    printings: dict[tuple[str, str, str], CardRef] = {}
    for entry in decklist.entries:
        printing = (entry.name, entry.set_code or "", entry.number or "")
        card = printings.get(printing) or printings.setdefault(
            printing, CardRef(-1 - len(printings), game, printing[1], printing[2], entry.name, "", {})
        )
        (deck.aside if entry.zone in aside else deck.cards).append(ResolvedCard(entry.zone, entry.count, card))
    return deck
