"""The games deckcli knows, read from ``carddb/<game>/game.json`` (checked by ``schemas/game.schema.json``).

Everything the rest of deckcli knows about a game comes from here: its title, kinds, zones and their
decklist headers, routing of kinds to zones, summary and curve fields, its card schema and its hooks.
A new game is a folder of data; no code names a game.

Listing the game codes (for ``--game`` choices) only parses the files; the full check against the
schema runs the first time a game's details are used (once per content: :mod:`deckcli.validation.verdicts`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol, TypeGuard

from deckcli.errors import GameDataError, NotFoundError
from deckcli.files import jsontext
from deckcli.files.jsonfiles import bundled_json
from deckcli.games.labels import DataCount, DataLabel
from deckcli.i18n import N_, Message, error_text
from deckcli.storage.location import carddb_dir
from deckcli.words import plural

GAME_FILE = "game.json"
GAME_SCHEMA = "game.schema.json"


class ZoneSpec(Protocol):
    """What a game reads of a format's zone (:class:`deckcli.legality.format.FormatZone`): its label and the kinds
    it holds (None: the game's)."""

    @property
    def label(self) -> str | None: ...
    @property
    def labels(self) -> Mapping[str, str] | None: ...
    @property
    def kinds(self) -> tuple[str, ...] | None: ...


@dataclass(frozen=True)
class Zone:
    """One zone of a game's decks: its name, deck-code id, text header and the section headers that open it.

    An ``aside`` zone (a maybeboard) is kept with the deck but never counted for legality, odds or needs."""

    name: str
    id: int
    title: str
    headers: tuple[str, ...]
    kinds: tuple[str, ...] | None = None
    routed: bool = True
    counted: bool = True
    stands_for: str | None = None
    aside: bool = False
    #: The title in other languages (``{"ja": ..., "ru": ...}``), as the user reads it (:meth:`Game.zone_label`).
    labels: dict[str, str] = field(default_factory=dict, compare=False)

    def accepts(self, kind: str) -> bool:
        """Whether the zone holds cards of ``kind`` by default."""
        return self.kinds is None or kind in self.kinds


@dataclass(frozen=True)
class Game:
    """One game, as its ``game.json`` describes it."""

    code: str
    title: str
    card_schema: str
    folder: Path
    kinds: dict[str, dict[str, Any]]
    zones: dict[str, Zone]
    summary_fields: tuple[str, ...] = ()
    field_labels: dict[str, str] = field(default_factory=dict)
    #: A field's label in other languages (``{"cost": {"ja": "コスト"}}``): :meth:`field_label`.
    field_label_translations: dict[str, dict[str, str]] = field(default_factory=dict)
    #: A field's values in other languages (``{"colour": {"red": {"ja": "赤"}}}``): :meth:`value_label`.
    value_labels: dict[str, dict[str, dict[str, str]]] = field(default_factory=dict)
    curve_field: str = "cost"
    card_order: tuple[str, ...] = ()
    value_order: dict[str, tuple[str, ...]] = field(default_factory=dict)
    hooks: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: What a published event shows for the game (``metagame``, ``key_condition``); empty: neither.
    event: dict[str, Any] = field(default_factory=dict)
    #: How its cards are drawn for playing online and printing (``rules``, ``back``); empty: plain defaults.
    face: dict[str, Any] = field(default_factory=dict)
    #: Other header spellings of card fields in a spreadsheet card list (``{"kind": ["Type", "種類"]}``).
    column_synonyms: dict[str, tuple[str, ...]] = field(default_factory=dict)

    def __hash__(self) -> int:
        return hash(self.code)

    def kind_title(self, kind: str) -> str:
        """The plural heading of a kind ('Limitbreak monsters'); an unknown kind gets an 's'. English, with the
        data's translations (``labels``) for where it is shown (:func:`deckcli.i18n.translated`)."""
        spec = self.kinds.get(kind, {})
        return DataLabel(str(spec.get("title") or kind.capitalize() + "s"), spec.get("labels"))

    def kind_name(self, kind: str) -> str:
        """A kind as a message or one card names it (``champion``): its id in English, where it is shown the data's
        name of one card of the kind (``singular``: Russian ``Чемпион``), else its heading's translation
        (``labels``: a category's name, Japanese having no plural)."""
        spec = self.kinds.get(kind, {})
        return DataLabel(kind, {**spec.get("labels", {}), **spec.get("singular", {})})

    def kind_count(self, kind: str, count: int) -> str:
        """``count`` cards of ``kind`` ("3 champions"): :func:`deckcli.words.plural` of the kind, shown in the data's
        forms (``counts``) for the user's language."""
        return DataCount(plural(count, kind), self.kinds.get(kind, {}).get("counts"))

    def field_label(self, key: str) -> str:
        """What a summary puts before field ``key``'s value (``ATK``; else the field's name), English wherever it
        goes and in the data's translation where it is shown."""
        return DataLabel(self.field_labels.get(key, key), self.field_label_translations.get(key))

    def field_name(self, key: str) -> str:
        """A field as a column or a card's line names it (``attack``): its name in English wherever it goes, the
        data's translation of its label where it is shown (``cards show``, a curve's column)."""
        return DataLabel(key, self.field_label_translations.get(key))

    def value_label(self, key: str, value: object) -> object:
        """A field's value as it is shown: a text the data translates (``value_labels``: sfb's ``red``) as a word
        that stays itself in English, ``--json`` and files; any other value as it is."""
        labels = self.value_labels.get(key, {}).get(value) if isinstance(value, str) else None
        return DataLabel(value, labels) if labels and isinstance(value, str) else value

    def zone_label(self, zone: str, format_zones: Mapping[str, ZoneSpec]) -> str:
        """How every message and page names a zone: the format's label ('Champion Pool'), else the game's title
        for it ('Side Deck'), else 'side zone' for a zone the game lacks. English, with the data's translations
        (``labels``) for where it is shown (:func:`deckcli.i18n.translated`)."""
        spec, own = format_zones.get(zone), self.zones.get(zone)
        if spec is not None and spec.label:  # (a label that is the game's title has the game's translations)
            same = own is not None and spec.label == own.title
            return DataLabel(spec.label, spec.labels or (own.labels if same and own else None))
        return DataLabel(own.title, own.labels) if own else Message("{zone} zone", zone=zone)

    def event_label(self, part: str, key: str) -> str:
        """A word of the game's ``event`` data (``metagame``'s ``title``, ``key_condition``'s ``label``): English
        wherever it goes, with that part's ``labels`` for where it is shown; empty when the game has no such part."""
        spec = self.event.get(part) or {}
        return DataLabel(str(spec.get(key, "")), spec.get("labels"))

    def zone_name(self, zone: str, format_zones: Mapping[str, ZoneSpec]) -> str:
        """A zone as a listing's column holds it: its id (``main``) wherever it goes, English tables and ``--json``
        included, and its :meth:`zone_label` in the user's language where a translated table shows it."""
        label = self.zone_label(zone, format_zones)
        return DataLabel(zone, getattr(label, "labels", None))

    def zone_for_kind(self, kind: str, zones: Mapping[str, ZoneSpec] | None = None) -> str | None:
        """Where a card of ``kind`` goes: the kind's own zone, else the first routed zone accepting it.

        ``zones`` (a format's zones, with the kinds each holds) narrows and overrides the game's.
        """
        own = self.kinds.get(kind, {}).get("zone")
        names = list(zones) if zones is not None else list(self.zones)
        if own in names:
            return own
        for name in names:
            zone = self.zones.get(name)
            if zone is not None and not zone.routed:
                continue
            spec = zones.get(name) if zones is not None else None
            spec_kinds = spec.kinds if spec is not None else None
            accepts = kind in spec_kinds if spec_kinds is not None else (zone.accepts(kind) if zone else True)
            if accepts and (zone is None or zone.stands_for is None):
                return name
        return None

    @property
    def card_fields(self) -> dict[str, str]:
        """The fields a card of this game has, by JSON type (``cost``: ``integer``), read from its card schema once per
        process (cached): what a ``--want``, ``--vary`` or ``curve --by`` of one of its decks is checked against and
        suggested from. Callers must not change the mapping (it is shared)."""
        from deckcli.validation.jsonschemas import card_fields  # the schemas are read when asked, not on --help

        return card_fields(self.card_schema)

    def hook_settings(self, name: str) -> dict[str, Any] | None:
        """The settings of the named hook in this game's file, or None when the game does not use it."""
        return self.hooks.get(name)

    def order_of(self, field_name: str, value: object) -> int:
        """The rank of ``value`` in the game's order for ``field_name``; values without one come after."""
        order = self.value_order.get(field_name, ())
        return order.index(value) if value in order else len(order)


@cache
def _game_files() -> dict[str, Path]:
    """Game code -> its game.json, by parsing each file's ``code`` (no schema check: this is the --help path)."""
    found: dict[str, Path] = {}
    for path in sorted(carddb_dir().glob(f"*/{GAME_FILE}")):
        try:
            code = bundled_json(path).doc.get("code")
        except (OSError, ValueError, AttributeError, jsontext.JsonSyntaxError):
            code = path.parent.name  # reported properly when the game is loaded
        found[str(code) if code else path.parent.name] = path
    return found


def titles() -> dict[str, str]:
    """Game code -> title, parsed without the schema check (for the top-level help)."""
    found = {}
    for code, path in sorted(_game_files().items()):
        try:
            found[code] = str(bundled_json(path).doc.get("title") or code)
        except (OSError, ValueError, AttributeError, jsontext.JsonSyntaxError):
            found[code] = code
    return found


def codes() -> list[str]:
    """Every game code, in a stable order (cheap: for option choices and help)."""
    return sorted(_game_files())


def _zones(doc: dict[str, Any]) -> dict[str, Zone]:
    return {
        name: Zone(
            name=name,
            id=spec["id"],
            title=spec["title"],
            headers=tuple(spec["headers"]),
            kinds=tuple(spec["kinds"]) if "kinds" in spec else None,
            routed=spec.get("routed", True),
            counted=spec.get("counted", True),
            stands_for=spec.get("stands_for"),
            aside=spec.get("aside", False),
            labels=spec.get("labels", {}),
        )
        for name, spec in doc["zones"].items()
    }


def _load(path: Path) -> Game:
    from deckcli.validation.verdicts import checked_schema_errors

    label = str(path)
    try:
        text, doc = bundled_json(path)
    except (OSError, ValueError) as exc:
        raise GameDataError([Message("{file}: cannot read the game file: {reason}", file=label, reason=exc)]) from None
    except jsontext.JsonSyntaxError as exc:
        raise GameDataError([error_text(exc)]) from None
    problems = checked_schema_errors(GAME_SCHEMA, text, doc, label)  # a passed file is not checked again
    if problems:
        raise GameDataError(problems)
    return Game(
        code=doc["code"],
        title=doc["title"],
        card_schema=doc["card_schema"],
        folder=path.parent,
        kinds=doc["kinds"],
        zones=_zones(doc),
        summary_fields=tuple(doc.get("summary_fields", ())),
        field_labels=doc.get("field_labels", {}),
        field_label_translations=doc.get("field_label_translations", {}),
        value_labels=doc.get("value_labels", {}),
        curve_field=doc.get("curve_field", "cost"),
        card_order=tuple(doc.get("card_order", ())),
        value_order={k: tuple(v) for k, v in doc.get("value_order", {}).items()},
        hooks=doc.get("hooks", {}),
        event=doc.get("event", {}),
        face=doc.get("face", {}),
        column_synonyms={k: tuple(v) for k, v in doc.get("column_synonyms", {}).items()},
    )


@cache
def games() -> dict[str, Game]:
    """Every game, checked: code -> Game. Zone names shared by games must share their deck-code id."""
    loaded = {code: _load(path) for code, path in sorted(_game_files().items())}
    ids: dict[str, tuple[int, str]] = {}
    problems: list[str] = []
    for game in loaded.values():
        for zone in game.zones.values():
            seen = ids.setdefault(zone.name, (zone.id, game.code))
            if seen[0] != zone.id:
                text = N_("{file}: $.zones.{zone}.id: {id}, but {other} gives it {other_id}")
                file = game.folder / GAME_FILE
                problems.append(Message(text, file=file, zone=zone.name, id=zone.id, other=seen[1], other_id=seen[0]))
    if len({i for i, _ in ids.values()}) != len(ids):
        shared = sorted(ids.items(), key=lambda kv: kv[1])
        problems.append(
            Message("{folder}: two zone names share one deck-code id: {zones}", folder=carddb_dir(), zones=shared)
        )
    if problems:
        raise GameDataError(problems)
    return loaded


def game(code: str) -> Game:
    """The game with this code (any case), or an error naming the known games."""
    found = games().get(code.lower()) if isinstance(code, str) else None
    if found is None:
        raise NotFoundError(Message("unknown game {game!r}; known games: {games}", game=code, games=", ".join(codes())))
    return found


def card_fields_of(code: str | None) -> dict[str, str]:
    """What a filter on cards is checked against and suggested from: the game ``code``'s card fields
    (:attr:`Game.card_fields`), or every game's when the cards may be of any game (None)."""
    if code:
        return game(code).card_fields
    from deckcli.validation.jsonschemas import card_fields  # the schemas are read when asked, not on --help

    return card_fields()


def is_game(code: object) -> TypeGuard[str]:
    """Whether ``code`` is a known game code (exactly, lower case)."""
    return isinstance(code, str) and code in _game_files()


def title(code: str) -> str:
    """The game's title, or the code itself for an unknown game."""
    return games()[code].title if is_game(code) else code


def named(code: str) -> str:
    """'Battle of Aeons (boa)': how messages name a game."""
    return f"{title(code)} ({code})"


@cache
def zones() -> dict[str, Zone]:
    """Every zone name of every game, by deck-code id: one order for listings, files and codes."""
    merged: dict[str, Zone] = {}
    for g in games().values():
        for zone in g.zones.values():
            merged.setdefault(zone.name, zone)
    return dict(sorted(merged.items(), key=lambda kv: kv[1].id))


@cache
def default_zone() -> str:
    """The zone a decklist's card lines go to before any section header, and a format's draw zone when it names none:
    the first zone (in deck-code order) that every game has and that holds cards of its own (``main``)."""
    every = [g.zones for g in games().values()]
    for name, zone in zones().items():
        if all(name in z for z in every) and zone.routed and not zone.stands_for and not zone.aside:
            return name
    text = N_("{folder}: no zone that every game has holds cards of its own (a main deck)")
    raise GameDataError([Message(text, folder=carddb_dir())])


def zone_order() -> tuple[str, ...]:
    """Every game's zone names in their canonical order (deck-code id): the order of decklist files and deck codes.
    A deck's zones are shown in its format's order (:meth:`deckcli.legality.format.Format.display_order`)."""
    return tuple(zones())


@cache
def section_headers() -> dict[str, str]:
    """Every section header spelling (casefolded, single spaces) -> the zone it opens, over all games."""
    headers: dict[str, str] = {}
    for g in games().values():
        for zone in g.zones.values():
            for header in zone.headers:
                headers.setdefault(" ".join(header.split()).casefold(), zone.name)
    return headers


def pseudo_zones() -> frozenset[str]:
    """Zones whose lines stand for other cards (an sfb Champions line: the champion's action cards)."""
    return _zone_sets(zones())[0]


def uncounted_zones() -> frozenset[str]:
    """Zones whose lines name one item each, with no count (sfb Champions)."""
    return _zone_sets(zones())[1]


_ZONE_SETS: list = [None, None]


def _zone_sets(merged: dict[str, Zone]) -> tuple[frozenset[str], frozenset[str]]:
    """The pseudo and uncounted zones of ``merged`` (zones()), worked out once per zones() table: every decklist
    line asks."""
    if _ZONE_SETS[0] is not merged:
        _ZONE_SETS[:] = [
            merged,
            (
                frozenset(n for n, z in merged.items() if z.stands_for),
                frozenset(n for n, z in merged.items() if not z.counted),
            ),
        ]
    return _ZONE_SETS[1]


def aside_zones() -> frozenset[str]:
    """Zones of cards set aside (a maybeboard): kept with a deck, never counted for legality, odds or needs."""
    return frozenset(name for name, zone in zones().items() if zone.aside)


def games_by_zone(zone: str) -> frozenset[str]:
    """The games a decklist's pseudo-zone points to: those declaring it (a Champions section says sfb). A real
    zone says nothing (a Main Deck is in every game; a card put in the wrong zone is still its game's card)."""
    if zone not in pseudo_zones():
        return frozenset()
    return frozenset(code for code, g in games().items() if zone in g.zones)
