"""JSON parsing whose syntax errors give the same line, column and reason, in deckcli's words, on every Python.

The stdlib's wording and positions differ (3.13 reports a trailing comma at the comma, 3.11 at the next bracket),
and so does how deep it can nest; deckcli's own limits on depth and digits are checked before it parses.
"""

from __future__ import annotations

import json
import re
import sys
from itertools import accumulate
from typing import Any

from deckcli.errors import InputError
from deckcli.files.numbers import MAX_DIGITS
from deckcli.i18n import N_, Message

#: The deepest nesting deckcli reads, the same on every Python (their own limits differ and depend on the stack);
#: deckcli's documents nest 5 deep at most. An error points at the first bracket deeper than this.
MAX_DEPTH = 500
MAX_POINTED_DEPTH = MAX_DEPTH

_WHITESPACE = " \t\n\r"
#: A complete JSON string or one bracket; strings are matched whole so brackets inside them are skipped.
_TOKEN = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[\[\]{}]', re.DOTALL)
_INTEGER = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|(?<![\d.eE+-])-?\d+(?![\d.eE])', re.DOTALL)
_QUOTED = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_LONG_DIGITS = re.compile(f"[0-9]{{{MAX_DIGITS + 1}}}")
#: A string, or NaN, Infinity or -Infinity (which Python's json reads, but JSON has no such numbers).
_CONSTANT = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|-?(?:NaN|Infinity)', re.DOTALL)
#: Keys a JSON path writes as ``.key`` (others as ``['key']``), as jsonschema writes them in schema messages.
_PLAIN_KEY = re.compile(r"[a-zA-Z][a-zA-Z0-9_]*")

#: The stdlib's messages (their start, as in 3.11-3.13) and deckcli's reason for each.
_REASONS = [
    ("Expecting property name enclosed in double quotes", N_("expected a property name in double quotes")),
    ("Expecting ':' delimiter", N_("expected ':' after the property name")),
    ("Expecting value", N_("expected a value")),
    ("Unterminated string", N_("unterminated string")),
    ("Invalid \\uXXXX escape", N_("invalid escape")),
    ("Invalid \\escape", N_("invalid escape")),
    ("Invalid control character", N_("invalid control character in a string")),
    ("Extra data", N_("extra data after the JSON document")),
]
_EXPECTED = ("expected a property name in double quotes", "expected ':' after the property name", "expected a value")


class JsonSyntaxError(InputError):
    """Text that is not valid JSON; ``line`` and ``column`` (1-based) and ``reason`` are in deckcli's words."""

    def __init__(self, label: str, line: int, column: int, reason: str):
        self.label, self.line, self.column, self.reason = label, line, column, reason
        text = N_("{file}: line {line}, column {column}: not valid JSON: {reason}")
        super().__init__(Message(text, file=label, line=line, column=column, reason=reason))


def json_value(value: Any) -> Any:
    """A JSON column's value as deckcli stored it: sqlite3 returns its text, psycopg the decoded value. deckcli
    wrote it, so it is read without the limits and messages of :func:`parse_json` (a file's)."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value


def parse_json(text: str, label: str) -> Any:
    """The JSON document in ``text`` (a leading byte-order mark is ignored); raises JsonSyntaxError naming ``label``."""
    text = text.removeprefix("\ufeff")
    outside = _outside_strings(text)
    reason: str
    if _deeper_than(outside, MAX_DEPTH):
        pos, reason = _too_deep_at(text), Message("nested too deeply")
    elif _LONG_DIGITS.search(outside) and _long_integer_at(text, MAX_DIGITS) >= 0:
        pos, reason = _long_integer_at(text, MAX_DIGITS), _too_many_digits(MAX_DIGITS)
    else:
        try:
            constants: list[str] = []

            def constant(token: str) -> _Constant:
                constants.append(token)
                return _Constant(token)

            doc = json.loads(text, parse_constant=constant)
            return _refuse_constants(doc, text, label) if constants else doc
        except json.JSONDecodeError as exc:
            pos, reason = explain(text, exc.msg, exc.pos)
        except RecursionError:  # brackets that do not match, on a stack already deep
            pos, reason = _too_deep_at(text), Message("nested too deeply")
        except ValueError:  # an integer longer than the interpreter's limit, where it was set below deckcli's
            limit = sys.get_int_max_str_digits()
            pos, reason = max(0, _long_integer_at(text, limit)), _too_many_digits(limit)
    line, column = line_and_column(text, pos)
    raise JsonSyntaxError(label, line, column, reason) from None


def _too_many_digits(limit: int) -> Message:
    """The reason for an integer longer than ``limit`` digits."""
    return Message("number with more than {count} digit", "number with more than {count} digits", limit)


class _Constant(str):
    """A NaN, Infinity or -Infinity as read, kept to be refused with its JSON path once the document is read."""


def _refuse_constants(doc: Any, text: str, label: str) -> Any:
    """The JsonSyntaxError for a document holding a NaN or an Infinity: at the first, naming its JSON path."""
    match = next((m for m in _CONSTANT.finditer(text) if m.group()[0] != '"'), None)
    line, column = line_and_column(text, match.start() if match else 0)
    token = match.group() if match else "NaN or Infinity"  # (a JSON token: not translated)
    reason = Message("{token} at {path} is not a number JSON allows", token=token, path=_constant_path(doc))
    raise JsonSyntaxError(label, line, column, reason)


def _constant_path(doc: Any) -> str:
    """The JSON path of the first NaN or Infinity in ``doc``, in document order (``$`` when only a key given twice,
    whose later value won, held it)."""
    stack: list[tuple[str, Any]] = [("$", doc)]
    while stack:
        path, value = stack.pop()
        if isinstance(value, _Constant):
            return path
        if isinstance(value, dict):
            stack += reversed([(path + _step(key), item) for key, item in value.items()])
        elif isinstance(value, list):
            stack += reversed([(f"{path}[{i}]", item) for i, item in enumerate(value)])
    return "$"


def _step(key: str) -> str:
    """One object key of a JSON path."""
    if _PLAIN_KEY.fullmatch(key):
        return "." + key
    return "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']"


def explain(text: str, message: str, pos: int) -> tuple[int, str]:
    """The position (0-based index) and deckcli's reason for the stdlib's JSONDecodeError ``message`` at ``pos`` (a
    :class:`Message`; a message deckcli does not know stays the stdlib's English)."""
    if message.startswith("Illegal trailing comma before end of"):  # 3.13+: already at the comma
        return pos, _trailing_comma("}" if message.endswith("object") else "]")
    if not text.strip(_WHITESPACE):
        return 0, Message("empty document")
    closing = text[pos : pos + 1]
    before = text[:pos].rstrip(_WHITESPACE)
    if before.endswith(",") and (
        (closing == "}" and message.startswith("Expecting property name"))
        or (closing == "]" and message.startswith("Expecting value"))
    ):  # 3.11 and 3.12 point at the bracket after the comma
        return len(before) - 1, _trailing_comma(closing)
    reason: str
    if message.startswith("Expecting ',' delimiter"):
        reason = Message("expected ',' or {closing!r}", closing="}" if _open_bracket(text, pos) == "{" else "]")
    else:
        ours = next((ours for theirs, ours in _REASONS if message.startswith(theirs)), None)
        reason = message if ours is None else Message(ours)
    if reason == "invalid escape":
        return text.rfind("\\", 0, pos + 1), reason  # the backslash (3.11-3.13 point at the "u" of a bad \uXXXX)
    if reason in _EXPECTED or reason.startswith("expected ','"):
        if not text[pos:].strip(_WHITESPACE):
            return len(text), Message("unexpected end of the document")
        if text.startswith(("//", "/*"), pos):
            return pos, Message("comments are not allowed in JSON")
    return pos, reason


def _trailing_comma(closing: str) -> Message:
    """The reason for a comma just before the ``closing`` bracket."""
    return Message("trailing comma before {closing!r}", closing=closing)


def line_and_column(text: str, pos: int) -> tuple[int, int]:
    """The 1-based line and column (in characters) of index ``pos`` in ``text``."""
    line_start = text.rfind("\n", 0, pos) + 1
    return text.count("\n", 0, pos) + 1, pos - line_start + 1


def _open_bracket(text: str, pos: int) -> str:
    """The innermost bracket still open at ``pos`` (the text before ``pos`` is valid JSON so far)."""
    stack: list[str] = []
    for match in _TOKEN.finditer(text, 0, pos):
        token = match.group()
        if token in "[{":
            stack.append(token)
        elif token in "]}" and stack:
            stack.pop()
    return stack[-1] if stack else ""


def _outside_strings(text: str) -> str:
    """The text with every JSON string removed (exact for valid JSON), in C-speed passes: escaped backslashes go
    first, then escaped quotes, so every quote left opens or closes a string."""
    if '"' not in text:
        return text
    return _QUOTED.sub("", text.replace("\\\\", "").replace('\\"', ""))


def _deeper_than(outside: str, limit: int) -> bool:
    """Whether any bracket of ``outside`` (a text without its strings) opens deeper than ``limit``."""
    if outside.count("[") + outside.count("{") <= limit:
        return False
    return max(accumulate(map(_DEPTH_STEP.__getitem__, _NOT_BRACKET.sub("", outside))), default=0) > limit


def _too_deep_at(text: str) -> int:
    """Where nesting gets too deep: the first bracket deeper than MAX_POINTED_DEPTH, else the deepest one."""
    depth = deepest = where = 0
    for match in _TOKEN.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > deepest:
                deepest, where = depth, match.start()
                if depth > MAX_POINTED_DEPTH:
                    break
        elif token in "]}":
            depth -= 1
    return where


def _long_integer_at(text: str, limit: int) -> int:
    """Where the first integer (outside strings) with more than ``limit`` digits starts (-1 if there is none)."""
    for match in _INTEGER.finditer(text):
        if match.group()[0] != '"' and len(match.group().lstrip("-")) > limit:
            return match.start()
    return -1
