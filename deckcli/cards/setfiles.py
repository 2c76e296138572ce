"""Reading card-set files (``carddb/<game>/<set>.json``) and checking them before anything is written.

Checks: the JSON Schema, numbers unique in the set, and the cross-card rules only code can check
(an sfb champion's six action cards are 2 red, 2 yellow and 2 blue).
"""

from __future__ import annotations

import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcli.errors import CardDataError
from deckcli.storage.jsonschemas import schema_errors
from deckcli.names import name_key

CARDSET_SCHEMA = "cardset.schema.json"


@dataclass
class CardSetFile:
    """A card-set document that passed every check, with where it came from."""

    source: str
    game: str
    code: str
    name: str
    cards: list[dict[str, Any]]
    sample: bool = False
    raw: dict[str, Any] = field(default_factory=dict, repr=False)


def read_json_source(source: str) -> tuple[Any, list[str]]:
    """Parse JSON from a path or ``-`` (stdin); returns the document and any problems."""
    try:
        if source == "-":
            text = sys.stdin.buffer.read().decode("utf-8-sig")
        else:
            text = Path(source).read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        return None, [f"{source}: file not found"]
    except IsADirectoryError:
        return None, [f"{source}: is a folder, not a file"]
    except UnicodeDecodeError as exc:
        return None, [f"{source}: not UTF-8 text (byte {exc.start})"]
    except OSError as exc:
        return None, [f"{source}: {exc.strerror}"]
    try:
        return json.loads(text), []
    except json.JSONDecodeError as exc:
        return None, [f"{source}: line {exc.lineno} column {exc.colno}: invalid JSON: {exc.msg}"]
    except RecursionError:
        return None, [f"{source}: invalid card set: JSON nested too deeply"]


def check_cardset(doc: Any, source: str) -> list[str]:
    """Every problem of one card-set document, as ``source: JSON path: message``."""
    problems = schema_errors(CARDSET_SCHEMA, doc, source)
    if problems or not isinstance(doc, dict):
        return problems
    cards = doc["cards"]
    numbers = Counter(card["number"] for card in cards)
    for index, card in enumerate(cards):
        if numbers[card["number"]] > 1:
            problems.append(f"{source}: $.cards[{index}].number: number {card['number']!r} is used more than once in the set")
    if doc["game"] == "sfb":
        problems += _check_sfb_champions(cards, source)
    return problems


def _check_sfb_champions(cards: list[dict[str, Any]], source: str) -> list[str]:
    """Each champion in the set has exactly six action cards: 2 red, 2 yellow, 2 blue."""
    problems = []
    champions = {name_key(c["name"]): (i, c["name"]) for i, c in enumerate(cards) if c["kind"] == "champion"}
    colours: dict[str, Counter[str]] = defaultdict(Counter)
    for index, card in enumerate(cards):
        if card["kind"] == "action":
            key = name_key(card["champion"])
            if key not in champions:
                problems.append(f"{source}: $.cards[{index}].champion: no champion {card['champion']!r} in this set")
            colours[key][card["colour"]] += 1
    for key, (index, name) in champions.items():
        got = colours.get(key, Counter())
        if any(got[c] != 2 for c in ("red", "yellow", "blue")) or sum(got.values()) != 6:
            have = ", ".join(f"{got[c]} {c}" for c in ("red", "yellow", "blue"))
            problems.append(
                f"{source}: $.cards[{index}]: champion {name!r} must have six action cards, 2 red, 2 yellow and 2 blue; has {have}"
            )
    return problems


def load_cardsets(sources: list[str]) -> list[CardSetFile]:
    """Read and check every file; raise :class:`CardDataError` listing all problems of all files."""
    problems: list[str] = []
    loaded: list[CardSetFile] = []
    for source in sources:
        doc, read_problems = read_json_source(source)
        if read_problems:
            problems += read_problems
            continue
        found = check_cardset(doc, source)
        if found:
            problems += found
            continue
        set_info = doc["set"]
        loaded.append(
            CardSetFile(
                source=source,
                game=doc["game"],
                code=set_info["code"],
                name=set_info["name"],
                cards=doc["cards"],
                sample=bool(set_info.get("sample", False)),
                raw=doc,
            )
        )
    seen: dict[tuple[str, str], str] = {}
    for cs in loaded:
        other = seen.setdefault((cs.game, cs.code), cs.source)
        if other != cs.source:
            problems.append(f"{cs.source}: $.set.code: set {cs.game}/{cs.code} is also in {other}")
    if problems:
        raise CardDataError(problems)
    return loaded
