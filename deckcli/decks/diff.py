"""``deck diff``: per zone and card name, how many copies deck A and deck B hold — a sideboard plan.

Cards are compared by name (all printings of a name count together), so swapping a printing is not a change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckcli.decklists.model import zone_rank
from deckcli.games import registry
from deckcli.i18n import Message
from deckcli.legality.resolved import ResolvedDeck


@dataclass(frozen=True)
class DiffRow:
    """``a`` copies of ``name`` in ``zone`` of deck A, ``b`` in deck B."""

    zone: str
    name: str
    a: int
    b: int

    @property
    def change(self) -> int:
        return self.b - self.a

    def as_dict(self) -> dict[str, Any]:
        return {"zone": self.zone, "name": self.name, "a": self.a, "b": self.b, "change": self.change}


def _counts(deck: ResolvedDeck) -> dict[tuple[str, str], tuple[str, int]]:
    """(zone, name key) -> (display name, count)."""
    counts: dict[tuple[str, str], tuple[str, int]] = {}
    for dc in deck.cards:
        key = (dc.zone, dc.card.key)
        name, n = counts.get(key, (dc.card.name, 0))
        counts[key] = (name, n + dc.count)
    return counts


def diff_decks(a: ResolvedDeck, b: ResolvedDeck, *, include_same: bool = False) -> list[DiffRow]:
    """Rows per zone and card name; only the cards whose counts differ unless ``include_same``."""
    ca, cb = _counts(a), _counts(b)
    game, zones = registry.game(a.game), {**b.format.zones, **a.format.zones}
    rows = []
    for key in set(ca) | set(cb):
        name = (ca.get(key) or cb[key])[0]
        row = DiffRow(game.zone_name(key[0], zones), name, ca.get(key, ("", 0))[1], cb.get(key, ("", 0))[1])
        if include_same or row.change:
            rows.append(row)
    rows.sort(key=lambda r: (zone_rank(r.zone), r.change > 0, r.name.casefold()))
    return rows


def summary(rows: list[DiffRow]) -> list[str]:
    """One line per zone: 'main: -2 Fireball, +2 Frost Ward' (the sideboard plan in short; the zone shown by its
    label in the user's language)."""
    lines: list[str] = []
    for zone in sorted({r.zone for r in rows}, key=zone_rank):
        changes = [f"{r.change:+d} {r.name}" for r in rows if r.zone == zone and r.change]
        if changes:
            lines.append(Message("{zone}: {changes}", zone=zone, changes=", ".join(changes)))
    return lines
