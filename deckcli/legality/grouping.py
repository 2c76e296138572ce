"""Grouping a resolved deck's cards (by zone, by name) and describing where they are, for rule messages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from deckcli.games import registry
from deckcli.i18n import N_, Message
from deckcli.legality.resolved import ResolvedCard, ResolvedDeck
from deckcli.words import listing


def zone_sizes(deck: ResolvedDeck) -> dict[str, int]:
    """Cards per zone, counting lines that named no known card too (they are reported once, as unknown)."""
    sizes: dict[str, int] = {}
    for dc in deck.cards:
        sizes[dc.zone] = sizes.get(dc.zone, 0) + dc.count
    for entry in deck.unresolved:
        if entry.zone not in registry.pseudo_zones():
            sizes[entry.zone] = sizes.get(entry.zone, 0) + entry.count
    return sizes


def in_zones(cards: Iterable[ResolvedCard], zones: Sequence[str] | None) -> Iterable[ResolvedCard]:
    return cards if zones is None else (dc for dc in cards if dc.zone in zones)


def by_name(cards: Iterable[ResolvedCard], zones: Sequence[str] | None) -> dict[str, list[ResolvedCard]]:
    groups: dict[str, list[ResolvedCard]] = {}
    for dc in in_zones(cards, zones):
        groups.setdefault(dc.card.key, []).append(dc)
    return groups


def name_totals(cards: Iterable[ResolvedCard], zones: Sequence[str]) -> Counter[str]:
    """Copies per name key across ``zones``."""
    totals: Counter[str] = Counter()
    for dc in in_zones(cards, zones):
        totals[dc.card.key] += dc.count
    return totals


def zone_label(deck: ResolvedDeck, zone: str) -> str:
    """The deck's zone as its format, else its game, names it (:meth:`deckcli.games.registry.Game.zone_label`)."""
    return registry.game(deck.game).zone_label(zone, deck.format.zones)


def zone_list(deck: ResolvedDeck, zones: Sequence[str]) -> str:
    """The zones' labels joined with +, each shown in the user's language where the whole is."""
    return listing([zone_label(deck, z) for z in zones], N_("{items} + {item}"))


def kind_list(deck: ResolvedDeck, kinds: Sequence[str]) -> str:
    """The kinds joined with 'and' (``monster and spell``), each shown in the user's language where the whole is."""
    game = registry.game(deck.game)
    return listing([game.kind_name(k) for k in kinds], N_("{items} and {item}"))


def placement(deck: ResolvedDeck, cards: list[ResolvedCard]) -> str:
    """Per-zone counts, e.g. ``Main Deck 4, Side Deck 1``."""
    per_zone: dict[str, int] = {}
    for dc in cards:
        per_zone[dc.zone] = per_zone.get(dc.zone, 0) + dc.count
    shown = [Message("{zone} {count}", zone=zone_label(deck, z), count=n) for z, n in per_zone.items()]
    return listing(shown)


def first_line(cards: Iterable[ResolvedCard]) -> int | None:
    return min((dc.line for dc in cards if dc.line is not None), default=None)


def unique(names: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(names))
