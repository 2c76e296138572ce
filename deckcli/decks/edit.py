"""Editing a stored deck card by card: which printings a card name means, which zone they go to, how many.

``deck add`` puts a card in the first zone of the format that accepts its kind (a boa Limitbreak monster goes
to the Limitbreak deck by itself); an sfb champion stands for its action cards. ``deck remove`` takes the
last-added printing first and asks for a zone when the card is in several.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sqlmodel import Session

from deckcli.cards.index import CardIndex, CardRef
from deckcli.cards.resolver import CardResolver
from deckcli.decks.store import change_count, deck_cards, get_deck, zone_for, zone_size
from deckcli.errors import DeckcliError
from deckcli.games import registry
from deckcli.games.hooks import stands_for
from deckcli.i18n import Message
from deckcli.legality.format import Format
from deckcli.legality.formats import load_format


@dataclass
class DeckChange:
    """``delta`` copies of ``card`` added to (or, negative, removed from) ``zone``, leaving ``total``."""

    zone: str
    card: CardRef
    delta: int
    total: int


@dataclass
class Edit:
    """What one add or remove did: the changes, the new size of each zone touched, and any warnings."""

    format: Format
    changes: list[DeckChange] = field(default_factory=list)
    zone_sizes: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def label(self, zone: str) -> str:
        return registry.game(self.format.game).zone_label(zone, self.format.zones)


def printings_meant(index: CardIndex, card: CardRef) -> list[CardRef]:
    """The printings a command means: the card itself, or the cards it stands for (an sfb champion's actions)."""
    members = stands_for(registry.game(card.game), card, index)
    if members is None:
        return [card]
    if not members:
        raise DeckcliError(
            Message(
                "{kind} {card!r} stands for no cards in the database",
                kind=registry.game(card.game).kind_name(card.kind),
                card=card.name,
            )
        )
    return members


def _begin(session: Session, deck_name: str, name: str, set_code: str | None, number: str | None):
    """The stored deck, an empty :class:`Edit` under its format, its game's card index, and the card meant."""
    stored = get_deck(session, deck_name)
    cards = CardResolver(session)
    found = cards.find(name, set_code or "", number or "", stored.game)
    return stored, Edit(load_format(stored.format)), cards.index(stored.game), found


def add_cards(
    session: Session,
    deck_name: str,
    name: str,
    count: int = 1,
    zone: str | None = None,
    set_code: str | None = None,
    number: str | None = None,
) -> Edit:
    """Add ``count`` copies of the card ``name`` to the stored deck, in ``zone`` or the first zone that accepts it."""
    stored, edit, index, found = _begin(session, deck_name, name, set_code, number)
    fmt = edit.format
    if zone and zone not in fmt.zones:
        raise DeckcliError(
            Message(
                "format {format} has no {zone} zone; its zones: {zones}",
                format=fmt.name,
                zone=zone,
                zones=", ".join(fmt.zones),
            )
        )
    for printing in printings_meant(index, found):
        target = zone or zone_for(fmt, printing.kind)
        if target is None:
            raise DeckcliError(
                Message(
                    "no zone of format {format} accepts {kind} cards such as {card!r}",
                    format=fmt.name,
                    kind=registry.game(fmt.game).kind_name(printing.kind),
                    card=printing.name,
                )
            )
        if printing.kind not in fmt.zones[target].get("kinds", (printing.kind,)):
            edit.warnings.append(
                Message(
                    "{zone} does not accept {kind} cards under {format}; the deck will not be legal",
                    zone=edit.label(target),
                    kind=registry.game(fmt.game).kind_name(printing.kind),
                    format=fmt.name,
                )
            )
        total = change_count(session, stored, target, printing.id, count)
        edit.changes.append(DeckChange(target, printing, count, total))
    edit.zone_sizes = {c.zone: zone_size(session, stored, c.zone) for c in edit.changes}
    edit.warnings += _limit_warnings(session, stored, fmt, index, {c.card.key for c in edit.changes})
    return edit


def _limit_warnings(session: Session, stored, fmt: Format, index: CardIndex, keys: set[str]) -> list[str]:
    """What the added cards' names now break of the copy limit or the banned and restricted list (in force today),
    with the rule id: the deck is stored all the same, as an illegal import is."""
    from datetime import date

    from deckcli.decklists.model import Decklist
    from deckcli.legality.resolved import ResolvedCard, ResolvedDeck
    from deckcli.legality.rules import limit_problems

    cards = [
        ResolvedCard(zone, count, ref)
        for zone, card_id, count in deck_cards(session, stored)
        if (ref := index.card(card_id)) is not None
    ]
    deck = ResolvedDeck(
        stored.name, stored.game, fmt.on(date.today()), Decklist(name=stored.name), cards=cards, index=index
    )
    return [
        Message(
            "[{rule}] {problem}; the deck is stored, not legal under {format}",
            rule=p.rule,
            problem=p.message,
            format=fmt.name,
        )
        for p in limit_problems(deck)
        if any(c.card.key in keys for c in deck.cards if c.card.name in p.cards)
    ]


def remove_cards(
    session: Session,
    deck_name: str,
    name: str,
    count: int | None = None,
    remove_all: bool = False,
    zone: str | None = None,
    set_code: str | None = None,
    number: str | None = None,
) -> Edit:
    """Remove ``count`` (default 1; ``remove_all``: every) copies of the card ``name`` from the stored deck."""
    stored, edit, index, found = _begin(session, deck_name, name, set_code, number)
    fmt = edit.format
    if stands_for(registry.game(found.game), found, index) is not None:
        groups = [[c] for c in printings_meant(index, found)]
    elif set_code:
        groups = [[found]]
    else:
        groups = [[c for c in index.find_all(name) if c.key == found.key]]
    held = deck_cards(session, stored)
    plan: list[tuple[str, int, int]] = []  # (zone, card id, copies to remove)
    for group in groups:
        ids = {c.id for c in group}
        rows = [(z, cid, n) for z, cid, n in held if cid in ids and (zone is None or z == zone)]
        if not rows:
            raise DeckcliError(
                Message(
                    "deck {deck!r} holds no {card!r} in its {zone}",
                    deck=stored.name,
                    card=group[0].name,
                    zone=edit.label(zone),
                )
                if zone
                else Message("deck {deck!r} holds no {card!r}", deck=stored.name, card=group[0].name)
            )
        zones = sorted(
            {z for z, _, _ in rows}, key=lambda z: list(fmt.zones).index(z) if z in fmt.zones else len(fmt.zones)
        )
        if len(zones) > 1:
            raise DeckcliError(
                Message(
                    "{card!r} is in {zones}; say which with --zone",
                    card=group[0].name,
                    zones=" and ".join(edit.label(z) for z in zones),
                )
            )
        have = sum(n for _, _, n in rows)
        want = have if remove_all else (count or 1)
        if want > have:
            args = {"deck": stored.name, "count": have, "card": group[0].name, "zone": edit.label(zone or zones[0])}
            raise DeckcliError(
                Message("deck {deck!r} holds only {count} × {card} in its {zone}", **args)
                if zone
                else Message("deck {deck!r} holds only {count} × {card} in {zone}", **args)
            )

        for z, cid, n in reversed(rows):  # the last-added printing goes first
            take = min(n, want)
            if take:
                plan.append((z, cid, take))
                want -= take
    for z, cid, take in plan:
        left = change_count(session, stored, z, cid, -take)
        edit.changes.append(DeckChange(z, index.card(cid), -take, left))
    edit.zone_sizes = {c.zone: zone_size(session, stored, c.zone) for c in edit.changes}
    return edit
