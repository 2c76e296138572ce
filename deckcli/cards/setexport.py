"""A stored card set written back out (``cards export``): as a card-set JSON document or a spreadsheet card list.

Either file imports again (``cards import``; a sheet with ``--game``, ``--set`` and ``--set-name``) as the same
cards. What the database does not keep of the original file (the set's release date and note) is not written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import IO, Any, NamedTuple

from deckcli.cards.sheets import write_sheet
from deckcli.errors import InputError, NotFoundError, UnknownSet
from deckcli.files.jsontext import json_value
from deckcli.storage.base import BaseDatabase

#: Export formats: JSON (a card-set document) and spreadsheet card lists with their delimiter.
FORMATS = {"json": None, "csv": ",", "tsv": "\t"}


@dataclass
class SetExport:
    """One set's card-set document, ready to write."""

    game: str
    code: str
    name: str
    doc: dict[str, Any]

    @property
    def cards(self) -> int:
        return len(self.doc["cards"])


class _Set(NamedTuple):
    """A card set's row."""

    id: int
    code: str
    name: str
    sample: bool


def export_set(db: BaseDatabase, game: str, set_code: str | None = None) -> SetExport:
    """The set ``set_code`` of ``game`` (code or name, any case; may be left out when the game has one set)."""
    with db.rows() as rows:
        sets = [
            _Set(*row)
            for row in rows.all(
                "SELECT id, code, name, sample FROM card_set WHERE game = :game ORDER BY code", {"game": game}
            )
        ]
        if not sets:
            raise NotFoundError(f"no card sets of {game} in the database")
        if set_code is None:
            if len(sets) > 1:
                raise InputError(
                    f"{game} has {len(sets)} sets; choose one with --set ({', '.join(s.code for s in sets)})"
                )
            chosen = sets[0]
        else:
            wanted = set_code.casefold()
            found = next((s for s in sets if wanted in (s.code.casefold(), s.name.casefold())), None)
            if found is None:
                raise UnknownSet(set_code, game, [s.code for s in sets])
            chosen = found
        cards = [
            json_value(data)
            for (data,) in rows.all("SELECT data FROM card WHERE set_id = :id ORDER BY id", {"id": chosen.id})
        ]
    info: dict[str, Any] = {"code": chosen.code, "name": chosen.name}
    if chosen.sample:
        info["sample"] = True
    return SetExport(game, chosen.code, chosen.name, {"game": game, "set": info, "cards": list(cards)})


def format_for(to: str | None, target: str) -> str:
    """The export format: ``to`` when given, else the one the file's extension names, else JSON."""
    if to:
        return to.lower()
    ext = target.rpartition(".")[2].lower() if "." in target else ""
    return ext if ext in FORMATS else "json"


def write_set(export: SetExport, stream: IO[str], fmt: str) -> None:
    """Write a set as JSON (``json``) or as a spreadsheet card list (``csv``, ``tsv``)."""
    delimiter = FORMATS[fmt]
    if delimiter is None:
        json.dump(export.doc, stream, ensure_ascii=False, indent=1)
        stream.write("\n")
    else:
        write_sheet(export.doc["cards"], stream, delimiter)
