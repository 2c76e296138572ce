"""What the printed sheets and the published pages show of each registration: zones, cards, curve, group, figure.

Each locked decklist is resolved again (:class:`deckcli.legality.resolve.Resolver`) for the games' data it carries
(zone titles, the card as printed and its English name, the curve field, the metagame field); the templates get
plain values only and do no work of their own beyond laying them out.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckcli.cards.shownname import local_name, name_in
from deckcli.events.figures import KeyFigure, KeyFigures, deck_group
from deckcli.events.records import EventInfo, Registration
from deckcli.events.slugs import unique_slugs
from deckcli.i18n import ENGLISH, Message

if TYPE_CHECKING:
    from deckcli.legality.resolved import ResolvedDeck
    from deckcli.storage.reads import Readable


@dataclass(frozen=True)
class CardLine:
    """``count`` copies of a card: its name as printed (what decks.json holds), its English name where that differs,
    its printing, and its name in the user's language where the card data has one (``names.ru``)."""

    count: int
    name: str
    translation: str | None = None
    set_code: str | None = None
    number: str | None = None
    known: bool = True
    local: str | None = None

    @property
    def shown(self) -> str:
        """The name a page shows first: the user's language's where the card has it, else the printed one."""
        return self.local or self.name

    @property
    def beside(self) -> str | None:
        """The name shown beside it: the printed one under a translated name, else the English one, if another."""
        return self.name if self.local else self.translation

    @property
    def printing(self) -> str:
        """'S01 050', or nothing for a line that named no card."""
        return f"{self.set_code} {self.number}" if self.set_code else ""


@dataclass(frozen=True)
class ZoneView:
    """One zone of a deck as shown: its label (the format's, else the game's title), its card total and its lines."""

    name: str
    title: str
    count: int
    lines: tuple[CardLine, ...]


@dataclass(frozen=True)
class DeckView:
    """One registration as its sheet and page show it: ``shown`` is the player's name, or the anonymous 'Player N';
    ``deck_name`` the deck's, or on an anonymous site 'Player N's deck' for a name not from the decklist; ``late``
    marks a late registration (never on an anonymous site: it tells when the player registered); ``declared`` what
    the decklist declares for its game's name-level hook (aqa's ``Ne-mu``: key and value), if anything."""

    registration: Registration
    shown: str
    shown_id: str | None
    deck_name: str
    late: bool
    slug: str
    game_title: str
    format_name: str
    zones: tuple[ZoneView, ...]
    curve_field: str
    curve: tuple[tuple[str, int], ...]
    group: tuple[str, ...]
    key: KeyFigure | None
    rules: tuple[str, ...]
    declared: tuple[str, str] | None

    @property
    def card_total(self) -> int:
        return sum(zone.count for zone in self.zones)

    def card_names(self) -> list[str]:
        """Every card name on the deck's sheet and page (tests check each one is there)."""
        return [line.name for zone in self.zones for line in zone.lines]


def _line(card: Any, count: int) -> CardLine:
    """A resolved card's line: the printed name, the English one when the card has another, and the user's
    language's (``names.<language>``) when the card data has it."""
    return CardLine(
        count,
        card.name,
        name_in(card, ENGLISH),  # the smaller name beside one printed in another script (aqa's Japanese)
        card.set_code,
        card.number,
        local=local_name(card),
    )


def zone_views(deck: ResolvedDeck) -> tuple[ZoneView, ...]:
    """The deck's zones that hold cards, in the format's order, under their labels; lines that named no
    card (an illegal registration) are kept as written, marked unknown. Zones set aside (a maybeboard) are left out:
    they are not part of the deck that is played."""
    from deckcli.decks.view import grouped
    from deckcli.games import registry

    game = registry.game(deck.game)
    unknown: dict[str, list[CardLine]] = {}
    for entry in deck.unresolved:
        unknown.setdefault(entry.zone, []).append(CardLine(entry.count, entry.name or "?", known=False))
    views = []
    for zone, kinds in grouped(deck):
        lines = [_line(card, n) for _, cards in kinds for card, n in cards] + unknown.pop(zone, [])
        if lines:
            views.append(_zone(game, deck, zone, lines))
    for zone, lines in unknown.items():  # an unknown card in a zone the format lacks
        views.append(_zone(game, deck, zone, lines))
    return tuple(views)


def _zone(game: Any, deck: ResolvedDeck, zone: str, lines: list[CardLine]) -> ZoneView:
    return ZoneView(zone, game.zone_label(zone, deck.format.zones), sum(line.count for line in lines), tuple(lines))


def deck_views(
    db: Readable, event: EventInfo, registrations: Sequence[Registration], anonymous: bool = False, figures: bool = True
) -> list[DeckView]:
    """The view of every registration, in the order given (anonymous: numbered 'Player N' in the order of
    :func:`anonymous_order` and listed in that order, as the order given is when they registered; no id, no late
    mark, no deck name derived from the player). ``figures``: compute each deck's opening-hand figure (the sheets
    do not show it)."""
    from deckcli.decks.view import curve
    from deckcli.games import registry
    from deckcli.games.hooks import hook
    from deckcli.games.hooks.name_level import NameLevel
    from deckcli.legality.formats import load_format
    from deckcli.legality.resolve import Resolver

    resolver = Resolver(db, event.date)
    fmt = load_format(event.format, event.game)  # read once for every deck (a format given by path is a file)
    game = registry.game(event.game)
    keys = KeyFigures(game) if figures else None
    level = hook(game, NameLevel.name)
    if anonymous:
        registrations = anonymous_order(registrations)
    shown = [_shown(r, n, anonymous) for n, r in enumerate(registrations, 1)]
    slugs = unique_slugs([name for name, _, _ in shown])
    views = []
    for registration, slug, (name, player_id, deck_name) in zip(registrations, slugs, shown):
        deck = resolver.resolve(registration.decklist, fmt, event.game)  # the locked copy, under the event
        field_name, buckets = curve(deck)
        views.append(
            DeckView(
                registration=registration,
                shown=name,
                shown_id=player_id,
                deck_name=deck_name,
                late=registration.late and not anonymous,
                slug=slug,
                game_title=game.title,
                format_name=deck.format.name,
                zones=zone_views(deck),
                curve_field=game.field_label(field_name),
                curve=tuple(buckets),
                group=deck_group(game, deck),
                key=keys.figure(deck) if keys else None,
                rules=tuple(registration.rule_ids),
                declared=level.declaration(deck.decklist.meta) if level else None,
            )
        )
    return views


def _shown(registration: Registration, number: int, anonymous: bool) -> tuple[str, str | None, str]:
    """The player's name, id and deck name shown; anonymous: 'Player N', no id, and the deck's name only when its
    decklist gave it (a name made from the file or the form row is the player's, often)."""
    if not anonymous:
        return registration.player, registration.player_id, registration.deck
    player = Message("Player {number}", number=number)  # English in the data files, translated on the pages
    return player, None, registration.named_deck or Message("{player}'s deck", player=player)


def anonymous_order(registrations: Sequence[Registration]) -> list[Registration]:
    """The anonymous site's order: by fingerprint, then by what the deck's page shows (its decklist's own name, its
    printings, its problems). Decks equal in all of these have pages alike but for their number, so their order
    (that of registering) tells nothing; no player's name, id or registration time orders them."""
    from deckcli.events.locked import locked_data

    def shown(r: Registration) -> tuple[str, str, str, str]:
        zones = json.dumps(locked_data(r.decklist).get("zones", {}), sort_keys=True, ensure_ascii=False)
        problems = [(p.rule, p.message) for p in r.problems]  # as the page lists them
        return r.fingerprint, r.named_deck or "", zones, json.dumps(problems, ensure_ascii=False)

    return sorted(registrations, key=shown)
