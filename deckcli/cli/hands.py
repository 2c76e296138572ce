"""``deckcli hand`` and ``curve``: sample opening hands of a deck, and its distributions by card field."""

from __future__ import annotations

import click

from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.drawdeck import (
    JUDGE_HELP,
    header,
    mulligan_name,
    open_draw_deck,
    opponent_mulligan_option,
    parse_wants,
    play_option,
)
from deckcli.cli.options import DeckSource, deck_source
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.i18n import gettext as _
from deckcli.i18n import translated


@click.command(short_help="Deal sample opening hands from DECK, with the mulligan.")
@deck_source
@click.option(
    "--count", "-n", type=click.IntRange(min=1, max=1000), default=1, show_default=True, help="Hands to deal."
)
@click.option("--seed", type=click.IntRange(min=0), help="Random seed: the same seed deals the same hands.")
@click.option("--mulligan", "-m", is_flag=True, help="Also show what the game's mulligan would do.")
@click.option("--want", "-w", "wants", multiple=True, metavar="COND", help=JUDGE_HELP)
@play_option
@opponent_mulligan_option
@output_options(csv_ok=False)
@pass_app
def hand(
    app: AppContext, source: DeckSource, count, seed, mulligan, wants, on_the_play, opponent_mulligan, output
) -> None:
    """Deal sample opening hands from DECK, like a playtest window (and show the mulligan with --mulligan).

    \b
    Examples:
      deckcli hand deck.txt --count 3 --seed 42
      deckcli hand deck.txt --mulligan --want '1+ kind=monster,cost<=2'
      deckcli hand deck.txt --opponent-mulligan
      deckcli hand brawlers.txt --mulligan -w '1+ colour=red' -w '1+ colour=blue'
    """
    from deckcli.odds.hands import sample_hands

    deck, cards = open_draw_deck(app, source)
    conditions = parse_wants(app, deck, wants)
    used_seed, hands = sample_hands(
        cards,
        deck.format.opening,
        count,
        seed,
        conditions,
        mulligan=mulligan,
        on_the_play=on_the_play,
        opponent_mulligan=opponent_mulligan,
    )
    kind = deck.format.opening.get("mulligan", "none")
    if output == "json":
        click.echo(
            dump_json(
                {
                    "seed": used_seed,
                    "hand_size": len(hands[0].cards) if hands else 0,
                    "mulligan": kind,
                    "on_the_play": on_the_play,
                    "opponent_mulligan": opponent_mulligan,
                    "conditions": [c.text for c in conditions],
                    "hands": [h.as_dict() for h in hands],
                }
            )
        )
        return
    line = header(deck, cards, len(hands[0].cards) if hands else 0, on_the_play)
    click.echo(_("{header}; seed {seed}").format(header=line, seed=used_seed))
    kept = bool(hands) and not conditions and all(h.mulligan and h.mulligan.action == "keep" for h in hands)
    if kept:  # said once, up front, not under every hand
        click.echo(
            _("Mulligan ({kind}): no conditions given (--want), so every hand is kept.").format(
                kind=mulligan_name(kind)
            )
        )
    for dealt in hands:
        click.echo("")
        if dealt.meets is None:
            title = _("Hand {number}")
        else:
            title = (
                _("Hand {number}  — meets the conditions")
                if dealt.meets
                else _("Hand {number}  — misses the conditions")
            )
        click.echo(title.format(number=dealt.number))
        _print_cards(dealt.cards[: len(dealt.cards) - dealt.extra], "  ")
        if dealt.extra:
            click.echo(_("  Extra card for the opponent's mulligan:"))
            _print_cards(dealt.extra_cards, "  ")
        _print_mulligan(None if kept else dealt.mulligan, kind)


def _print_mulligan(outcome, kind: str) -> None:
    if outcome is None:
        return
    click.echo(_("  Mulligan ({kind}): {note}").format(kind=mulligan_name(kind), note=translated(outcome.note)))
    if outcome.action == "redraw":
        if outcome.meets is None:
            click.echo(_("  New hand:"))
        else:
            click.echo(_("  New hand — meets the conditions:") if outcome.meets else _("  New hand — still misses:"))
        _print_cards(outcome.final, "    ")
    elif outcome.action == "partial":
        click.echo(_("    Discard:"))
        _print_cards(outcome.discarded, "      ")
        click.echo(_("    Draw:"))
        _print_cards(outcome.drawn, "      ")
        click.echo(
            _("    Hand after the redraw — meets the conditions:")
            if outcome.meets
            else _("    Hand after the redraw — still misses:")
        )
        _print_cards(outcome.final, "      ")


def _print_cards(cards, indent: str) -> None:
    from deckcli.cards.summary import summary_parts
    from deckcli.games import registry

    for card in cards:
        kind = str(card.get("kind") or "")
        if kind and registry.is_game(card.get("game")):
            kind = translated(registry.game(card["game"]).kind_name(kind))
        details = [kind, *summary_parts(card, shown=True)]
        click.echo(f"{indent}{card.get('name')}  ({' · '.join(d for d in details if d)})")


@click.command(short_help="DECK's draw deck by cost, colour or kind, and opening chances.")
@deck_source
@click.option(
    "--by",
    "-b",
    "fields",
    multiple=True,
    metavar="FIELD",
    help="Card field to bucket by: cost, kind, element, colour, faction, ... (repeatable; "
    "default: the curve field of the deck's game, such as cost or colour, then kind).",
)
@output_options()
@pass_app
def curve(app: AppContext, source: DeckSource, fields, output) -> None:
    """The distribution of DECK's draw deck by cost, colour, kind, ...: a table, bars, and the chance of
    holding at least one card of each bucket in the opening hand.

    \b
    Examples:
      deckcli curve deck.txt
      deckcli curve --deck "Ember Rush" --by element --by kind --csv
    """
    from deckcli.cli.bars import bar
    from deckcli.odds.curve import deck_curves

    deck, cards = open_draw_deck(app, source, draw=False)
    curves = deck_curves(cards, fields, deck.game, deck.format.opening)
    size, hand_size, tables = curves.deck_size, curves.hand_size, curves.tables
    if output == "json":
        emit(
            [],
            output,
            json_data={
                "deck": deck.name,
                "game": deck.game,
                "format": deck.format.name,
                "deck_size": size,
                "hand_size": hand_size,
                "distributions": [{"by": f, "rows": rows} for f, rows in tables.items()],
            },
        )
        return
    if output == "csv":
        rows = [{"by": f, **row} for f, table in tables.items() for row in table]
        emit(rows, output, ["by", "bucket", "count", "percent", "p_opening"])
        return
    click.echo(header(deck, cards, hand_size))
    for field_name, table in tables.items():
        click.echo("")
        largest = max((r["count"] for r in table), default=0)
        rows = [
            {
                "bucket": r["bucket"],
                "count": r["count"],
                "percent": f"{r['percent']:.1f}%",
                "p_opening": f"{100 * r['p_opening']:.1f}%",
                "bar": bar(r["count"], largest),
            }
            for r in table
        ]
        emit(
            rows,
            "table",
            ["bucket", "count", "percent", "p_opening", "bar"],
            headers={
                "bucket": field_name,
                "count": _("cards"),
                "percent": _("percent"),
                "p_opening": _("P(1+ in hand)"),
                "bar": "",
            },
        )
