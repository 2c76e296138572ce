"""What ``deck show`` prints: a deck's cards by zone and kind, a cost curve as a text bar chart, the verdict, and
the formats of its game the deck is legal in.

Rendering: it takes a resolved deck, its problems and its verdicts under every format (:func:`inspect_deck` finds
them) and returns text or a JSON-ready dict.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from deckcli.cards.index import CardRef
from deckcli.cards.summary import summary_parts
from deckcli.decklists.model import zone_rank
from deckcli.games import registry
from deckcli.games.registry import Game
from deckcli.legality.allformats import FormatVerdict, format_verdicts, verdict_line
from deckcli.legality.formats import Format
from deckcli.legality.resolve import Problem, ResolvedDeck, Resolver
from deckcli.legality.rules import check_deck
from deckcli.textbars import bar_chart

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable


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


def _field_rank(game: Game, field_name: str, value: object) -> tuple:
    """Numbers ascending, then values in the game's order for the field, then by name; missing values last."""
    if value is None or value == "":
        return (2, 0, "")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (0, value, "")
    return (1, game.order_of(field_name, value), str(value))


def _sort_key(game: Game):
    """Cards by the game's ``card_order`` fields (cost; sfb: champion and colour), then by name and printing."""

    def key(item: tuple[CardRef, int]) -> tuple:
        card = item[0]
        ranks = tuple(_field_rank(game, f, card.fields.get(f)) for f in game.card_order)
        return (*ranks, card.name, card.set_code, card.number)

    return key


def grouped(deck: ResolvedDeck) -> list[tuple[str, list[tuple[str, list[tuple[CardRef, int]]]]]]:
    """[(zone, [(kind, [(card, count)])])]: zones in format order, kinds in first-seen order, cards by cost then name."""
    result = []
    order = _sort_key(registry.game(deck.game))
    for zone in zone_order(deck):
        by_kind: dict[str, list[tuple[CardRef, int]]] = {}
        for card, count in deck.zone_cards(zone):
            by_kind.setdefault(card.kind, []).append((card, count))
        result.append((zone, [(kind, sorted(items, key=order)) for kind, items in by_kind.items()]))
    return result


def aside(deck: ResolvedDeck) -> list[tuple[str, str, list[tuple[CardRef, int]]]]:
    """[(zone, title, [(card, count)])] of the zones set aside (a maybeboard), in the games' zone order."""
    found: dict[str, dict[int, tuple[CardRef, int]]] = {}
    for dc in deck.aside:
        held = found.setdefault(dc.zone, {})
        card, count = held.get(dc.card.id, (dc.card, 0))
        held[dc.card.id] = (card, count + dc.count)
    zones = registry.zones()
    return [
        (zone, zones[zone].title if zone in zones else zone, list(found[zone].values()))
        for zone in sorted(found, key=zone_rank)
    ]


def curve(deck: ResolvedDeck) -> tuple[str, list[tuple[str, int]]]:
    """The draw zone over the game's curve field: (field, [(bucket, cards)]).

    A numeric field (cost) has a bucket for every value from the lowest to the highest; any other
    (sfb's colour) has one per value, in the game's order for that field.
    """
    game = registry.game(deck.game)
    field_name = game.curve_field
    numbers: Counter[int] = Counter()
    values: Counter[str] = Counter()
    for card, count in deck.zone_cards(deck.format.draw_zone):
        value = card.fields.get(field_name)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            numbers[int(value)] += count
        elif value:
            values[str(value)] += count
    if numbers:
        low, high = min(numbers), max(numbers)
        return field_name, [(str(c), numbers.get(c, 0)) for c in range(low, high + 1)]
    return field_name, sorted(values.items(), key=lambda kv: (game.order_of(field_name, kv[0]), kv[0]))


def _card_line(card: CardRef, count: int) -> str:
    details = summary_parts(card.as_dict())
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


def inspect_deck(
    db: Readable, name: str, format_name: str | None = None
) -> tuple[ResolvedDeck, list[Problem], list[FormatVerdict]]:
    """The stored deck ``name`` under its format (or ``format_name``), its problems, and its verdict under every
    format of its game."""
    resolver = Resolver(db)
    deck = resolver.open(deck_name=name, format_name=format_name)
    return deck, check_deck(deck), format_verdicts(resolver, deck)


def render_deck(deck: ResolvedDeck, problems: list[Problem], verdicts: list[FormatVerdict] | None = None) -> str:
    """The whole ``deck show`` text."""
    lines = [
        f"{deck.name or 'Deck'}",
        f"Game: {deck.game} ({registry.title(deck.game)})",
        f"Format: {deck.format.name}",
    ]
    for key, value in deck.decklist.meta.items():
        lines.append(f"{key}: {value}")
    lines += [f"{title}: {', '.join(names)}" for title, names in deck.leaders()]
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
            lines.append(f"  {registry.game(deck.game).kind_title(kind)} ({sum(c for _, c in items)})")
            lines += ["    " + _card_line(card, count) for card, count in items]
    for _zone, title, items in aside(deck):
        lines += ["", f"{title} ({sum(c for _, c in items)}, not counted)"]
        lines += ["    " + _card_line(card, count) for card, count in items]
    field, buckets = curve(deck)
    if buckets:
        title = f"{field.capitalize()} curve" if buckets[0][0].lstrip("-").isdigit() else f"{field.capitalize()}s"
        lines += ["", f"{title} ({zone_label(deck, deck.format.draw_zone)})"]
        lines += ["  " + line for line in bar_chart(buckets)]
    lines += [""] + verdict_lines(deck, problems)
    if verdicts:
        lines.append(verdict_line(verdicts))
    return "\n".join(lines)


def deck_data(
    deck: ResolvedDeck, problems: list[Problem], verdicts: list[FormatVerdict] | None = None
) -> dict[str, Any]:
    """The ``deck show --json`` object; ``formats`` the deck's verdict under every format of its game."""
    zones = {}
    for zone, kinds in grouped(deck):
        zones[zone] = {
            "label": zone_label(deck, zone),
            "size": deck.zone_size(zone),
            "cards": [
                {
                    "count": count,
                    "name": card.name,
                    "set": card.set_code,
                    "number": card.number,
                    "kind": kind,
                    **({"cost": card.fields["cost"]} if card.fields.get("cost") is not None else {}),
                }
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
        **(
            {
                "aside": {
                    zone: {
                        "label": title,
                        "size": sum(c for _, c in items),
                        "cards": [
                            {"count": c, "name": r.name, "set": r.set_code, "number": r.number, "kind": r.kind}
                            for r, c in items
                        ],
                    }
                    for zone, title, items in aside(deck)
                }
            }
            if deck.aside
            else {}
        ),
        "curve": {
            "field": field,
            "zone": deck.format.draw_zone,
            "buckets": [{"value": b, "cards": n} for b, n in buckets],
        },
        "legal": not problems,
        "problems": [p.as_dict() for p in problems],
        **(
            {"formats": [{"format": v.format.name, "legal": v.legal, "rules": v.rules} for v in verdicts]}
            if verdicts
            else {}
        ),
    }
