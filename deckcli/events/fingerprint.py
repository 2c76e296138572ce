"""A registered deck's receipt: a short, stable hash of the canonical deck, shown to the player and printed on sheets.

The deck is canonical as (zone, card name key, count) summed and sorted, with set-aside zones (a maybeboard) left
out: it does not depend on the printing, the layout, the line order or the spelling of a name, so a judge typing the
names of the physical deck gets the same receipt as the player's file did.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable

from deckcli.decklists.model import Decklist, zone_rank
from deckcli.games import registry
from deckcli.names import name_key

#: How many base32 characters the receipt keeps (50 bits: a clash between two decks of one event is negligible).
LENGTH = 10
#: Where the dashes go: ``K7QX-2MFA-9D``.
GROUPS = (4, 4, 2)


def zone_counts(deck: Decklist) -> dict[tuple[str, str], tuple[str, int]]:
    """(zone, name key) -> (the name as written first, copies) over the zones that count (no maybeboard)."""
    aside = registry.aside_zones()
    counts: dict[tuple[str, str], tuple[str, int]] = {}
    for entry in deck.entries:
        if entry.zone in aside:
            continue
        key = (entry.zone, name_key(entry.name or ""))
        name, count = counts.get(key, (entry.name, 0))
        counts[key] = (name, count + entry.count)
    return counts


def canonical_lines(counts: Iterable[tuple[str, str, int]]) -> list[str]:
    """``zone<TAB>key<TAB>count`` lines in zone order then key order: the text the receipt hashes."""
    counts = list(counts)
    ranks = {zone: zone_rank(zone) for zone in {c[0] for c in counts}}
    ordered = sorted(counts, key=lambda c: (ranks[c[0]], c[1]))
    return [f"{zone}\t{key}\t{count}" for zone, key, count in ordered if count]


def fingerprint(deck: Decklist) -> str:
    """The receipt of ``deck`` (its entries must name cards by their card names, as a locked copy does)."""
    lines = canonical_lines((zone, key, count) for (zone, key), (_, count) in zone_counts(deck).items())
    digest = hashlib.sha256("\n".join(lines).encode("utf-8")).digest()
    text = base64.b32encode(digest).decode("ascii")[:LENGTH]
    parts, start = [], 0
    for size in GROUPS:
        parts.append(text[start : start + size])
        start += size
    return "-".join(parts)
