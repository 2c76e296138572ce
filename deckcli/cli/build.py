"""``deckcli build``: the interactive deck builder. It opens the deck (:mod:`deckcli.building.opening`) and runs the
full-screen app (:mod:`deckcli.cli.builder.app`); Textual is imported here, when the command runs, and nowhere else."""

from __future__ import annotations

import sys

import click

from deckcli.cli.completion import complete_deck_or_file
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import NameOrFile, format_option, game_option
from deckcli.i18n import gettext as _


@click.command(short_help="Build a deck on one screen: verdict, curve and odds live.")
@click.argument("deck", required=False, metavar="[DECK]", type=NameOrFile(), shell_complete=complete_deck_or_file)
@game_option(help="The game of a new deck.")
@format_option(help="Build under this format.")
@pass_app
def build(app: AppContext, deck: str | None, game: str | None, format_name: str | None) -> None:
    """Build a deck on one screen: the card pool, the deck, its verdict, curve and odds, live.

    DECK is a stored deck (opened and saved back), a decklist file or deck code (opened as a new deck: saving asks
    for a name), or a new name (an empty deck of --game, saved under that name).

    \b
    Keys:
      /          search the card pool (a name, or cost<=2, element=Fire)
      Enter, +   add the highlighted card;  -  remove one copy
      z          change the zone cards are added to (maybeboard included)
      Tab        move between the search, the pool and the deck
      o          your opening-hand conditions (--want syntax)
      h, H       a sample opening hand with the mulligan
      u, Ctrl+Z  undo;  Ctrl+Y  redo
      s, Ctrl+S  save;  e  export;  ?  the keys;  q  quit

    \b
    Examples:
      deckcli build "Ember Rush"
      deckcli build "New Aggro" --game boa
      deckcli build examples/ember-rush.txt
    """
    if not sys.stdin.isatty() or not sys.stdout.isatty():
        raise click.UsageError(_("deckcli build draws a full screen: run it in a terminal, not with a pipe or a file"))
    builder_app(app, deck, game and game.lower(), format_name).run()


def builder_app(app: AppContext, deck: str | None, game: str | None, format_name: str | None):
    """The builder on the deck ``deck`` names (see :func:`deckcli.building.opening.open_draft`), ready to run."""
    from deckcli.building.analysis import Analyst
    from deckcli.building.opening import open_draft
    from deckcli.building.pool import CardPool
    from deckcli.cards.resolver import CardResolver
    from deckcli.cli.builder.app import BuildApp

    draft = open_draft(app.reads, deck, game, format_name)  # reads only: the write path is opened by the first save
    cards = CardResolver(app.reads)
    analyst = Analyst(draft.game, lambda name: cards.find(name, game=draft.game))
    return BuildApp(app, draft, CardPool(app.reads, draft.index), analyst)
