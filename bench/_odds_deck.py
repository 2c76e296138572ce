"""The deck and conditions the odds benchmarks share: 60 boa cards, four overlapping filters."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ELEMENTS = ["Fire", "Water", "Earth", "Air", "Shadow"]
WANTS = ["1+ kind=monster,cost<=2", "1-3 kind=spell", "2+ element=Fire", "0-1 cost>=4"]
OPENING = {"hand_size": 6, "mulligan": "full-redraw", "draws_per_turn": 1, "first_turn_draw": "second-player"}
FIELDS = {"name": "string", "kind": "string", "cost": "integer", "element": "string"}


def deck(kinds: int = 15) -> list[tuple[dict, int]]:
    """``kinds`` different cards (15: a 60-card deck), 4 copies each: monsters and spells over costs 0-6 and five
    elements."""
    cards = []
    for i in range(kinds):
        kind = "spell" if i % 4 == 0 else "monster"
        cards.append(({"name": f"Bench Card {i}", "kind": kind, "cost": i % 7, "element": ELEMENTS[i % 5]}, 4))
    return cards
