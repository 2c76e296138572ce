"""Editing a stored deck card by card: which printings a card name means, which zone they go to, how many.

``deck add`` puts a card in the first zone of the format that accepts its kind (a boa Limitbreak monster goes
to the Limitbreak deck by itself); an sfb champion stands for its action cards. ``deck remove`` takes the
last-added printing first and asks for a zone when the card is in several.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from deckcli.cards.index import CardIndex, CardRef
from deckcli.cards.resolver import CardResolver
from deckcli.decks.store import change_count, deck_cards, edited_deck, zone_for, zone_size
from deckcli.errors import DeckcliError, DeckReadError
from deckcli.games import registry
from deckcli.games.hooks import stands_for
from deckcli.i18n import Message
from deckcli.legality.format import Format
from deckcli.legality.formats import load_format
from deckcli.storage.writes import once_more

if TYPE_CHECKING:
    from deckcli.decklists.stored import StoredDeck
    from deckcli.storage.writes import Transaction, Writable


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


def _begin(tx: Transaction, deck_name: str, name: str, set_code: str | None, number: str | None):
    """The stored deck, an empty :class:`Edit` under its format, its game's card index, and the card meant."""
    stored = edited_deck(tx, deck_name)
    cards = CardResolver(tx)
    found = cards.find(name, set_code or "", number or "", stored.game)
    return stored, Edit(load_format(stored.format)), cards.index(stored.game), found


@dataclass(frozen=True)
class CardWanted:
    """One card ``deck add`` is asked for: ``count`` copies of ``name`` (a printing with ``set_code``/``number``), in
    ``zone`` or the first zone that accepts it; ``line`` is its decklist line when it came from one."""

    name: str
    count: int = 1
    zone: str | None = None
    set_code: str | None = None
    number: str | None = None
    line: int | None = None


@dataclass
class CardsWanted:
    """The cards of one ``deck add``, where they came from (``source``: the command line, or a decklist's label),
    and the decklist's lines that could not be read (line, message)."""

    cards: list[CardWanted]
    source: str = "deck add"
    unread: list[tuple[int | None, str]] = field(default_factory=list)


#: What is left undone when one card of a ``deck add`` is wrong (the whole command is one transaction).
NOTHING_ADDED = Message("nothing was added")


def wanted_in_decklist(source: str, zone: str | None = None) -> CardsWanted:
    """The cards of the decklist read from ``source`` (``-``: stdin) as ``deck add`` adds them: a section header's
    zone, else ``zone``, else the card's own; a line that cannot be read is kept to be listed with the others."""
    from deckcli.decklists.io import read_decklist
    from deckcli.decklists.model import DEFAULT

    decklist = read_decklist(source)
    entries = decklist.entries + [p.reading for p in decklist.problems if p.reading is not None]
    cards = [
        CardWanted(e.name, e.count, zone if e.placed == DEFAULT else e.zone, e.set_code, e.number, e.line)
        for e in sorted(entries, key=lambda e: e.line or 0)
    ]
    unread = [(p.line, p.message) for p in decklist.problems if p.reading is None]
    return CardsWanted(cards, decklist.source or source, unread)


def _zone_of(fmt: Format, game: registry.Game, zone: str | None) -> None:
    """Refuse a zone neither the format nor the game's zones set aside (a maybeboard, in every deck) has."""
    if zone and zone not in fmt.zones and not (zone in game.zones and game.zones[zone].aside):
        aside = [z for z, spec in game.zones.items() if spec.aside and z not in fmt.zones]
        raise DeckcliError(
            Message(
                "format {format} has no {zone} zone; its zones: {zones}",
                format=fmt.name,
                zone=zone,
                zones=", ".join([*fmt.zones, *aside]),
            )
        )


def _placed(fmt: Format, game: registry.Game, printing: CardRef, zone: str | None) -> tuple[str, list[str]]:
    """The zone a printing goes to (``zone``, else the first of the format accepting its kind) and the warning
    when that zone does not accept its kind; a kind no zone accepts is an error."""
    target = zone or zone_for(fmt, printing.kind)
    if target is None:
        raise DeckcliError(
            Message(
                "no zone of format {format} accepts {kind} cards such as {card!r}",
                format=fmt.name,
                kind=game.kind_name(printing.kind),
                card=printing.name,
            )
        )
    if target not in fmt.zones or fmt.zones[target].holds(printing.kind):
        return target, []  # (a zone set aside holds any card: it is never counted)
    warning = Message(
        "{zone} does not accept {kind} cards under {format}; the deck will not be legal",
        zone=game.zone_label(target, fmt.zones),
        kind=game.kind_name(printing.kind),
        format=fmt.name,
    )
    return target, [warning]


def add_cards(db: Writable, deck_name: str, wanted: CardsWanted) -> Edit:
    """``deck add``: add every card wanted to the stored deck, in its zone or the first zone that accepts it, in one
    transaction of its own.

    Every card is found before anything changes: one that is wrong (unknown, of another game, no zone for it)
    raises its error when it is the only card, else a DeckReadError listing every problem, lines that could not
    be read included, by line; the transaction then stores nothing. A card another client removed between the read
    and the write (a ``cards import``) is refused by the database; the add runs once more (:func:`once_more`) and
    says what it says when it comes second: no such card."""

    def write() -> Edit:
        with db.write() as tx:
            return _add(tx, deck_name, wanted)

    return once_more(write)


def _add(tx: Transaction, deck_name: str, wanted: CardsWanted) -> Edit:
    stored = edited_deck(tx, deck_name)
    edit, resolver = Edit(load_format(stored.format)), CardResolver(tx)
    game, index = registry.game(edit.format.game), resolver.index(stored.game)
    plan: list[tuple[str, CardRef, int]] = []
    problems = list(wanted.unread)
    for want in wanted.cards:
        try:
            _zone_of(edit.format, game, want.zone)
            found = resolver.find(want.name, want.set_code or "", want.number or "", stored.game)
            for printing in printings_meant(index, found):
                target, warnings = _placed(edit.format, game, printing, want.zone)
                plan.append((target, printing, want.count))
                edit.warnings += [w for w in warnings if w not in edit.warnings]
        except DeckcliError as exc:
            if len(wanted.cards) == 1 and not problems:
                raise
            problems.append((want.line, exc.text))
    if problems:
        ordered = sorted(problems, key=lambda p: (p[0] is None, p[0] or 0))
        raise DeckReadError(wanted.source, ordered, NOTHING_ADDED)
    for target, printing, count in plan:
        total = change_count(tx, stored, target, printing.id, count)
        edit.changes.append(DeckChange(target, printing, count, total))
    edit.zone_sizes = {c.zone: zone_size(tx, stored, c.zone) for c in edit.changes}
    edit.warnings += _limit_warnings(tx, stored, edit.format, index, {c.card.key for c in edit.changes})
    return edit


def _limit_warnings(tx: Transaction, stored: StoredDeck, fmt: Format, index: CardIndex, keys: set[str]) -> list[str]:
    """What the added cards' names now break of the copy limit or the banned and restricted list (in force today),
    with the rule id: the deck is stored all the same, as an illegal import is."""
    from datetime import date

    from deckcli.decklists.model import Decklist
    from deckcli.legality.resolved import ResolvedCard, ResolvedDeck
    from deckcli.legality.rules import limit_problems

    cards = [
        ResolvedCard(zone, count, ref)
        for zone, card_id, count in deck_cards(tx, stored)
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
    db: Writable,
    deck_name: str,
    name: str,
    count: int | None = None,
    remove_all: bool = False,
    zone: str | None = None,
    set_code: str | None = None,
    number: str | None = None,
) -> Edit:
    """``deck remove``: remove ``count`` (default 1; ``remove_all``: every) copies of the card ``name`` from the
    stored deck, in one transaction of its own."""
    with db.write() as tx:
        return _remove(tx, deck_name, name, count, remove_all, zone, set_code, number)


def _remove(
    tx: Transaction,
    deck_name: str,
    name: str,
    count: int | None,
    remove_all: bool,
    zone: str | None,
    set_code: str | None,
    number: str | None,
) -> Edit:
    """``deck remove`` inside ``tx``: every removal planned (and refused) before the deck changes."""
    stored, edit, index, found = _begin(tx, deck_name, name, set_code, number)
    if stands_for(registry.game(found.game), found, index) is not None:
        groups = [[c] for c in printings_meant(index, found)]
    elif set_code:
        groups = [[found]]
    else:
        groups = [index.printings_of(found)]
    held = deck_cards(tx, stored)
    plan: list[tuple[str, int, int]] = []  # (zone, card id, copies to remove)
    for group in groups:
        plan += _group_removal(stored.name, edit, group, held, zone, count, remove_all)
    for z, cid, take in plan:
        left = change_count(tx, stored, z, cid, -take)
        edit.changes.append(DeckChange(z, index.card(cid), -take, left))
    edit.zone_sizes = {c.zone: zone_size(tx, stored, c.zone) for c in edit.changes}
    return edit


def _group_removal(
    deck_name: str,
    edit: Edit,
    group: list[CardRef],
    held: list[tuple[str, int, int]],
    zone: str | None,
    count: int | None,
    remove_all: bool,
) -> list[tuple[str, int, int]]:
    """The (zone, card id, copies) to take for one card's printings ``group`` from the deck's ``held`` cards, the
    last-added printing first; refused when the deck holds none, holds it in two zones, or too few copies."""
    rows, zones = _group_rows(deck_name, edit, group, held, zone)
    plan: list[tuple[str, int, int]] = []
    have = sum(n for _, _, n in rows)
    want = have if remove_all else (count or 1)
    if want > have:
        args: dict[str, Any] = {
            "deck": deck_name,
            "count": have,
            "card": group[0].name,
            "zone": edit.label(zone or zones[0]),
        }
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
    return plan


def _group_rows(
    deck_name: str, edit: Edit, group: list[CardRef], held: list[tuple[str, int, int]], zone: str | None
) -> tuple[list[tuple[str, int, int]], list[str]]:
    """The deck's rows of one card's printings (in ``zone`` if given) and their zones, refused when the deck holds
    none of them or holds them in more than one zone."""
    ids = {c.id for c in group}
    rows = [(z, cid, n) for z, cid, n in held if cid in ids and (zone is None or z == zone)]
    if not rows:
        raise DeckcliError(
            Message(
                "deck {deck!r} holds no {card!r} in its {zone}",
                deck=deck_name,
                card=group[0].name,
                zone=edit.label(zone),
            )
            if zone
            else Message("deck {deck!r} holds no {card!r}", deck=deck_name, card=group[0].name)
        )
    zones = sorted({z for z, _, _ in rows}, key=edit.format.display_rank)
    if len(zones) > 1:
        raise DeckcliError(
            Message(
                "{card!r} is in {zones}; say which with --zone",
                card=group[0].name,
                zones=" and ".join(edit.label(z) for z in zones),
            )
        )
    return rows, zones
