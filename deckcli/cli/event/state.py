"""``deckcli event list / show / status / set``: what an event is and how it stands — its rounds, whether it
started, its players' verdicts with their problems — and what the organiser may still change. Each parses its
options, calls the library and prints through the one output helper."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from deckcli.cli.completion import complete_event
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.event.words import header, headers, problem_row
from deckcli.cli.options import date_option, format_option, json_option, whole
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.i18n import gettext as _
from deckcli.i18n import translated

if TYPE_CHECKING:
    from deckcli.events.reporting import EventDetails, StatusRow

LIST_COLUMNS = ["name", "game", "format", "date", "rounds", "players", "legal", "illegal", "started"]
PLAYER_PROBLEM_COLUMNS = ["player", "rule", "zone", "line", "message"]


@click.command("list", short_help="Every event with its rounds, players and legal decks.")
@output_options()
@pass_app
def list_(app: AppContext, output: str) -> None:
    """Every event with its Swiss rounds (as given, else ⌈log2 players⌉), its players, how many decks are legal and
    whether it started."""
    from deckcli.events.store import list_events

    events = list_events(app.reads)
    if output == "json":
        emit([e.as_dict() for e in events], output, LIST_COLUMNS)
        return
    rows = [e.as_row() for e in events]  # the rounds it will have; a table says why it started (or no)
    if output == "table":
        rows = [{**row, "started": translated(e.started_because) or _("no")} for row, e in zip(rows, events)]
    emit(rows, output, LIST_COLUMNS, headers=headers(), empty=_("no events"))


@click.command(short_help="The event NAME: game, format, date, rounds and players.")
@click.argument("name", shell_complete=complete_event)
@json_option(help="Print JSON.")
@pass_app
def show(app: AppContext, name: str, as_json: bool) -> None:
    """The event NAME: its game, format, date, rounds, whether it started, and its players, with every problem of
    each deck that is not legal."""
    from deckcli.events.reporting import event_details

    details = event_details(app.reads, name)
    if as_json:
        click.echo(dump_json(details.as_dict()))
        return
    for key, value in _facts(details):
        click.echo(_("{key}: {value}").format(key=header(key), value=value))
    if details.problems:
        click.echo(_("{key}:").format(key=header("problems")))
        rows = [problem_row(p.problem, p.player) for p in details.problems]
        emit(rows, "table", PLAYER_PROBLEM_COLUMNS, headers=headers())


def _facts(details: EventDetails) -> list[tuple[str, object]]:
    """``event show``'s lines: each fact's header key and its value as a person reads it."""
    from deckcli.words import timestamp

    info, summary, rounds = details.summary.info, details.summary, details.rounds
    how = _("given") if info.rounds else _("⌈log2 players⌉ of round 1")
    return [
        ("name", info.name),
        ("game", info.game),
        ("format", info.format),
        ("date", info.date.isoformat() if info.date else ""),
        ("rounds", _("{rounds} ({how})").format(rounds=rounds.total_rounds, how=how)),
        ("created", timestamp(info.created)),
        ("seed", rounds.seed or ""),
        ("players", summary.players),
        ("legal", summary.legal),
        ("illegal", summary.illegal),
        ("started", translated(summary.started_because) or _("no")),
        ("current_round", rounds.current_round or _("none paired yet")),
    ]


@click.command(short_help="One row per registered player: deck, legal, fingerprint.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option("--problems", "messages", is_flag=True, help="Each problem's rule and message, not only its rule.")
@output_options()
@pass_app
def status(app: AppContext, event_name: str, messages: bool, output: str) -> None:
    """One row per registered player: id, deck, legal, problem rule ids (with --problems each problem's message),
    fingerprint, registered at, late.

    Exit status 1 when any registered deck is not legal."""
    from deckcli.events.reporting import STATUS_COLUMNS, status_rows
    from deckcli.events.store import event_registrations

    info, regs = event_registrations(app.reads, event_name)
    rows = [_status_row(row, messages, output) for row in status_rows(regs)]
    empty = _("no players are registered for {event}").format(event=repr(info.name))
    emit(rows, output, STATUS_COLUMNS, headers=headers(), empty=empty)
    if any(not r.legal for r in regs):
        raise SystemExit(1)


def _status_row(row: StatusRow, messages: bool, output: str) -> dict[str, Any]:
    """A status row as printed: its JSON; with --problems in a table or CSV, each problem a line of its cell (its
    rule, then its message in the user's language)."""
    if not messages or output == "json":
        return row.as_dict(messages)
    said = "\n".join(f"[{p.rule}] {translated(p.message)}" for p in row.problems)
    return {**row.as_dict(), "problems": said}


@click.command("set", short_help="Change EVENT's rounds, date or format while they may change.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option("--rounds", type=whole(1), help="How many Swiss rounds (until the last one is paired).")
@date_option(help="The event's day.")
@format_option("format_ref", help="A format or its file.")
@pass_app
def set_(app: AppContext, event_name: str, rounds: int | None, day, format_ref: str | None) -> None:
    """Change what EVENT's organiser set while it may still change: the rounds until the last round is paired, the
    date and the format until the event starts (every registration is then checked again). Nothing changes when
    any of them cannot.

    \b
    Examples:
      deckcli event set "Spring Open" --rounds 6
      deckcli event set "Spring Open" --date 2030-05-02 --format boa-standard
    """
    from deckcli.events.settings import change_event

    if rounds is None and day is None and format_ref is None:
        raise click.UsageError(_("give --rounds, --date or --format"))
    done = change_event(app.writes, event_name, rounds, day and day.date(), format_ref)
    after = done.after
    said = _("Event {event}: {game}, {format}, {date}, {rounds} rounds.")
    date = after.date.isoformat() if after.date else _("no date")
    click.echo(
        said.format(event=repr(after.name), game=after.game, format=after.format, date=date, rounds=done.total_rounds)
    )
    for verdict in done.changed:
        now = _("legal") if verdict.legal else _("NOT legal")
        click.echo(_("{player}'s deck is now {verdict}.").format(player=repr(verdict.player), verdict=now))
    warn_past(after)


def warn_past(info) -> None:
    """A warning when the event's date is past: it counts as started, so registrations are locked at once."""
    from deckcli.events.store import started_reason

    if info.started is None and started_reason(info) is not None:
        click.echo(
            _(
                "Warning: the date {date} is past, so the event counts as started and registrations are locked at once"
                " (a new player only with --late); deckcli event set {event} --date YYYY-MM-DD changes it."
            ).format(date=info.date.isoformat(), event=repr(info.name)),
            err=True,
        )
