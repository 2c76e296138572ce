"""What a spreadsheet's header cells and cells mean under a game's card schema: each field's JSON type and allowed
values, and the header spellings that name it.

A header names a field by its path (``ability.timing``), by the label deckcli shows for it (``field_labels`` and
their translations in game.json: ``ATK``, ``コスト``) or by one of the spreadsheet spellings the game's data lists
(``column_synonyms``: ``Card Name``, ``No.``, ``種類``). Headers and allowed values are compared as a spreadsheet user
means them: ignoring case, width (``ＡＴＫ``, ``１``) and runs of spaces (:func:`normal`). The spellings are data, so a
game adds its own without code.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from deckcli.games import registry
from deckcli.validation.jsonschemas import documents


def normal(text: str) -> str:
    """``text`` as compared with a field's name or allowed value: width folded (NFKC), case folded, spaces single."""
    return " ".join(unicodedata.normalize("NFKC", text).casefold().split())


def column_letter(index: int) -> str:
    """The spreadsheet name of a 0-based column: A, B, ..., Z, AA, AB ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


@dataclass(frozen=True)
class SheetFields:
    """A game's card fields as a sheet's columns: type, allowed values and header spellings of each field path."""

    #: Field path (``ability.timing``; ``names.*`` for a map's entries) -> its JSON type.
    types: dict[str, str]
    #: Field path -> its allowed values by their :func:`normal` form (from ``enum`` and ``const`` over every kind).
    values: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: A header's :func:`normal` form -> the field path it names.
    headers: dict[str, str] = field(default_factory=dict)
    #: The fields every card has (the card schema's ``required``), each of which needs a column.
    required: tuple[str, ...] = ()

    def type_of(self, path: str) -> str | None:
        """The type of field ``path``, or of the map entry it is (``names.en``: ``names.*``); None: no such field."""
        head, _, _ = path.rpartition(".")
        return self.types.get(path) or (self.types.get(f"{head}.*") if head else None)

    def path_of(self, header: str) -> str | None:
        """The field a header cell names: a spelling of a field, or a map entry's path (``names.pt-BR``)."""
        name = header.strip()
        return self.headers.get(normal(name)) or (name if name and self.type_of(name) else None)

    def value(self, path: str, value: Any) -> Any:
        """A text naming an allowed value of field ``path`` in another case or width as the schema spells it (``Monster``:
        ``monster``); any other value as it is."""
        allowed = self.values.get(path)
        return allowed.get(normal(value), value) if allowed and isinstance(value, str) else value

    @property
    def names(self) -> list[str]:
        """The field paths a header may name, in the schema's order (not a map's entries)."""
        return [path for path in self.types if not path.endswith(".*")]


@cache
def sheet_fields(game_code: str) -> SheetFields:
    """The sheet columns of ``game_code``'s card schema, over every kind of card."""
    game = registry.game(game_code)
    schema = documents()[game.card_schema]
    items = schema.get("$defs", {}).get("cards", {}).get("items", schema)
    fields = SheetFields({})
    _collect(items, "", fields)
    headers = {normal(path): path for path in fields.names}  # a field's own name first: no label hides a field
    for path in fields.names:
        spellings = [
            game.field_labels.get(path, path),
            *game.field_label_translations.get(path, {}).values(),
            *game.column_synonyms.get(path, ()),
        ]
        for spelling in spellings:
            headers.setdefault(normal(spelling), path)
    return SheetFields(fields.types, fields.values, headers, tuple(items.get("required", ())))


def _collect(node: Any, prefix: str, fields: SheetFields) -> None:
    """Every property under ``node`` (through every kind's branch) into ``fields``: its type and allowed values."""
    if isinstance(node, list):
        for item in node:
            _collect(item, prefix, fields)
        return
    if not isinstance(node, dict):
        return
    for key, sub in (node.get("properties") or {}).items():
        if not isinstance(sub, dict):
            continue
        allowed = [*sub.get("enum", ()), *([sub["const"]] if "const" in sub else [])]
        kind = sub.get("type") or ("integer" if allowed and all(isinstance(v, int) for v in allowed) else "string")
        fields.types.setdefault(prefix + key, kind)
        fields.values.setdefault(prefix + key, {}).update({normal(str(v)): v for v in allowed})
        if kind == "object" and isinstance(sub.get("properties"), dict):
            _collect(sub, f"{prefix}{key}.", fields)
        elif kind == "object":
            fields.types.setdefault(f"{prefix}{key}.*", "string")
    for key, value in node.items():
        if key != "properties":
            _collect(value, prefix, fields)
