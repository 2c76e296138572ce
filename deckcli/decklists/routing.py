"""Which zone each card of a decklist ends up in, from the game's data. A card in the main deck only by default (a
list with no section headers, or from a tool that knows no zones of the game: Arena, MTGO, Moxfield,
Cockatrice, ...) that the main deck does not hold goes where its game routes its kind, when the list gives that
zone no cards of its own.

So a boa Limitbreak monster in such a list goes to the Limitbreak deck; one under an explicit Side header stays
(the side deck holds every kind); one under deckcli's own Main Deck header, or in the main deck of a list that
has a Limitbreak section, stays for the rules to report, as does a card put in any other zone. A last group
after a blank line, read as the side deck, goes back to the main deck when the format has no side deck.
Each move is reported once per kind, as a note, not a problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from deckcli.decklists.model import GIVEN, GUESSED, DeckEntry, Decklist
from deckcli.games import registry
from deckcli.games.labels import DataLabel
from deckcli.games.registry import Game, ZoneSpec
from deckcli.i18n import Message


class ZoneRouter:
    """Routes the cards of one decklist of ``game`` under a format's ``zones`` (name -> its label and kinds)."""

    def __init__(self, game: Game, zones: Mapping[str, ZoneSpec], deck: Decklist):
        self.game, self.zones = game, zones
        self.main = registry.default_zone()  # where card lines go before any section header
        self.listed = {e.zone for e in deck.entries}
        self.moved: Counter[tuple[str, str]] = Counter()
        self.grouped: list[DeckEntry] = []

    def zone(self, entry: DeckEntry, kind: str) -> str:
        """The zone a card of ``kind`` read on ``entry`` goes to."""
        zone = entry.zone
        if entry.placed == GUESSED:
            if zone not in self.zones:
                zone = self.main
            else:
                self.grouped.append(entry)
        if entry.placed == GIVEN or zone != self.main or self._accepts(zone, kind):
            return zone
        target = self.game.zone_for_kind(kind, self.zones)
        if target is None or target == zone or target in self.listed:
            return zone
        self.moved[(kind, target)] += entry.count
        return target

    def _accepts(self, zone: str, kind: str) -> bool:
        """Whether the zone holds the kind (a zone the format lacks is left for the rules to report)."""
        spec = self.zones.get(zone)
        if spec is None:
            return True
        if spec.kinds is not None:
            return kind in spec.kinds
        own = self.game.zones.get(zone)
        return own is None or own.accepts(kind)

    def notes(self) -> list[str]:
        """What routing did, in words: '3 Limitbreak monsters moved to the Limitbreak Deck'."""
        notes: list[str] = []
        if self.grouped:
            lines = [e.line for e in self.grouped if e.line is not None]
            count = sum(e.count for e in self.grouped)
            zone_label = self.game.zone_label(self.grouped[0].zone, self.zones)
            if not lines:
                notes.append(self._group_note(count, zone_label, None, None))
            else:
                notes.append(self._group_note(count, zone_label, min(lines), max(lines)))
        for (kind, zone), count in self.moved.items():
            title = self.game.kind_title(kind)
            what = title if count != 1 else DataLabel(title.removesuffix("s"), getattr(title, "labels", None))
            notes.append(
                Message(
                    "{count} {kind} moved to the {zone}",
                    count=count,
                    kind=what,
                    zone=self.game.zone_label(zone, self.zones),
                )
            )
        return notes

    @staticmethod
    def _group_note(count: int, zone: str, first: int | None, last: int | None) -> Message:
        """The note on the last group read as a zone, with its line or lines."""
        if first is None:
            return Message(
                "the last group of {count} card, after a blank line and with no section header, was read as the {zone}",
                "the last group of {count} cards, after a blank line and with no section header, was read as the {zone}",
                count,
                zone=zone,
            )
        if first == last:
            return Message(
                "the last group of {count} card (line {first}), after a blank line and with no section header, was"
                " read as the {zone}",
                "the last group of {count} cards (line {first}), after a blank line and with no section header, was"
                " read as the {zone}",
                count,
                zone=zone,
                first=first,
            )
        return Message(
            "the last group of {count} card (lines {first}–{last}), after a blank line and with no section header,"
            " was read as the {zone}",
            "the last group of {count} cards (lines {first}–{last}), after a blank line and with no section header,"
            " was read as the {zone}",
            count,
            zone=zone,
            first=first,
            last=last,
        )
