"""A list from a tool that knows no zones of the game (Arena's ``Deck``, Cockatrice's ``main``) has its main-deck
cards there by default (``placed`` DEFAULT), not under a header of deckcli's own: the marker says how the reader
knew the zone, and is never a layout's name."""

from __future__ import annotations

import pytest

import paths  # tests/support/paths.py
from deckcli.decklists import layouts
from deckcli.decklists.io import read_decklist
from deckcli.decklists.model import DEFAULT, GIVEN, GUESSED

LAYOUTS = paths.DATA / "layouts"


@pytest.mark.parametrize("sample", ["arena/decklist.txt", "cockatrice/decklist.cod"])
def test_main_deck_cards_of_a_tool_without_the_games_zones_are_there_by_default(sample):
    deck = read_decklist(str(LAYOUTS / sample))
    placed = {(e.zone, e.placed) for e in deck.entries}
    assert placed == {("main", DEFAULT), ("side", GIVEN)}
    assert DEFAULT == "default" and DEFAULT not in layouts.readable()


def test_an_arena_list_without_headers_keeps_its_guessed_side_deck():
    deck = read_decklist(str(LAYOUTS / "arena" / "decklist-no-headers.txt"))
    assert {(e.zone, e.placed) for e in deck.entries} == {("main", DEFAULT), ("side", GUESSED)}

