"""Decklists as JSON documents, validated against ``schemas/decklist.schema.json``.

A JSON decklist is read whole or not at all: every schema violation is collected and raised as one
InputError (``source: $.json.path: message`` per line), never a Decklist with problems.
"""

from __future__ import annotations

import copy
import json
from functools import cache

from deckcli.decklists.model import DeckEntry, Decklist, entry_problem, listed_once, meta_key, meta_problem
from deckcli.errors import InputError
from deckcli.files import jsontext
from deckcli.games import registry
from deckcli.i18n import Lines, Message

SCHEMA = "decklist.schema.json"
#: The same schema completed with the zones of every game in carddb/ (built when first needed).
GAMES_SCHEMA = "decklist-games.schema.json"
GAMES_SCHEMA_ID = "https://deckcli.dev/schemas/decklist-games.schema.json"
#: How many schema errors one InputError lists before counting the rest.
MAX_ERRORS = 20


def parse_json(text: str, source: str = "<json>") -> Decklist:
    """Read a JSON decklist; raises InputError naming the line/column of a syntax error or every schema error."""
    data = jsontext.parse_json(text, source)  # "source: line L, column C: not valid JSON: reason", as every reader
    errors = decklist_errors(data, source)
    if errors:
        raise InputError(Lines(errors))
    deck = Decklist(source=source, name=data.get("name"), format=data.get("format"))
    if "game" in data:
        deck.game = data["game"].lower()
    for key, value in data.get("meta", {}).items():
        deck.meta[meta_key(key)] = value
    zones = data.get("zones", {})
    for zone in registry.zone_order():
        for item in zones.get(zone, []):
            deck.entries.append(
                DeckEntry(zone, int(item.get("count", 1)), item.get("name", ""), item.get("set"), item.get("number"))
            )
    return deck


def decklist_errors(data: object, source: str) -> list[str]:
    """Every violation of the decklist schema as ``source: $.path: message`` (at most MAX_ERRORS and a count)."""
    from deckcli.validation.jsonschemas import schema_errors

    return schema_errors(_games_schema(), data, source, limit=MAX_ERRORS)


@cache
def _games_schema() -> str:
    """The decklist schema with ``zones`` listing every zone of every game (the file lists the bundled games')."""
    from deckcli.validation.jsonschemas import documents, register_schema

    doc = copy.deepcopy(documents()[SCHEMA])
    doc["$id"] = GAMES_SCHEMA_ID
    doc["properties"]["zones"]["properties"] = {
        name: (
            {
                "description": f"{zone.title}: one item per line, no count.",
                "type": "array",
                "items": {"$ref": "#/$defs/champion"},
            }
            if not zone.counted
            else {"description": f"{zone.title}.", "$ref": "#/$defs/cards"}
        )
        for name, zone in registry.zones().items()
    }
    register_schema(GAMES_SCHEMA, doc)
    return GAMES_SCHEMA


def to_data(deck: Decklist) -> dict:
    """The decklist as the JSON-ready dict the schema describes (only non-empty fields and zones)."""
    data: dict = {}
    for key in ("name", "game", "format"):
        value = getattr(deck, key)
        if value:
            data[key] = value.strip()
    for key, value in deck.meta.items():
        problem = meta_problem(key, value)
        if problem:
            raise InputError(Message("cannot write the decklist as JSON: {problem}", problem=problem))
    if deck.meta:
        data["meta"] = {key: value.strip() if isinstance(value, str) else value for key, value in deck.meta.items()}
    zones: dict = {}
    for entry in deck.entries:
        problem = entry_problem(entry)
        if problem:
            raise InputError(Message("cannot write the decklist as JSON: {problem}", problem=problem))
    for zone in registry.zone_order():
        items = []
        for entry in deck.zone(zone):
            item: dict = {} if listed_once(zone) else {"count": entry.count}
            if entry.name and entry.name.strip():
                item["name"] = entry.name.strip()
            if entry.set_code is not None:
                item["set"], item["number"] = entry.set_code, entry.number
            items.extend([item] * (entry.count if listed_once(zone) else 1))
        if items:
            zones[zone] = items
    if zones:
        data["zones"] = zones
    return data


def format_json(deck: Decklist) -> str:
    """The decklist as JSON (indent 2, UTF-8 text kept as is); InputError if it would not validate on reading."""
    data = to_data(deck)
    errors = decklist_errors(data, Message("cannot write the decklist as JSON"))
    if errors:
        raise InputError(errors[0])
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
