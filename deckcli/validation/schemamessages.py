"""What a failed JSON Schema keyword says: deckcli's own :class:`Message`, made from the keyword's data (its value,
the instance, the schema) rather than from jsonschema's English, so a schema error reads in the user's language.

The English follows jsonschema's wording (``'name' is a required property``); an enum lists the allowed values and a
``pattern`` or ``not`` with a description says what is expected. A keyword not worded here keeps jsonschema's text.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from deckcli.i18n import N_, Message

#: A keyword's wording: ``(keyword value, instance, schema)`` -> one message per error the keyword raises, in its order.
Wording = Callable[[Any, Any, dict[str, Any]], list[Message]]
_INVISIBLE = frozenset({"Cc", "Cf", "Zl", "Zp"})


def visible(text: str) -> str:
    """``text`` with invisible characters (controls, format characters, line and paragraph separators) as
    ``\\uXXXX``, so a message shows what is wrong with a name; other characters (Japanese names) stay as they are."""
    return "".join(f"\\u{ord(c):04x}" if unicodedata.category(c) in _INVISIBLE else c for c in text)


def _json(value: Any) -> str:
    """A value as JSON, as the enum and described-pattern messages show it."""
    return visible(json.dumps(value, ensure_ascii=False))


def worded(keywords: Mapping[str, Callable[..., Any]]) -> dict[str, Callable[..., Any]]:
    """jsonschema's keyword functions by name, each worded here giving its own errors deckcli's message."""
    found = {name: _worded(check, _WORDINGS[name]) if name in _WORDINGS else check for name, check in keywords.items()}
    if "if" in found:
        found["if"] = _branch(found["if"])
    return found


def _worded(check: Callable[..., Any], wording: Wording) -> Callable[..., Iterator[Any]]:
    def keyword(validator: Any, value: Any, instance: Any, schema: dict[str, Any]) -> Iterator[Any]:
        messages: Iterator[Message] | None = None
        for error in check(validator, value, instance, schema) or ():
            if not error.path:  # the keyword's own error, not one of a part it descended into (worded there)
                messages = messages or iter(wording(value, instance, schema))
                error.message = next(messages, error.message)  # more errors than wordings: jsonschema's text
            yield error

    return keyword


def _branch(check: Callable[..., Any]) -> Callable[..., Iterator[Any]]:
    """The ``if`` keyword, where it picks its ``then`` branch by one property's value (a card schema's
    ``{"properties": {"kind": {"const": "monster"}}}``): a field the branch requires or does not allow is named with
    that value (``with kind 'monster', 'group' is required``), not as a property of any object. ``property`` (not
    shown) is the field a spreadsheet's column is found by: the selecting one for a missing field, the extra one."""

    def keyword(validator: Any, value: Any, instance: Any, schema: dict[str, Any]) -> Iterator[Any]:
        selector = _selector(value)
        for error in check(validator, value, instance, schema) or ():
            where = list(error.relative_schema_path)
            if selector and not error.path and where[:1] == ["then"] and isinstance(error.message, Message):
                error.message = _in_branch(where[1:], error.message, *selector)
            yield error

    return keyword


def _selector(condition: Any) -> tuple[str, Any] | None:
    """The property and value an ``if`` schema tests, when it tests one property against a ``const``."""
    properties = condition.get("properties") if isinstance(condition, dict) else None
    if not isinstance(properties, dict) or len(properties) != 1:
        return None
    ((name, test),) = properties.items()
    return (name, test["const"]) if isinstance(test, dict) and "const" in test else None


def _in_branch(where: list[Any], message: Message, selector: str, value: Any) -> Message:
    """``message`` of a ``required`` or ``additionalProperties`` error of the branch chosen by ``selector = value``."""
    about = {"selector": selector, "value": value}
    if where == ["required"]:
        return Message(
            "with {selector} {value!r}, {field!r} is required",
            field=message.args["property"],
            property=selector,
            **about,
        )
    if where == ["additionalProperties"] and message.msgid.startswith("Additional properties"):
        return Message(
            "with {selector} {value!r}, {names} is not allowed",
            "with {selector} {value!r}, {names} are not allowed",
            message.number,
            names=message.args["names"],
            property=message.args["property"],
            **about,
        )
    return message


def pattern_message(pattern: str, instance: str, schema: dict[str, Any]) -> Message:
    """A text that does not match the ``pattern`` of ``schema``: what is expected (its description), else the
    regular expression."""
    if "description" in schema:
        return Message("{value} is not allowed: {why}", value=_json(instance), why=schema["description"])
    return Message("{value} does not match {pattern!r}", value=repr(instance), pattern=pattern)


def _required(value: list[str], instance: dict[str, Any], schema: dict[str, Any]) -> list[Message]:
    return [Message("{property!r} is a required property", property=name) for name in value if name not in instance]


def _dependent_required(value: dict[str, list[str]], instance: dict[str, Any], schema: dict[str, Any]) -> list[Message]:
    return [
        Message("{property!r} is a required property when {other!r} is given", property=name, other=given)
        for given, needed in value.items()
        if given in instance
        for name in needed
        if name not in instance
    ]


def _additional(value: Any, instance: dict[str, Any], schema: dict[str, Any]) -> list[Message]:
    """Properties the schema does not name; ``property`` (the first, not shown) is the one a spreadsheet's column
    is found by."""
    patterns = schema.get("patternProperties", {})
    known = schema.get("properties", {})
    extras = sorted((p for p in instance if p not in known and not any(re.search(r, p) for r in patterns)), key=str)
    names, first = ", ".join(repr(extra) for extra in extras), extras[0] if extras else ""
    if patterns:
        regexes = ", ".join(repr(p) for p in sorted(patterns))
        return [
            Message(
                "{names} does not match any of the regexes: {regexes}",
                "{names} do not match any of the regexes: {regexes}",
                len(extras),
                names=names,
                regexes=regexes,
                property=first,
            )
        ]
    return [
        Message(
            "Additional properties are not allowed ({names} was unexpected)",
            "Additional properties are not allowed ({names} were unexpected)",
            len(extras),
            names=names,
            property=first,
        )
    ]


def _type(value: str | list[str], instance: Any, schema: dict[str, Any]) -> list[Message]:
    types = ", ".join(repr(t) for t in ([value] if isinstance(value, str) else value))
    return [Message("{value} is not of type {types}", value=repr(instance), types=types)]


def _enum(value: list[Any], instance: Any, schema: dict[str, Any]) -> list[Message]:
    allowed = ", ".join(_json(v) for v in value)
    return [Message("{value} is not one of: {allowed}", value=_json(instance), allowed=allowed)]


def _not(value: Any, instance: Any, schema: dict[str, Any]) -> list[Message]:
    if isinstance(value, dict) and "description" in value:
        return [Message("{value} is not allowed: {why}", value=_json(instance), why=value["description"])]
    return []  # jsonschema's text, which shows the schema


def _bound(text: str) -> Wording:
    """A bound on a number (``minimum`` and the like): ``text`` (marked ``N_``) with the instance and the bound."""
    return lambda value, instance, schema: [Message(text, value=repr(instance), bound=repr(value))]


def _sized(limit: int, empty: str, counted: Callable[[int, str], Message]) -> Wording:
    """A bound on a size (``minLength``, ``maxItems`` and the like): at ``limit`` (a minimum of 1, a maximum of 0)
    ``empty`` (marked ``N_``), else ``counted(bound, the instance)``, which words the bound with its count."""

    def wording(value: int, instance: Any, schema: dict[str, Any]) -> list[Message]:
        return [Message(empty, value=repr(instance)) if value == limit else counted(value, repr(instance))]

    return wording


def _const(value: Any, instance: Any, schema: dict[str, Any]) -> list[Message]:
    return [Message("{expected} was expected", expected=repr(value))]


def _unique(value: Any, instance: Any, schema: dict[str, Any]) -> list[Message]:
    return [Message("{value} has non-unique elements", value=repr(instance))]


def _format(value: str, instance: Any, schema: dict[str, Any]) -> list[Message]:
    return [Message("{value} is not a {format!r}", value=repr(instance), format=value)]


_WORDINGS: dict[str, Wording] = {
    "required": _required,
    "dependentRequired": _dependent_required,
    "additionalProperties": _additional,
    "type": _type,
    "enum": _enum,
    "const": _const,
    "not": _not,
    "uniqueItems": _unique,
    "format": _format,
    "minimum": _bound(N_("{value} is less than the minimum of {bound}")),
    "maximum": _bound(N_("{value} is greater than the maximum of {bound}")),
    "exclusiveMinimum": _bound(N_("{value} is less than or equal to the minimum of {bound}")),
    "exclusiveMaximum": _bound(N_("{value} is greater than or equal to the maximum of {bound}")),
    "minLength": _sized(
        1,
        N_("{value} should be non-empty"),
        lambda n, value: Message(
            "{value} is too short (at least {count} character)",
            "{value} is too short (at least {count} characters)",
            n,
            value=value,
        ),
    ),
    "maxLength": _sized(
        0,
        N_("{value} is expected to be empty"),
        lambda n, value: Message(
            "{value} is too long (at most {count} character)",
            "{value} is too long (at most {count} characters)",
            n,
            value=value,
        ),
    ),
    "minItems": _sized(
        1,
        N_("{value} should be non-empty"),
        lambda n, value: Message(
            "{value} is too short (at least {count} item)",
            "{value} is too short (at least {count} items)",
            n,
            value=value,
        ),
    ),
    "maxItems": _sized(
        0,
        N_("{value} is expected to be empty"),
        lambda n, value: Message(
            "{value} is too long (at most {count} item)", "{value} is too long (at most {count} items)", n, value=value
        ),
    ),
    "minProperties": _sized(
        1,
        N_("{value} should be non-empty"),
        lambda n, value: Message(
            "{value} does not have enough properties (at least {count} property)",
            "{value} does not have enough properties (at least {count} properties)",
            n,
            value=value,
        ),
    ),
}
