"""Deck legality: every rule of a deck's format, checked at once, each problem naming cards, zone and line.

The generic rules (zone sizes and kinds, copy limit, banned and restricted cards, legal sets) are driven
by the format file's data; the few rules data cannot say are the named checks of :mod:`deckcli.legality.checks`,
switched on by the format's ``checks`` list.
"""

from __future__ import annotations

from typing import Any

from deckcli.cards.index import CardIndex, CardRef
from deckcli.games import registry
from deckcli.i18n import N_, Message
from deckcli.legality.checks import CHECKS
from deckcli.legality.format import Format
from deckcli.legality.grouping import by_name, first_line, kind_list, placement, unique, zone_label, zone_sizes
from deckcli.legality.resolved import Problem, ResolvedCard, ResolvedDeck
from deckcli.names import name_key
from deckcli.words import plural

#: Problems found while reading and resolving (not rules of the format).
READ_RULES = ("parse", "unknown-card", "wrong-game")


def check_deck(deck: ResolvedDeck) -> list[Problem]:
    """Every problem of ``deck``: reading problems first, then each rule of its format (none for a deck of another
    game, :attr:`ResolvedDeck.other_game`: its sizes, kinds and champions would only say that again)."""
    problems = list(deck.problems)
    if deck.other_game is None:
        problems += zone_problems(deck)
        problems += set_problems(deck)
        problems += limit_problems(deck)
        for name in deck.format.checks:
            problems += CHECKS[name].fn(deck)
    names: dict[str, str] = {}  # each zone's column value made once (80,000 unknown lines share a few zones)
    game = registry.game(deck.game)
    for p in problems:
        if p.zone:
            p.zone = names.get(p.zone) or names.setdefault(p.zone, game.zone_name(p.zone, deck.format.zones))
    return problems


def zone_problems(deck: ResolvedDeck) -> list[Problem]:
    """Zone sizes out of bounds (the zone's ``rule`` id), and cards in a zone that may not hold them (``zone-kind``)."""
    fmt = deck.format
    problems = _zone_size_problems(deck)
    foreign: dict[str, list[ResolvedCard]] = {}
    for dc in deck.cards:
        holds = fmt.zones.get(dc.zone)
        if holds is None:
            foreign.setdefault(dc.zone, []).append(dc)
        elif holds.kinds is not None and not holds.holds(dc.card.kind):
            problems.append(
                Problem(
                    "zone-kind",
                    Message(
                        "{card!r} is a {kind} card; the {zone} holds only {kinds} cards",
                        card=dc.card.name,
                        kind=registry.game(deck.game).kind_name(dc.card.kind),
                        zone=zone_label(deck, dc.zone),
                        kinds=kind_list(deck, holds.kinds),
                    ),
                    cards=[dc.card.name],
                    zone=dc.zone,
                    line=dc.line,
                )
            )
    for entry in deck.unresolved:
        if entry.zone not in fmt.zones and entry.zone not in registry.pseudo_zones():
            foreign.setdefault(entry.zone, [])
    for zone, cards in foreign.items():
        names = unique(dc.card.name for dc in cards)
        lines = [dc.line for dc in cards] + [e.line for e in deck.unresolved if e.zone == zone]
        problems.append(
            Problem(
                "zone-kind",
                Message(
                    N_("{format} has no {zone} (its zones: {zones}); remove {cards}")
                    if names
                    else N_("{format} has no {zone} (its zones: {zones})"),
                    format=fmt.name,
                    zone=zone_label(deck, zone),
                    zones=", ".join(fmt.zones),
                    cards=", ".join(repr(n) for n in names),
                ),
                cards=names,
                zone=zone,
                line=min((n for n in lines if n is not None), default=None),
            )
        )
    return problems


def _zone_size_problems(deck: ResolvedDeck) -> list[Problem]:
    """Each zone whose size is out of its format's bounds, under the zone's own rule id."""
    fmt = deck.format
    problems: list[Problem] = []
    sizes = zone_sizes(deck)
    for zone, spec in fmt.zones.items():
        size, low, high = sizes.get(zone, 0), spec.fewest, spec.max
        if size < low or (high is not None and size > high):
            bound = (
                Message("exactly {low}", low=low)
                if low == high
                else (
                    Message("{low}–{high}", low=low, high=high)
                    if high is not None
                    else Message("at least {low}", low=low)
                )
            )
            problems.append(
                Problem(
                    spec.size_rule,
                    Message(
                        "{zone} has {cards}; {format} needs {bound}",
                        zone=zone_label(deck, zone),
                        cards=plural(size, "card"),
                        format=fmt.name,
                        bound=bound,
                    ),
                    zone=zone,
                    extra={"count": size},
                )
            )
    return problems


def set_problems(deck: ResolvedDeck) -> list[Problem]:
    """Cards with no printing in a set the format allows (``set-not-legal``). A card is its name, not its
    printing: any printing of the name in a legal set makes it legal, whichever printing the line names."""
    legal = deck.format.legal_sets
    if not legal:
        return []
    allowed = {s.casefold() for s in legal}
    problems = []
    for dc in deck.cards:
        card = dc.card
        printed = unique(r.set_code for r in _printings(deck, card))
        if any(code.casefold() in allowed for code in printed):
            continue
        others = [code for code in printed if code != card.set_code]
        message = (
            N_("{card!r} ({set}) {number} is from set {set} (also printed in {others}); {format} allows only {legal}")
            if others
            else N_("{card!r} ({set}) {number} is from set {set}; {format} allows only {legal}")
        )
        problems.append(
            Problem(
                "set-not-legal",
                Message(
                    message,
                    card=card.name,
                    set=card.set_code,
                    number=card.number,
                    others=", ".join(others),
                    format=deck.format.name,
                    legal=", ".join(legal),
                ),
                cards=[dc.card.name],
                zone=dc.zone,
                line=dc.line,
            )
        )
    return problems


def _printings(deck: ResolvedDeck, card: CardRef) -> list[CardRef]:
    """Every printing of ``card``'s name in the deck's card index (the card itself when there is no index)."""
    return deck.index.printings_of(card) if deck.index is not None else [card]


def limit_problems(deck: ResolvedDeck) -> list[Problem]:
    """Too many copies of a name across the copy-limit zones: ``copy-limit``, or for cards on the format's
    list ``banned`` (limit 0) and ``restricted`` (limit 1 or 2)."""
    copy_limit = deck.format.copy_limit
    zones, default_max = (copy_limit.zones, copy_limit.max) if copy_limit else (None, None)
    card_limits, _ = card_limit_keys(deck.format, deck.index)
    problems: list[Problem] = []
    for key, cards in by_name(deck.cards, zones).items():
        count = sum(dc.count for dc in cards)
        name = cards[0].card.name
        limit = card_limits.get(key, default_max)
        if limit is None or count <= limit:
            continue
        where = placement(deck, cards)
        known: dict[str, Any] = {
            "card": name,
            "format": deck.format.name,
            "where": where,
            "limit": limit,
            "copies": count,
        }
        if key in card_limits and limit == 0:
            rule, message = "banned", Message("{card!r} is banned in {format} ({where})", **known)
        elif key in card_limits:
            rule = "restricted"
            message = Message("{card!r} is restricted to {limit} in {format}; the deck has {copies} ({where})", **known)
        else:
            rule, message = (
                "copy-limit",
                Message("{copies} copies of {card!r} ({where}); at most {limit} of a name", **known),
            )
        problems.append(
            Problem(
                rule,
                message,
                cards=[name],
                zone=cards[0].zone,
                line=first_line(cards),
                extra={"count": count, "max": limit},
            )
        )
    return problems


def card_limit_keys(fmt: Format, index: CardIndex | None) -> tuple[dict[str, int], list[str]]:
    """The format's ``card_limits`` by the name key copies are counted under (aliases and localised names
    resolved through ``index``), and the listed names that match no card of the game (typos in a list)."""
    limits: dict[str, int] = {}
    unknown: list[str] = []
    for name, limit in fmt.card_limits.items():
        refs = index.find_all(name) if index is not None else []
        if index is not None and not refs:
            unknown.append(name)
        for key in {r.key for r in refs} or {name_key(name)}:
            limits[key] = limit
    return limits, unknown
