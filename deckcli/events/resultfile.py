"""A round's results file (``event result EVENT ROUND --from FILE``): one row per table, ``table,result``
(``3,2-1``) or ``table,player_a_wins,player_b_wins,draws`` (``3,2,1,0``), as a judge types it from the collected
result slips, which print each table's line in this layout.

Read through the reading front door and the one CSV reader (``,`` ``;`` or tab, a ``sep=`` line, ``-`` for stdin).
Headers are matched as event files match them (:func:`deckcli.events.sources.header_key`: case, spaces and
underscores aside, ``Table``/``Table No``, ``Result``/``Score``, ``Wins``/``Player 1 wins``, ...); a file whose first
row is already a table number has no header, its layout told by its number of cells. The cells stay text here:
:func:`deckcli.events.results.enter_results` judges each row against the round and names its line.
"""

from __future__ import annotations

from deckcli.errors import InputError
from deckcli.events.results import RoundResults, TableScore, enter_results
from deckcli.events.sources import header_key
from deckcli.files.csvreading import csv_rows
from deckcli.files.reading import read_document
from deckcli.i18n import Message
from deckcli.storage.writes import Writable

#: Header spellings of each column (compared as :func:`header_key` keys), preferred first.
COLUMNS = {
    "table": ("table", "tableno", "tablenumber", "tbl", "match"),
    "result": ("result", "score", "wld", "wl", "matchresult"),
    "player_a_wins": ("playerawins", "player1wins", "p1wins", "firstplayerwins", "wins", "won"),
    "player_b_wins": ("playerbwins", "player2wins", "p2wins", "secondplayerwins", "losses", "lost"),
    "draws": ("draws", "drawngames", "drawn", "draw", "ties"),
}
#: The columns of a file without a header, by its first row's number of cells.
UNNAMED = {
    2: ("table", "result"),
    3: ("table", "player_a_wins", "player_b_wins"),
    4: ("table", "player_a_wins", "player_b_wins", "draws"),
}


def _columns(header: list[str], label: str) -> dict[str, int]:
    """The index of each column the header names; InputError naming the headers found when the table or the
    result (or both players' wins) is missing."""
    keys = [header_key(h) for h in header]
    found = {c: keys.index(s) for c, spellings in reversed(COLUMNS.items()) for s in reversed(spellings) if s in keys}
    if "table" in found and ("result" in found or {"player_a_wins", "player_b_wins"} <= set(found)):
        return found
    raise InputError(
        Message(
            "{file}: line 1: no table and result columns (headers found: {headers}; expected table,result or"
            " table,player_a_wins,player_b_wins,draws)",
            file=label,
            headers=", ".join(repr(h) for h in header) or Message("none"),
        )
    )


def _score(cells: dict[str, str]) -> str:
    """The row's score as typed: its result cell, else its wins and draws joined as ``W-L-D``."""
    if "result" in cells:
        return cells["result"]
    draws = cells.get("draws", "").strip() or "0"
    return f"{cells['player_a_wins'].strip()}-{cells['player_b_wins'].strip()}-{draws}"


def read_results(path: str) -> tuple[str, list[TableScore]]:
    """The label of the results file ``path`` (``-``: stdin) and each of its rows with a table or a score, as typed,
    with its line; InputError for a file that is not one (unreadable, no table and result columns, no row)."""
    document = read_document(path, "results file")
    label = document.label
    rows = list(csv_rows(document.text, label))
    first = rows[0][1] if rows else []
    if first and first[0].strip().isdigit():
        columns = {c: i for i, c in enumerate(UNNAMED.get(len(first), ("table", "result")))}
    else:
        columns, rows = _columns(first, label), rows[1:]
    given = []
    for line, row in rows:
        if not any(cell.strip() for cell in row):
            continue
        cells = {c: row[i] if i < len(row) else "" for c, i in columns.items()}
        given.append(TableScore(cells["table"], _score(cells), line))
    if not given:
        raise InputError(Message("{file}: holds no results (one row per table: table,result)", file=label))
    return label, given


def enter_file(
    db: Writable, event_name: str, label: str, path: str, replace: bool = False, drop: str | None = None
) -> RoundResults:
    """``event result --from``: every table of the results file ``path`` entered in one transaction, or none, every
    problem named by its line (:func:`deckcli.events.results.enter_results`)."""
    source, given = read_results(path)
    return enter_results(db, event_name, label, given, replace, drop, source)
