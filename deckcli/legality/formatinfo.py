"""What ``deckcli formats`` shows: each bundled format in a row (game, zones and sizes, copy limit, default), and
one format's every rule with the banned and restricted lists in force on a day and its dated versions.

Typed results built from the parsed :class:`~deckcli.legality.format.Format`: the CLI reads their fields, and each
``as_dict()`` is what ``--json`` prints (its keys English and stable; the rules a format states are printed as its
file writes them, :meth:`Format.rules_as_written`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any, NamedTuple

from deckcli.games import registry
from deckcli.games.labels import DataLabel
from deckcli.legality.format import Format
from deckcli.legality.formats import list_formats, load_format


class FormatRow(NamedTuple):
    """One bundled format in the listing of ``deckcli formats``."""

    name: str
    game: str
    title: str
    #: Each zone with its size bounds: ``main 50-60, limitbreak 0-20, side 0-20``.
    zones: str
    #: The most copies of a name (None: no limit).
    copy_limit: int | None
    default: bool

    def as_dict(self) -> dict[str, Any]:
        """The row as ``--json`` and ``--csv`` give it (the columns in field order)."""
        return self._asdict()


class ZoneDetails(NamedTuple):
    """One zone of a format as ``formats show`` lists it."""

    zone: str
    #: The format's label for it (English, with its translations for where it is shown); the zone's id without one.
    label: str
    #: ``50-60``, ``18`` or ``0+``.
    size: str
    #: The card kinds it holds (empty: any).
    kinds: tuple[str, ...]
    #: The size rule's id as the file writes it (None: ``<zone>-size``).
    rule: str | None
    #: The translations of the format's own label (None: it has none; the game's title for the zone is shown).
    labels: Mapping[str, str] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {"zone": self.zone, "label": self.label, "size": self.size, "kinds": list(self.kinds), "rule": self.rule}


class RestrictedCard(NamedTuple):
    """A card a format limits to fewer copies than its copy limit (1 or 2), not to none."""

    card: str
    max: int


class CardLimits(NamedTuple):
    """A card-limit list: the banned names (limit 0) and the restricted ones with their limits, each by name."""

    banned: tuple[str, ...]
    restricted: tuple[RestrictedCard, ...]

    @classmethod
    def of(cls, card_limits: Mapping[str, int]) -> CardLimits:
        """The list of a format's ``card_limits`` (card name -> most copies)."""
        return cls(
            tuple(sorted(name for name, n in card_limits.items() if n == 0)),
            tuple(RestrictedCard(name, n) for name, n in sorted(card_limits.items()) if n > 0),
        )

    def as_dict(self) -> dict[str, Any]:
        return {"banned": list(self.banned), "restricted": [r._asdict() for r in self.restricted]}


class CardLimitVersion(NamedTuple):
    """One dated version of a format's card limits."""

    #: In force from this day (``from``, YYYY-MM-DD).
    starts: str
    #: Whether it is the version in force on the day asked.
    in_force: bool
    description: str | None
    limits: CardLimits

    def as_dict(self) -> dict[str, Any]:
        return {"from": self.starts, "in_force": self.in_force, "description": self.description} | self.limits.as_dict()


class OpeningSetting(NamedTuple):
    """One opening rule a format file states (``hand_size``, 6), as it writes it."""

    key: str
    value: Any


@dataclass(frozen=True)
class FormatDetails:
    """Every rule of one format and its card limits on a day: what ``formats show`` prints. The rules are the parsed
    :attr:`format`'s own fields; what is added here is how ``formats show`` lists them and the day's card limits."""

    format: Format
    zones: tuple[ZoneDetails, ...]
    #: The opening rules the file states, in its order (the others take their defaults).
    opening: tuple[OpeningSetting, ...]
    #: The day asked.
    day: date
    #: The ``from`` day of the dated version in force on :attr:`day` (None: the format's own card limits).
    version: str | None
    #: The card limits in force on :attr:`day`.
    limits: CardLimits
    versions: tuple[CardLimitVersion, ...]

    def zone_name(self, zone: str) -> str:
        """A zone as a line names it: its id in English, the format's label for it (a pool) in the user's language
        where the format translates it, else the game's title for the zone (:meth:`registry.Game.zone_name`)."""
        labels = next((z.labels for z in self.zones if z.zone == zone), None)
        return DataLabel(zone, labels) if labels else registry.game(self.format.game).zone_name(zone, {})

    def kind_name(self, kind: str) -> str:
        """A card kind as a line names it: its id in English, its heading in the user's language."""
        return registry.game(self.format.game).kind_name(kind)

    def as_dict(self) -> dict[str, Any]:
        """What ``formats show --json`` prints."""
        fmt = self.format
        return (
            {
                "name": fmt.name,
                "game": fmt.game,
                "title": fmt.title,
                "description": fmt.description,
                "file": fmt.path,
                "extends": fmt.extends,
                "default": fmt.is_default,
                "zones": [z.as_dict() for z in self.zones],
                "draw_zone": fmt.draw_zone,
            }
            | fmt.rules_as_written()
            | {"date": self.day.isoformat(), "version": self.version}
            | self.limits.as_dict()
            | {"versions": [v.as_dict() for v in self.versions]}
        )


def format_rows(game: str | None = None) -> list[FormatRow]:
    """One row per bundled format (of ``game``), by game then name."""
    formats = [f for f in list_formats() if game is None or f.game == game]
    return [
        FormatRow(
            name=f.name,
            game=f.game,
            title=f.title,
            zones=", ".join(f"{zone} {rule.sizes}" for zone, rule in f.zones.items()),
            copy_limit=f.copy_limit.max if f.copy_limit else None,
            default=f.is_default,
        )
        for f in sorted(formats, key=lambda f: (f.game, f.name))
    ]


def format_details(ref: str, day: date | None = None) -> FormatDetails:
    """Every rule of the format ``ref`` (a bundled name or a format file), its card limits in force on ``day``
    (default today) and each dated version's lists."""
    fmt = load_format(ref)
    day = day or date.today()
    current = fmt.on(day)
    return FormatDetails(
        format=fmt,
        zones=_zones(fmt),
        opening=tuple(OpeningSetting(key, value) for key, value in fmt.opening_as_written()),
        day=day,
        version=current.version,
        limits=CardLimits.of(current.card_limits),
        versions=tuple(
            CardLimitVersion(v.starts, v.starts == current.version, v.description, CardLimits.of(v.card_limits))
            for v in fmt.versions
        ),
    )


def _zones(fmt: Format) -> tuple[ZoneDetails, ...]:
    """The format's zones in file order; a zone the format labels is named by its label (and its translations)."""
    game = registry.game(fmt.game)
    return tuple(
        ZoneDetails(
            zone=zone,
            label=game.zone_label(zone, fmt.zones) if spec.label else zone,
            size=spec.sizes,
            kinds=spec.kinds or (),
            rule=spec.rule,
            labels=spec.labels if spec.label else None,
        )
        for zone, spec in fmt.zones.items()
    )
