"""``deckcli validate``: is each decklist legal in its format, and if not, every reason why."""

from __future__ import annotations

from typing import Any

import click

from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import GAME_CHOICE
from deckcli.cli.output import dump_json

PROBLEM_COLUMNS = ["rule", "zone", "line", "message"]


@click.command()
@click.argument("files", nargs=-1, type=click.Path(allow_dash=True))
@click.option("--format", "-f", "format_name", metavar="NAME|PATH", help="Check every deck under this format (a bundled name or a format file).")
@click.option("--game", "-g", type=GAME_CHOICE, help="Read every deck as a deck of this game.")
@click.option("--deck", "deck_names", multiple=True, metavar="NAME", help="Also check this stored deck (repeatable).")
@click.option("--side-from", "side_from", metavar="ORIGINAL", type=click.Path(allow_dash=True, dir_okay=False),
              help="Check FILE as a between-rounds side-deck exchange of the decklist ORIGINAL.")
@click.option("--collection", is_flag=True, help="Also report cards the collection does not hold enough copies of.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per deck.")
@pass_app
def validate(app: AppContext, files, format_name, game, deck_names, side_from, collection, as_json) -> None:
    """Check decklist FILES (text, JSON, CSV or a deck code; - reads stdin) and stored decks.

    Every problem of every deck is reported with its rule id, zone and line. Exit status: 0 when
    every deck is legal, 1 when any deck is illegal or unreadable, 2 for usage errors.

    \b
    Examples:
      deckcli validate ember.txt
      deckcli validate decks/*.txt --format boa-advanced --json
      deckcli validate --format event-banlist.json --deck "Ember Rush"
      deckcli validate --side-from round1.txt round2.txt
    """
    from deckcli.errors import DeckcliError
    from deckcli.legality.formats import load_format
    from deckcli.legality.reports import DeckReporter

    if not files and not deck_names:
        raise click.UsageError("give at least one decklist FILE or --deck NAME")
    if side_from and len(files) + len(deck_names) != 1:
        raise click.UsageError("--side-from checks exactly one FILE (or one --deck) against ORIGINAL")
    game = game.lower() if game else None
    try:
        chosen = load_format(format_name, game) if format_name else None
    except DeckcliError as exc:
        raise click.BadParameter(str(exc), param_hint="--format") from None

    reporter = DeckReporter(app.db, chosen, format_name, game, collection)
    if side_from:
        reporter.set_original(side_from)
    sources = [(f, None) for f in files] + [(None, d) for d in deck_names]
    reports = [reporter.report(source, deck_name) for source, deck_name in sources]
    for warning in reporter.warnings:
        click.echo(f"Warning: {warning}", err=True)

    if as_json:
        click.echo(dump_json(reports))
    else:
        _print_table(reports)
    if not all(r["legal"] and r.get("owned", True) for r in reports):
        raise click.exceptions.Exit(1)


def _print_table(reports: list[dict[str, Any]]) -> None:
    """Per deck: a verdict line, then a table of its problems."""
    from tabulate import tabulate

    for i, report in enumerate(reports):
        if i:
            click.echo()
        what = f"{report['file']} ({report['game'] or '?'}, {report['format'] or '?'})"
        problems = report["problems"]
        verdict = "legal" if report["legal"] else "NOT legal"
        if "owned" in report:
            verdict += ", all cards owned" if report["owned"] else ", cards missing from the collection"
        if not problems:
            click.echo(f"{what}: {verdict}")
            continue
        click.echo(f"{what}: {verdict}, {len(problems)} problem{'s' if len(problems) != 1 else ''}")
        rows = [[p.get(c, "") for c in PROBLEM_COLUMNS] for p in problems]
        click.echo(tabulate(rows, headers=PROBLEM_COLUMNS, disable_numparse=True))
    illegal = sum(not r["legal"] for r in reports)
    if len(reports) > 1:
        click.echo(f"\n{len(reports) - illegal} of {len(reports)} decks legal")
