"""What ``deck show`` prints: a deck's cards by zone and kind, a cost curve as a text bar chart, and the verdict.

Pure rendering: it takes a resolved deck and its problems and returns text or a JSON-ready dict.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from deckcli.cards.index import GAMES, CardRef
from deckcli.decklists.model import zone_rank
from deckcli.legality.formats import Format
from deckcli.legality.resolve import Problem, ResolvedDeck
from deckcli.textbars import bar_chart


#: Plural headings for card kinds; unknown kinds get an "s".
KIND_TITLES = {
    "monster": "Monsters", "limitbreak": "Limitbreak monsters", "spell": "Spells",
    "character": "Characters", "break": "Breaks", "project": "Projects",
    "champion": "Champions", "action": "Actions",
}


def zone_order(deck: ResolvedDeck) -> list[str]:
    """The format's zones in file order, then any other zone the deck uses."""
    zones = list(deck.format.zones)
    extra = {dc.zone for dc in deck.cards} - set(zones)
    return zones + sorted(extra, key=zone_rank)


def zone_label_of(fmt: Format, zone: str) -> str:
    """The format's label for a zone ('Main Deck'), else the zone's name."""
    return str(fmt.zones.get(zone, {}).get("label") or zone.capitalize())


def zone_label(deck: ResolvedDeck, zone: str) -> str:
    """The label of one of the deck's zones under its format."""
    return zone_label_of(deck.format, zone)


COLOURS = ("red", "yellow", "blue")


def _colour_rank(colour: object) -> int:
    return COLOURS.index(colour) if colour in COLOURS else len(COLOURS)


def _sort_key(item: tuple[CardRef, int]) -> tuple:
    """Cheapest first, then by champion and colour (sfb), then by name."""
    card = item[0]
    cost = card.fields.get("cost")
    number = cost if isinstance(cost, (int, float)) else 0
    return (cost is None, number, str(card.fields.get("champion", "")), _colour_rank(card.fields.get("colour")), card.name, card.set_code, card.number)


def grouped(deck: ResolvedDeck) -> list[tuple[str, list[tuple[str, list[tuple[CardRef, int]]]]]]:
    """[(zone, [(kind, [(card, count)])])]: zones in format order, kinds in first-seen order, cards by cost then name."""
    result = []
    for zone in zone_order(deck):
        by_kind: dict[str, list[tuple[CardRef, int]]] = {}
        for card, count in deck.zone_cards(zone):
            by_kind.setdefault(card.kind, []).append((card, count))
        result.append((zone, [(kind, sorted(items, key=_sort_key)) for kind, items in by_kind.items()]))
    return result


def curve(deck: ResolvedDeck) -> tuple[str, list[tuple[str, int]]]:
    """The draw zone's cost curve: (field, [(bucket, cards)]); every cost from the lowest to the highest is a bucket.

    A game without costs (sfb) gets its colours instead, the other thing a hand is built around.
    """
    cards = deck.zone_cards(deck.format.draw_zone)
    costs: Counter[Any] = Counter()
    for card, count in cards:
        cost = card.fields.get("cost")
        if isinstance(cost, (int, float)) and not isinstance(cost, bool):
            costs[int(cost)] += count
    if costs:
        low, high = min(costs), max(costs)
        return "cost", [(str(c), costs.get(c, 0)) for c in range(low, high + 1)]
    colours: Counter[str] = Counter()
    for card, count in cards:
        colour = card.fields.get("colour")
        if colour:
            colours[str(colour)] += count
    return "colour", sorted(colours.items(), key=lambda kv: (_colour_rank(kv[0]), kv[0]))


def _card_line(card: CardRef, count: int) -> str:
    details = []
    if card.fields.get("cost") is not None:
        details.append(f"cost {card.fields['cost']}")
    for key in ("colour", "champion", "faction", "element"):
        if card.fields.get(key):
            details.append(str(card.fields[key]))
    extra = f"  — {', '.join(details)}" if details else ""
    return f"{count:>3}  {card.name}  ({card.set_code} {card.number}){extra}"


def verdict_lines(deck: ResolvedDeck, problems: list[Problem]) -> list[str]:
    """'Legal under ...' or 'Not legal under ...' followed by every problem."""
    under = f"{deck.format.name} ({deck.format.title})" if deck.format.title != deck.format.name else deck.format.name
    if not problems:
        return [f"Verdict: legal under {under}"]
    n = len(problems)
    lines = [f"Verdict: NOT legal under {under} — {n} problem{'s' if n != 1 else ''}:"]
    for p in problems:
        where = f" (line {p.line})" if p.line is not None else ""
        lines.append(f"  - [{p.rule}] {p.message}{where}")
    return lines


def render_deck(deck: ResolvedDeck, problems: list[Problem]) -> str:
    """The whole ``deck show`` text."""
    lines = [f"{deck.name or 'Deck'}", f"Game: {deck.game} ({GAMES.get(deck.game, deck.game)})", f"Format: {deck.format.name}"]
    for key, value in deck.decklist.meta.items():
        lines.append(f"{key}: {value}")
    for zone, kinds in grouped(deck):
        size = deck.zone_size(zone)
        bounds = deck.format.zones.get(zone, {})
        span = ""
        if "min" in bounds or "max" in bounds:
            low, high = bounds.get("min", 0), bounds.get("max")
            span = f", {low}+" if high is None else f", exactly {low}" if high == low else f", {low}–{high}"
        lines += ["", f"{zone_label(deck, zone)} ({size}{span})"]
        if not kinds:
            lines.append("    (empty)")
        for kind, items in kinds:
            lines.append(f"  {KIND_TITLES.get(kind, kind.capitalize() + 's')} ({sum(c for _, c in items)})")
            lines += ["    " + _card_line(card, count) for card, count in items]
    field, buckets = curve(deck)
    if buckets:
        title = "Cost curve" if field == "cost" else "Colours"
        lines += ["", f"{title} ({zone_label(deck, deck.format.draw_zone)})"]
        lines += ["  " + line for line in bar_chart(buckets)]
    lines += [""] + verdict_lines(deck, problems)
    return "\n".join(lines)


def deck_data(deck: ResolvedDeck, problems: list[Problem]) -> dict[str, Any]:
    """The ``deck show --json`` object."""
    zones = {}
    for zone, kinds in grouped(deck):
        zones[zone] = {
            "label": zone_label(deck, zone),
            "size": deck.zone_size(zone),
            "cards": [
                {"count": count, "name": card.name, "set": card.set_code, "number": card.number, "kind": kind,
                 **({"cost": card.fields["cost"]} if card.fields.get("cost") is not None else {})}
                for kind, items in kinds
                for card, count in items
            ],
        }
    field, buckets = curve(deck)
    return {
        "name": deck.name,
        "game": deck.game,
        "format": deck.format.name,
        "meta": dict(deck.decklist.meta),
        "zones": zones,
        "curve": {"field": field, "zone": deck.format.draw_zone, "buckets": [{"value": b, "cards": n} for b, n in buckets]},
        "legal": not problems,
        "problems": [p.as_dict() for p in problems],
    }
