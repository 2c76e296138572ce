"""Where ``event import`` finds its decklists: a folder holding one decklist file per player (the file name, less
its extension, is the player), or a form export CSV with a player, an id and a decklist-text column.

A form's headers are matched ignoring case, spaces and underscores (``Player``/``Name``, ``ID``/``Player ID``/
``DCI``, ``Decklist``/``Deck``/``List``). A row that cannot become a decklist source is returned as a problem line
(``FILE: line N: ...``), so every row's problem is listed with every decklist's.
"""

from __future__ import annotations

from pathlib import Path

from deckcli.errors import DeckcliError, InputError
from deckcli.events.decks import PlayerDecklist
from deckcli.files.csvreading import csv_rows
from deckcli.files.reading import LIMITS, MB, read_document
from deckcli.i18n import Message

#: Header spellings of each column a form export needs (compared as :func:`header_key` keys), preferred first.
COLUMNS = {
    "player": ("player", "playername", "name", "fullname"),
    "player_id": ("id", "playerid", "dci", "dcinumber", "memberid"),
    "decklist": ("decklist", "deck", "list", "decklisttext", "deckdecklist"),
}


def import_sources(path: str) -> tuple[list[PlayerDecklist], list[tuple[str, str]]]:
    """The decklist sources of a folder or a form export (``-``: one read from stdin), and (label, problem) for each
    row that is not one."""
    target = Path(path).expanduser()
    if path != "-" and target.is_dir():  # ("-" is stdin, even beside a folder of that name)
        return folder_sources(target), []
    if path == "-" or target.is_file():
        return form_sources(path)
    raise InputError(Message("{path}: no such folder or file", path=path))


def folder_sources(folder: Path) -> list[PlayerDecklist]:
    """One source per visible file of ``folder``, by file name; the player is the name without its extension."""
    files = sorted((p for p in folder.iterdir() if p.is_file() and not p.name.startswith(".")), key=lambda p: p.name)
    if not files:
        raise InputError(Message("{folder}: holds no decklist files", folder=folder))
    return [PlayerDecklist(p.stem, str(p), path=str(p)) for p in files]


def header_key(text: str) -> str:
    """A header cell as event files compare it: case, spaces, underscores and other punctuation ignored."""
    return "".join(c for c in text.casefold() if c.isalnum())


def _columns(header: list[str], label: str) -> dict[str, int]:
    """Column index of player, player_id (optional) and decklist; InputError naming the headers found otherwise."""
    keys = [header_key(h) for h in header]
    found: dict[str, int] = {}
    for column, spellings in COLUMNS.items():
        index = next((keys.index(s) for s in spellings if s in keys), None)
        if index is not None:
            found[column] = index
    missing = [c for c in ("player", "decklist") if c not in found]
    if missing:
        listed = ", ".join(repr(h) for h in header) or Message("none")
        wanted = [Message("{column}: one of {names}", column=c, names=", ".join(COLUMNS[c])) for c in missing]
        if len(missing) == 2:
            raise InputError(
                Message(
                    "{file}: line 1: no player or decklist column (headers found: {headers}; {player}; {decklist})",
                    file=label,
                    headers=listed,
                    player=wanted[0],
                    decklist=wanted[1],
                )
            )
        raise InputError(
            Message(
                "{file}: line 1: no {column} column (headers found: {headers}; {wanted})",
                file=label,
                column=missing[0],
                headers=listed,
                wanted=wanted[0],
            )
        )
    return found


def form_sources(path: str) -> tuple[list[PlayerDecklist], list[tuple[str, str]]]:
    """The rows of a form export as sources; a row with no player, no decklist text or a cell larger than the
    largest decklist (the reading front door's limit) is a problem."""
    document = read_document(path, "form export")
    label = document.label
    rows = list(csv_rows(document.text, label, cell_limit=len(document.text) + 1))  # cells judged below
    columns = _columns(rows[0][1] if rows else [], label)
    sources: list[PlayerDecklist] = []
    problems: list[tuple[str, str]] = []
    for start, row in rows[1:]:
        if not any(cell.strip() for cell in row):
            continue
        where = Message("{file}: line {line}", file=label, line=start)
        cell = {c: row[i] if i < len(row) else "" for c, i in columns.items()}
        problem = _cell_problem(cell) or (None if cell["player"].strip() else Message("the row names no player"))
        if problem:
            problems.append((where, Message("{where}: {problem}", where=where, problem=problem)))
            continue
        try:
            sources.append(_row_source(cell, where))
        except DeckcliError as exc:
            problems.append(
                (where, Message("{where}: {problem}", where=where, problem=exc.args[0] if exc.args else str(exc)))
            )
    if not sources and not problems:
        raise InputError(Message("{file}: holds no rows after its header", file=label))
    return sources, problems


def _cell_problem(cell: dict[str, str]) -> str | None:
    """Why a row's cells cannot be read: one larger than a decklist may be (named with the row's player), or None."""
    largest = LIMITS["decklist"]
    big = [c for c, text in cell.items() if len(text) * 4 > largest and len(text.encode("utf-8", "replace")) > largest]
    if not big:
        return None
    player = cell["player"].strip()
    column, size = big[0].replace("_", " "), largest // MB
    if "player" in big or not player:
        return Message("the {cell} cell is too large (more than {size} MB, a decklist's limit)", cell=column, size=size)
    return Message(
        "the {cell} cell of player {player!r} is too large (more than {size} MB, a decklist's limit)",
        cell=column,
        player=player,
        size=size,
    )


def _row_source(cell: dict[str, str], where: str) -> PlayerDecklist:
    from deckcli.events.store import clean_name

    player = clean_name(cell["player"], Message("player name"))
    player_id = cell.get("player_id")
    return PlayerDecklist(player, where, text=cell["decklist"], player_id=player_id.strip() if player_id else None)
