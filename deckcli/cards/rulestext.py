"""A card's rules as its face prints them, one line each (``Active · Special: Pay 2 Points: …``, ``Offering: …``): the
one layout behind every printed or played face, the Tabletop Simulator sheets and the proxies
(:mod:`deckcli.play.faces`) and the text of a card in Cockatrice's card database (:mod:`deckcli.cards.cockatrice`).

The layout is the game's data, ``face.rules`` of ``game.json``: each entry a field whose value is a line, with the
words before it (a ``label``, and ``tags``: other fields shown as words, a boolean's word only when it is true).
Every other field of the card is printed too, after them, as ``label: value``, unless the face shows it elsewhere
(the name, cost, kind and the game's summary fields) or it names the card rather than rules it (:data:`NOT_RULES`):
so a field a card schema gains is on the face before its game's data says how.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from deckcli.cards.sheets import flat_fields
from deckcli.games import registry
from deckcli.games.registry import Game

#: The fields every card schema shares that name or find a card, not rule it: a face shows them in its own places
#: (name, kind, printing) or not at all (aliases, rarity, artist).
NOT_RULES = frozenset({"number", "name", "names", "aliases", "kind", "rarity", "artist", "game", "set"})
#: Between the words before a line's text (``Active · Special``).
TAG_JOIN = " · "


class RuleLine(NamedTuple):
    """One line of rules: the words before it (may be empty) and its text."""

    head: str
    body: str

    @property
    def text(self) -> str:
        """The line as one text: ``head: body``, or whichever of them there is."""
        return f"{self.head}: {self.body}" if self.head and self.body else self.head or self.body


@dataclass(frozen=True)
class Tag:
    """A field shown as a word before a line's text (``ability.timing`` ``active``: ``Active``)."""

    field: str
    words: dict[str, str]


@dataclass(frozen=True)
class Rule:
    """One entry of ``face.rules``: the field whose value is the line's text, and the words before it."""

    field: str
    label: str
    tags: tuple[Tag, ...]
    words: dict[str, str]

    def covers(self) -> set[str]:
        """The field paths this line shows."""
        return {self.field, *(tag.field for tag in self.tags)}


@lru_cache(maxsize=16)
def face_rules(game: Game) -> tuple[Rule, ...]:
    """The game's ``face.rules`` as types (``schemas/game.schema.json`` checked their shape), kept per game as read
    (a game is equal only to itself with the same data, so a game read anew is never shown stale rules)."""
    found = game.face.get("rules", ())
    return tuple(
        Rule(
            str(spec["field"]),
            str(spec.get("label", "")),
            tuple(Tag(str(tag["field"]), dict(tag["words"])) for tag in spec.get("tags", ())),
            dict(spec.get("words", {})),
        )
        for spec in found
    )


def rules_lines(game: Game, card: Mapping[str, Any]) -> list[RuleLine]:
    """The lines of rules ``card`` (its fields, as in its card file) prints: the game's ``face.rules`` in order,
    then every other rules field it has, ``label: value`` (not the fields of :data:`NOT_RULES` nor the game's
    summary fields, which the face shows elsewhere)."""
    rules = face_rules(game)
    lines = [line for line in (_line(rule, card) for rule in rules) if line is not None]
    shown = _shown_elsewhere(game)
    for path, value in flat_fields(dict(card)):
        if path not in shown and path.partition(".")[0] not in NOT_RULES:
            body = _value_text(value, {"true": "yes"})
            if body:
                lines.append(RuleLine(str(game.field_label(path)), body))
    return lines


@lru_cache(maxsize=16)
def _shown_elsewhere(game: Game) -> frozenset[str]:
    """The fields no generic line prints: those the face shows in its own places, and the ones of ``face.rules``."""
    return NOT_RULES | frozenset(game.summary_fields) | {path for rule in face_rules(game) for path in rule.covers()}


def rules_text(game_code: str, card: Mapping[str, Any]) -> str:
    """The card's rules, one line each (:func:`rules_lines`): a Cockatrice card's text."""
    return "\n".join(line.text for line in rules_lines(registry.game(game_code), card))


def _line(rule: Rule, card: Mapping[str, Any]) -> RuleLine | None:
    """The line of one entry, or None when the card has no text for it (no such field, a false flag, an empty
    list)."""
    body = _value_text(_at(card, rule.field), rule.words)
    if not body:
        return None
    tags = [_value_text(_at(card, tag.field), tag.words, only_words=True) for tag in rule.tags]
    return RuleLine(TAG_JOIN.join(part for part in (rule.label, *tags) if part), body)


def _value_text(value: Any, words: Mapping[str, str], only_words: bool = False) -> str:
    """A value as the face prints it: its word when ``words`` has one (a boolean's key is ``true``/``false``), else
    (unless ``only_words``) the value itself, a list's items joined; a boolean without a word prints nothing."""
    if value is None or value == "" or value == []:
        return ""
    key = ("true" if value else "false") if isinstance(value, bool) else str(value)
    if key in words:
        return words[key]
    if only_words or isinstance(value, bool):
        return ""
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)


def _at(card: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path (``ability.text``), None when the card has none."""
    value: Any = card
    for key in path.split("."):
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value
