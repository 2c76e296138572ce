"""``deckcli odds``, ``simulate``, ``hand`` and ``curve``: opening-hand statistics of a deck."""

from __future__ import annotations

import sys
from collections.abc import Callable

import click

from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import DeckSource, deck_source
from deckcli.cli.output import dump_json, emit, output_options

WANT_HELP = (
    "Condition COUNT FILTER, e.g. '1+ kind=monster,cost<=2', '0 \"Worldbreaker\"', '2-3 colour=red' "
    "(COUNT: N+, N, N-M or 0; repeatable: all must hold)."
)
#: Trials above which ``simulate`` shows a progress bar on stderr.
PROGRESS_ABOVE = 1_000_000


def play_option(f: Callable) -> Callable:
    return click.option("--play/--draw", "on_the_play", default=True,
                        help="Going first (default) or second: turn-1 draws and who may redraw.")(f)


def _open(app: AppContext, source: DeckSource):
    """The resolved deck (every card known) and its draw zone as ``(card_dict, count)`` pairs."""
    from deckcli.errors import InputError

    deck = source.open(app)
    zone = deck.format.draw_zone
    cards = [(ref.as_dict(), n) for ref, n in deck.zone_cards(zone)]
    if not cards:
        raise InputError(f"{source.label}: no cards in the {zone} zone to draw from")
    return deck, cards


def _conditions(app: AppContext, deck, wants: tuple[str, ...]):
    """Parse the ``--want`` conditions; a quoted card name must be a card of the deck's game."""
    from deckcli.storage.jsonschemas import card_fields
    from deckcli.odds import check_card_names, parse_conditions

    conditions = parse_conditions(wants, card_fields())
    if any(c.filter.card_name is not None for c in conditions):
        from deckcli.cards.resolver import CardResolver

        cards = CardResolver(app.db)
        check_card_names(conditions, lambda name: cards.find(name, game=deck.game))
    return conditions


def _header(deck, cards, hand_size: int, on_the_play: bool | None = None) -> str:
    size = sum(n for _, n in cards)
    where = f"{size} cards in {deck.format.draw_zone}"
    seat = "" if on_the_play is None else (", on the play" if on_the_play else ", on the draw")
    return f"{deck.name} ({deck.game}, {deck.format.name}): {where}, hand of {hand_size}{seat}"


def _notes(notes: list[str]) -> None:
    for note in notes:
        click.echo(f"note: {note}", err=True)


def _percent(p: float) -> str:
    return f"{100 * p:6.2f}%"


def _mulligan_words(kind: str, on_the_play: bool) -> str:
    return {
        "none": "no mulligan in this format",
        "full-redraw": "full-redraw: a hand that misses is shuffled back for a new one",
        "second-player-redraw": (
            "second-player-redraw: only the player going second may redraw (try --draw)"
            if on_the_play else "second-player-redraw: a hand that misses is shuffled back for a new one"
        ),
        "partial-redraw": "partial-redraw: the best cards to discard are replaced from the rest of the deck",
    }.get(kind, kind)


def _print_conditions(conditions, classes) -> None:
    """The conditions as an aligned list (display width, so Japanese card names line up too)."""
    from tabulate import tabulate

    rows = [(c.text, f"{c.describe()}; {classes.matching(i)} in the deck") for i, c in enumerate(conditions)]
    click.echo("Conditions (all must hold):")
    for line in tabulate(rows, tablefmt="plain", disable_numparse=True).splitlines():
        click.echo(f"  {line}")


@click.command()
@deck_source
@click.option("--want", "-w", "wants", multiple=True, required=True, metavar="COND", help=WANT_HELP)
@click.option("--turn", "-t", "turns", type=click.IntRange(min=1), help="Also the chance by each turn 1..N (all cards seen).")
@play_option
@output_options(csv_ok=False)
@pass_app
def odds(app: AppContext, source: DeckSource, wants, turns, on_the_play, output) -> None:
    """Exact chance that the opening hand of DECK meets every --want, with and without the mulligan.

    DECK is a decklist file (- reads stdin); --deck NAME takes a stored deck instead. The format's opening
    rules give the hand size and mulligan; a hand is redrawn only when it misses the conditions (sfb: the
    best cards to discard are found exactly). --turn N adds the chance over all cards seen by each turn.

    \b
    Examples:
      deckcli odds deck.txt --want '1+ kind=monster,cost<=2' --turn 5
      deckcli odds --deck Brawlers --want '1+ colour=red' --want '1+ colour=yellow' --want '1+ colour=blue'
      deckcli odds deck.txt --want '0 "Worldbreaker"' --draw --json
    """
    from deckcli.odds import odds as exact_odds
    from deckcli.odds import split_classes

    deck, cards = _open(app, source)
    conditions = _conditions(app, deck, wants)
    result = exact_odds(cards, conditions, deck.format.opening, turns=turns or 0, on_the_play=on_the_play)
    _notes(result.notes)
    if output == "json":
        click.echo(dump_json(result.as_dict(with_turns=bool(turns))))
        return
    click.echo(_header(deck, cards, result.hand_size, on_the_play))
    _print_conditions(conditions, split_classes(cards, conditions))
    click.echo(f"Opening hand:   {_percent(float(result.p_opening))}  ({float(result.p_opening):.6f})")
    click.echo(
        f"With mulligan:  {_percent(float(result.p_with_mulligan))}  ({float(result.p_with_mulligan):.6f})"
        f"  [{_mulligan_words(result.mulligan, on_the_play)}]"
    )
    if turns:
        click.echo("")
        rows = [{"turn": t, "cards_seen": seen, "probability": f"{100 * float(p):.2f}%"} for t, seen, p in result.by_turn]
        emit(rows, "table", ["turn", "cards_seen", "probability"], headers={"cards_seen": "cards seen"})


@click.command()
@deck_source
@click.option("--want", "-w", "wants", multiple=True, required=True, metavar="COND", help=WANT_HELP)
@click.option("--trials", "-n", type=click.IntRange(min=1), default=100_000, show_default=True, help="Hands to deal.")
@click.option("--seed", type=click.IntRange(min=0), help="Random seed: the same seed gives the same result.")
@play_option
@output_options(csv_ok=False)
@pass_app
def simulate(app: AppContext, source: DeckSource, wants, trials, seed, on_the_play, output) -> None:
    """Monte Carlo estimate of the opening-hand chances of DECK, with standard errors and histograms.

    \b
    Examples:
      deckcli simulate deck.txt --want '1+ kind=monster,cost<=2' --trials 1000000 --seed 7
      deckcli simulate --deck Brawlers --want '1+ colour=red' --json
    """
    from deckcli.odds import odds as exact_odds
    from deckcli.odds import split_classes
    from deckcli.odds.simulate import simulate as run

    deck, cards = _open(app, source)
    conditions = _conditions(app, deck, wants)
    exact = exact_odds(cards, conditions, deck.format.opening, on_the_play=on_the_play)
    _notes(exact.notes)
    if trials > PROGRESS_ABOVE:
        with click.progressbar(length=trials, label="Dealing hands", file=sys.stderr) as bar:
            result = run(cards, conditions, deck.format.opening, trials, seed, on_the_play, progress=bar.update)
    else:
        result = run(cards, conditions, deck.format.opening, trials, seed, on_the_play)
    if output == "json":
        data = result.as_dict()
        data["exact_opening"] = float(exact.p_opening)
        data["exact_with_mulligan"] = float(exact.p_with_mulligan)
        data["notes"] = exact.notes
        click.echo(dump_json(data))
        return
    click.echo(_header(deck, cards, result.hand_size, on_the_play))
    _print_conditions(conditions, split_classes(cards, conditions))
    click.echo(f"Trials: {result.trials:,} (seed {result.seed})")
    click.echo(
        f"Opening hand:   {_percent(result.p_opening)} ± {100 * result.stderr_opening:.2f}  "
        f"(exact {100 * float(exact.p_opening):.2f}%)"
    )
    click.echo(
        f"With mulligan:  {_percent(result.p_with_mulligan)} ± {100 * result.stderr_with_mulligan:.2f}  "
        f"(exact {100 * float(exact.p_with_mulligan):.2f}%)  [{_mulligan_words(result.mulligan, on_the_play)}]"
    )
    for condition, counts in zip(conditions, result.histograms):
        click.echo("")
        click.echo(f"Cards matching {condition.filter} in the opening hand ({condition.text}):")
        click.echo(_histogram(counts, result.trials, condition.holds))


def _histogram(counts: list[int], trials: int, holds: Callable[[int], bool], width: int = 40) -> str:
    from deckcli.textbars import bar

    largest = max(counts) if counts else 0
    lines = []
    for k, n in enumerate(counts):
        mark = "✓" if holds(k) else " "
        lines.append(f"  {k:>2} {mark} {100 * n / trials:6.2f}%  {bar(n, largest, width)}")
    return "\n".join(lines)


@click.command()
@deck_source
@click.option("--count", "-n", type=click.IntRange(min=1, max=1000), default=1, show_default=True, help="Hands to deal.")
@click.option("--seed", type=click.IntRange(min=0), help="Random seed: the same seed deals the same hands.")
@click.option("--mulligan", "-m", is_flag=True, help="Also show what the game's mulligan would do.")
@click.option("--want", "-w", "wants", multiple=True, metavar="COND", help="Judge hands by these conditions. " + WANT_HELP)
@play_option
@output_options(csv_ok=False)
@pass_app
def hand(app: AppContext, source: DeckSource, count, seed, mulligan, wants, on_the_play, output) -> None:
    """Deal sample opening hands from DECK, like a playtest window (and show the mulligan with --mulligan).

    \b
    Examples:
      deckcli hand deck.txt --count 3 --seed 42
      deckcli hand deck.txt --mulligan --want '1+ kind=monster,cost<=2'
      deckcli hand brawlers.txt --mulligan --want '1+ colour=red' --want '1+ colour=yellow' --want '1+ colour=blue'
    """
    from deckcli.odds.hands import sample_hands

    deck, cards = _open(app, source)
    conditions = _conditions(app, deck, wants)
    used_seed, hands = sample_hands(
        cards, deck.format.opening, count, seed, conditions, mulligan=mulligan, on_the_play=on_the_play
    )
    kind = deck.format.opening.get("mulligan", "none")
    if output == "json":
        click.echo(dump_json({
            "seed": used_seed,
            "hand_size": len(hands[0].cards) if hands else 0,
            "mulligan": kind,
            "on_the_play": on_the_play,
            "conditions": [c.text for c in conditions],
            "hands": [h.as_dict() for h in hands],
        }))
        return
    click.echo(_header(deck, cards, len(hands[0].cards) if hands else 0, on_the_play) + f"; seed {used_seed}")
    for dealt in hands:
        click.echo("")
        verdict = "" if dealt.meets is None else ("  — meets the conditions" if dealt.meets else "  — misses the conditions")
        click.echo(f"Hand {dealt.number}{verdict}")
        _print_cards(dealt.cards, "  ")
        outcome = dealt.mulligan
        if outcome is None:
            continue
        click.echo(f"  Mulligan ({kind}): {outcome.note}")
        if outcome.action == "redraw":
            after = "" if outcome.meets is None else (" — meets the conditions" if outcome.meets else " — still misses")
            click.echo(f"  New hand{after}:")
            _print_cards(outcome.final, "    ")
        elif outcome.action == "partial":
            click.echo("    Discard:")
            _print_cards(outcome.discarded, "      ")
            click.echo("    Draw:")
            _print_cards(outcome.drawn, "      ")
            after = " — meets the conditions" if outcome.meets else " — still misses"
            click.echo(f"    Hand after the redraw{after}:")
            _print_cards(outcome.final, "      ")


def _print_cards(cards, indent: str) -> None:
    from deckcli.cards.summary import summary_parts

    for card in cards:
        details = [str(card.get("kind") or ""), *summary_parts(card)]
        click.echo(f"{indent}{card.get('name')}  ({' · '.join(d for d in details if d)})")


@click.command()
@deck_source
@click.option("--by", "-b", "fields", multiple=True, metavar="FIELD",
              help="Card field to bucket by: cost, kind, element, colour, faction, ... (repeatable; "
                   "default: the curve field of the deck's game, such as cost or colour, then kind).")
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
    from deckcli.odds.curve import deck_curves
    from deckcli.textbars import bar

    deck, cards = _open(app, source)
    curves = deck_curves(cards, fields, deck.game, deck.format.opening)
    size, hand_size, tables = curves.deck_size, curves.hand_size, curves.tables
    if output == "json":
        emit([], output, json_data={
            "deck": deck.name, "game": deck.game, "format": deck.format.name, "deck_size": size,
            "hand_size": hand_size, "distributions": [{"by": f, "rows": rows} for f, rows in tables.items()],
        })
        return
    if output == "csv":
        rows = [{"by": f, **row} for f, table in tables.items() for row in table]
        emit(rows, output, ["by", "bucket", "count", "percent", "p_opening"])
        return
    click.echo(_header(deck, cards, hand_size))
    for field_name, table in tables.items():
        click.echo("")
        largest = max((r["count"] for r in table), default=0)
        rows = [
            {"bucket": r["bucket"], "count": r["count"], "percent": f"{r['percent']:.1f}%",
             "p_opening": f"{100 * r['p_opening']:.1f}%", "bar": bar(r["count"], largest)}
            for r in table
        ]
        emit(rows, "table", ["bucket", "count", "percent", "p_opening", "bar"],
             headers={"bucket": field_name, "count": "cards", "p_opening": "P(1+ in hand)", "bar": ""})
