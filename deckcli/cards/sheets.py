"""Card lists from spreadsheets: a CSV or TSV sheet with one row per card, read into a card-set document, and back.

The header names the fields of the game's card schema; a nested field is a dotted column (``ability.timing``,
``names.en``), a list is its items joined by ``;`` (or JSON, ``[]`` for an empty list). Cells are converted by
the type the schema gives the field (a cell that does not convert stays text, for the schema to report), so the
sheet is checked by the same card schema as a JSON set, and every problem is named by its cell:
``file: line N: column C (field): message``. A header may name a field as a spreadsheet user writes it (``Card
Name``, ``ATK``, ``種類``: the game's data lists the spellings, :mod:`deckcli.cards.sheetcolumns`), and an allowed value
or a number is read in any case or width (``Monster``, ``１``). The game and set come from the command (``--game``,
``--set``, ``--set-name``; a set already stored keeps its name), since a sheet has no place for them.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import IO, Any

from deckcli.cards.sheetcolumns import SheetFields, column_letter, normal, sheet_fields
from deckcli.errors import InputError
from deckcli.files.csvreading import CsvSyntaxError, csv_rows
from deckcli.files.csvwriting import CsvWriter, unescape_cell
from deckcli.files.jsontext import JsonSyntaxError, parse_json
from deckcli.files.reading import read_document
from deckcli.games import registry
from deckcli.i18n import N_, Message, error_text
from deckcli.validation.jsonschemas import PATH_PROBLEM, path_problem

#: File names read as spreadsheets (``-`` too, when the command names the set).
SHEET_EXTENSIONS = (".csv", ".tsv", ".tab", ".txt")
#: The columns written first, in this order.
LEADING = ("number", "name", "kind")
_TRUE = {"true": True, "yes": True, "1": True, "y": True, "false": False, "no": False, "0": False, "n": False}
#: A problem's message that names a value the field does not allow (see :data:`TEMPLATE_HINT`).
_UNKNOWN_VALUE = "{value} is not one of: {allowed}"
_INTEGER = re.compile(r"^[+-]?\d+(?:\.0*)?$")
#: A problem line not made by :func:`~deckcli.validation.jsonschemas.path_problem` (a game hook's): file, path, problem.
_LINE = re.compile(r"^(.*?): (\$\S*): (.*)$", re.S)
_CARD = re.compile(r"^\$\.cards\[(?P<index>\d+)\](?P<rest>\S*)$")
_OPTIONS = {"$.game": "--game", "$.set.code": "--set", "$.set.name": "--set-name"}


#: What an error about an unknown column or value ends with: the command writing a sheet to fill in.
TEMPLATE_HINT = N_("`deckcli cards export --game {game} --set {set} -o template.csv` gives a sheet to fill in")


@dataclass(frozen=True)
class SheetSet:
    """What a spreadsheet cannot say about itself: the game and the set its cards belong to (``name`` None: the
    stored set's, see :meth:`named`), whether it is a sample set, and a stored set of the game whose export is a
    sheet to fill in (``template``; None: the game has none stored)."""

    game: str
    code: str
    name: str | None
    sample: bool = False
    template: str | None = None

    def hint(self) -> Message:
        """How to get a sheet to fill in: :data:`TEMPLATE_HINT` for this game, with a stored set of it."""
        return Message(TEMPLATE_HINT, game=self.game, set=self.template or self.code)


@dataclass
class Sheet:
    """A sheet read into a card-set document, with where each card and column came from."""

    label: str
    doc: dict[str, Any] | None = None
    problems: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)  # the line of each card
    columns: dict[str, int] = field(default_factory=dict)  # field path -> its 0-based column
    #: Whether a problem names a column or a value the game's cards do not have (the error then ends with a hint).
    unknown: bool = False

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
        self.unknown = self.unknown or (isinstance(message, Message) and message.msgid == _UNKNOWN_VALUE)
        column = self._column(_field_path(card["rest"]) or _named_property(message, self.columns))
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


def _named_property(message: str, columns: dict[str, int]) -> str:
    """The property a problem of a card as a whole names: the missing field when the sheet has its column, else the
    one the message places it at (the selecting ``kind``, an unexpected field); ``""`` when it names none."""
    if not isinstance(message, Message):
        return ""
    named = [message.args.get("field"), message.args.get("property")]
    found = [name for name in named if isinstance(name, str)]
    return next((name for name in found if name in columns), found[0] if found else "")


def _field_path(rest: str) -> str:
    """``.ability.timing`` -> ``ability.timing``; ``.aliases[1]`` -> ``aliases``; ``.names['pt-BR']`` -> ``names.pt-BR``."""
    parts = re.findall(r"\.([^.\[\]]+)|\['([^']*)'\]|\[\d+\]", rest)
    return ".".join(a or b for a, b in parts if a or b)


def is_sheet(source: str, sheet: SheetSet | None) -> bool:
    """Whether ``source`` is read as a spreadsheet: a .csv/.tsv/.tab/.txt file, or stdin when the set is named."""
    return source.lower().endswith(SHEET_EXTENSIONS) or (source == "-" and sheet is not None)


def _value(text: str, kind: str) -> Any:
    """A cell's value as the schema's type (a number in any width: ``１２``); text that does not convert is kept for
    the schema to report (JSON that is not valid raises JsonSyntaxError)."""
    folded = unicodedata.normalize("NFKC", text).strip()
    if kind == "integer" and _INTEGER.match(folded):
        return int(folded.split(".")[0])
    if kind == "number":
        try:
            return float(folded)
        except ValueError:
            return text
    if kind == "boolean":
        return _TRUE.get(normal(text), text)
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
    fields = sheet_fields(sheet.game)
    rows = csv_rows(text, label)  # the one CSV reader: a sep= line, ",", ";" or tab
    try:
        found = next(((line, row) for line, row in rows if any(cell.strip() for cell in row)), None)
        if found is None:
            result.problems.append(Message("{file}: empty sheet (no header row naming the card fields)", file=label))
            return result
        _read_header(result, found, fields, sheet.game)
        if result.problems:
            return result
        cards = _read_cards(result, rows, fields)
    except CsvSyntaxError as exc:
        result.problems.append(error_text(exc))
        return result
    info: dict[str, Any] = {"code": sheet.code, "name": sheet.name}
    if sheet.sample:
        info["sample"] = True
    result.doc = {"game": sheet.game, "set": info, "cards": cards}
    return result


def _read_header(result: Sheet, found: tuple[int, list[str]], fields: SheetFields, game: str) -> None:
    """The column of each field the header row names into ``result.columns``; a cell naming none, a field named
    twice and a field every card needs without a column are problems."""
    line, header = found
    for i, cell in enumerate(header):
        name = cell.strip()
        path = fields.path_of(name)
        where: dict[str, Any] = {"file": result.label, "line": line, "column": column_letter(i), "name": name}
        if path is None:
            if name:
                result.unknown = True
                result.problems.append(
                    Message(
                        "{file}: line {line}: column {column} ({name}): not a field of the {game} card schema; its"
                        " fields: {fields}",
                        game=game,
                        fields=", ".join(fields.names),
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
    for needed in (path for path in fields.required if path not in result.columns):
        result.unknown = True
        result.problems.append(
            Message(
                "{file}: line {line}: no column for {field!r}, which every card has",
                file=result.label,
                line=line,
                field=needed,
            )
        )


def _read_cards(result: Sheet, rows: Iterable[tuple[int, list[str]]], fields: SheetFields) -> list[dict[str, Any]]:
    """A card per row under the header (blank rows skipped), its line noted; a JSON cell that is not valid JSON is a
    problem naming its line and column."""
    plan = [(i, path, fields.type_of(path) or "string") for path, i in result.columns.items()]
    cards = []
    for line, row in rows:
        card: dict[str, Any] = {}
        for i, path, kind in plan:
            cell = row[i].strip() if i < len(row) else ""
            if not cell:
                continue
            try:
                _put(card, path, fields.value(path, _value(unescape_cell(cell), kind)))
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
                    "{file}: a spreadsheet card list needs --game and --set (the game and set of its cards)",
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
