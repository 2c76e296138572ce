"""What is asked of a hand: ``COUNT FILTER`` conditions (``--want``: ``N+``, ``N``, ``N-M`` or ``0`` cards matching a
card filter) and the cards ``--vary`` varies (a name or a filter); the filter language itself is :mod:`.filters`.

Errors name the condition and underline the part that is wrong, so a typo in a long ``--want`` is easy to find.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from deckcli.cards.filters import Filter, parse_comparison, parse_filter, split_top_level
from deckcli.errors import DeckcliError, InputError
from deckcli.files.numbers import whole_number
from deckcli.i18n import N_, Lines, Message

_COUNT = re.compile(r"^(\d+)(?:(\+)|-(\d+))?$")
_LEADING = re.compile(r"^\s*(\S+)(\s+|$)")
_GLUED_COUNT = re.compile(r"^(\d+(?:\+|-\d+)?)(?=[^\d+\-])")
_OPERATOR_CHARS = set("=<>!")
COUNT_FORMS = N_("N+ (at least N), N (exactly N), N-M (between N and M) or 0 (none)")


@dataclass(frozen=True)
class Condition:
    """At least ``low`` and at most ``high`` (``None``: no limit) cards of the hand match ``filter``."""

    low: int
    high: int | None
    filter: Filter
    text: str

    @property
    def cap(self) -> int:
        """The count above which more matching cards change nothing: N for ``N+``, M+1 for ``N-M``."""
        return self.low if self.high is None else self.high + 1

    def holds(self, matched: int) -> bool:
        """Whether a hand with ``matched`` matching cards meets the condition."""
        return matched >= self.low and (self.high is None or matched <= self.high)

    @property
    def count_text(self) -> str:
        if self.high is None:
            return f"{self.low}+"
        if self.high == self.low:
            return str(self.low)
        return f"{self.low}-{self.high}"

    def describe(self) -> Message:
        """The condition in words, e.g. ``at least 1 card matching kind=monster`` (English in ``--json``'s notes)."""
        name, flt = self.filter.card_name, str(self.filter)
        if name is None:
            if self.high is None:
                return Message(
                    "at least {count} card matching {filter}",
                    "at least {count} cards matching {filter}",
                    self.low,
                    filter=flt,
                )
            if self.high == 0:
                return Message("no cards matching {filter}", filter=flt)
            if self.low == self.high:
                return Message(
                    "exactly {count} card matching {filter}",
                    "exactly {count} cards matching {filter}",
                    self.low,
                    filter=flt,
                )
            return Message(
                "{low} to {count} card matching {filter}",
                "{low} to {count} cards matching {filter}",
                self.high,
                low=self.low,
                filter=flt,
            )
        if self.high is None:
            return Message(
                "at least {count} card named {name!r}", "at least {count} cards named {name!r}", self.low, name=name
            )
        if self.high == 0:
            return Message("no cards named {name!r}", name=name)
        if self.low == self.high:
            return Message(
                "exactly {count} card named {name!r}", "exactly {count} cards named {name!r}", self.low, name=name
            )
        return Message(
            "{low} to {count} card named {name!r}",
            "{low} to {count} cards named {name!r}",
            self.high,
            low=self.low,
            name=name,
        )

    def __str__(self) -> str:
        return f"{self.count_text} {self.filter}"


def _pointer(text: str, start: int, length: int) -> list[str]:
    """Two lines: the condition, and carets under ``text[start:start+length]``."""
    return [f"  {text}", f"  {' ' * start}{'^' * max(1, length)}"]


class MissingCount(InputError):
    """A ``--want`` whose COUNT was left out (``Fireball``, ``kind=monster``): the option used the wrong way, which the
    CLI reports as a usage error, with the shape expected."""


def _bad(text: str, message: str, start: int, length: int, error: type[InputError] = InputError) -> InputError:
    """``error`` saying what is wrong with the condition ``text``, with carets under where it is."""
    return error(Lines([Message(BAD_CONDITION, text=text, message=message), *_pointer(text, start, length)]))


#: A condition refused: its text and why (then the condition again, with carets under the place).
BAD_CONDITION = N_("bad condition {text!r}: {message}")


def parse_count(token: str) -> tuple[int, int | None] | None:
    """``(low, high)`` for a well-formed COUNT token, ``None`` if the token is not a count at all."""
    match = _COUNT.match(token)
    if not match:
        return None
    low = whole_number(match.group(1))
    if match.group(2):
        return low, None
    if match.group(3) is not None:
        return low, whole_number(match.group(3))
    return low, low


def parse_condition(
    text: str, fields: Mapping[str, str] | None = None, find: Callable[[str], object] | None = None
) -> Condition:
    """Parse ``COUNT FILTER``; ``fields`` maps the known card fields to their JSON types. With ``find`` (a card
    lookup that raises for a name its game lacks), an unquoted filter that is no comparison but a card's name
    (``1+ Fireball``) is that card."""
    if not text.strip():
        text = N_("empty condition: expected COUNT FILTER, e.g. '1+ kind=monster' (COUNT is {forms})")
        raise InputError(Message(text, forms=Message(COUNT_FORMS)))
    lead = _LEADING.match(text)
    assert lead is not None
    low, high = _bounds(text, lead.group(1), lead.start(1))
    filter_text = text[lead.end() :]
    if not filter_text.strip():
        raise _bad(
            text,
            Message("missing filter after the count: 'field OP value[,field OP value...]' or a quoted card name"),
            len(text),
            1,
        )
    offset = lead.end()
    try:
        flt = parse_filter(filter_text, fields)
    except InputError as exc:
        name = filter_text.strip()
        where, length = _failing_part(filter_text, fields)
        if find is None or any(ch in _OPERATOR_CHARS or ch in "\"'" for ch in name):
            raise _bad(text, exc.text, offset + where, length) from None
        try:
            find(name)
        except DeckcliError as unknown:
            both = Message("{error}; as a card name: {unknown}", error=exc.text, unknown=unknown.text)
            raise _bad(text, both, offset + where, length) from None
        flt = Filter(card_name=name, text=name)
    return Condition(low, high, flt, text.strip())


def _bounds(text: str, token: str, start: int) -> tuple[int, int | None]:
    """``(low, high)`` of the condition ``text``'s leading ``token`` (at ``start``), or the error saying what is
    wrong with it: a count glued to the filter, missing, malformed, or an empty range."""
    glued = _GLUED_COUNT.match(token)
    if glued and parse_count(token) is None:
        count = glued.group(1)
        rest = text.strip()[len(count) :]
        space = N_("put a space between the count {count!r} and the filter, e.g. '{count} {rest}'")
        typed = Message(space, count=count, rest=rest)  # type: ignore[arg-type]  # the count as typed ("2+"), no plural
        raise _bad(text, typed, start + len(count), 1)
    if any(ch in _OPERATOR_CHARS for ch in token) or token[:1] in "\"'":
        missing = N_("missing count before the filter: COUNT is {forms}, e.g. '1+ {text}'")
        raise _bad(text, Message(missing, forms=Message(COUNT_FORMS), text=text.strip()), start, 1, MissingCount)
    bounds = parse_count(token)
    if bounds is None and not any(c.isdigit() or c in "+-" for c in token):  # a name with no count (``Fireball``)
        missing = N_("missing count before the card name: COUNT is {forms}, e.g. --want '1+ \"{name}\"'")
        raise _bad(text, Message(missing, forms=Message(COUNT_FORMS), name=text.strip()), start, 1, MissingCount)
    if bounds is None:
        malformed = Message("malformed count {token!r}: expected {forms}", token=token, forms=Message(COUNT_FORMS))
        raise _bad(text, malformed, start, len(token))
    low, high = bounds
    if high is not None and high < low:
        empty = Message("empty range {token!r}: the first number must not be above the second", token=token)
        raise _bad(text, empty, start, len(token))
    return low, high


def _failing_part(filter_text: str, fields: Mapping[str, str] | None) -> tuple[int, int]:
    """Offset and length of the first comparison in ``filter_text`` that does not parse."""
    try:
        parts = split_top_level(filter_text)
    except InputError:
        quote = min(i for i in (filter_text.find('"'), filter_text.find("'")) if i >= 0)
        return quote, len(filter_text) - quote
    position = 0
    for part in parts:
        try:
            parse_comparison(part, fields)
        except InputError:
            stripped = part.strip()
            lead = len(part) - len(part.lstrip())
            return position + lead, len(stripped)
        position += len(part) + 1
    return 0, len(filter_text.rstrip())


def parse_conditions(
    texts: Iterable[str], fields: Mapping[str, str] | None = None, find: Callable[[str], object] | None = None
) -> list[Condition]:
    """Parse every ``--want``; all of them must hold for a hand to count. With ``find`` (see
    :func:`parse_condition`), a card name, quoted or bare, must be a card of the deck's game."""
    conditions = [parse_condition(text, fields, find) for text in texts]
    if find is not None:
        _check_card_names(conditions, find)
    return conditions


def _check_card_names(conditions: Iterable[Condition], find: Callable[[str], object]) -> None:
    """Make sure every quoted card name is a real card of the deck's game (``find(name)`` raises, e.g.
    ``UnknownCard`` with suggestions, for one it lacks); a real card that the deck merely lacks is fine."""
    for condition in conditions:
        name = condition.filter.card_name
        if name is None:
            continue
        try:
            find(name)
        except DeckcliError as exc:
            start = condition.text.find(name)
            bad = Message(BAD_CONDITION, text=condition.text, message=exc.text)
            raise InputError(Lines([bad, *_pointer(condition.text, max(start, 0), len(name))])) from None


def parse_vary(text: str, fields: Mapping[str, str] | None = None) -> Filter:
    """``--vary``: a card name (quoted or not), or a filter when it holds a comparison operator."""
    stripped = text.strip()
    if not stripped:
        raise InputError(Message("--vary needs a card name or a filter"))
    if stripped[0] in "\"'" or not (_OPERATOR_CHARS & set(stripped)):
        name = (
            stripped[1:-1] if len(stripped) > 1 and stripped[0] == stripped[-1] and stripped[0] in "\"'" else stripped
        )
        return Filter(card_name=name, text=name)
    return parse_filter(stripped, fields)
