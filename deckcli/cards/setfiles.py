"""Reading card-set files (``carddb/<game>/<set>.json``) and checking them before anything is written.

Checks: the JSON Schemas (the set's envelope, then its game's card schema), numbers unique in the set,
and the cross-card rules of the game's hooks (a leader's member cards and their split).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from deckcli.cards import sheets
from deckcli.errors import CardDataError, InputError
from deckcli.files import jsontext
from deckcli.files.reading import read_document
from deckcli.games import registry
from deckcli.games.hooks import hooks_of
from deckcli.i18n import Message, error_text
from deckcli.validation.jsonschemas import path_problem, schema_errors

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
    """Parse JSON from a path or ``-`` (stdin) through the reading front door; returns the document and any problems."""
    try:
        document = read_document(source, "card set")
        return jsontext.parse_json(document.text, document.label), []
    except InputError as exc:
        return None, [error_text(exc)]


def check_cardset(doc: Any, source: str) -> list[str]:
    """Every problem of one card-set document, as ``source: JSON path: message``.

    The envelope is checked by cardset.schema.json, the cards by the card schema its game's file names,
    then what only code can check: numbers unique in the set, and each hook's rules for the game's sets.
    """
    problems = schema_errors(CARDSET_SCHEMA, doc, source)
    if problems or not isinstance(doc, dict):
        return problems
    if not registry.is_game(doc["game"]):
        return [
            Message(
                "{file}: $.game: unknown game {game!r}; known games: {games}",
                file=source,
                game=doc["game"],
                games=", ".join(registry.codes()),
            )
        ]
    game = registry.game(doc["game"])
    problems = schema_errors(f"{game.card_schema}#/$defs/cards", doc["cards"], source, path_prefix="$.cards")
    if problems:
        return problems
    cards = doc["cards"]
    numbers = Counter(card["number"] for card in cards)
    for index, card in enumerate(cards):
        if numbers[card["number"]] > 1:
            duplicate = Message("number {number!r} is used more than once in the set", number=card["number"])
            problems.append(path_problem(source, f"$.cards[{index}].number", duplicate))  # a sheet names its cell
    for hook in hooks_of(game):
        check = getattr(hook, "cardset_problems", None)
        if check is not None:
            problems += check(cards, source)
    return problems


def load_cardsets(sources: list[str], sheet: sheets.SheetSet | None = None) -> list[CardSetFile]:
    """Read and check every file; raise :class:`CardDataError` listing all problems of all files.

    A spreadsheet card list (.csv/.tsv, see :mod:`deckcli.cards.sheets`) is read as a set of ``sheet``'s game and
    set and checked like a JSON set; its problems name their line and column.
    """
    problems: list[str] = []
    loaded: list[CardSetFile] = []
    unknown = False  # a sheet named a column or a value its game's cards do not have
    for source in sources:
        located = sheets.read_sheet(source, sheet) if sheets.is_sheet(source, sheet) else None
        doc: Any  # a JSON document: what check_cardset says it holds
        if located is not None:
            doc, read_problems = located.doc, located.problems
        else:
            doc, read_problems = read_json_source(source)
        if read_problems:
            problems += read_problems
            unknown = unknown or (located is not None and located.unknown)
            continue
        found = check_cardset(doc, located.label if located is not None else source)
        if found:
            problems += [located.locate(p) for p in found] if located is not None else found
            unknown = unknown or (located is not None and located.unknown)
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
    problems += _same_set_twice(loaded)
    if problems:
        raise CardDataError(problems, sheet.hint() if unknown and sheet is not None else None)
    return loaded


def _same_set_twice(loaded: list[CardSetFile]) -> list[Message]:
    """A problem for each file holding a set an earlier file of the same import already holds."""
    problems = []
    seen: dict[tuple[str, str], str] = {}
    for cs in loaded:
        other = seen.setdefault((cs.game, cs.code), cs.source)
        if other != cs.source:
            problems.append(
                Message(
                    "{file}: $.set.code: set {game}/{set} is also in {other}",
                    file=cs.source,
                    game=cs.game,
                    set=cs.code,
                    other=other,
                )
            )
    return problems
