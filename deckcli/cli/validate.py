"""``deckcli validate``: is each decklist legal in its format, and if not, every reason why."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from deckcli.cli.completion import complete_deck, complete_deck_or_file
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import NameOrFile, date_option, format_option, game_option, json_option
from deckcli.cli.output import dump_json, emit
from deckcli.i18n import N_, ngettext, translated
from deckcli.i18n import gettext as _
from deckcli.words import plural

if TYPE_CHECKING:
    from datetime import datetime

    from deckcli.legality.reports import DeckReport, OwnedCheck, ValidateRequest, ValidateResult
    from deckcli.legality.resolved import Problem

PROBLEM_COLUMNS = ["rule", "zone", "line", "message"]
#: The problem table's headers (the columns are --json's keys, which stay English).
PROBLEM_HEADERS = {"rule": N_("rule"), "zone": N_("zone"), "line": N_("line"), "message": N_("message")}
#: The most problems the table shows per deck (then "… and N more"; --json lists them all).
TABLE_PROBLEMS = 20


@click.command(short_help="Check decks against their format's rules.")
@click.argument("files", nargs=-1, metavar="[DECK]...", type=NameOrFile(), shell_complete=complete_deck_or_file)
@format_option(
    "formats",
    multiple=True,
    help="Check every deck under this format (a bundled name or a format file); with --all-formats, "
    "add it to the formats checked (repeatable then).",
)
@game_option(help="Read every deck as a deck of this game.")
@click.option(
    "--deck",
    "deck_names",
    multiple=True,
    metavar="NAME",
    shell_complete=complete_deck,
    help="Also check this stored deck (repeatable).",
)
@click.option(
    "--side-from",
    "side_from",
    metavar="ORIGINAL",
    type=NameOrFile(),
    shell_complete=complete_deck_or_file,
    help="Check DECK as a between-rounds side-deck exchange of ORIGINAL (a decklist file, deck code or stored deck).",
)
@click.option(
    "--all-formats",
    is_flag=True,
    help="Check each deck under every format of its game; the table is a deck × format matrix.",
)
@date_option(
    help="Use the version of a dated format in force on this day (default: today).",
)
@click.option(
    "--pool",
    metavar="POOL",
    type=NameOrFile(),
    shell_complete=complete_deck_or_file,
    help="Competitive draft: each champion of the team must be in POOL (a decklist file, deck code or stored deck).",
)
@click.option("--banned", metavar="CHAMPION", help="Competitive draft: the champion the opponent banned from the pool.")
@click.option(
    "--match",
    nargs=2,
    metavar="TEAM_A TEAM_B",
    type=NameOrFile(),
    default=None,
    help="Casual draft: check two teams (files, deck codes or stored decks) and the champions they share.",
)
@click.option("--collection", is_flag=True, help="Also report cards the collection does not hold enough copies of.")
@json_option(help="Print a JSON array, one object per deck (and format).")
@pass_app
def validate(
    app: AppContext,
    files,
    formats,
    game,
    deck_names,
    side_from,
    all_formats,
    day,
    pool,
    banned,
    match,
    collection,
    as_json,
) -> None:
    """Check each DECK: a decklist file (deckcli text, JSON, CSV, or another tool's export such as Cockatrice .cod,
    Arena, MTGO, Moxfield, Archidekt, Deckstats, MWS or Apprentice; - reads stdin), a deck code or a stored deck.

    Every problem of every deck is reported with its rule id, zone and line. Exit status: 0 when
    every deck is legal (with --all-formats: each deck in at least one format), 1 when any deck is
    illegal or unreadable, 2 for usage errors.

    \b
    Examples:
      deckcli validate ember.txt
      deckcli validate dk1AQNib2EMYm9hLXN0YW5kYXJk...
      deckcli validate decks/*.txt --format boa-advanced --json
      deckcli validate --format event-banlist.json --deck "Ember Rush"
      deckcli validate --side-from round1.txt round2.txt
      deckcli validate decks/*.txt --all-formats --date 2026-05-01
      deckcli validate team.txt --pool pool.txt --banned Kilgore
      deckcli validate --match team-a.txt team-b.txt
    """
    from deckcli.legality.reports import validate as check

    request = _request(
        app, files, formats, game, deck_names, side_from, all_formats, day, pool, banned, match, collection, as_json
    )
    result = check(app.reads, request)
    _print(result, as_json)
    if not result.passed:
        raise click.exceptions.Exit(1)


def _request(
    app: AppContext,
    files: tuple[str, ...],
    formats: tuple[str, ...],
    game: str | None,
    deck_names: tuple[str, ...],
    side_from: str | None,
    all_formats: bool,
    day: datetime | None,
    pool: str | None,
    banned: str | None,
    match: tuple[str, str] | None,
    collection: bool,
    as_json: bool,
) -> ValidateRequest:
    """The options as the library's request, once they go together (else a usage error, exit 2)."""
    from deckcli.legality.reports import ValidateRequest

    _check_usage(files, formats, deck_names, side_from, all_formats, pool, banned, match)
    return ValidateRequest(
        files=files,
        deck_names=deck_names,
        format_names=formats,
        game=game.lower() if game else None,
        day=day and day.date(),
        side_from=side_from,
        all_formats=all_formats,
        pool=pool,
        banned=banned,
        match=match or None,
        owned=_owned_check(app) if collection else None,
        suggest_limit=None if as_json else TABLE_PROBLEMS,
    )


def _owned_check(app: AppContext) -> OwnedCheck:
    """``--collection``: the collection's ``not-owned`` check, read from the app's database."""
    from functools import partial

    from deckcli.collection.owned import not_owned_problems

    return partial(not_owned_problems, app.reads)


def _print(result: ValidateResult, as_json: bool) -> None:
    """The warnings and notes on standard error (--json carries the notes in each report), then the table, the
    --all-formats matrix or the JSON array."""
    for warning in result.warnings:
        click.echo(_("Warning: {warning}").format(warning=translated(warning)), err=True)
    if not as_json:
        for note in dict.fromkeys(f"{file}: {translated(note)}" for file, note in result.notes):
            click.echo(_("Note: {note}.").format(note=note), err=True)
    if result.all_formats:
        _print_matrix(result, as_json)
    elif as_json:
        click.echo(dump_json(result.as_list()))
    else:
        _print_table(result)


def _check_usage(files, format_names, deck_names, side_from, all_formats, pool, banned, match) -> None:
    """Options that do not go together are usage errors (exit 2)."""
    modes = [
        name
        for name, on in (
            ("--side-from", side_from),
            ("--all-formats", all_formats),
            ("--pool/--banned", pool or banned),
            ("--match", match),
        )
        if on
    ]
    if len(modes) > 1:
        raise click.UsageError(_("{options} do not go together").format(options=_(" and ").join(modes)))
    if match and (files or deck_names):
        raise click.UsageError(_("--match checks its two teams only; give no FILE or --deck with it"))
    if not match and not files and not deck_names:
        raise click.UsageError(_("give at least one decklist FILE or --deck NAME"))
    if side_from and len(files) + len(deck_names) != 1:
        raise click.UsageError(_("--side-from checks exactly one FILE (or one --deck) against ORIGINAL"))
    if len(format_names) > 1 and not all_formats:
        raise click.UsageError(_("give --format once (several only with --all-formats)"))


def _version_line(report: DeckReport) -> str | None:
    """How a dated format's version in force is named in the table."""
    if not report.dated:
        return None
    if report.version is None:
        return _("{format}: its own card limits (before its first dated version)").format(format=report.format)
    return _("{format}: card limits of the version from {date}").format(format=report.format, date=report.version)


def _verdict(report: DeckReport) -> str:
    """``legal``/``NOT legal`` with the count of the deck's problems, and with ``--collection`` whether every card
    is owned or how many copies are not, of how many different cards (as ``collection missing`` says it): a card
    not owned is no problem of the deck (its ``not-owned`` row keeps the id)."""
    verdict = _("legal") if report.legal else _("NOT legal")
    not_owned = report.not_owned
    if len(report.problems) > not_owned:
        count = translated(plural(len(report.problems) - not_owned, "problem"))
        verdict = _("{verdict}, {problems}").format(verdict=verdict, problems=count)
    if report.owned is None:
        return verdict
    if not not_owned:
        return _("{verdict}; all cards owned").format(verdict=verdict)
    copies = report.copies_not_owned
    if copies == not_owned:
        return ngettext("{verdict}; {count} card not owned", "{verdict}; {count} cards not owned", copies).format(
            verdict=verdict, count=copies
        )
    return ngettext(
        "{verdict}; {count} card not owned ({different} different)",
        "{verdict}; {count} cards not owned ({different} different)",
        copies,
    ).format(verdict=verdict, count=copies, different=not_owned)


def _print_table(result: ValidateResult) -> None:
    """Per deck: a verdict line, then a table of its problems; under several decks, how many are legal."""
    for i, report in enumerate(result.reports):
        if i:
            click.echo()
        what = f"{report.file} ({report.game or '?'}, {report.format or '?'})"
        problems = report.problems
        click.echo(_("{deck}: {verdict}").format(deck=what, verdict=_verdict(report)))
        if _version_line(report):
            click.echo(f"  {_version_line(report)}")
        if problems:
            from deckcli.cli.tables import table

            rows = [_problem_row(p) for p in problems[:TABLE_PROBLEMS]]
            click.echo(table(rows, [_(PROBLEM_HEADERS[c]) for c in PROBLEM_COLUMNS], numparse=False))
        if len(problems) > TABLE_PROBLEMS:
            more = translated(plural(len(problems) - TABLE_PROBLEMS, "more problem"))
            click.echo(_("… and {more} (--json lists them all)").format(more=more))
    total = len(result.reports)
    if total > 1:
        click.echo()
        click.echo(
            ngettext("{legal} of {total} deck legal", "{legal} of {total} decks legal", total).format(
                legal=result.legal, total=total
            )
        )


def _problem_row(problem: Problem) -> list[Any]:
    """A problem's cells in :data:`PROBLEM_COLUMNS` order, its message in the user's language."""
    line = "" if problem.line is None else problem.line
    return [problem.rule, translated(problem.zone or ""), line, translated(problem.message)]


def _print_matrix(result: ValidateResult, as_json: bool) -> None:
    """--all-formats: one row per deck, one column per format, each cell ``legal`` or the failing rule ids."""
    rows: dict[str, dict[str, Any]] = {}
    columns = ["deck"]
    versions = []
    for r in result.reports:
        fmt = r.format or "?"
        if fmt not in columns:
            columns.append(fmt)
        cell = _("legal") if r.passed else ", ".join(dict.fromkeys(p.rule for p in r.problems))
        rows.setdefault(r.file, {"deck": r.file})[fmt] = cell
        line = _version_line(r)
        if line and line not in versions:
            versions.append(line)
    emit(
        list(rows.values()),
        "json" if as_json else "table",
        columns,
        headers={"deck": N_("deck")},
        json_data=result.as_list(),
    )
    if not as_json:
        for line in versions:
            click.echo(line)
