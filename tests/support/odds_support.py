"""Small hand-built decks shared by the odds tests (card dicts as the odds library takes them)."""

from __future__ import annotations


def card(name, kind="monster", cost=1, colour=None, element=None):
    """A card dict with the fields the test filters use."""
    data = {"name": name, "kind": kind, "cost": cost}
    if colour:
        data["colour"] = colour
    if element:
        data["element"] = element
    return data


def small_deck():
    """12 cards with filters that overlap: cheap monsters, red cards, spells."""
    return [
        (card("A", "monster", 1, "red"), 2),
        (card("B", "monster", 3, "red"), 2),
        (card("C", "spell", 1, "blue"), 3),
        (card("D", "monster", 2, "blue"), 1),
        (card("E", "spell", 4, "red"), 2),
        (card("F", "monster", 5, "yellow"), 2),
    ]
