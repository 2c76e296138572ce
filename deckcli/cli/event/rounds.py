"""``deckcli event pair / result / drop / standings / top``: the Swiss rounds and the top cut of an event. Each
parses its arguments, calls one function of :mod:`deckcli.events.rounds`, :mod:`~deckcli.events.results` (or
:mod:`~deckcli.events.resultfile`), :mod:`~deckcli.events.drops` or :mod:`~deckcli.events.cut`, and prints through
the one output helper."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from deckcli.cli.completion import complete_event, complete_player
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.event.words import headers
from deckcli.cli.options import InputFile, whole
from deckcli.cli.output import emit, output_options
from deckcli.i18n import gettext as _
from deckcli.i18n import ngettext

if TYPE_CHECKING:
    from deckcli.events.cut import Bracket
    from deckcli.events.tournament import Round

PAIRING_COLUMNS = ["table", "player", "opponent"]
BRACKET_COLUMNS = ["round", "table", "player", "result", "opponent", "winner"]
STANDING_COLUMNS = ["rank", "player", "points", "record", "omw", "gw", "ogw", "dropped"]


def _print_round(round_: Round, output: str) -> None:
    """A round's tables: a row each (a bye's opponent cell says so), or the round with its tables as JSON (a bye's
    opponent null)."""
    rows = [
        {"table": p.table, "player": p.player, "opponent": _("bye") if p.opponent is None else p.opponent}
        for p in round_.pairings
    ]
    emit(rows, output, PAIRING_COLUMNS, headers=headers(), json_data=round_.as_dict())


@click.command(short_help="Pair the next Swiss round of EVENT.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@output_options()
@pass_app
def pair(app: AppContext, event_name: str, output: str) -> None:
    """Pair the next Swiss round of EVENT (round 1 starts the event): by points, no rematch while another pairing
    exists, a bye (if the count is odd) to the lowest-ranked player without one.

    \b
    Examples:
      deckcli event pair "Spring Open"
      deckcli event pair "Spring Open" --json
    """
    from deckcli.events.rounds import pair_next_round

    paired = pair_next_round(app.writes, event_name)
    # which round of how many, and the lock round 1 sets, beside the data (stdout stays the table, JSON or CSV)
    click.echo(_("Round {round} of {rounds}:").format(round=paired.label, rounds=paired.of), err=True)
    _print_round(paired, output)
    if paired.label == "1":
        locked = _(
            "Round 1 starts the event: registrations are now locked (event register --late registers a new player late)."
        )
        click.echo(locked, err=True)


@click.command(short_help="Enter the result of TABLE in ROUND.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("round_label", metavar="ROUND")
@click.argument("entries", metavar="[TABLE W-L[-D]]...", nargs=-1)
@click.option(
    "--from",
    "from_file",
    metavar="FILE",
    type=InputFile(),
    help="Enter every table of a results file (CSV: table,result or table,player_a_wins,player_b_wins,draws; "
    "- : stdin): all of them, or none when any row is wrong.",
)
@click.option("--replace", is_flag=True, help="Correct results already entered (until the next round is paired).")
@click.option("--drop", "drop", metavar="PLAYER", help="Drop PLAYER (at one of the tables) from the next round on.")
@pass_app
def result(
    app: AppContext, event_name: str, round_label: str, entries: tuple[str, ...], from_file, replace: bool, drop
) -> None:
    """Enter the results of ROUND (1, 2, … or top8, top4, top2): for each TABLE, games won by the table's first
    player, then by the second, then drawn games; or every table at once from a file (--from). All are stored in
    one go, or none: every problem is listed.

    \b
    Examples:
      deckcli event result "Spring Open" 1 3 2-1
      deckcli event result "Spring Open" 1 4 2-0 5 1-1-1 6 0-2
      deckcli event result "Spring Open" 2 5 1-1-1 --drop "Sam Example"
      deckcli event result "Spring Open" 2 --from round2.csv
      deckcli event result "Spring Open" top8 1 2-0
    """
    from deckcli.events.roundpick import round_title

    done = _enter(app, event_name, round_label, entries, from_file, replace, drop)
    title = round_title(done.round)
    if from_file is not None:
        click.echo(
            ngettext(
                "{round}: {count} result stored from {file}.",
                "{round}: {count} results stored from {file}.",
                done.stored,
            ).format(round=title, count=done.stored, file=done.source)
        )
    for entered in [] if from_file is not None else done.tables:
        p = entered.pairing
        facts = {"round": title, "table": p.table, "player": p.player, "score": p.score, "opponent": p.opponent}
        if entered.same:
            said = _("{round}, table {table}: {player} {score} {opponent} (entered already; unchanged).")
        elif entered.replaced:
            said = _("{round}, table {table}: {player} {score} {opponent} (was {was}).")
        else:
            said = _("{round}, table {table}: {player} {score} {opponent}.")
        click.echo(said.format(**facts, was=entered.replaced))
    same = len(done.tables) - done.stored
    if from_file is not None and same:
        click.echo(
            ngettext(
                "{count} table had this result already; unchanged.",
                "{count} tables had these results already; unchanged.",
                same,
            ).format(count=same)
        )
    if done.dropped:
        click.echo(_("{player} drops from the next round on.").format(player=done.dropped))


def _enter(app: AppContext, event_name: str, round_label: str, entries: tuple[str, ...], from_file, replace, drop):
    """``event result``'s one library call: the results file, or the TABLE W-L-D pairs (usage errors, exit 2, for
    neither, both, or a table without its result)."""
    if from_file is not None:
        if entries:
            raise click.UsageError(_("give TABLE W-L[-D] pairs or --from FILE, not both"))
        from deckcli.events.resultfile import enter_file

        return enter_file(app.writes, event_name, round_label, from_file, replace, drop)
    if not entries:
        raise click.UsageError(_("give TABLE W-L[-D] (one or more pairs) or --from FILE"))
    if len(entries) % 2:
        raise click.UsageError(
            _("table {table} has no result after it (TABLE W-L[-D] pairs)").format(table=entries[-1])
        )
    from deckcli.events.results import TableScore, enter_results

    given = [TableScore(table, score) for table, score in zip(entries[::2], entries[1::2], strict=True)]
    return enter_results(app.writes, event_name, round_label, given, replace, drop)


@click.command(short_help="Drop PLAYER from EVENT from the next round on.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("player", shell_complete=complete_player)
@pass_app
def drop(app: AppContext, event_name: str, player: str) -> None:
    """Drop PLAYER from EVENT: not paired from the next round on (kept in the standings)."""
    from deckcli.events.drops import drop_player

    name, from_round = drop_player(app.writes, event_name, player)
    click.echo(_("{player} dropped: not paired from round {round} on.").format(player=name, round=from_round))


@click.command(short_help="The standings of EVENT after its complete rounds.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option("--round", "through", type=whole(1), help="The standings after round N.")
@output_options()
@pass_app
def standings(app: AppContext, event_name: str, through: int | None, output: str) -> None:
    """The standings of EVENT after its complete rounds: points, then opponents' match-win %, game-win %,
    opponents' game-win % (percentages, 0.33 at least), then an order drawn from the event's seed."""
    from deckcli.events.rounds import event_standings

    lines = event_standings(app.reads, event_name, through)
    rows = [line.as_row() for line in lines]
    json_data = [line.as_dict() for line in lines]
    emit(rows, output, STANDING_COLUMNS, headers=headers(), json_data=json_data, empty=_("no players"))


@click.command(short_help="Pair the next round of the top cut.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option("--cut", "size", type=click.Choice(["8", "4", "2"]), help="The cut's size (its first round only).")
@output_options()
@pass_app
def top(app: AppContext, event_name: str, size: str | None, output: str) -> None:
    """Pair the top cut's next round: the first (--cut 8, 4 or 2) seeded by the standings 1 v 8, 4 v 5, 2 v 7,
    3 v 6 after the last Swiss round; each next one from the winners of the last. After the final: the whole
    bracket with every result and the winner.

    \b
    Examples:
      deckcli event top "Spring Open" --cut 8
      deckcli event result "Spring Open" top8 1 2-0
      deckcli event top "Spring Open"
    """
    from deckcli.events.cut import Bracket, pair_cut

    found = pair_cut(app.writes, event_name, int(size) if size else None)
    if isinstance(found, Bracket):
        _print_bracket(found, output)
    else:
        _print_round(found, output)


def _print_bracket(bracket: Bracket, output: str) -> None:
    """The finished top cut: a row per table of each of its rounds (result and winner), then who won it."""
    from deckcli.events.cut import decided
    from deckcli.events.roundpick import round_title

    shown = round_title if output == "table" else str
    rows = [{"round": shown(r.label), **decided(p)} for r in bracket.rounds for p in r.pairings]
    emit(rows, output, BRACKET_COLUMNS, headers=headers(), json_data=bracket.as_dict())
    if output == "table":
        click.echo(_("{player} won the top cut of {event}.").format(player=bracket.champion, event=bracket.event))
