"""Card lines of the Magic Workstation family: ``SB:`` marks a sideboard line, and a printing in brackets after the
count — ``[SET]`` (MWS), ``[SET#NUM]`` (Deckstats), ``[SET:NUM]`` (XMage) — comes before the name.

``[SET]`` alone names no printing deckcli can use (a set without a number), so the name alone decides.
"""

from __future__ import annotations

import re

from deckcli.decklists.lines import GROUP_HEADER, card_entry, counted_entry, zone_for_section
from deckcli.decklists.model import NUMBER_PATTERN, SET_PATTERN, DeckEntry
from deckcli.files.numbers import whole_number

SIDEBOARD = re.compile(r"SB:\s*(?P<rest>.*)", re.IGNORECASE)
_BRACKETED = re.compile(
    rf"(?P<count>\d+)(?:\s*[xX])?\s+\[(?P<set>{SET_PATTERN})?(?:[#:](?P<number>{NUMBER_PATTERN}))?\]\s*(?P<name>.*)"
)


def bracket_card(line: str, zone: str, number: int) -> DeckEntry | str:
    """A card line that may start with ``SB:`` and carry a bracketed printing, else a plain deckcli card line."""
    side = SIDEBOARD.fullmatch(line)
    if side:
        line, zone = side.group("rest").strip(), zone_for_section(GROUP_HEADER) or zone
    match = _BRACKETED.fullmatch(line)
    if not match:
        return card_entry(line, zone, number)
    name, set_code, card_number = match.group("name").strip(), match.group("set"), match.group("number")
    rest = f"{name} ({set_code}) {card_number}" if set_code and card_number else name
    return counted_entry(whole_number(match.group("count")), rest, zone, number, line)
