"""Registration sheets: one A4 page per player (who, which event, every card of each zone, the fingerprint and the
signature lines), as HTML with print CSS that any browser prints, or as a PDF printed by headless Chromium."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.errors import InputError
from deckcli.events.records import EventInfo, Registration

if TYPE_CHECKING:
    from deckcli.storage.base import BaseDatabase
    from deckcli.storage.reads import Readable

#: What ``--to`` accepts.
TARGETS = ("html", "pdf")


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
        raise InputError(f"event {event.name!r} has no registered players: there is no sheet to print")
    views = deck_views(db, event, registrations, figures=False)
    metagame = registry.game(event.game).event.get("metagame") or {}
    return render("sheet.html.j2", event=event, decks=views, metagame_title=metagame.get("title", ""))


def write_sheets(
    db: Readable, event: EventInfo, registrations: Sequence[Registration], out: str | Path, to: str = "html"
) -> SheetResult:
    """Write the sheets to ``out`` (``-``: returned only, for standard output; HTML only) as HTML or PDF."""
    if to not in TARGETS:
        raise InputError(f"unknown sheet target {to!r}; choose one of {', '.join(TARGETS)}")
    if to == "pdf":
        from deckcli.events.browser import find_chromium

        if str(out) == "-":
            raise InputError("a PDF is written to a file: give -o FILE.pdf")
        find_chromium()  # before any work: a missing browser is said at once
    html = sheets_html(db, event, registrations)
    players = tuple(r.player for r in registrations)
    if str(out) == "-":
        return SheetResult(event.name, None, html, players, to)
    from deckcli.events.browser import write_html_or_pdf

    write_html_or_pdf(html, out, to)
    return SheetResult(event.name, Path(out), html, players, to)


def event_sheets(
    db: BaseDatabase, event_name: str, player: str | None, out: str | Path, to: str = "html"
) -> SheetResult:
    """``event sheet``: the sheets of every player of the event (or of one), written to ``out``."""
    from deckcli.events.store import event_registrations

    event, registrations = event_registrations(db, event_name, player)
    return write_sheets(db, event, registrations, out, to)
