"""``deckcli event new / delete / start / register / import / check / side / export``: an event and its players'
registered decklists — registration, deck checks, side exchanges, export. Each command parses its options, calls one
function of :mod:`deckcli.events` and prints what it returns."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import click

from deckcli.cli.completion import complete_deck_or_file, complete_event, complete_player
from deckcli.cli.confirm import confirm_deletion
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.event.words import headers, problem_row, verdict
from deckcli.cli.options import (
    InputFile,
    NameOrFile,
    date_option,
    format_option,
    game_option,
    json_option,
    output_option,
    whole,
)
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.i18n import N_, translated
from deckcli.i18n import gettext as _
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.events.registering import Registered
    from deckcli.legality.resolved import Problem

PROBLEM_COLUMNS = ["rule", "zone", "line", "message"]
CHECK_COLUMNS = ["zone", "card", "registered", "presented", "verdict"]
#: FILE of register, check and side: a decklist file (``-``: stdin), a deck code or a stored deck, as every deck
#: argument (a folder, an empty name, or a file name naming nothing: a usage error, exit 2).
FILE = NameOrFile()
LATE_HELP = N_("Register a new player after the event started (marked late in status, export and the site).")


def _problems(problems: Sequence[Problem]) -> None:
    """A table of problems."""
    emit([problem_row(p) for p in problems], "table", PROBLEM_COLUMNS, headers=headers())


@click.command("new")
@click.argument("name")
@game_option(required=True, help="The event's game.")
@format_option("format_ref", help="A bundled format or a format file (default: the game's default format).")
@date_option(
    help="The event's day: decks are checked under the format's version in force then.",
)
@click.option(
    "--rounds",
    type=whole(1),
    help="How many Swiss rounds (default: ⌈log2(players)⌉ at round 1; side exchanges name one of them).",
)
@click.option(
    "--seed",
    metavar="SEED",
    callback=lambda ctx, param, value: _seed(value),
    help="Seed of round 1's pairing, as event show prints it (default: drawn at random and recorded).",
)
@pass_app
def new(
    app: AppContext, name: str, game: str, format_ref: str | None, day, rounds: int | None, seed: str | None
) -> None:
    """Create the event NAME."""
    from deckcli.cli.event.state import warn_past
    from deckcli.events.store import create_event

    info = create_event(app.writes, name, game.lower(), format_ref, day and day.date(), rounds, seed)
    facts = {"event": repr(info.name), "game": info.game, "format": info.format}
    if info.date:
        click.echo(_("Created event {event} ({game}, {format}, {date}).").format(**facts, date=info.date.isoformat()))
    else:
        click.echo(_("Created event {event} ({game}, {format}).").format(**facts))
    warn_past(info)


def _seed(value: str | None) -> str | None:
    """A seed given to ``event new``: letters and digits, as ``event show`` prints the ones it draws."""
    if value is not None and not (value.isascii() and value.isalnum() and len(value) <= 64):
        raise click.BadParameter(_("give the seed as event show prints it: letters and digits, at most 64"))
    return value


@click.command(short_help="Delete the event NAME with everything recorded for it.")
@click.argument("name", shell_complete=complete_event)
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@pass_app
def delete(app: AppContext, name: str, yes: bool) -> None:
    """Delete the event NAME with all its registrations, deck checks and side exchanges (asks at a terminal)."""
    from deckcli.events.store import delete_event, event_summary

    found = event_summary(app.writes, name)
    count = translated(plural(found.players, "registration"))
    question = _("Delete event {event} and its {registrations}?").format(
        event=repr(found.info.name), registrations=count
    )
    confirm_deletion(_("event {event}").format(event=repr(found.info.name)), question, yes)
    deleted = delete_event(app.writes, found.info.name)
    click.echo(_("Deleted event {event}.").format(event=repr(deleted.name)))


@click.command(short_help="Start the event NAME: registrations are locked from now on.")
@click.argument("name", shell_complete=complete_event)
@pass_app
def start(app: AppContext, name: str) -> None:
    """Start the event NAME: registrations are locked from now on (no --replace; a new player only with --late)."""
    from deckcli.events.store import start_event

    info = start_event(app.writes, name)
    click.echo(
        _(
            "Event {event} started at {time} UTC; registrations are locked"
            " (event register --late registers a new player late)."
        ).format(event=repr(info.name), time=f"{info.started:%Y-%m-%d %H:%M}")
    )


def _status(regs: list, output: str, empty: str | None = None) -> None:
    """Registrations as ``event status`` rows: JSON as it is, a table or CSV with yes/no for legal and late."""
    from deckcli.events.reporting import STATUS_COLUMNS, status_rows

    emit([row.as_dict() for row in status_rows(regs)], output, STATUS_COLUMNS, headers=headers(), empty=empty)


def _print_registered(done: Registered, as_json: bool) -> None:
    """What ``event register`` made: its status row with every problem (and whether it replaced one) as JSON, or
    the verdict, the receipt and the problems in words."""
    from deckcli.events.reporting import StatusRow

    reg = done.registration
    if as_json:
        click.echo(dump_json({**StatusRow.of(reg).as_dict(messages=True), "replaced": done.replaced}))
        return
    for note in done.notes:
        click.echo(_("Note: {note}.").format(note=translated(note)), err=True)
    said = {
        (False, False): _("Registered {player} with deck {deck}: {verdict}."),
        (False, True): _("Registered {player} late with deck {deck}: {verdict}."),
        (True, False): _("Re-registered {player} with deck {deck}: {verdict}."),
        (True, True): _("Re-registered {player} late with deck {deck}: {verdict}."),
    }[bool(done.replaced), bool(reg.late)]
    click.echo(said.format(player=repr(reg.player), deck=repr(reg.deck), verdict=verdict(reg.legal, reg.problems)))
    click.echo(_("Receipt: {fingerprint}").format(fingerprint=reg.fingerprint))
    if reg.problems:
        _problems(reg.problems)


@click.command(short_help="Register PLAYER's decklist for EVENT.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("player", shell_complete=complete_player)
@click.argument("file", type=FILE, shell_complete=complete_deck_or_file)
@click.option("--player-id", help="The player's id (membership number).")
@click.option("--replace", is_flag=True, help="Register a new decklist for a registered player (before the start).")
@click.option("--new-player", is_flag=True, help="PLAYER is a new player even if the name looks like a registered one.")
@click.option("--late", is_flag=True, help=LATE_HELP)
@json_option(help="Print the registration as JSON.")
@pass_app
def register(
    app: AppContext,
    event_name: str,
    player: str,
    file: str,
    player_id,
    replace: bool,
    new_player: bool,
    late: bool,
    as_json: bool,
) -> None:
    """Register PLAYER's decklist FILE (any layout deckcli reads; - reads stdin), deck code or stored deck for EVENT.

    The deck is checked under the event's format on its date and stored as a locked copy with a receipt
    (fingerprint). An illegal deck is registered and flagged (exit 1); one that cannot be read is not.
    """
    from deckcli.events.registering import register as register_deck

    done = register_deck(app.writes, event_name, player, file, player_id, replace, new_player, late)
    _print_registered(done, as_json)
    if not done.registration.legal:
        raise SystemExit(1)


@click.command("import", short_help="Register many players from a folder or a form export CSV.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("source", metavar="FOLDER|FILE.csv", type=InputFile(dir_okay=True))
@click.option("--skip-bad", is_flag=True, help="Register the readable decklists even when some cannot be read.")
@click.option("--replace", is_flag=True, help="Register new decklists for registered players (before the start).")
@click.option("--new-player", is_flag=True, help="Names looking like registered (or other rows') players are new ones.")
@click.option("--late", is_flag=True, help=LATE_HELP)
@output_options()
@pass_app
def import_(
    app: AppContext,
    event_name: str,
    source: str,
    skip_bad: bool,
    replace: bool,
    new_player: bool,
    late: bool,
    output: str,
) -> None:
    """Register many players: a FOLDER of decklist files (file name = player) or a form export CSV with player,
    id and decklist columns (- reads it from stdin). Nothing is registered when any decklist cannot be read, unless --skip-bad."""
    from deckcli.events.registering import import_registrations

    result = import_registrations(app.writes, event_name, source, skip_bad, replace, new_player, late)
    for line in result.skipped:
        click.echo(_("Skipped {line}").format(line=translated(line)), err=True)
    regs = [r.registration for r in result.registered]
    _status(regs, output)
    illegal = sum(not r.legal for r in regs)
    facts = {"decklists": translated(plural(len(regs), "decklist")), "event": repr(result.event.name)}
    if result.skipped_decks:
        said = _("Registered {decklists} for {event} ({illegal} not legal, {skipped} skipped).")
    else:
        said = _("Registered {decklists} for {event} ({illegal} not legal).")
    click.echo(said.format(**facts, illegal=illegal, skipped=result.skipped_decks), err=True)
    if illegal or result.skipped_decks:
        raise SystemExit(1)


@click.command(short_help="A deck check: the deck presented against PLAYER's list.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("player", shell_complete=complete_player)
@click.argument("file", type=FILE, shell_complete=complete_deck_or_file)
@json_option(help="Print JSON.")
@pass_app
def check(app: AppContext, event_name: str, player: str, file: str, as_json: bool) -> None:
    """A deck check: the deck presented (FILE, typed by a judge in any layout) against PLAYER's registered list.

    Each zone and card whose count differs is listed (too many, too few, not registered); exit 1 on any."""
    from deckcli.events.checking import deck_check

    result = deck_check(app.writes, event_name, player, file)
    if as_json:
        click.echo(dump_json(result.as_dict()))
    elif result.passed:
        click.echo(
            _("Deck check of {player}: passed, the deck matches the registered list (receipt {receipt}).").format(
                player=repr(result.player), receipt=result.registered_fingerprint
            )
        )
    else:
        click.echo(
            _("Deck check of {player}: FAILED, {differences} (registered {registered}, presented {presented}).").format(
                player=repr(result.player),
                differences=translated(plural(len(result.differences), "difference")),
                registered=result.registered_fingerprint,
                presented=result.presented_fingerprint,
            )
        )
        rows = [d._replace(verdict=_(d.verdict)).as_dict() for d in result.differences]
        emit(rows, "table", CHECK_COLUMNS, headers=headers())
    if not result.passed:
        raise SystemExit(1)


@click.command(short_help="Check and store a between-rounds side exchange.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("player", shell_complete=complete_player)
@click.argument("round_no", metavar="ROUND", type=whole(0))  # (0 and past the last: the library names the rounds)
@click.argument("file", type=FILE, shell_complete=complete_deck_or_file)
@click.option("--replace", is_flag=True, help="Record an illegal exchange even over a legal one of the same round.")
@json_option(help="Print JSON.")
@pass_app
def side(app: AppContext, event_name: str, player: str, round_no: int, file: str, replace: bool, as_json: bool) -> None:
    """A between-rounds side exchange of a 3-set match: FILE against PLAYER's registered deck (the
    validate --side-from rules), stored for ROUND (a round paired already, when the event is paired here). An
    illegal exchange does not replace a legal one of the round without --replace. Exit 1 when it is not legal."""
    from deckcli.events.checking import side_exchange

    result = side_exchange(app.writes, event_name, player, round_no, file, replace)
    if as_json:
        click.echo(dump_json(result.as_dict()))
    else:
        if result.kept is not None:
            said = _(
                "Round {round} side exchange of {player}: {verdict}; not recorded: the legal exchange recorded at"
                " {time} UTC stays (give --replace to record this one instead)."
            )
        elif result.replaced:
            said = _("Round {round} side exchange of {player}: {verdict} (replaces the earlier record of that round).")
        else:
            said = _("Round {round} side exchange of {player}: {verdict}.")
        facts = {
            "round": result.round,
            "player": repr(result.player),
            "verdict": verdict(result.legal, result.problems),
        }
        click.echo(said.format(**facts, time=f"{result.kept:%Y-%m-%d %H:%M}" if result.kept else ""))
        if result.problems:
            _problems(result.problems)
    if not result.legal:
        raise SystemExit(1)


@click.command()
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option(
    "--to",
    "fmt",
    type=click.Choice(["json", "csv"], case_sensitive=False),
    help="json (each deck with its zones) or csv (one row per card); default: by -o's extension, else json.",
)
@output_option(
    "target",
    default="-",
    type=click.Path(allow_dash=True, dir_okay=False),
    help="Write to FILE (default - : stdout).",
)
@pass_app
def export(app: AppContext, event_name: str, fmt: str | None, target: str) -> None:
    """Everything registered for EVENT, for other tournament software."""
    from deckcli.events.reporting import export_csv, export_json
    from deckcli.events.store import event_registrations
    from deckcli.files.writing import write_whole

    info, regs = event_registrations(app.reads, event_name)
    fmt = (fmt or ("csv" if target.lower().endswith(".csv") else "json")).lower()
    text = export_csv(regs) if fmt == "csv" else export_json(info, regs)
    if target == "-":
        from deckcli.cli.output import data_stdout

        data_stdout().write(text)  # the data as it is, to a file or a pipe
    else:
        write_whole(target, lambda out: out.write(text))
        count = translated(plural(len(regs), "registration"))
        click.echo(
            _("Wrote {registrations} of {event} to {target}.").format(
                registrations=count, event=repr(info.name), target=target
            ),
            err=True,
        )
