"""Card filters: ``field OP value`` comparisons joined by ``,`` (all must hold), or a quoted card name.

One mechanism serves ``cards search --where``, ``collection list --where`` and the odds conditions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.games.hooks.champion_sets import ChampionSets
from deckcli.i18n import Message
from deckcli.names import name_key

_COMPARISON = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*(<=|>=|!=|==|=|<|>)\s*(.*?)\s*$", re.S)
_FIELD_ONLY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_.]*)\s*(.*?)\s*$", re.S)


@dataclass(frozen=True)
class Comparison:
    """One ``field OP value`` test against a card's fields."""

    field: str
    op: str
    value: Any

    def matches(self, card: Mapping[str, Any]) -> bool:
        """Whether the card satisfies the comparison; a card without the field never does."""
        actual = card.get(self.field)
        if actual is None:
            return False
        if isinstance(actual, (list, tuple)):
            hit = any(_compare(item, "=", self.value, self.field) for item in actual)
            if self.op in ("=", "=="):
                return hit
            if self.op == "!=":
                return not hit
            return any(_compare(item, self.op, self.value, self.field) for item in actual)
        return _compare(actual, self.op, self.value, self.field)

    def __str__(self) -> str:
        value = self.value
        if isinstance(value, bool):
            value = str(value).lower()
        return f"{self.field}{self.op}{value}"


@dataclass(frozen=True)
class Filter:
    """All comparisons must hold; ``card_name`` (a quoted name) matches the card's name or aliases."""

    comparisons: tuple[Comparison, ...] = ()
    card_name: str | None = None
    text: str = ""

    def matches(self, card: Mapping[str, Any]) -> bool:
        if self.card_name is not None and name_key(self.card_name) not in card_keys(card):
            return False
        return all(c.matches(card) for c in self.comparisons)

    def __str__(self) -> str:
        return self.text or ",".join(str(c) for c in self.comparisons)


def card_keys(card: Mapping[str, Any]) -> set[str]:
    """Every name key a card answers to: its name, localised names and aliases."""
    keys = {name_key(card.get("name", ""))}
    keys.update(name_key(n) for n in (card.get("names") or {}).values())
    keys.update(name_key(a) for a in card.get("aliases") or ())
    return keys


@cache
def _name_fields() -> frozenset[str]:
    """Fields compared as names (forgiving: case, width, quotes): a card's name, and each field by which a game's
    hook links a card to another by name (the ``link_field`` of ``champion-sets``: an sfb action's champion)."""
    links = (g.hook_settings(ChampionSets.name) for g in registry.games().values())
    return frozenset({"name", *(settings["link_field"] for settings in links if settings)})


def _compare(actual: Any, op: str, expected: Any, field: str) -> bool:
    left: Any
    right: Any
    if isinstance(expected, (int, float)) and not isinstance(expected, bool):
        if not isinstance(actual, (int, float)) or isinstance(actual, bool):
            return False
        left, right = actual, expected
    elif isinstance(expected, bool):
        left, right = bool(actual), expected
    elif field in _name_fields():
        left, right = name_key(str(actual)), name_key(str(expected))
    else:
        left, right = str(actual).casefold(), str(expected).casefold()
    if op in ("=", "=="):
        return left == right
    if op == "!=":
        return left != right
    try:
        if op == "<":
            return left < right
        if op == "<=":
            return left <= right
        if op == ">":
            return left > right
        return left >= right
    except TypeError:
        return False


def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split on ``sep`` outside quoted values.

    A quote opens a quoted value only where a value starts (at the beginning, or after an operator or ``sep``),
    so apostrophes inside names (``champion=Lil'Y``) are ordinary characters.
    """
    if '"' not in text and "'" not in text:  # nothing quoted: a plain split (the common case)
        return text.split(sep)
    parts: list[str] = []
    current: list[str] = []
    quote: str | None = None
    for ch in text:
        if quote:
            current.append(ch)
            if ch == quote:
                quote = None
        elif ch in "\"'" and _opens_value(current):
            quote = ch
            current.append(ch)
        elif ch == sep:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    if quote:
        raise InputError(Message("unclosed quote in {text!r}", text=text))
    parts.append("".join(current))
    return parts


def _opens_value(before: list[str]) -> bool:
    """Whether a quote after ``before`` (the current part so far) starts a value."""
    stripped = "".join(before).rstrip()
    return not stripped or stripped[-1] in "=<>!"


def _unquote(value: str) -> tuple[str, bool]:
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
        return value[1:-1], True
    return value, False


def parse_value(field: str, raw: str, field_type: str | None, context: str) -> Any:
    """Turn the text after the operator into a typed value, by the field's schema type."""
    value, quoted = _unquote(raw)
    if value == "":
        raise InputError(Message("missing value after {field!r} in {filter!r}", field=field, filter=context))
    if field_type in ("integer", "number"):
        try:
            return int(value)
        except ValueError:
            try:
                return float(value)
            except ValueError:
                raise InputError(
                    Message(
                        "{field} is a number, but {value!r} is not (in {filter!r})",
                        field=field,
                        value=value,
                        filter=context,
                    )
                ) from None
    if field_type == "boolean":
        lowered = value.casefold()
        if lowered in ("true", "yes", "1", "y"):
            return True
        if lowered in ("false", "no", "0", "n"):
            return False
        raise InputError(
            Message(
                "{field} is true or false, but {value!r} is not (in {filter!r})",
                field=field,
                value=value,
                filter=context,
            )
        )
    if not quoted and field_type is None:
        try:
            return int(value)
        except ValueError:
            pass
    return value


def parse_comparison(text: str, fields: Mapping[str, str] | None = None) -> Comparison:
    """Parse one ``field OP value``; ``fields`` maps known field names to schema types."""
    match = _COMPARISON.match(text)
    if not match:
        bare = _FIELD_ONLY.match(text)
        if bare and bare.group(2):
            raise InputError(
                Message(
                    "bad operator in {filter!r}: expected one of =, !=, <, <=, >, >= after {field!r}",
                    filter=text.strip(),
                    field=bare.group(1),
                )
            )
        raise InputError(Message("expected 'field OP value' (e.g. cost<=2), got {filter!r}", filter=text.strip()))
    field, op, raw = match.groups()
    field = field.lower()
    if fields is not None and field not in fields:
        suggestion = closest_field(field, fields)
        where: dict[str, Any] = {"field": field, "filter": text.strip(), "fields": ", ".join(sorted(fields))}
        raise InputError(
            Message(
                "unknown field {field!r} in {filter!r}; did you mean {suggestion!r}? (fields: {fields})",
                suggestion=suggestion,
                **where,
            )
            if suggestion
            else Message("unknown field {field!r} in {filter!r} (fields: {fields})", **where)
        )
    if raw and raw[0] in "<>=!":
        raise InputError(
            Message("bad operator in {filter!r}: {op!r} is not an operator", filter=text.strip(), op=op + raw[:1])
        )
    value = parse_value(field, raw, (fields or {}).get(field), text.strip())
    return Comparison(field, "=" if op == "==" else op, value)


def parse_filter(text: str, fields: Mapping[str, str] | None = None) -> Filter:
    """Parse a filter: a quoted card name, or comparisons joined by ``,``."""
    stripped = text.strip()
    if not stripped:
        raise InputError(Message("empty filter"))
    value, quoted = _unquote(stripped)
    if quoted and stripped[0] not in value:
        return Filter(card_name=value, text=stripped)
    comparisons = tuple(parse_comparison(part, fields) for part in split_top_level(stripped))
    return Filter(comparisons=comparisons, text=stripped)


def closest_field(field: str, fields: Mapping[str, Any]) -> str | None:
    """The known field name closest to ``field`` (a typo's fix, or the field a prefix starts), if one is close enough:
    :func:`deckcli.names.closest`, as for every other name a user mistypes."""
    from deckcli.names import closest

    found = closest(field, {name: name for name in fields}, 1)
    return found[0] if found else None
