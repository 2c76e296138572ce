"""Stored card sets written back out (``cards export``): as a card-set JSON document, a spreadsheet card list or
Cockatrice's card database.

A JSON or sheet file holds one set and imports again (``cards import``; a sheet with ``--game``, ``--set`` and
``--set-name``) as the same cards. A Cockatrice database holds every set of the game unless ``--set`` names one
(:mod:`deckcli.cards.cockatrice`). What the database does not keep of the original file (the set's release date and
note) is not written.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import IO, Any, NamedTuple

from deckcli.carderrors import UnknownSet
from deckcli.cards.sheets import write_sheet
from deckcli.errors import InputError, NotFoundError
from deckcli.files.jsontext import json_value
from deckcli.i18n import Message
from deckcli.storage.base import BaseDatabase

#: Spreadsheet card lists and their delimiter.
SHEETS = {"csv": ",", "tsv": "\t"}
#: The format a file's extension picks when ``--to`` is not given: JSON (a card-set document), the sheets, and
#: Cockatrice's card database.
EXTENSIONS = {"json": "json", "csv": "csv", "tsv": "tsv", "xml": "cockatrice"}
#: Formats holding every set of the game in one file when no set is named.
WHOLE_GAME = frozenset({"cockatrice"})


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


@dataclass
class CardExport:
    """The sets of one game being exported, and for a Cockatrice database the cards each card stands for."""

    game: str
    sets: list[SetExport]
    #: Card name -> the names of the cards it stands for under the game's hooks (an sfb champion: its actions).
    related: dict[str, list[str]] = field(default_factory=dict)

    @property
    def cards(self) -> int:
        return sum(s.cards for s in self.sets)

    @property
    def label(self) -> str:
        """``boa S01 (Sample set)`` for one set, ``boa S01, S02`` for several."""
        if len(self.sets) == 1:
            return f"{self.game} {self.sets[0].code} ({self.sets[0].name})"
        return f"{self.game} {', '.join(s.code for s in self.sets)}"


class _Set(NamedTuple):
    """A card set's row."""

    id: int
    code: str
    name: str
    sample: bool


def export_cards(db: BaseDatabase, game: str, set_code: str | None = None, fmt: str = "json") -> CardExport:
    """The set ``set_code`` of ``game`` (code or name, any case) to write as ``fmt``; without a set, the game's only
    set, or for a whole-game format (:data:`WHOLE_GAME`) every set of the game."""
    with db.rows() as rows:
        sets = [
            _Set(*row)
            for row in rows.all(
                "SELECT id, code, name, sample FROM card_set WHERE game = :game ORDER BY code", {"game": game}
            )
        ]
        if not sets:
            raise NotFoundError(Message("no card sets of {game} in the database", game=game))
        chosen = _chosen(sets, game, set_code, fmt in WHOLE_GAME)
        exported = [_set_export(rows, game, s) for s in chosen]
    return CardExport(game, exported, _related(db, game) if fmt in WHOLE_GAME else {})


def _chosen(sets: list[_Set], game: str, set_code: str | None, whole_game: bool) -> list[_Set]:
    if set_code is None:
        if len(sets) > 1 and not whole_game:
            raise InputError(
                Message(
                    "{game} has {count} sets; choose one with --set ({sets})",
                    game=game,
                    count=len(sets),
                    sets=", ".join(s.code for s in sets),
                )
            )
        return sets
    wanted = set_code.casefold()
    found = next((s for s in sets if wanted in (s.code.casefold(), s.name.casefold())), None)
    if found is None:
        raise UnknownSet(set_code, game, [s.code for s in sets])
    return [found]


def _set_export(rows: Any, game: str, chosen: _Set) -> SetExport:
    cards = [
        json_value(data)
        for (data,) in rows.all("SELECT data FROM card WHERE set_id = :id ORDER BY id", {"id": chosen.id})
    ]
    info: dict[str, Any] = {"code": chosen.code, "name": chosen.name}
    if chosen.sample:
        info["sample"] = True
    return SetExport(game, chosen.code, chosen.name, {"game": game, "set": info, "cards": list(cards)})


def _related(db: BaseDatabase, game: str) -> dict[str, list[str]]:
    """Every card of the game that stands for others under its hooks, by name, with the names it stands for."""
    from deckcli.cards.index import CardIndex
    from deckcli.games import registry
    from deckcli.games.hooks import stands_for

    index = CardIndex(db, game)
    found: dict[str, list[str]] = {}
    for card in index.cards():
        members = stands_for(registry.game(game), card, index)
        if members:
            found.setdefault(card.name, [m.name for m in members])
    return found


def format_for(to: str | None, target: str) -> str:
    """The export format: ``to`` when given, else the one the file's extension names, else JSON."""
    if to:
        return to.lower()
    ext = target.rpartition(".")[2].lower() if "." in target else ""
    return EXTENSIONS.get(ext, "json")


def write_cards(export: CardExport, stream: IO[str], fmt: str) -> None:
    """Write the export as JSON (``json``), a spreadsheet card list (``csv``, ``tsv``; one set) or Cockatrice's card
    database (``cockatrice``)."""
    if fmt == "cockatrice":
        from deckcli.cards.cockatrice import write_database

        write_database(export.game, export.sets, export.related, stream)
    elif fmt in SHEETS:
        write_sheet(export.sets[0].doc["cards"], stream, SHEETS[fmt])
    else:
        json.dump(export.sets[0].doc, stream, ensure_ascii=False, indent=1)
        stream.write("\n")
