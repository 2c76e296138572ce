"""``deckcli event pair / result / drop / standings / top``: the Swiss rounds and the top cut of an event. Each
parses its arguments, calls one function of :mod:`deckcli.events.rounds`, :mod:`~deckcli.events.results` or
:mod:`~deckcli.events.cut`, and prints through the one output helper."""

from __future__ import annotations

import click

from deckcli.cli.completion import complete_event, complete_player
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.event_words import headers
from deckcli.cli.output import emit, output_options
from deckcli.i18n import gettext as _

PAIRING_COLUMNS = ["table", "player", "opponent"]
STANDING_COLUMNS = ["rank", "player", "points", "record", "omw", "gw", "ogw", "dropped"]


def _print_round(round_, output: str) -> None:
    rows = [{"table": p.table, "player": p.player, "opponent": p.opponent} for p in round_.pairings]
    emit(rows, output, PAIRING_COLUMNS, headers=headers(), json_data={"round": round_.label, "pairings": rows})


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

    _print_round(pair_next_round(app.db, event_name), output)


@click.command(short_help="Enter the result of TABLE in ROUND.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("round_label", metavar="ROUND")
@click.argument("table", type=click.IntRange(min=1))
@click.argument("score", metavar="W-L[-D]")
@click.option("--replace", is_flag=True, help="Correct the table's result (until the next round is paired).")
@click.option("--drop", "drop", metavar="PLAYER", help="Drop PLAYER from the next round on.")
@pass_app
def result(app: AppContext, event_name: str, round_label: str, table: int, score: str, replace: bool, drop) -> None:
    """Enter the result of TABLE in ROUND (1, 2, … or top8, top4, top2): games won by the table's first player,
    then by the second, then drawn games.

    \b
    Examples:
      deckcli event result "Spring Open" 1 3 2-1
      deckcli event result "Spring Open" 2 5 1-1-1 --drop "Sam Example"
      deckcli event result "Spring Open" top8 1 2-0
    """
    from deckcli.events.results import enter_result

    done = enter_result(app.db, event_name, round_label, table, score, replace, drop)
    p = done.pairing
    facts = {"round": done.round, "table": p.table, "player": p.player, "score": p.score, "opponent": p.opponent}
    if done.replaced:
        said = _("Round {round}, table {table}: {player} {score} {opponent} (was {was}).")
    else:
        said = _("Round {round}, table {table}: {player} {score} {opponent}.")
    click.echo(said.format(**facts, was=done.replaced))
    if done.dropped:
        click.echo(_("{player} drops from the next round on.").format(player=done.dropped))


@click.command(short_help="Drop PLAYER from EVENT from the next round on.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.argument("player", shell_complete=complete_player)
@pass_app
def drop(app: AppContext, event_name: str, player: str) -> None:
    """Drop PLAYER from EVENT: not paired from the next round on (kept in the standings)."""
    from deckcli.events.results import drop_player

    name, from_round = drop_player(app.db, event_name, player)
    click.echo(_("{player} dropped: not paired from round {round} on.").format(player=name, round=from_round))


@click.command(short_help="The standings of EVENT after its complete rounds.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option("--round", "through", type=click.IntRange(min=1), help="The standings after round N.")
@output_options()
@pass_app
def standings(app: AppContext, event_name: str, through: int | None, output: str) -> None:
    """The standings of EVENT after its complete rounds: points, then opponents' match-win %, game-win %,
    opponents' game-win % (percentages, 0.33 at least), then an order drawn from the event's seed."""
    from deckcli.events.rounds import event_standings
    from deckcli.events.standings import standing_rows

    lines = event_standings(app.db, event_name, through)
    emit(
        standing_rows(lines),
        output,
        STANDING_COLUMNS,
        headers=headers(),
        json_data=standing_rows(lines, as_text=False),
        empty=_("no players"),
    )


@click.command(short_help="Pair the next round of the top cut.")
@click.argument("event_name", metavar="EVENT", shell_complete=complete_event)
@click.option("--cut", "size", type=click.Choice(["8", "4", "2"]), help="The cut's size (its first round only).")
@output_options()
@pass_app
def top(app: AppContext, event_name: str, size: str | None, output: str) -> None:
    """Pair the top cut's next round: the first (--cut 8, 4 or 2) seeded by the standings 1 v 8, 4 v 5, 2 v 7,
    3 v 6 after the last Swiss round; each next one from the winners of the last.

    \b
    Examples:
      deckcli event top "Spring Open" --cut 8
      deckcli event result "Spring Open" top8 1 2-0
      deckcli event top "Spring Open"
    """
    from deckcli.events.cut import pair_cut

    _print_round(pair_cut(app.db, event_name, int(size) if size else None), output)
