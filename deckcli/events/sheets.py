"""Registration sheets: one A4 page per player (who, which event, every card of each zone, the fingerprint and the
signature lines), as HTML with print CSS that any browser prints, or as a PDF printed by headless Chromium."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.errors import InputError
from deckcli.events.records import EventInfo, Registration
from deckcli.i18n import Message

if TYPE_CHECKING:
    from deckcli.storage.base import BaseDatabase
    from deckcli.storage.reads import Readable


@dataclass(frozen=True)
class SheetResult:
    """What was written: the event, the file (None for ``-``), the HTML itself, the players on it and the target."""

    event: str
    path: Path | None
    html: str
    players: tuple[str, ...]
    to: str


def sheets_html(db: Readable, event: EventInfo, registrations: Sequence[Registration]) -> str:
    """The sheets of ``registrations`` as one HTML document, a page break between players."""
    from deckcli.events.pagedata import deck_views
    from deckcli.events.pages import render
    from deckcli.games import registry

    if not registrations:
        raise InputError(
            Message("event {event!r} has no registered players: there is no sheet to print", event=event.name)
        )
    views = deck_views(db, event, registrations, figures=False)
    title = registry.game(event.game).event_label("metagame", "title")
    return render("sheet.html.j2", event=event, decks=views, metagame_title=title)


def write_sheets(
    db: Readable, event: EventInfo, registrations: Sequence[Registration], out: str | Path, to: str = "html"
) -> SheetResult:
    """Write the sheets to ``out`` (``-``: returned only, for standard output; HTML only) as HTML or PDF."""
    from deckcli.rendering.printing import print_pages

    path, html = print_pages(lambda: sheets_html(db, event, registrations), out, to, Message("sheet"))
    return SheetResult(event.name, path, html, tuple(r.player for r in registrations), to)


def event_sheets(
    db: BaseDatabase, event_name: str, player: str | None, out: str | Path, to: str = "html"
) -> SheetResult:
    """``event sheet``: the sheets of every player of the event (or of one), written to ``out``."""
    from deckcli.events.store import event_registrations

    event, registrations = event_registrations(db, event_name, player)
    return write_sheets(db, event, registrations, out, to)
