"""Loading deckcli's JSON Schemas once, validating documents against them, and reporting errors.

Every file in ``schemas/`` is registered by its ``$id`` so schemas refer to each other with ``$ref``;
validators are built once per schema and reused (bulk validation must not rebuild them).

Valid documents are confirmed by jsonschema-rs (a compiled validator of the same Draft 2020-12 schemas,
~100x faster: a 20,000-card set in milliseconds instead of seconds); any document it rejects is checked
again by jsonschema, whose errors (every one, with its JSON path) are what the user sees.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from deckcli.files.jsonfiles import bundled_json
from deckcli.i18n import N_, Message
from deckcli.storage.location import schemas_dir
from deckcli.validation.schemamessages import pattern_message, visible, worded
from deckcli.words import plural


@cache
def _documents() -> dict[str, dict[str, Any]]:
    docs = {}
    for path in sorted(schemas_dir().glob("*.json")):
        docs[path.name] = bundled_json(path).doc
    return docs


def documents() -> dict[str, dict[str, Any]]:
    """Every schema by file name (read once); callers must not change them."""
    return _documents()


def register_schema(name: str, doc: dict[str, Any]) -> None:
    """Add a schema built at run time under ``name`` (its own ``$id``), e.g. a decklist schema with every game's zones."""
    _documents()[name] = doc
    for cached in (_registry, validator, fast_validator):
        cached.cache_clear()


@cache
def _registry():  # -> referencing.Registry
    from referencing import Registry, Resource

    resources = [(doc["$id"], Resource.from_contents(doc)) for doc in _documents().values()]
    return Registry().with_resources(resources)


def _schema(schema_name: str) -> dict[str, Any]:
    """The schema ``NAME`` (a file of schemas/), or ``NAME#/pointer`` (a part of one, as a ``$ref``)."""
    name, _, pointer = schema_name.partition("#")
    doc = _documents()[name]
    return {"$ref": f"{doc['$id']}#{pointer}"} if pointer else doc


@cache
def validator(schema_name: str):
    """A prebuilt Draft 2020-12 validator for ``schemas/<schema_name>`` (optionally ``#/pointer`` into it), whose
    ``pattern`` is ECMA-262's as jsonschema-rs runs it (:func:`_ecma_pattern`)."""
    from jsonschema import Draft202012Validator

    schema = _schema(schema_name)
    return _checker()(schema, registry=_registry(), format_checker=Draft202012Validator.FORMAT_CHECKER)


@cache
def _checker():  # -> a jsonschema validator class
    from jsonschema import Draft202012Validator, validators

    return validators.extend(Draft202012Validator, worded({**Draft202012Validator.VALIDATORS, "pattern": _pattern}))


def _pattern(validator, pattern: str, instance: Any, schema: dict[str, Any]):
    """The ``pattern`` keyword, with ``$`` the end of the text as in ECMA-262 (and jsonschema-rs)."""
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not _ecma_pattern(pattern).search(instance):
        yield ValidationError(pattern_message(pattern, instance, schema))


@cache
def _ecma_pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled by Python with each ``$`` outside a character class as ``\\Z``: Python's ``$`` also
    matches before a last line feed, so ``"S01\\n"`` passed ``^[A-Z0-9]+$`` in jsonschema but not in jsonschema-rs,
    and a set code or a name with a trailing line break was taken as valid."""
    out, escaped, in_class = [], False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "$" and not in_class:
            char = "\\Z"
        out.append(char)
    return re.compile("".join(out))


@cache
def fast_validator(schema_name: str):
    """A compiled jsonschema-rs validator for the schema, or None where jsonschema-rs is unavailable."""
    try:
        import jsonschema_rs
    except ImportError:  # pragma: no cover - a platform without its wheel: jsonschema alone still works
        return None
    docs = _documents()
    registry = jsonschema_rs.Registry([(doc["$id"], doc) for doc in docs.values()])
    return jsonschema_rs.Draft202012Validator(_schema(schema_name), registry=registry, validate_formats=True)


def schema_errors(
    schema_name: str, instance: Any, source: str, limit: int | None = None, path_prefix: str = "$"
) -> list[str]:
    """Every schema violation of ``instance`` as ``source: JSON path: message``, in document order.

    With ``limit``, at most that many are listed and one more line counts the rest. ``path_prefix`` is
    where ``instance`` sits in its file (``$.cards`` for a set's cards checked on their own).
    """
    fast = fast_validator(schema_name)
    broken: list[tuple[str, str]] = []
    try:
        if fast is not None and fast.is_valid(instance):
            return []
    except ValueError:  # a lone surrogate, which jsonschema-rs cannot take (it is no text): each one named first
        broken = _surrogates(instance, path_prefix)
    errors = sorted(validator(schema_name).iter_errors(instance), key=lambda e: [str(p) for p in e.absolute_path])
    surrogate = N_("{file}: {path}: {text} is not allowed: a lone surrogate (U+D800-U+DFFF) is not a character")
    lines: list[str] = [
        Message(surrogate, file=source, path=path, text=visible(json.dumps(text))) for path, text in broken
    ]
    shown = errors if limit is None else errors[: max(limit - len(lines), 0)]
    lines += [path_problem(source, path_prefix + _leaf(e).json_path[1:], _leaf(e).message) for e in shown]
    if len(errors) > len(shown):
        more = plural(len(errors) - len(shown), "more error")
        lines.append(Message("{file}: ... and {more}", file=source, more=more))
    return lines


#: A problem at a JSON path of a file: schema errors and the checks beside them (a spreadsheet card list names the
#: path's cell instead: :meth:`deckcli.cards.sheets.Sheet.locate` reads the arguments).
PATH_PROBLEM = N_("{file}: {path}: {problem}")


def path_problem(file: str, path: str, problem: str) -> Message:
    """``file: path: problem``, the problem (a :class:`Message` of :mod:`~deckcli.validation.schemamessages`, or a
    check's) kept translatable."""
    return Message(PATH_PROBLEM, file=file, path=path, problem=problem)


def _surrogates(node: Any, path: str) -> list[tuple[str, str]]:
    """(JSON path, text) of every string and key of ``node`` holding a lone surrogate (``"\\ud800"`` in JSON)."""
    if isinstance(node, str):
        return [] if node.isascii() or not _SURROGATE.search(node) else [(path, node)]
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            inner = f"{path}.{key}" if str(key).isidentifier() else f"{path}[{json.dumps(key)}]"
            found += [(inner, key)] if isinstance(key, str) and _SURROGATE.search(key) else []
            found += _surrogates(value, inner)
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _surrogates(value, f"{path}[{index}]")
    return found


_SURROGATE = re.compile("[\ud800-\udfff]")


def _leaf(error):
    """The most specific sub-error of an anyOf/oneOf failure: that is where the user's mistake is."""
    from jsonschema.exceptions import best_match

    if error.context:
        return _leaf(best_match(error.context))
    return error


@cache
def card_fields(card_schema: str | None = None) -> dict[str, str]:
    """The card fields a card schema defines (``card_schema``, a game's ``card_schema`` file name; None: every
    game's), mapped to their JSON type (``integer``, ``string``, ...): a filter on a game's deck is checked against,
    and suggests from, that game's fields alone.

    Also ``set``, ``number`` and ``game``, which every card has through its set.
    """
    fields: dict[str, str] = {"set": "string", "game": "string"}
    for name, doc in _documents().items():
        if name == card_schema or (card_schema is None and name.startswith("card-")) or name == "common.schema.json":
            _collect_properties(doc, fields)
    for skip in ("names", "aliases", "cards"):
        fields.pop(skip, None)
    return fields


def _collect_properties(node: Any, fields: dict[str, str]) -> None:
    """Collect the top-level properties of card schemas (not those nested inside a property, like ``ability``)."""
    if isinstance(node, dict):
        props = node.get("properties")
        if isinstance(props, dict):
            for key, sub in props.items():
                if isinstance(sub, dict) and key not in fields:
                    fields[key] = _json_type(sub)
        for key, value in node.items():
            if key != "properties":
                _collect_properties(value, fields)
    elif isinstance(node, list):
        for value in node:
            _collect_properties(value, fields)


def _json_type(sub: dict[str, Any]) -> str:
    kind = sub.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if kind:
        return kind
    if "const" in sub or "enum" in sub:
        values: Iterable[Any] = sub.get("enum", [sub.get("const")])
        if all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            return "integer"
    return "string"
