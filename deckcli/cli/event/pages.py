"""``deckcli event sheet``, ``event slips`` and ``event publish``: printable registration sheets, a round's pairings
sheet and result slips, and the static site of an event. Each parses its options, calls one function of
:mod:`deckcli.events.sheets`, :mod:`deckcli.events.slips` or :mod:`deckcli.events.site`, and says what it wrote."""

from __future__ import annotations

import click

from deckcli.cli.completion import complete_event, complete_player
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import json_option, output_option, page_output
from deckcli.cli.output import data_stdout, dump_json
from deckcli.i18n import gettext as _
from deckcli.i18n import translated
from deckcli.words import plural


@click.command(short_help="Registration sheets of EVENT, one A4 page per player.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("player", required=False, shell_complete=complete_player)
@page_output
@pass_app
def sheet(app: AppContext, event_name: str, player: str | None, target: str, to: str) -> None:
    """Registration sheets of EVENT: one A4 page per player (or only PLAYER's), every card of each zone, the
    fingerprint and signature lines for the player and the judge.

    \b
    Examples:
      deckcli event sheet "Spring Open" -o sheets.html
      deckcli event sheet "Spring Open" "Sam Example" -o sam.pdf
    """
    from deckcli.events.sheets import event_sheets

    result = event_sheets(app.db, event_name, player, target, to)
    if result.path is None:
        data_stdout().write(result.html)  # the page as it is, to a file or a pipe
        return
    sheets = translated(plural(len(result.players), "registration sheet"))
    said = _("Wrote {sheets} of {event} to {target} ({to}, one A4 page per player).")
    click.echo(said.format(sheets=sheets, event=repr(result.event), target=target, to=to), err=True)


@click.command(short_help="The pairings sheet and result slips of a round of EVENT.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("round_label", metavar="[ROUND]", required=False)
@page_output
@pass_app
def slips(app: AppContext, event_name: str, round_label: str | None, target: str, to: str) -> None:
    """The pairings sheet and result slips of a round of EVENT (ROUND: 1, 2, ... or top8, top4, top2; default: the
    latest paired): the sheet to post on a wall (every player alphabetically, with their table and opponent), then
    one slip per table (games won, drawn games, a drop box per player, signatures), four to an A4 page.

    \b
    Examples:
      deckcli event slips "Spring Open" -o round.html
      deckcli event slips "Spring Open" 2 -o round2.pdf
    """
    from deckcli.events.roundpick import round_title
    from deckcli.events.slips import write_slips

    result = write_slips(app.db, event_name, round_label, target, to)
    if result.path is None:
        data_stdout().write(result.html)  # the page as it is, to a file or a pipe
        return
    slips = translated(plural(result.slips, "result slip"))
    said = _("Wrote the pairings sheet and {slips} of {event}, {round}, to {target} ({to}).")
    facts = {"event": repr(result.event), "round": round_title(result.round), "target": target, "to": to}
    click.echo(said.format(slips=slips, **facts), err=True)


@click.command(short_help="A static site of EVENT's decklists, rounds and standings.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@output_option(
    "folder",
    required=True,
    type=click.Path(file_okay=False),
    metavar="DIR",
    help="The folder of the site: new, empty, or one deckcli published (replaced whole); a folder holding"
    " anything else is refused.",
)
@click.option(
    "--anonymous",
    is_flag=True,
    help="Show 'Player N' instead of names and leave out player ids, in the pages and in the data files.",
)
@json_option(help="Print what was written as JSON.")
@pass_app
def publish(app: AppContext, event_name: str, folder: str, anonymous: bool, as_json: bool) -> None:
    """A static site of EVENT's decklists in DIR: index.html (decks, legal flags, the metagame, the most-played
    cards, as tables and inline SVG charts), one page per deck (zones, curve, the opening-hand figure of the game's
    key condition), decks.json and decks.csv; once a round is paired, a page per round (its tables and results), the
    standings and the top cut. No script, nothing fetched: it reads offline in any browser.

    The site is built beside DIR and swapped in whole: an interrupted or failed publish leaves the earlier site as
    it was. DIR must be new, empty or a site deckcli published there (its files unchanged; listed in
    .deckcli-site.json); a link to a folder publishes into that folder.

    \b
    Examples:
      deckcli event publish "Spring Open" -o site/
      deckcli event publish "Spring Open" -o public/ --anonymous
    """
    from deckcli.events.site import publish_event

    result = publish_event(app.db, event_name, folder, anonymous)
    for kept in result.kept:
        said = _(
            "Note: left {kept} in place: an earlier publish was stopped there, and it holds files deckcli did not write."
        )
        click.echo(said.format(kept=kept), err=True)
    if as_json:
        click.echo(dump_json(result.as_dict()))
        return
    facts = {
        "decks": translated(plural(result.decks, "deck")),
        "event": repr(result.event),
        "folder": folder,
        "deck_pages": translated(plural(result.decks, "deck page")),
        "round_pages": translated(plural(len(result.round_pages), "page")),
    }
    if result.round_pages:
        said = _(
            "Published {decks} of {event} to {folder}: index.html, {deck_pages}, {round_pages} of the rounds,"
            " decks.json, decks.csv."
        )
    else:
        said = _("Published {decks} of {event} to {folder}: index.html, {deck_pages}, decks.json, decks.csv.")
    click.echo(said.format(**facts))
