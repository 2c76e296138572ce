"""A round's pairings sheet and result slips: the sheet posted on a wall (every player alphabetically, with their
table and opponent) and one slip per table for the players to fill in, printed as the registration sheets are
(:mod:`deckcli.rendering.printing`: HTML with print CSS, or a PDF from headless Chromium).

Each slip carries its table's line of a results file (``3,_-_-_``), so the slips a judge collects are typed as they
are into the file ``event result --from`` reads (:mod:`deckcli.events.resultfile`); the sheet's footer gives that
command and layout. A slip of the top cut has no drawn-games or drop boxes: a cut match is won, and every player
left plays on."""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckcli.events.records import EventInfo
from deckcli.events.tournament import Pairing, Round, Tournament
from deckcli.i18n import Message

if TYPE_CHECKING:
    from deckcli.storage.base import BaseDatabase

#: Result slips on one printed page (each a quarter of A4, cut lines between them).
SLIPS_PER_PAGE = 4
#: Lines of the pairings sheet that fit one column in its large type; a longer sheet is set in two columns.
ONE_COLUMN = 26


@dataclass(frozen=True)
class WallLine:
    """A player's line on the pairings sheet: their table and their opponent (None: a bye)."""

    player: str
    table: int
    opponent: str | None


@dataclass(frozen=True)
class SlipsResult:
    """What was written: the event, the round's label, the file (None for ``-``), the HTML, how many slips (tables
    with two players) and the target."""

    event: str
    round: str
    path: Path | None
    html: str
    slips: int
    to: str


def wall_lines(paired: Round) -> list[WallLine]:
    """Both players of every table, each under their own name, alphabetically (case and width aside, as names are
    compared: :func:`deckcli.names.name_key`)."""
    from deckcli.names import name_key

    lines = []
    for pairing in paired.pairings:
        lines.append(WallLine(pairing.player, pairing.table, pairing.opponent))
        if pairing.opponent is not None:
            lines.append(WallLine(pairing.opponent, pairing.table, pairing.player))
    return sorted(lines, key=lambda line: (name_key(line.player), line.player, line.table))


def slips_html(event: EventInfo, tournament: Tournament, round_label: str | None) -> str:
    """The round (default: the latest paired) as one HTML document: the pairings sheet, then a slip per table (a
    bye gets none)."""
    from deckcli.events.pages import render
    from deckcli.events.roundpick import pick_round, round_title

    paired = pick_round(tournament, round_label)
    lines = wall_lines(paired)
    cut = not paired.label.isdigit()
    return render(
        "slips.html.j2",
        event=event,
        title=round_title(paired.label),
        lines=lines,
        columns=1 if len(lines) <= ONE_COLUMN else 2,
        slips=_slips(paired),
        per_page=SLIPS_PER_PAGE,
        cut=cut,
        command=f"deckcli event result {shlex.quote(event.name)} {paired.label} --from FILE",
        example="1,2-1" if cut else "1,2-1-0",
    )


def _slips(paired: Round) -> list[Pairing]:
    return [pairing for pairing in paired.pairings if pairing.opponent is not None]


def write_slips(
    db: BaseDatabase, event_name: str, round_label: str | None, target: str | Path, to: str = "html"
) -> SlipsResult:
    """``event slips``: the pairings sheet and result slips of the event's round (default: the latest paired)
    written to ``target`` (``-``: returned only, for standard output; HTML only) as HTML or PDF."""
    from deckcli.events.roundpick import pick_round
    from deckcli.events.rounds import load_tournament
    from deckcli.events.store import event_info
    from deckcli.rendering.printing import print_pages

    with db.rows() as rows:
        event = event_info(rows, event_name)  # an unknown event is said as every event command says it
    tournament = load_tournament(db, event.name)
    paired = pick_round(tournament, round_label)  # before Chromium is looked for: a wrong round is said first
    path, html = print_pages(lambda: slips_html(event, tournament, paired.label), target, to, Message("slip"))
    return SlipsResult(event.name, paired.label, path, html, len(_slips(paired)), to)
