"""``event publish``: a static site of an event's decklists that needs no script and no network to read.

``index.html`` (the decks, the metagame summary and the most-played cards, as tables and inline SVG charts), one
``deck-<slug>.html`` per deck (zones, curve, the key opening-hand figure), and ``decks.json`` / ``decks.csv``: the
rows of ``event status --json`` with each deck's cards (CSV cells escaped against spreadsheet formulas), and the
manifest ``.deckcli-site.json`` that lets a later publish replace exactly this (:mod:`deckcli.events.sitefolder`).
decks.json is written for other software only; deckcli never reads it back.
"""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckcli.errors import InputError
from deckcli.events.records import EventInfo, Registration
from deckcli.files.csvwriting import CsvWriter
from deckcli.i18n import Message

if TYPE_CHECKING:
    from deckcli.events.pagedata import DeckView
    from deckcli.events.tournament import Tournament
    from deckcli.storage.base import BaseDatabase
    from deckcli.storage.reads import Readable

INDEX, JSON_FILE, CSV_FILE = "index.html", "decks.json", "decks.csv"
#: The columns of decks.csv: a status row's, then one card line's.
CSV_COLUMNS = (
    "player",
    "player_id",
    "deck",
    "legal",
    "problems",
    "fingerprint",
    "registered_at",
    "late",
    "zone",
    "count",
    "name",
    "set",
    "number",
)


@dataclass(frozen=True)
class PublishResult:
    """The event, the folder written, every file in it (index first, the manifest aside), how many decks, and
    folders of earlier killed runs left beside it because they hold files deckcli did not write."""

    event: str
    folder: Path
    files: tuple[str, ...]
    decks: int
    kept: tuple[str, ...] = ()

    @property
    def round_pages(self) -> tuple[str, ...]:
        """The pages of the rounds, the standings and the top cut among the files (none before a round is paired)."""
        from deckcli.events.siterounds import is_round_page

        return tuple(name for name in self.files if is_round_page(name))

    def as_dict(self) -> dict[str, Any]:
        """``event publish --json``: the event, the folder, how many decks and every file written."""
        return {"event": self.event, "folder": str(self.folder), "decks": self.decks, "files": list(self.files)}


def page_of(view: DeckView) -> str:
    """The file name of a deck's page."""
    return f"deck-{view.slug}.html"


def status_row(view: DeckView, anonymous: bool = False) -> dict[str, Any]:
    """A deck's row as ``event status --json`` gives it, with the names shown (anonymous: no id, no registration
    time and no late mark, which would tell who registered when; the keys stay, null, so readers of either site see
    the same columns)."""
    from deckcli.events.reporting import StatusRow

    shown = replace(StatusRow.of(view.registration), player=view.shown, player_id=view.shown_id, deck=view.deck_name)
    row = shown.as_dict()
    return {**row, "registered_at": None, "late": None} if anonymous else row


def deck_row(view: DeckView, anonymous: bool = False) -> dict[str, Any]:
    """decks.json's row: the status row, the page, the group, the key figure and every card by zone."""
    from deckcli.events.figures import figure_as_dict

    cards = [
        {"zone": zone.name, "count": line.count, "name": line.name, "set": line.set_code, "number": line.number}
        for zone in view.zones
        for line in zone.lines
    ]
    return {
        **status_row(view, anonymous),
        "page": page_of(view),
        "group": list(view.group),
        "opening_hand": figure_as_dict(view.key),
        "cards": cards,
    }


def _csv_cell(value: Any) -> Any:
    """A decks.csv cell: lists joined by ``;``, booleans as true/false (text is escaped by the writer)."""
    if isinstance(value, list):
        value = ";".join(str(v) for v in value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value


def decks_csv(rows: Sequence[dict[str, Any]]) -> str:
    """One CSV row per card line, the deck's status columns repeated; every text cell formula-escaped."""
    deck_columns, card_columns = CSV_COLUMNS[: CSV_COLUMNS.index("zone")], CSV_COLUMNS[CSV_COLUMNS.index("zone") :]
    stream = io.StringIO()
    writer = CsvWriter(stream)
    writer.writerow(CSV_COLUMNS)
    for row in rows:
        deck = [_csv_cell(row.get(c)) for c in deck_columns]
        writer.writerows(deck + [_csv_cell(card.get(c)) for c in card_columns] for card in row["cards"])
    return stream.getvalue()


def decks_json(rows: Sequence[dict[str, Any]]) -> str:
    """decks.json: the rows as a JSON array, one deck per line (readable, and written by the C encoder)."""
    return "[\n" + ",\n".join(json.dumps(row, ensure_ascii=False) for row in rows) + "\n]\n"


def site_pages(
    event: EventInfo, views: Sequence[DeckView], anonymous: bool, tournament: Tournament | None = None
) -> dict[str, str]:
    """File name -> HTML of every page of the site: the index, a page per deck and, once a round is paired, a page
    per round, the standings and the top cut (:mod:`deckcli.events.siterounds`)."""
    from deckcli import __version__
    from deckcli.events.figures import metagame, most_played
    from deckcli.events.pages import render
    from deckcli.events.siterounds import Seat, rounds_pages, rounds_view
    from deckcli.games import registry

    game = registry.game(event.game)
    title = game.event_label("metagame", "title")
    by_value, by_group = metagame([v.group for v in views])
    played = most_played(
        [(ln.shown, ln.beside, ln.count) for z in v.zones for ln in z.lines if ln.known] for v in views
    )
    shown = None
    if tournament is not None and (tournament.rounds or tournament.cut):
        seats = {v.registration.player: Seat(v.shown, page_of(v)) for v in views}
        shown = rounds_view(tournament, seats, anonymous)
    pages = {
        INDEX: render(
            "index.html.j2",
            event=event,
            decks=views,
            anonymous=anonymous,
            game_title=game.title,
            format_name=views[0].format_name if views else event.format,
            legal_count=sum(v.registration.legal for v in views),
            metagame_title=title,
            by_value=by_value,
            by_group=by_group,
            most_played=played,
            page_of=page_of,
            rounds=shown,
            version=__version__,
        )
    }
    for view in views:
        pages[page_of(view)] = render("deck.html.j2", event=event, deck=view, version=__version__)
    if shown is not None:
        pages.update(rounds_pages(event, shown, __version__))
    return pages


def publish(
    db: Readable,
    event: EventInfo,
    registrations: Sequence[Registration],
    folder: str | Path,
    anonymous: bool = False,
    tournament: Tournament | None = None,
) -> PublishResult:
    """Build every page and data file in memory, then put them in ``folder`` whole or not at all
    (:func:`deckcli.events.sitefolder.write_site`: only a new or empty folder, or deckcli's own site there, which
    is checked before anything is built); ``tournament``: the event's rounds, their pages beside the decks'."""
    from deckcli.events.sitefolder import write_site

    if not str(folder):
        raise InputError(Message("an empty folder name: name the folder to write the site into"))
    if str(folder) == "-":
        raise InputError(Message("- (standard output) cannot hold a site of several files: name a folder"))
    written = write_site(folder, event.name, lambda: site_files(db, event, registrations, anonymous, tournament))
    return PublishResult(event.name, Path(folder), written.files, len(registrations), tuple(map(str, written.kept)))


def site_files(
    db: Readable,
    event: EventInfo,
    registrations: Sequence[Registration],
    anonymous: bool,
    tournament: Tournament | None = None,
) -> dict[str, str]:
    """File name -> text of every file of the site: the index, a page per registration, the rounds' pages,
    decks.json, decks.csv."""
    from deckcli.events.pagedata import deck_views

    views = deck_views(db, event, registrations, anonymous=anonymous)
    files = site_pages(event, views, anonymous, tournament)
    rows = [deck_row(v, anonymous) for v in views]
    files[JSON_FILE] = decks_json(rows)
    files[CSV_FILE] = decks_csv(rows)
    return files


def publish_event(db: BaseDatabase, event_name: str, folder: str | Path, anonymous: bool = False) -> PublishResult:
    """``event publish``: the event's site, with its rounds, written to ``folder``."""
    from deckcli.events.rounds import load_tournament
    from deckcli.events.store import event_registrations

    event, registrations = event_registrations(db, event_name)
    return publish(db, event, registrations, folder, anonymous, load_tournament(db, event.name))
