"""``deckcli odds`` and ``simulate``: opening-hand statistics of a deck (``hand`` and ``curve`` live in hands.py)."""

from __future__ import annotations

from collections.abc import Callable

import click

from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.drawdeck import (
    WANT_HELP,
    card_finder,
    header,
    mulligan_words,
    open_draw_deck,
    opponent_mulligan_option,
    parse_wants,
    percent,
    play_option,
    print_conditions,
    print_notes,
)
from deckcli.cli.hands import curve, hand
from deckcli.cli.options import DeckSource, deck_source, whole
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.i18n import gettext as _
from deckcli.i18n import translated

__all__ = ["curve", "hand", "odds", "simulate"]

#: Trials above which ``simulate`` shows a progress bar on stderr.
PROGRESS_ABOVE = 1_000_000


@click.command(short_help="Exact chance that DECK's opening hand meets every --want.")
@deck_source
@click.option("--want", "-w", "wants", multiple=True, required=True, metavar="COND", help=WANT_HELP)
@click.option(
    "--turn",
    "-t",
    "turns",
    type=whole(1),
    help="Also the chance by each turn 1..N, without and with the mulligan (sfb: each round's hand).",
)
@click.option(
    "--target",
    type=click.FloatRange(0, 1, min_open=True),
    metavar="P",
    help="With --vary: the chance to reach (e.g. 0.9).",
)
@click.option(
    "--vary",
    metavar="CARD|FILTER",
    help="With --target: the fewest copies of CARD (or cards matching FILTER) that reach it, the deck "
    "size held fixed by cards that meet no condition.",
)
@click.option(
    "--by-turn",
    "by_turn",
    type=whole(1),
    metavar="N",
    help="With --target: the chance by turn N instead of the opening hand.",
)
@play_option
@opponent_mulligan_option
@output_options(csv_ok=False)
@pass_app
def odds(
    app: AppContext, source: DeckSource, wants, turns, target, vary, by_turn, on_the_play, opponent_mulligan, output
) -> None:
    """Exact chance that the opening hand of DECK meets every --want, with and without the mulligan.

    DECK is a decklist file (- reads stdin), a deck code or a stored deck (also --deck NAME). The format's opening
    rules give the hand size and mulligan; a hand is redrawn only when it misses the conditions (sfb: the
    best cards to discard are found exactly). --turn N adds the chance over all cards seen by each turn
    (sfb: the fresh hand of each round). --target P --vary CARD asks how many copies reach P.

    \b
    Examples:
      deckcli odds deck.txt --want '1+ kind=monster,cost<=2' --turn 5
      deckcli odds --deck Brawlers -w '1+ colour=red' -w '1+ colour=yellow'
      deckcli odds deck.txt --want '0 "Worldbreaker"' --draw --json
      deckcli odds deck.txt -w '1+ Fireball' --target 0.9 --vary Fireball
    """
    _check_odds_options(target, vary, by_turn, turns, opponent_mulligan)
    deck, cards = open_draw_deck(app, source)
    conditions = parse_wants(app, deck, wants)
    if target is not None:
        _copies(app, deck, cards, conditions, target, vary, by_turn, on_the_play, output)
        return
    from deckcli.legality.opening import OpeningRules
    from deckcli.odds import odds as exact_odds

    result = exact_odds(
        cards,
        conditions,
        deck.format.opening,
        turns=turns or 0,
        on_the_play=on_the_play,
        opponent_mulligan=opponent_mulligan,
    )
    print_notes(result.notes)
    if output == "json":
        click.echo(dump_json(result.as_dict()))
        return
    _print_odds(deck, cards, conditions, result, on_the_play, opponent_mulligan)
    if turns:
        click.echo("")
        _print_by_turn(result, fresh=OpeningRules.of(deck.format.opening).new_hand_each_turn)


def _check_odds_options(target, vary, by_turn, turns, opponent_mulligan) -> None:
    """The options of ``odds`` that go together or exclude each other (a usage error before the deck is read)."""
    if (target is None) != (vary is None):
        raise click.UsageError(_("--target and --vary go together"))
    if target is None and by_turn:
        raise click.UsageError(_("--by-turn goes with --target and --vary (for the by-turn table use --turn)"))
    if target is not None and (turns or opponent_mulligan):
        raise click.UsageError(_("--target takes --by-turn N, not --turn or --opponent-mulligan"))


def _print_odds(deck, cards, conditions, result, on_the_play, opponent_mulligan) -> None:
    """The text of ``odds``: the deck and hand line, the conditions, and the two chances with the mulligan's words."""
    line = header(deck, cards, result.hand_size, on_the_play)
    if opponent_mulligan:
        line = _("{header} (with the extra card for the opponent's mulligan)").format(header=line)
    click.echo(line)
    print_conditions(conditions, result.classes)
    opening, with_mulligan = float(result.p_opening), float(result.p_with_mulligan)
    click.echo(_("Opening hand:   {percent}  ({p})").format(percent=percent(opening), p=f"{opening:.6f}"))
    click.echo(
        _("With mulligan:  {percent}  ({p})  [{mulligan}]").format(
            percent=percent(with_mulligan),
            p=f"{with_mulligan:.6f}",
            mulligan=mulligan_words(result.mulligan, on_the_play),
        )
    )


def _print_by_turn(result, fresh: bool) -> None:
    """``odds --turn N``'s table: the chance by each turn, or by each round's fresh hand where the format deals one."""
    rows = [
        {
            "turn": t,
            "cards_seen": seen,
            "probability": f"{100 * float(p):.2f}%",
            "with_mulligan": f"{100 * float(m):.2f}%",
        }
        for (t, seen, p), m in zip(result.by_turn, result.by_turn_with_mulligan)
    ]
    emit(
        rows,
        "table",
        ["turn", "cards_seen", "probability", "with_mulligan"],
        headers={
            "turn": _("round") if fresh else _("turn"),
            "cards_seen": _("hand") if fresh else _("cards seen"),
            "probability": _("probability"),
            "with_mulligan": _("with mulligan"),
        },
    )


def _copies(app, deck, cards, conditions, target, vary, by_turn, on_the_play, output) -> None:
    """``odds --target P --vary CARD|FILTER``: the table of counts tried and the fewest that reaches P."""
    from fractions import Fraction

    from deckcli.cards.conditions import parse_vary
    from deckcli.games import registry
    from deckcli.legality.opening import OpeningRules
    from deckcli.odds.copies import copies_needed

    varied = parse_vary(vary, registry.game(deck.game).card_fields)
    card, most = None, None
    if varied.card_name is not None:
        ref = card_finder(app, deck)(varied.card_name)
        card, most = ref.as_dict(), _copy_limit(deck, ref)
    result = copies_needed(
        cards,
        conditions,
        deck.format.opening,
        varied,
        Fraction(str(target)),
        by_turn,
        on_the_play,
        card=card,
        max_copies=most,
    )
    if output == "json":
        click.echo(dump_json(result.as_dict()))
        return
    click.echo(f"{header(deck, cards, OpeningRules.of(deck.format.opening).hand_size, on_the_play)}")
    copies = (
        _("Copies of {varied} ({count} in the deck) for {target} by turn {turn}, with the mulligan:")
        if by_turn
        else _("Copies of {varied} ({count} in the deck) for {target} in the opening hand, with the mulligan:")
    )
    click.echo(copies.format(varied=result.varied, count=result.in_deck, target=f"{float(target):.1%}", turn=by_turn))
    rows = [{"copies": k, "p": f"{100 * float(p):.2f}%", "plain": f"{100 * float(q):.2f}%"} for k, p, q in result.table]
    headers = {"copies": _("copies"), "p": _("with mulligan"), "plain": _("without")}
    emit(rows, "table", ["copies", "p", "plain"], headers=headers)
    if result.needed is None:
        note = translated(result.notes[-1])
        click.echo(note[:1].upper() + note[1:])
    else:
        chance = f"{100 * float(result.table[-1][1]):.2f}%"
        click.echo(
            _("Needed: {needed} of {varied} ({chance})").format(
                needed=result.needed, varied=result.varied, chance=chance
            )
        )


def _copy_limit(deck, ref) -> int | None:
    """The most copies of the card the deck's format allows (its restricted list, else the copy limit)."""
    from deckcli.legality.rules import card_limit_keys

    limits, _keys = card_limit_keys(deck.format, deck.index)
    return limits.get(ref.key, deck.format.copy_limit.max if deck.format.copy_limit else None)


@click.command(short_help="Monte Carlo estimate of DECK's opening-hand chances.")
@deck_source
@click.option("--want", "-w", "wants", multiple=True, required=True, metavar="COND", help=WANT_HELP)
@click.option("--trials", "-n", type=whole(1), default=100_000, show_default=True, help="Hands to deal.")
@click.option("--seed", type=whole(0), help="Random seed: the same seed gives the same result.")
@play_option
@output_options(csv_ok=False)
@pass_app
def simulate(app: AppContext, source: DeckSource, wants, trials, seed, on_the_play, output) -> None:
    """Monte Carlo estimate of the opening-hand chances of DECK, with standard errors and histograms.

    \b
    Examples:
      deckcli simulate deck.txt -w '1+ cost<=2' --trials 1000000 --seed 7
      deckcli simulate --deck Brawlers --want '1+ colour=red' --json
    """
    from deckcli.odds import odds as exact_odds
    from deckcli.odds.simulate import simulate as run

    deck, cards = open_draw_deck(app, source)
    conditions = parse_wants(app, deck, wants)
    exact = exact_odds(cards, conditions, deck.format.opening, on_the_play=on_the_play)
    print_notes(exact.notes)
    result = _deal(run, cards, conditions, deck.format.opening, trials, seed, on_the_play)
    if output == "json":
        click.echo(dump_json(result.as_dict(exact)))
        return
    _print_simulation(deck, cards, conditions, exact, result, on_the_play)


def _deal(run, cards, conditions, opening, trials, seed, on_the_play):
    """The simulation's result, with a progress bar on the terminal when the trials are many."""
    if trials <= PROGRESS_ABOVE:
        return run(cards, conditions, opening, trials, seed, on_the_play)
    from deckcli.cli.output import control_stderr

    with click.progressbar(length=trials, label=_("Dealing hands"), file=control_stderr()) as bar:
        return run(cards, conditions, opening, trials, seed, on_the_play, progress=bar.update)


def _print_simulation(deck, cards, conditions, exact, result, on_the_play) -> None:
    """The text of ``simulate``: the estimates beside the exact chances, and each condition's histogram."""
    click.echo(header(deck, cards, result.hand_size, on_the_play))
    print_conditions(conditions, exact.classes)
    click.echo(_("Trials: {trials} (seed {seed})").format(trials=f"{result.trials:,}", seed=result.seed))
    click.echo(
        _("Opening hand:   {percent} ± {error} points (standard error; exact {exact})").format(
            percent=percent(result.p_opening),
            error=f"{100 * result.stderr_opening:.2f}",
            exact=f"{100 * float(exact.p_opening):.2f}%",
        )
    )
    click.echo(
        _("With mulligan:  {percent} ± {error} points (standard error; exact {exact})  [{mulligan}]").format(
            percent=percent(result.p_with_mulligan),
            error=f"{100 * result.stderr_with_mulligan:.2f}",
            exact=f"{100 * float(exact.p_with_mulligan):.2f}%",
            mulligan=mulligan_words(result.mulligan, on_the_play),
        )
    )
    for condition, counts in zip(conditions, result.histograms):
        click.echo("")
        matching = _("Cards matching {filter} in the opening hand ({condition}):")
        click.echo(matching.format(filter=condition.filter, condition=condition.text))
        click.echo(_histogram(counts, result.trials, condition.holds))


def _histogram(counts: list[int], trials: int, holds: Callable[[int], bool], width: int = 40) -> str:
    from deckcli.cli.bars import bar

    largest = max(counts) if counts else 0
    lines = []
    for k, n in enumerate(counts):
        mark = "✓" if holds(k) else " "
        lines.append(f"  {k:>2} {mark} {100 * n / trials:6.2f}%  {bar(n, largest, width)}")
    return "\n".join(lines)
