"""What ``odds``, ``simulate``, ``hand`` and ``curve`` share: the deck's draw deck, its conditions, and lines."""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import click

from deckcli.cli.context import AppContext
from deckcli.cli.options import DeckSource
from deckcli.i18n import N_, ngettext, translated
from deckcli.i18n import gettext as _

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef

# These commands' numpy work is integer arithmetic, which never calls BLAS: with one BLAS thread numpy's import does
# not start a thread pool (~35 ms of CPU at every start, more on a busy machine). A value the user set is kept; the
# setting is made only when one of these commands is loaded (deckcli/cli/main.py loads a command's module on use).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

#: --want's help (marked: the help is translated when the command loads, deckcli/cli/language.py).
WANT_HELP = N_(
    "Condition COUNT FILTER, e.g. '1+ kind=monster,cost<=2', '0 \"Worldbreaker\"', '2-3 colour=red' "
    "(COUNT: N+, N, N-M or 0; repeatable: all must hold)."
)
#: hand's --want: the same, judging the hands dealt.
JUDGE_HELP = N_(
    "Judge hands by these conditions. Condition COUNT FILTER, e.g. '1+ kind=monster,cost<=2', '0 \"Worldbreaker\"', "
    "'2-3 colour=red' (COUNT: N+, N, N-M or 0; repeatable: all must hold)."
)


def play_option(f: Callable) -> Callable:
    return click.option(
        "--play/--draw",
        "on_the_play",
        default=True,
        help="Going first (default) or second: turn-1 draws and who may redraw.",
    )(f)


def opponent_mulligan_option(f: Callable) -> Callable:
    return click.option(
        "--opponent-mulligan",
        is_flag=True,
        help="The opponent took a mulligan: the starting hand holds the format's extra card(s) (boa: a 7th).",
    )(f)


def open_draw_deck(app: AppContext, source: DeckSource, draw: bool = True):
    """The resolved deck (every card known) and its draw zone as ``(card_dict, count)`` pairs.

    ``draw``: the command shuffles and deals the deck, so a deck that is never drawn from (a pool) is refused,
    and a deck not legal in its format is named in a warning on stderr (the figures are about it as it is).
    """
    from deckcli.odds.rules import dealt_deck

    deck = source.open(app)
    drawn = dealt_deck(deck, source.label, dealt=draw)
    if drawn.broken:
        click.echo(
            _(
                "warning: {deck} is not legal in {format} ({rules}); "
                "the figures are for the deck as it is (deckcli validate says why)"
            ).format(deck=source.label, format=deck.format.name, rules=", ".join(drawn.broken)),
            err=True,
        )
    return deck, drawn.cards


def card_finder(app: AppContext, deck) -> Callable[[str], CardRef]:
    """Look a card name up among the cards of the deck's game (raises with suggestions when unknown)."""
    from deckcli.cards.resolver import CardResolver

    cards = CardResolver(app.reads)
    return lambda name: cards.find(name, game=deck.game)


def parse_wants(app: AppContext, deck, wants: tuple[str, ...]):
    """Parse the ``--want`` conditions; a card name (quoted, or bare: ``1+ Fireball``) must be a card of the deck's
    game."""
    from deckcli.cards.conditions import parse_conditions
    from deckcli.games import registry

    found: list[Callable[[str], CardRef]] = []  # the card lookup, made on the first name only

    def find(name: str) -> CardRef:
        if not found:
            found.append(card_finder(app, deck))
        return found[0](name)

    from deckcli.cards.conditions import MissingCount

    try:
        return parse_conditions(wants, registry.game(deck.game).card_fields, find)
    except MissingCount as exc:  # the option used the wrong way: a usage error (exit 2) showing the shape
        raise click.BadParameter(exc.translated(), param_hint="--want") from None


def header(deck, cards, hand_size: int, on_the_play: bool | None = None) -> str:
    size = sum(n for _card, n in cards)
    if on_the_play is None:
        line = ngettext(
            "{deck} ({game}, {format}): {count} card in {zone}, hand of {hand}",
            "{deck} ({game}, {format}): {count} cards in {zone}, hand of {hand}",
            size,
        )
    elif on_the_play:
        line = ngettext(
            "{deck} ({game}, {format}): {count} card in {zone}, hand of {hand}, on the play",
            "{deck} ({game}, {format}): {count} cards in {zone}, hand of {hand}, on the play",
            size,
        )
    else:
        line = ngettext(
            "{deck} ({game}, {format}): {count} card in {zone}, hand of {hand}, on the draw",
            "{deck} ({game}, {format}): {count} cards in {zone}, hand of {hand}, on the draw",
            size,
        )
    from deckcli.games import registry

    zone = translated(registry.game(deck.game).zone_name(deck.format.draw_zone, deck.format.zones))
    return line.format(deck=deck.name, game=deck.game, format=deck.format.name, count=size, zone=zone, hand=hand_size)


def print_notes(notes: Sequence[str]) -> None:
    for note in notes:
        click.echo(_("note: {note}").format(note=translated(note)), err=True)


def percent(p: float) -> str:
    return f"{100 * p:6.2f}%"


#: Each redraw kind of a format's ``mulligan`` as a player reads it (English: the format file's own word).
MULLIGAN_NAMES = {
    "full-redraw": N_("full-redraw"),
    "second-player-redraw": N_("second-player-redraw"),
    "partial-redraw": N_("partial-redraw"),
}


def mulligan_name(kind: str) -> str:
    """The mulligan kind ``kind`` in the user's language."""
    return _(MULLIGAN_NAMES[kind]) if kind in MULLIGAN_NAMES else kind


def mulligan_words(kind: str, on_the_play: bool) -> str:
    words = {
        "none": N_("no mulligan in this format"),
        "full-redraw": N_("full-redraw: a hand that misses is shuffled back for a new one"),
        "second-player-redraw": (
            N_("second-player-redraw: only the player going second may redraw (try --draw)")
            if on_the_play
            else N_("second-player-redraw: a hand that misses is shuffled back for a new one")
        ),
        "partial-redraw": N_("partial-redraw: the best cards to discard are replaced from the rest of the deck"),
    }
    return _(words[kind]) if kind in words else kind


def print_conditions(conditions, classes) -> None:
    """The conditions as an aligned list (display width, so Japanese card names line up too)."""
    from deckcli.cli.tables import table

    in_deck = _("{condition}; {count} in the deck")
    rows = [
        (c.text, in_deck.format(condition=translated(c.describe()), count=classes.matching(i)))
        for i, c in enumerate(conditions)
    ]
    click.echo(_("Conditions (all must hold):"))
    for line in table(rows, numparse=False).splitlines():
        click.echo(f"  {line}")
