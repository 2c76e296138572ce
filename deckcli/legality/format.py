"""One format as deckcli holds it: a game's construction rules, card limits and opening rules, ``extends`` merged,
as typed fields parsed once from the file (:func:`parse_format`); :mod:`deckcli.legality.formats` reads and checks
the files. Every default of ``schemas/format.schema.json`` is written here, once, beside the key it fills; no other
module reads a format's JSON by key (``tests/architecture/test_format_reads.py``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import date
from typing import Any, NamedTuple

from deckcli.decklists.model import zone_rank
from deckcli.games import registry
from deckcli.legality.opening import OpeningRules

#: The rules ``formats show`` prints as the file writes them (absent: the format has none), in the order it shows them.
_AS_WRITTEN = ("legal_sets", "champions", "draft", "name_limit", "side_exchange", "checks", "opening")


class FormatZone(NamedTuple):
    """One zone of a format (``zones.<name>``): its size bounds, the card kinds it holds and its size rule's id."""

    name: str
    #: ``label``; None: the game's title for the zone names it.
    label: str | None = None
    #: ``labels``: the label in other languages (language code -> text).
    labels: Mapping[str, str] | None = None
    #: ``min`` as written (None: not given; :attr:`fewest` is the bound checked).
    min: int | None = None
    #: ``max`` (schema: default no limit).
    max: int | None = None
    #: ``kinds`` (schema: absent, any kind; an empty list holds none).
    kinds: tuple[str, ...] | None = None
    #: ``rule`` as written; :attr:`size_rule` is the id reported.
    rule: str | None = None

    @property
    def size_rule(self) -> str:
        """The rule id reported when the zone's size is out of bounds (``rule``, else ``<zone>-size``)."""
        return self.rule or f"{self.name}-size"

    @property
    def fewest(self) -> int:
        """The fewest cards the zone may hold (``min``; schema: default 0)."""
        return 0 if self.min is None else self.min

    @property
    def sizes(self) -> str:
        """``50-60``, ``18`` or ``0+`` for the zone's size bounds."""
        if self.max is None:
            return f"{self.fewest}+"
        return str(self.fewest) if self.fewest == self.max else f"{self.fewest}-{self.max}"

    def holds(self, kind: str) -> bool:
        """Whether the zone accepts cards of ``kind`` (every kind when the format names none)."""
        return self.kinds is None or kind in self.kinds


class CopyLimit(NamedTuple):
    """``copy_limit``: the most copies of one card name, counted over ``zones`` together (None: every zone)."""

    max: int
    zones: tuple[str, ...] | None


class NameLimit(NamedTuple):
    """``name_limit`` (aqa ネーム): the declared ネーム on up to ``declared_max`` cards, every other on up to ``max``;
    ``meta_key`` only as an older file gives it (checked to be the game's key when loaded)."""

    max: int
    declared_max: int
    meta_key: str | None


@dataclass(frozen=True)
class Champions:
    """``champions`` (sfb): the deck is the card sets of exactly ``count`` champions, ``cards_each`` cards each."""

    count: int
    cards_each: int


class Version(NamedTuple):
    """One dated version of the restricted list (``versions[]``): in force from ``starts`` (``from``, YYYY-MM-DD)."""

    starts: str
    description: str | None
    card_limits: Mapping[str, int]


@dataclass(frozen=True)
class Format:
    """One format, with ``extends`` already merged in, every field typed (:func:`parse_format`)."""

    name: str
    game: str
    title: str
    path: str = ""
    #: The ``from`` date of the dated version whose card limits are in force (:meth:`on`); None: the format's own.
    version: str | None = None
    description: str | None = field(default=None, compare=False)
    extends: str | None = field(default=None, compare=False)
    #: ``default`` (schema: default false; never inherited).
    is_default: bool = field(default=False, compare=False)
    #: ``draw_zone`` (schema: default the games' main deck, :func:`deckcli.games.registry.default_zone`).
    draw_zone: str = field(default="", compare=False)
    #: Zone name -> zone, in file order: the order of display (:meth:`display_order`).
    zones: Mapping[str, FormatZone] = field(default_factory=dict, repr=False, compare=False)
    copy_limit: CopyLimit | None = field(default=None, compare=False)
    #: ``card_limits``: card name -> most copies (0: banned); those of :attr:`version` once :meth:`on` picked it.
    card_limits: Mapping[str, int] = field(default_factory=dict, repr=False, compare=False)
    #: ``versions``, oldest first (empty: the card limits do not change over time).
    versions: tuple[Version, ...] = field(default=(), repr=False, compare=False)
    #: ``legal_sets``; None or empty: every set.
    legal_sets: tuple[str, ...] | None = field(default=None, compare=False)
    champions: Champions | None = field(default=None, compare=False)
    #: ``draft.pool_format``: the format a pool is checked under; None: no competitive draft.
    draft_pool_format: str | None = field(default=None, compare=False)
    name_limit: NameLimit | None = field(default=None, compare=False)
    #: ``side_exchange.zones``; None: no side exchange.
    side_exchange: tuple[str, ...] | None = field(default=None, compare=False)
    #: ``checks``: the named checks only code can do.
    checks: tuple[str, ...] = field(default=(), compare=False)
    #: ``opening``; None when it states no hand size for a deck that is drawn from (refused by what deals it).
    opening: OpeningRules | None = field(default=None, compare=False)
    #: The rules as the file writes them, for ``formats show`` (:meth:`rules_as_written`) only.
    rules_written: Mapping[str, Any] = field(default_factory=dict, repr=False, hash=False, compare=False)

    def on(self, day: date) -> Format:
        """The format as in force on ``day``: the card limits of the latest version from ``day`` or before
        (the format's own ``card_limits`` before its first version)."""
        if not self.versions:
            return self
        current = [v for v in self.versions if date.fromisoformat(v.starts) <= day]
        if not current:
            return replace(self, version=None)
        return replace(self, card_limits=current[-1].card_limits, version=current[-1].starts)

    def display_rank(self, zone: str) -> tuple[int, int, str]:
        """Sort key of the order zones are shown in: the format's zones in file order, then any other zone in the
        games' canonical order (:func:`deckcli.decklists.model.zone_rank`)."""
        if zone in self.zones:
            return (0, list(self.zones).index(zone), "")
        return (1, *zone_rank(zone))

    def display_order(self, used: Iterable[str] = ()) -> list[str]:
        """The format's zones and every zone of ``used`` (a deck's zones, the zones set aside), in the order they are
        shown (:meth:`display_rank`)."""
        return sorted({*self.zones, *used}, key=self.display_rank)

    def rules_as_written(self) -> dict[str, Any]:
        """``copy_limit`` (None: no limit) and each rule of :data:`_AS_WRITTEN` the format has, as the file writes
        them: what ``formats show --json`` prints."""
        shown = {"copy_limit": self.rules_written.get("copy_limit")}
        return shown | {key: self.rules_written[key] for key in _AS_WRITTEN if key in self.rules_written}

    def opening_as_written(self) -> list[tuple[str, Any]]:
        """The opening rules the file states, in its order, as ``(key, value)``: what ``formats show`` lists (the
        rules it leaves out take their defaults in :attr:`opening`)."""
        return list(self.rules_written.get("opening", {}).items())


def parse_format(doc: dict[str, Any], path: str) -> Format:
    """The typed format of a merged format document already checked against its schema and for consistency."""
    copy_limit, name_limit, champions = doc.get("copy_limit"), doc.get("name_limit"), doc.get("champions")
    legal_sets, side_exchange = doc.get("legal_sets"), doc.get("side_exchange")
    return Format(
        name=doc["name"],
        game=doc["game"],
        title=doc.get("title", doc["name"]),
        path=path,
        description=doc.get("description"),
        extends=doc.get("extends"),
        is_default=bool(doc.get("default", False)),
        draw_zone=draw_zone_of(doc),
        zones={name: _zone(name, spec) for name, spec in doc.get("zones", {}).items()},
        copy_limit=CopyLimit(copy_limit["max"], _names(copy_limit.get("zones"))) if copy_limit else None,
        card_limits=dict(doc.get("card_limits", {})),
        versions=tuple(
            Version(v["from"], v.get("description"), dict(v["card_limits"])) for v in doc.get("versions", [])
        ),
        legal_sets=_names(legal_sets),
        champions=Champions(champions["count"], champions["cards_each"]) if champions else None,
        draft_pool_format=doc["draft"]["pool_format"] if doc.get("draft") else None,
        name_limit=NameLimit(name_limit["max"], name_limit["declared_max"], name_limit.get("meta_key"))
        if name_limit
        else None,
        side_exchange=tuple(side_exchange["zones"]) if side_exchange else None,
        checks=tuple(doc.get("checks", ())),
        opening=_opening(doc.get("opening", {})),
        rules_written={key: doc[key] for key in ("copy_limit", *_AS_WRITTEN) if key in doc},
    )


def draw_zone_of(doc: Mapping[str, Any]) -> str:
    """A format document's ``draw_zone`` (schema: default the games' main deck)."""
    return doc.get("draw_zone") or registry.default_zone()


def _zone(name: str, spec: Mapping[str, Any]) -> FormatZone:
    kinds = spec.get("kinds")
    return FormatZone(
        name,
        label=spec.get("label") or None,
        labels=spec.get("labels") or None,
        min=spec.get("min"),
        max=spec.get("max"),
        kinds=tuple(kinds) if kinds is not None else None,
        rule=spec.get("rule"),
    )


def _names(names: list[str] | None) -> tuple[str, ...] | None:
    return tuple(names) if names is not None else None


def _opening(opening: Mapping[str, Any]) -> OpeningRules | None:
    """``opening`` parsed (schema: ``draw`` default true, the others in :class:`OpeningRules`); None when a deck that
    is drawn from has no ``hand_size``: the commands that deal it refuse it then (:meth:`OpeningRules.of`)."""
    if "hand_size" not in opening and opening.get("draw", True) is not False:
        return None
    return OpeningRules.from_dict(opening)
