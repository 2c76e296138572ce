"""``deckcli event sheet`` and ``event publish``: printable registration sheets and the static site of an event.
Each parses its options, calls one function of :mod:`deckcli.events.sheets` or :mod:`deckcli.events.site`, and says
what it wrote."""

from __future__ import annotations

import click

from deckcli.cli.completion import complete_event, complete_player
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import page_output
from deckcli.cli.output import dump_json
from deckcli.words import plural


@click.command()
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
        from deckcli.cli.output import data_stdout

        data_stdout().write(result.html)  # the page as it is, to a file or a pipe
        return
    click.echo(
        f"Wrote {plural(len(result.players), 'registration sheet')} of {result.event!r} to {target} ({to}, "
        f"one A4 page per player).",
        err=True,
    )


@click.command()
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option(
    "--output",
    "-o",
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
@click.option("--json", "as_json", is_flag=True, help="Print what was written as JSON.")
@pass_app
def publish(app: AppContext, event_name: str, folder: str, anonymous: bool, as_json: bool) -> None:
    """A static site of EVENT's decklists in DIR: index.html (decks, legal flags, the metagame, the most-played
    cards, as tables and inline SVG charts), one page per deck (zones, curve, the opening-hand figure of the game's
    key condition), decks.json and decks.csv. No script, nothing fetched: it reads offline in any browser.

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
        click.echo(
            f"Note: left {kept} in place: an earlier publish was stopped there, and it holds files deckcli"
            " did not write.",
            err=True,
        )
    if as_json:
        click.echo(
            dump_json(
                {
                    "event": result.event,
                    "folder": str(result.folder),
                    "decks": result.decks,
                    "files": list(result.files),
                }
            )
        )
        return
    click.echo(
        f"Published {plural(result.decks, 'deck')} of {result.event!r} to {folder}: "
        f"index.html, {plural(result.decks, 'deck page')}, decks.json, decks.csv."
    )
