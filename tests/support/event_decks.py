"""Decklists for tournament tests, built from the bundled sample cards and written in mixed layouts.

A deck here is a list of ``(zone, count, name, set, number)``; :func:`write_deck` writes it in one of deckcli's own
layouts (text, JSON, CSV, deck code, Cockatrice) or in the layouts of other tools deckcli reads (Arena, MTGO,
Magic Workstation, forum posts), so an event's folder holds every kind of file an organiser receives.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import paths  # tests/support/paths.py

Card = tuple[str, int, str, str, str]  # zone, count, name, set, number

#: The layouts decks are written in, in turn (``other`` layouts come from other tools).
BOA_LAYOUTS = ("text", "json", "csv", "code", "cod", "arena", "mtgo", "mws", "forum")
SFB_LAYOUTS = ("text", "forum", "json", "code", "csv")
SUFFIX = {"text": ".txt", "json": ".json", "csv": ".csv", "code": ".code", "cod": ".cod", "arena": ".txt",
          "mtgo": ".txt", "mws": ".mwDeck", "forum": ".txt"}


@cache
def _cards(path: str) -> tuple[str, tuple[dict, ...]]:
    doc = json.loads((paths.REPO / path).read_text(encoding="utf-8"))
    return doc["set"]["code"], tuple(doc["cards"])


def boa_cards() -> tuple[list[dict], list[dict], str]:
    """The boa sample set's main-deck cards (monsters and spells), its Limitbreak monsters, and its set code."""
    code, cards = _cards("carddb/boa/sample.json")
    return [c for c in cards if c["kind"] != "limitbreak"], [c for c in cards if c["kind"] == "limitbreak"], code


def sfb_champions() -> tuple[list[dict], str]:
    code, cards = _cards("carddb/sfb/core.json")
    return [c for c in cards if c["kind"] == "champion"], code


def boa_deck(i: int, copies_of_first: int = 4) -> list[Card]:
    """A legal boa-standard deck (52 main: 13 names x 4, 6 Limitbreak, 6 side), different for each ``i`` (0-15);
    ``copies_of_first`` > 4 makes it break the copy limit."""
    main, limitbreak, code = boa_cards()
    deck: list[Card] = []
    for k in range(13):
        card = main[(i * 5 + k) % len(main)]
        deck.append(("main", copies_of_first if k == 0 else 4, card["name"], code, card["number"]))
    for k in range(3):
        card = limitbreak[(i + k) % len(limitbreak)]
        deck.append(("limitbreak", 2, card["name"], code, card["number"]))
    for k in range(3):
        card = main[(i * 5 + 13 + k) % len(main)]
        deck.append(("side", 2, card["name"], code, card["number"]))
    return deck


def sfb_team(j: int, size: int = 3) -> list[Card]:
    """A team of ``size`` champions (3: legal in sfb-standard), different for each ``j`` (0-7)."""
    champions, code = sfb_champions()
    return [("champions", 1, c["name"], code, c["number"]) for c in champions[3 * j:3 * j + size]]


def counts_by_name(deck: list[Card]) -> Counter:
    """(zone, name) -> copies, as a registration's locked copy holds them (sfb champions stand for 6 actions)."""
    return Counter({(zone, name): count for zone, count, name, _, _ in deck})


def _decklist(deck: list[Card], name: str, game: str):
    from deckcli.decklists.model import DeckEntry, Decklist

    return Decklist([DeckEntry(z, n, card, s, num) for z, n, card, s, num in deck], name=name, game=game)


def _lines(deck: list[Card], zones: tuple[str, ...], pattern: str) -> list[str]:
    return [pattern.format(n=n, name=card, set=s, num=num) for z, n, card, s, num in deck if z in zones]


def deck_text(deck: list[Card], layout: str, name: str, game: str) -> str:
    """The deck as the content of a file in ``layout``."""
    if layout in ("text", "json", "csv", "code", "cod"):
        from deckcli.decklists.io import format_deck

        return format_deck(_decklist(deck, name, game), layout)
    if layout == "arena":  # Arena knows no Limitbreak section: those cards sit in Deck and go to their zone
        return "\n".join(["About", f"Name {name}", "", "Deck",
                          *_lines(deck, ("main", "limitbreak"), "{n} {name} ({set}) {num}"), "", "Sideboard",
                          *_lines(deck, ("side",), "{n} {name} ({set}) {num}")]) + "\n"
    if layout == "mtgo":  # the last group after a blank line is the side deck
        return "\n".join([*_lines(deck, ("main", "limitbreak"), "{n} {name}"), "",
                          *_lines(deck, ("side",), "{n} {name}")]) + "\n"
    if layout == "mws":
        return "\n".join([f"// NAME : {name}", "// CREATOR : Organiser",
                          *_lines(deck, ("main", "limitbreak"), "        {n} [{set}] {name}"),
                          *_lines(deck, ("side",), "SB:  {n} [{set}] {name}")]) + "\n"
    if layout == "forum":
        if game == "sfb":
            return "\n".join([f"Name: {name}", "", "Champions:", *_lines(deck, ("champions",), "- {name}")]) + "\n"
        return "\n".join([f"Name: {name}", f"Game: {game}", "", "**Main Deck**", *_lines(deck, ("main",), "- {n}x {name}"),
                          "", "**Limitbreak Deck**", *_lines(deck, ("limitbreak",), "* {n} {name}"),
                          "", "**Side Deck**", *_lines(deck, ("side",), "{name} x{n}")]) + "\n"
    raise ValueError(layout)


def write_deck(folder: Path, stem: str, deck: list[Card], layout: str, name: str, game: str) -> Path:
    """Write the deck as ``folder/stem`` plus the layout's usual extension."""
    path = folder / f"{stem}{SUFFIX[layout]}"
    path.write_text(deck_text(deck, layout, name, game), encoding="utf-8")
    return path
