"""``deckcli event ...``: tournament events, one module per job — an event and its registrations
(:mod:`.registration`), what it is and how it stands (:mod:`.state`), the Swiss rounds and the top cut (:mod:`.rounds`),
its printed pages and site (:mod:`.pages`), and the words their tables share (:mod:`.words`)."""

from __future__ import annotations

import click

from deckcli.cli.event import pages, registration, rounds, state


@click.group(short_help="Tournament events: registrations, deck checks, rounds, site.")
def event() -> None:
    """Tournament events: register players' decklists (locked, with a receipt), check decks and side exchanges.

    \b
    Examples:
      deckcli event new "Spring Open" --game boa --date 2026-05-01 --rounds 5
      deckcli event register "Spring Open" "Sam Example" ember.txt --player-id 12
      deckcli event import "Spring Open" decklists/   # one file per player
      deckcli event status "Spring Open"
      deckcli event check "Spring Open" "Sam Example" typed-by-judge.txt
      deckcli event side "Spring Open" "Sam Example" 2 round2.txt
      deckcli event export "Spring Open" --to csv -o spring.csv
      deckcli event pair "Spring Open"   # Swiss: pair, result, standings, top
    """


for _command in (
    registration.new,
    registration.delete,
    registration.start,
    registration.register,
    registration.import_,
    registration.check,
    registration.side,
    registration.export,
    state.list_,
    state.show,
    state.status,
    state.set_,
    rounds.pair,
    rounds.result,
    rounds.drop,
    rounds.standings,
    rounds.top,
    pages.sheet,
    pages.slips,
    pages.publish,
):
    event.add_command(_command)
