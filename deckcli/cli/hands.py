"""``deckcli hand`` and ``curve``: sample opening hands of a deck, and its distributions by card field."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

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
from deckcli.cli.options import DeckSource, deck_source, whole
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.i18n import gettext as _
from deckcli.i18n import translated

if TYPE_CHECKING:
    from deckcli.cards.summary import ListedCard
    from deckcli.games.registry import Game
    from deckcli.odds.report import Bucket


@click.command(short_help="Deal sample opening hands from DECK, with the mulligan.")
@deck_source
@click.option("--count", "-n", type=whole(1, 1000), default=1, show_default=True, help="Hands to deal.")
@click.option("--seed", type=whole(0), help="Random seed: the same seed deals the same hands.")
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
    from deckcli.legality.opening import OpeningRules
    from deckcli.play.hands import sample_hands

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
    kind = OpeningRules.of(deck.format.opening).mulligan
    if output == "json":
        hand_size = len(hands[0].cards) if hands else 0
        click.echo(
            dump_json(_hands_data(used_seed, hand_size, kind, on_the_play, opponent_mulligan, conditions, hands))
        )
        return
    _print_hands(deck, cards, used_seed, hands, kind, conditions, on_the_play)


def _hands_data(seed, hand_size, kind, on_the_play, opponent_mulligan, conditions, hands) -> dict:
    """``hand --json``: the seed and the rules the hands were dealt under, with each hand."""
    return {
        "seed": seed,
        "hand_size": hand_size,
        "mulligan": kind,
        "on_the_play": on_the_play,
        "opponent_mulligan": opponent_mulligan,
        "conditions": [c.text for c in conditions],
        "hands": [h.as_dict() for h in hands],
    }


def _print_hands(deck, cards, seed, hands, kind, conditions, on_the_play) -> None:
    """``hand`` as text: the deck's line with the seed, then each hand (the mulligan said once when all are kept)."""
    line = header(deck, cards, len(hands[0].cards) if hands else 0, on_the_play)
    click.echo(_("{header}; seed {seed}").format(header=line, seed=seed))
    kept = bool(hands) and not conditions and all(h.mulligan and h.mulligan.action == "keep" for h in hands)
    if kept:  # said once, up front, not under every hand
        click.echo(
            _("Mulligan ({kind}): no conditions given (--want), so every hand is kept.").format(
                kind=mulligan_name(kind)
            )
        )
    for dealt in hands:
        click.echo("")
        click.echo("\n".join(hand_lines(dealt, kind, mulligan=not kept)))


def hand_lines(dealt, kind: str, mulligan: bool = True) -> list[str]:
    """One dealt hand as ``hand`` prints it: its title, its cards, the extra cards, what the mulligan (``kind``) did
    (``mulligan`` False: said once above the hands instead); ``deckcli build``'s sample hand shows the same lines."""
    if dealt.meets is None:
        title = _("Hand {number}")
    else:
        title = (
            _("Hand {number}  — meets the conditions") if dealt.meets else _("Hand {number}  — misses the conditions")
        )
    lines = [title.format(number=dealt.number), *_card_lines(dealt.cards[: len(dealt.cards) - dealt.extra], "  ")]
    if dealt.extra:
        lines += [_("  Extra card for the opponent's mulligan:"), *_card_lines(dealt.extra_cards, "  ")]
    return lines + (_mulligan_lines(dealt.mulligan, kind) if mulligan else [])


def _mulligan_lines(outcome, kind: str) -> list[str]:
    if outcome is None:
        return []
    lines = [_("  Mulligan ({kind}): {note}").format(kind=mulligan_name(kind), note=translated(outcome.note))]
    if outcome.action == "redraw":
        if outcome.meets is None:
            lines.append(_("  New hand:"))
        else:
            lines.append(_("  New hand — meets the conditions:") if outcome.meets else _("  New hand — still misses:"))
        lines += _card_lines(outcome.final, "    ")
    elif outcome.action == "partial":
        lines += [_("    Discard:"), *_card_lines(outcome.discarded, "      ")]
        lines += [_("    Draw:"), *_card_lines(outcome.drawn, "      ")]
        lines.append(
            _("    Hand after the redraw — meets the conditions:")
            if outcome.meets
            else _("    Hand after the redraw — still misses:")
        )
        lines += _card_lines(outcome.final, "      ")
    return lines


def _card_lines(cards: list[ListedCard], indent: str) -> list[str]:
    from deckcli.games import registry

    lines = []
    for card in cards:
        kind = str(card.kind or "")
        if kind and registry.is_game(card.game):
            kind = translated(registry.game(card.game).kind_name(kind))
        details = [kind, *card.parts(shown=True)]
        lines.append(f"{indent}{card.name}  ({' · '.join(d for d in details if d)})")
    return lines


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
    from deckcli.odds.report import deck_curves

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
                "distributions": [{"by": f, "rows": [r.as_dict() for r in rows]} for f, rows in tables.items()],
            },
        )
        return
    if output == "csv":
        rows = [{"by": f, **row.as_dict()} for f, table in tables.items() for row in table]
        emit(rows, output, ["by", "bucket", "count", "percent", "p_opening"])
        return
    from deckcli.games import registry

    game = registry.game(deck.game)
    click.echo(header(deck, cards, hand_size))
    for field_name, table in tables.items():
        click.echo("")
        _print_curve(game, field_name, table)


def _print_curve(game: Game, field_name: str, table: list[Bucket]) -> None:
    """One distribution of ``curve`` as a table with bars, its buckets and field named as the game's data names them."""
    from deckcli.cli.bars import bar

    largest = max((r.count for r in table), default=0)
    rows = [
        {
            "bucket": _bucket_shown(game, field_name, r.bucket),
            "count": r.count,
            "percent": f"{r.percent:.1f}%",
            "p_opening": f"{100 * r.p_opening:.1f}%",
            "bar": bar(r.count, largest),
        }
        for r in table
    ]
    emit(
        rows,
        "table",
        ["bucket", "count", "percent", "p_opening", "bar"],
        headers={
            # the field's name where the game's data translates it (colour), else the catalog's (kind)
            "bucket": game.field_name(field_name) if field_name in game.field_label_translations else field_name,
            "count": _("cards"),
            "percent": _("percent"),
            "p_opening": _("P(1+ in hand)"),
            "bar": "",
        },
    )


def _bucket_shown(game: Game, field_name: str, bucket: Any) -> Any:
    """A curve's bucket in the user's language: a kind by its title, a value the game's data translates (sfb's
    red) by its word; any other as it is."""
    from deckcli.cards.buckets import NONE_BUCKET

    if bucket == NONE_BUCKET:
        return _(NONE_BUCKET)
    if field_name == "kind" and isinstance(bucket, str):
        return translated(game.kind_name(bucket))
    return translated(game.value_label(field_name, bucket))
