"""``deckcli collection ...``: what a player owns, import/export, and what decks still need."""

from __future__ import annotations

import click

from deckcli.cli.collection_options import (
    HEADERS,
    card_options,
    card_query,
    change_copies,
    copies_label,
    export_formats,
    print_layout,
    print_skipped,
    variant_of,
    variant_options,
)
from deckcli.cli.completion import complete_card
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import (
    DataChoice,
    InputFile,
    NameOrFile,
    deck_source,
    game_option,
    json_option,
    output_option,
    whole,
)
from deckcli.cli.output import dump_json, dump_json_of, emit, output_options
from deckcli.collection.layouts import DECKCLI_COLUMNS
from deckcli.i18n import gettext as _
from deckcli.i18n import translated
from deckcli.words import plural

LIST_COLUMNS = list(DECKCLI_COLUMNS)  # deckcli's own export's columns
CHANGE_COLUMNS = "name game set number finish condition language tag proxy before after change".split()
NEED_COLUMNS = ["name", "need", "have", "missing"]
TOGETHER_COLUMNS = ["name", "game", "need", "have", "missing", "decks"]  # decks of several games: rows name theirs
MAX_SHOWN = 20


@click.group()
def collection() -> None:
    """Your collection: what you own, and what your decks still need.

    \b
    Examples:
      deckcli collection add "Ember Whelp" 3 --foil
      deckcli collection import moxfield.csv --dry-run
      deckcli collection missing mydeck.txt
      deckcli collection buildable --game boa
    """


@collection.command()
@click.argument("card", shell_complete=complete_card)
@click.argument("count", type=whole(1), default=1)
@card_options
@variant_options
@pass_app
def add(app: AppContext, card, count, game, set_code, number, **variant_options) -> None:
    """Add COUNT (default 1) copies of CARD."""
    from deckcli.collection.store import add_card

    ref, variant, now = change_copies(app, add_card, card, count, game, set_code, number, **variant_options)
    click.echo(_("Added {count} × {copies}: now {now}").format(count=count, copies=copies_label(ref, variant), now=now))


@collection.command(short_help="Remove COUNT (default 1) copies of CARD from the collection.")
@click.argument("card", shell_complete=complete_card)
@click.argument("count", type=whole(1), default=1)
@card_options
@variant_options
@pass_app
def remove(app: AppContext, card, count, game, set_code, number, **variant_options) -> None:
    """Remove COUNT (default 1) copies of CARD (of the given finish, condition, language and tag)."""
    from deckcli.collection.store import remove_card

    ref, variant, left = change_copies(app, remove_card, card, count, game, set_code, number, **variant_options)
    click.echo(
        _("Removed {count} × {copies}: now {left}").format(count=count, copies=copies_label(ref, variant), left=left)
    )


@collection.command("set")
@click.argument("card", shell_complete=complete_card)
@click.argument("count", type=whole(0))
@card_options
@variant_options
@pass_app
def set_(app: AppContext, card, count, game, set_code, number, **variant_options) -> None:
    """Set the exact COUNT of CARD (0 removes it)."""
    from deckcli.collection.store import set_card

    ref, variant, _now = change_copies(app, set_card, card, count, game, set_code, number, **variant_options)
    click.echo(_("{copies}: now {count}").format(copies=copies_label(ref, variant), count=count))


@collection.command("list")
@game_option(help="Only this game.")
@click.option(
    "--where",
    "-w",
    "wheres",
    multiple=True,
    metavar="EXPR",
    help="Filter on card fields and count, finish, condition, language, tag, e.g. 'count>=2,finish=foil' (repeatable).",
)
@click.option("--tag", "-t", help="Only entries with this tag.")
@output_options()
@pass_app
def list_(app: AppContext, game, wheres, tag, output) -> None:
    """List the collection, one row per printing and variant."""
    from deckcli.collection.store import collection_filters, list_collection

    filters = collection_filters(wheres)  # a bad expression is named before the database is opened
    found = list_collection(app.reads, game, tag, filters)
    emit(
        [h.as_row() for h in found],
        output,
        LIST_COLUMNS,
        headers=HEADERS,
        empty=_("no entries match") if (wheres or tag or game) else _("the collection is empty"),
    )


@collection.command(short_help="Every copy of CARD you own, over all its printings.")
@click.argument("card", shell_complete=complete_card)
@card_options
@json_option(help="Print JSON.")
@pass_app
def show(app: AppContext, card, game, set_code, number, as_json) -> None:
    """Every copy of CARD you own, over all its printings (or one with --set/--number)."""
    from deckcli.collection.printings import owned_card

    owned = owned_card(app.reads, card_query(card, game, set_code, number))
    if as_json:
        click.echo(dump_json(owned.as_dict()))
        return
    click.echo(
        _("{card} ({game}): {total} owned").format(card=owned.card.name, game=owned.card.game, total=owned.total)
    )
    if owned.holdings:
        emit(
            [h.as_row() for h in owned.holdings],
            "table",
            ["count", "set", "number", "finish", "condition", "language", "tag"],
            headers=HEADERS,
        )


@collection.command(short_help="Cards per game and set, and each set's completion.")
@game_option(help="Only this game.")
@output_options()
@pass_app
def stats(app: AppContext, game, output) -> None:
    """Cards and distinct cards per game and set, and each set's completion with a bar chart.

    Proxies are counted per game apart from the cards owned. --csv prints one row per set.
    """
    from deckcli.cli.bars import bar
    from deckcli.collection.stats import collection_stats

    data = collection_stats(app.reads, game)
    set_columns = ["game", "set", "name", "cards", "distinct", "size", "completion"]
    if output != "table":
        emit([s.as_row() for s in data.sets], output, set_columns, json_data=data.as_dict())
        return
    if data.games:
        emit([g.as_row() for g in data.games], "table", ["game", "cards", "distinct", "proxies"], headers=HEADERS)
    else:
        click.echo(_("The collection is empty."))
    click.echo()
    rows = [
        {**s.as_row(), "complete": f"{s.completion:.1f}%", "bar": bar(s.completion, 100, 20, track=True)}
        for s in data.sets
    ]
    emit(rows, "table", ["game", "set", "name", "cards", "distinct", "size", "complete", "bar"], headers=HEADERS)


@collection.command("import", short_help="Import a collection CSV or deckcli JSON (- reads stdin).")
@click.argument("file", type=InputFile())
@click.option("--dry-run", is_flag=True, help="Show what would change; write nothing.")
@click.option("--skip-bad", is_flag=True, help="Import the good rows even when some cannot be matched.")
@click.option(
    "--replace",
    is_flag=True,
    help="Make the collection exactly the file (with --game: only that game's cards; default: add to the counts held).",
)
@game_option(help="Look cards up in this game only (for layouts without a game column).")
@output_options()
@pass_app
def import_(app: AppContext, file, dry_run, skip_bad, replace, game, output) -> None:
    """Import a collection CSV (or deckcli JSON export); - reads stdin.

    The layout is recognised by the header row: deckcli's own export, Dragon Shield, ManaBox, Moxfield, Deckbox, Archidekt, TopDecked, TCGplayer, MTGGoldfish, Delver Lens, or any sheet with count and name columns (and any of set, number, foil, condition, language). UTF-8 or UTF-16; ",", ";" or tab between cells; a "sep=" first line is honoured.

    Counts are ADDED to what the collection holds (--replace replaces the collection, or with --game
    only that game's cards). Every row is checked first: if any row cannot be matched, nothing is
    imported (exit 1) unless --skip-bad is given.
    """
    from deckcli.collection.importing import apply_import, plan_import

    plan = plan_import(app.writes, file, game and game.lower())
    print_layout(file, plan)
    result = apply_import(app.writes, plan, skip_bad=skip_bad, replace=replace, dry_run=dry_run, max_shown=MAX_SHOWN)
    print_skipped(plan, MAX_SHOWN)
    summary = result.summary()
    if dry_run:
        rows = [c.as_row() for c in result.changes]
        if output == "json":
            emit(
                [],
                output,
                json_data={
                    "summary": summary,
                    "layout": plan.layout.name,
                    "changes": rows,
                    "problems": [str(p) for p in plan.problems],
                },
            )
        else:
            emit(rows, output, CHANGE_COLUMNS, headers=HEADERS, empty=_("nothing would change"))
        click.echo(translated(summary), err=True)
        return
    if output == "json":
        emit(
            [],
            output,
            json_data={
                "summary": summary,
                "layout": plan.layout.name,
                "rows": plan.rows,
                "copies": plan.copies,
                "new": result.new_entries,
                "changed": result.changed_entries,
                "removed": result.removed_entries,
                "problems": [str(p) for p in plan.problems],
            },
        )
    else:
        click.echo(translated(summary))


@collection.command(short_help="Export the collection: deckcli's CSV or JSON, or a tool's CSV.")
@output_option(
    "target",
    default="-",
    type=click.Path(allow_dash=True, dir_okay=False),
    help="Write to FILE (default - : stdout).",
)
@click.option(
    "--to",
    "fmt",
    type=DataChoice(export_formats),
    default="csv",
    show_default=True,
    help="deckcli's csv or json, or another tool's layout.",
)
@game_option(help="Only this game.")
@click.option("--tag", "-t", help="Only entries with this tag.")
@pass_app
def export(app: AppContext, target, fmt, game, tag) -> None:
    """Export the collection: deckcli's layout (count, name, game, set, number, finish, condition, language, tag, proxy, tradelist, purchase_price), its JSON, or the CSV layout of Moxfield, Deckbox, ManaBox, Dragon Shield or TCGplayer.

    Every export reads back into deckcli as the same collection; what a tool's layout cannot hold (TCGplayer
    keeps no tags, Deckbox no etched finish, ...) is named on stderr. CSV cells that a spreadsheet would run
    as a formula get a leading ' (import removes it again).
    """
    from deckcli.collection.exporting import export_entries, needs_rarity, write_csv, write_json
    from deckcli.files.writing import write_whole

    fmt = fmt.lower()
    layout = "deckcli" if fmt == "csv" else fmt
    entries = export_entries(app.reads, game and game.lower(), tag, rarity=fmt != "json" and needs_rarity(layout))

    def write(stream):
        if fmt == "json":
            return write_json(entries, stream)
        return write_csv(entries, stream, layout)

    if target == "-":
        from deckcli.cli.output import data_stdout

        result = write(data_stdout())  # the data as it is, to a file or a pipe
    else:
        result = write_whole(target, write)
        entries, cards = (
            translated(plural(result.entries, "entry", "entries")),
            translated(plural(result.copies, "card")),
        )
        exported = _("Exported {entries} ({cards}) to {target} ({layout} layout)")
        click.echo(exported.format(entries=entries, cards=cards, target=target, layout=result.layout.title), err=True)
    for warning in result.warnings():
        click.echo(_("Warning: {warning}").format(warning=warning), err=True)


@collection.command(short_help="The cards a deck needs more of than you own.")
@deck_source
@output_options()
@pass_app
def missing(app: AppContext, source, output) -> None:
    """The cards a deck (DECK: a file, deck code or stored deck) needs more of than you own: needed, owned, missing.

    Proxies do not count as owned. --json prints [{"name", "need", "have", "missing"}].
    """
    from deckcli.collection.needs import missing_cards

    deck = source.open(app)
    short = missing_cards(app.reads, deck)
    if output != "table" or not short:
        emit(
            [n.as_dict() for n in short], output, NEED_COLUMNS, empty=_("The collection holds every card of the deck.")
        )
        return
    from deckcli.cards.shownname import shown_name

    names = {rc.card.key: shown_name(rc.card) for rc in deck.cards}  # the table names cards in the user's language
    emit([{**n.as_dict(), "name": names.get(n.key, n.name)} for n in short], "table", NEED_COLUMNS, headers=HEADERS)
    cards = translated(plural(sum(n.missing for n in short), "card"))
    click.echo(_("{cards} missing ({different} different)").format(cards=cards, different=len(short)), err=True)


@collection.command(short_help="The decks the collection can build, and what the others lack.")
@click.argument("decks", nargs=-1, metavar="[DECK]...", type=NameOrFile())
@game_option(help="Only stored decks of this game.")
@click.option(
    "--together",
    is_flag=True,
    help="Check that all DECKs (files or stored deck names; default: every stored deck) can be built at the same time.",
)
@output_options()
@pass_app
def buildable(app: AppContext, decks, game, together, output) -> None:
    """Which stored decks the collection can build now, and how many cards the others are short.

    With --together, whether the DECKs can all be built at once (each copy used by one deck only).
    Proxies do not count as owned. --csv prints one row per deck (with --together: per card short).
    """
    from deckcli.collection import needs as needs_mod

    game = game and game.lower()
    if together:
        refs = list(decks) or needs_mod.stored_deck_names(app.reads, game)
        if not refs:
            raise click.ClickException(_("no decks to check: name DECKs or store some decks first"))
        from deckcli.legality.reports import open_decks

        result = needs_mod.together(app.reads, open_decks(app.reads, refs, game))
        rows = [n.as_dict(with_decks=True) for n in result.short]
        if output != "table":
            emit(rows, output, TOGETHER_COLUMNS, json_data=result.as_dict())
        elif result.buildable:
            all_of = _("The collection can build all {decks} at the same time: {names}")
            decks_text = translated(plural(len(result.decks), "deck"))
            click.echo(all_of.format(decks=decks_text, names=", ".join(result.decks)))
        else:
            emit(rows, "table", TOGETHER_COLUMNS, headers=HEADERS)
            short = translated(plural(result.missing, "card"))
            click.echo(
                _("Short of {cards} to build {decks} together").format(cards=short, decks=", ".join(result.decks)),
                err=True,
            )
        return
    if decks:
        raise click.UsageError(_("DECK arguments go with --together"))
    statuses = needs_mod.buildable_decks(app.reads, game)
    if output == "json":
        click.echo(dump_json_of(statuses))
        return
    if output == "csv":
        emit(
            [s.as_row() for s in statuses], output, ["deck", "game", "format", "cards", "buildable", "short", "status"]
        )
        return
    rows = [s.as_row() for s in statuses]  # (a table shows the status, a Message, in the user's language)
    empty = _("No stored decks for {game}").format(game=game) if game else _("No stored decks")
    emit(rows, output, ["deck", "game", "format", "cards", "status"], headers=HEADERS, empty=empty)


@collection.command("add-deck", short_help="Add every card of a deck to the collection.")
@deck_source
@click.option("--times", type=whole(1), default=1, show_default=True, help="Add the deck this many times.")
@variant_options
@pass_app
def add_deck(app: AppContext, source, times, **variant_options) -> None:
    """Add every card of a deck (DECK: a file, deck code or stored deck, all zones) to the collection."""
    from deckcli.collection.needs import add_deck as add_deck_cards
    from deckcli.collection.needs import deck_label

    variant = variant_of(**variant_options)
    deck = source.open(app)
    copies, entries = add_deck_cards(app.writes, deck, variant, times)
    cards, printings = translated(plural(copies, "card")), translated(plural(entries, "printing"))
    added = _("Added {cards} ({printings}) from {deck} [{variant}]")
    click.echo(added.format(cards=cards, printings=printings, deck=deck_label(deck), variant=variant.describe()))
