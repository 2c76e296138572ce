"""Card lists from spreadsheets: a CSV or TSV sheet with one row per card, read into a card-set document, and back.

The header names the fields of the game's card schema; a nested field is a dotted column (``ability.timing``,
``names.en``), a list is its items joined by ``;`` (or JSON, ``[]`` for an empty list). Cells are converted by
the type the schema gives the field (a cell that does not convert stays text, for the schema to report), so the
sheet is checked by the same card schema as a JSON set, and every problem is named by its cell:
``file: line N: column C (field): message``. The game and set come from the command (``--game``, ``--set``,
``--set-name``), since a sheet has no place for them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import IO, Any

from deckcli.errors import InputError
from deckcli.files.csvreading import CsvSyntaxError, csv_rows
from deckcli.files.csvwriting import CsvWriter, unescape_cell
from deckcli.files.jsontext import JsonSyntaxError, parse_json
from deckcli.files.reading import read_document
from deckcli.games import registry
from deckcli.i18n import Message, error_text
from deckcli.validation.jsonschemas import PATH_PROBLEM, documents, path_problem

#: File names read as spreadsheets (``-`` too, when the command names the set).
SHEET_EXTENSIONS = (".csv", ".tsv", ".tab", ".txt")
#: The columns written first, in this order.
LEADING = ("number", "name", "kind")
_TRUE = {"true": True, "yes": True, "1": True, "y": True, "false": False, "no": False, "0": False, "n": False}
_INTEGER = re.compile(r"^[+-]?\d+(?:\.0*)?$")
#: A problem line not made by :func:`~deckcli.validation.jsonschemas.path_problem` (a game hook's): file, path, problem.
_LINE = re.compile(r"^(.*?): (\$\S*): (.*)$", re.S)
_CARD = re.compile(r"^\$\.cards\[(?P<index>\d+)\](?P<rest>\S*)$")
_OPTIONS = {"$.game": "--game", "$.set.code": "--set", "$.set.name": "--set-name"}


@dataclass(frozen=True)
class SheetSet:
    """What a spreadsheet cannot say about itself: the game and the set its cards belong to."""

    game: str
    code: str
    name: str


@dataclass
class Sheet:
    """A sheet read into a card-set document, with where each card and column came from."""

    label: str
    doc: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # the line of each card
    columns: dict[str, int] = field(default_factory=dict)  # field path -> its 0-based column

    def locate(self, problem: str) -> str:
        """A ``label: $.cards[i].path: problem`` line as ``label: line N: column C (path): problem``, and one about
        the envelope's game or set as the option that gave it (``label: --set: problem``); the problem stays
        translatable (:data:`~deckcli.validation.jsonschemas.PATH_PROBLEM`'s arguments; another line's English is
        read by its shape)."""
        label, path, message = _parts(problem)
        if label != self.label:
            return problem
        if path in _OPTIONS:
            return path_problem(self.label, _OPTIONS[path], message)
        if path == "$.cards":
            return Message("{file}: no card rows under the header", file=self.label)
        card = _CARD.match(path)
        if card is None:
            return problem
        index = int(card["index"])
        where = (
            Message("{file}: line {line}", file=self.label, line=self.lines[index])
            if index < len(self.lines)
            else self.label
        )
        column = self._column(_field_path(card["rest"]) or _named_property(message))
        if column is None:
            return Message("{file}: {problem}", file=where, problem=message)
        letter, name = column
        return Message(
            "{where}: column {column} ({name}): {problem}", where=where, column=letter, name=name, problem=message
        )

    def _column(self, path: str) -> tuple[str, str] | None:
        """The letter and field of the column holding ``path`` or the nearest field around it."""
        while path:
            if path in self.columns:
                return column_letter(self.columns[path]), path
            path = path.rpartition(".")[0]
        return None


def _parts(problem: str) -> tuple[str, str, str]:
    """The file, JSON path and problem of a ``file: path: problem`` line (empty strings for another line)."""
    if isinstance(problem, Message) and problem.msgid == PATH_PROBLEM:
        return problem.args["file"], problem.args["path"], problem.args["problem"]
    found = _LINE.match(problem)
    return (found[1], found[2], found[3]) if found else ("", "", "")


def _named_property(message: str) -> str:
    """The property a problem of a card as a whole names (a missing or an unexpected field), else ``""``."""
    if isinstance(message, Message) and isinstance(message.args.get("property"), str):
        return message.args["property"]
    return ""


def column_letter(index: int) -> str:
    """The spreadsheet name of a 0-based column: A, B, ..., Z, AA, AB ..."""
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(ord("A") + rest) + name
    return name


def _field_path(rest: str) -> str:
    """``.ability.timing`` -> ``ability.timing``; ``.aliases[1]`` -> ``aliases``; ``.names['pt-BR']`` -> ``names.pt-BR``."""
    parts = re.findall(r"\.([^.\[\]]+)|\['([^']*)'\]|\[\d+\]", rest)
    return ".".join(a or b for a, b in parts if a or b)


def is_sheet(source: str, sheet: SheetSet | None) -> bool:
    """Whether ``source`` is read as a spreadsheet: a .csv/.tsv/.tab/.txt file, or stdin when the set is named."""
    return source.lower().endswith(SHEET_EXTENSIONS) or (source == "-" and sheet is not None)


@cache
def field_types(game_code: str) -> dict[str, str]:
    """Every field path of a game's card schema (over all kinds) and its JSON type; ``names.*`` for localised names."""
    schema = documents()[registry.game(game_code).card_schema]
    types: dict[str, str] = {}
    _collect(schema.get("$defs", {}).get("cards", {}).get("items", schema), "", types)
    return types


def _collect(node: Any, prefix: str, types: dict[str, str]) -> None:
    if isinstance(node, list):
        for item in node:
            _collect(item, prefix, types)
        return
    if not isinstance(node, dict):
        return
    for key, sub in (node.get("properties") or {}).items():
        if not isinstance(sub, dict):
            continue
        kind = sub.get("type") or ("integer" if all(isinstance(v, int) for v in sub.get("enum", [""])) else "string")
        types.setdefault(prefix + key, kind)
        if kind == "object" and isinstance(sub.get("properties"), dict):
            _collect(sub, f"{prefix}{key}.", types)
        elif kind == "object":
            types.setdefault(f"{prefix}{key}.*", "string")
    for key, value in node.items():
        if key != "properties":
            _collect(value, prefix, types)


def _type_of(path: str, types: dict[str, str]) -> str | None:
    head, _, _ = path.rpartition(".")
    return types.get(path) or (types.get(f"{head}.*") if head else None)


def _value(text: str, kind: str) -> Any:
    """A cell's value as the schema's type; text that does not convert is kept for the schema to report (JSON that
    is not valid raises JsonSyntaxError)."""
    if kind == "integer" and _INTEGER.match(text):
        return int(text.split(".")[0])
    if kind == "number":
        try:
            return float(text)
        except ValueError:
            return text
    if kind == "boolean":
        return _TRUE.get(text.casefold(), text)
    if kind in ("array", "object") and text[:1] in "[{":
        return parse_json(text, "the cell")  # deckcli's limits: depth, digits; JsonSyntaxError for the caller to place
    if kind == "array":
        return [item.strip() for item in text.split(";") if item.strip()]
    return text


def _put(card: dict[str, Any], path: str, value: Any) -> None:
    head, dot, rest = path.partition(".")
    if not dot:
        card[head] = value
        return
    inner = card.setdefault(head, {})
    if isinstance(inner, dict):
        _put(inner, rest, value)


def parse_sheet(text: str, label: str, sheet: SheetSet) -> Sheet:
    """The card-set document of a sheet's text; problems of the header or the game are in ``problems``."""
    result = Sheet(label)
    if not registry.is_game(sheet.game):
        result.problems.append(
            Message(
                "{file}: --game: unknown game {game!r}; known games: {games}",
                file=label,
                game=sheet.game,
                games=", ".join(registry.codes()),
            )
        )
        return result
    types = field_types(sheet.game)
    rows = csv_rows(text, label)  # the one CSV reader: a sep= line, ",", ";" or tab
    try:
        found = next(((line, row) for line, row in rows if any(cell.strip() for cell in row)), None)
        if found is None:
            result.problems.append(Message("{file}: empty sheet (no header row naming the card fields)", file=label))
            return result
        _read_header(result, found, types, sheet.game)
        if result.problems:
            return result
        cards = _read_cards(result, rows, types)
    except CsvSyntaxError as exc:
        result.problems.append(error_text(exc))
        return result
    result.doc = {"game": sheet.game, "set": {"code": sheet.code, "name": sheet.name}, "cards": cards}
    return result


def _read_header(result: Sheet, found: tuple[int, list[str]], types: dict[str, str], game: str) -> None:
    """The column of each field the header row names into ``result.columns``; a cell naming none is a problem."""
    line, header = found
    known = {path.casefold(): path for path in types if not path.endswith(".*")}
    for i, cell in enumerate(header):
        name = cell.strip()
        path = known.get(name.casefold()) or (name if name and _type_of(name, types) else None)
        where: dict[str, Any] = {"file": result.label, "line": line, "column": column_letter(i), "name": name}
        if path is None:
            if name:
                fields = ", ".join(p for p in types if not p.endswith(".*"))
                result.problems.append(
                    Message(
                        "{file}: line {line}: column {column} ({name}): not a field of the {game} card schema; its"
                        " fields: {fields}",
                        game=game,
                        fields=fields,
                        **where,
                    )
                )
            continue
        if path in result.columns:
            result.problems.append(
                Message(
                    "{file}: line {line}: column {column} ({name}): the field is also column {other}",
                    other=column_letter(result.columns[path]),
                    **where,
                )
            )
        result.columns[path] = i


def _read_cards(result: Sheet, rows: Iterable[tuple[int, list[str]]], types: dict[str, str]) -> list[dict[str, Any]]:
    """A card per row under the header (blank rows skipped), its line noted; a JSON cell that is not valid JSON is a
    problem naming its line and column."""
    plan = [(i, path, _type_of(path, types) or "string") for path, i in result.columns.items()]
    cards = []
    for line, row in rows:
        card: dict[str, Any] = {}
        for i, path, kind in plan:
            cell = row[i].strip() if i < len(row) else ""
            if not cell:
                continue
            try:
                _put(card, path, _value(unescape_cell(cell), kind))
            except JsonSyntaxError as exc:
                result.problems.append(
                    Message(
                        "{file}: line {line}: column {column} ({name}): not valid JSON: {reason} (line {cell_line},"
                        " column {cell_column} of the cell)",
                        file=result.label,
                        line=line,
                        column=column_letter(i),
                        name=path,
                        reason=exc.reason,
                        cell_line=exc.line,
                        cell_column=exc.column,
                    )
                )
        if card:
            cards.append(card)
            result.lines.append(line)
    return cards


def read_sheet(source: str, sheet: SheetSet | None) -> Sheet:
    """A spreadsheet file (``-``: stdin) through the reading front door, read as a card-set document."""
    try:
        document = read_document(source, "card set")
    except InputError as exc:
        return Sheet(source, problems=[error_text(exc)])
    if sheet is None:
        return Sheet(
            document.label,
            problems=[
                Message(
                    "{file}: a spreadsheet card list needs --game, --set and --set-name (the game and set of its cards)",
                    file=document.label,
                )
            ],
        )
    return parse_sheet(document.text, document.label, sheet)


# -- writing ------------------------------------------------------------------------------------------


def flat_fields(card: dict[str, Any], prefix: str = "") -> Iterable[tuple[str, Any]]:
    """A card's fields by path (``ability.timing``, ``names.en``): a sheet's columns, a Cockatrice card's props."""
    for key, value in card.items():
        if isinstance(value, dict) and value:
            yield from flat_fields(value, f"{prefix}{key}.")
        else:
            yield prefix + key, value


def cell_text(value: Any) -> str:
    """A field's value as one text: ``true``/``false``, a list as ``a; b`` (as JSON when that would not read back)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        items = [str(v) for v in value]
        if items and all(
            isinstance(v, str) and v.strip() == v and v and ";" not in v and v[:1] not in "[{" for v in value
        ):
            return "; ".join(items)
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)


def write_sheet(cards: list[dict[str, Any]], stream: IO[str], delimiter: str = ",") -> int:
    """Write cards as a sheet (the columns every card uses, number, name and kind first); returns the rows written.

    Text cells a spreadsheet would run as a formula get a leading ``'``, which reading removes again.
    """
    rows = [dict(flat_fields(card)) for card in cards]
    columns = [c for c in LEADING if any(c in row for row in rows)]
    for row in rows:
        columns += [c for c in row if c not in columns]
    writer = CsvWriter(stream, delimiter=delimiter)  # a cell holding a bare CR is quoted too
    writer.writerow(columns)
    for row in rows:
        writer.writerow([cell_text(row[c]) if c in row else "" for c in columns])  # formula-escaped by the writer
    return len(rows)
