"""``deckcli deck ...``: build, inspect, compare, import and export the decks stored in the database."""

from __future__ import annotations

from pathlib import Path

import click

from deckcli.cli.completion import complete_card, complete_deck, complete_deck_or_file
from deckcli.cli.confirm import confirm_deletion
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.decksaid import said_changes, said_import, warn
from deckcli.cli.options import (
    ZONE_CHOICE,
    CardsAndCounts,
    NameOrFile,
    cards_wanted,
    format_option,
    game_option,
    json_option,
    output_option,
    whole,
)
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.i18n import N_, translated
from deckcli.i18n import gettext as _

EXPORT_CHOICE = click.Choice(["text", "json", "csv", "code", "cod", "tts"], case_sensitive=False)
#: The headers of deck list's table (the columns are --json/--csv's keys, which stay English; zones are the game's).
DECK_HEADERS = {
    "name": N_("name"),
    "game": N_("game"),
    "format": N_("format"),
    "legal": N_("legal"),
    "updated": N_("updated"),
}
#: What deck list's table says of a deck's legality.
LEGAL_WORDS = {"yes": N_("yes"), "no": N_("no"), "?": "?"}


def _meta_pairs(pairs: tuple[str, ...]) -> dict[str, str]:
    """``--meta KEY=VALUE`` options as a dict; keys and values must fit on a decklist's ``Key: value`` line."""
    from deckcli.decklists.model import meta_key, meta_problem

    meta: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = meta_key(key), value.strip()
        problem = (
            translated(meta_problem(key, value)) if sep else _("expected KEY=VALUE, got {pair!r}").format(pair=pair)
        )
        if problem:
            raise click.BadParameter(problem, param_hint="--meta")
        meta[key] = value
    return meta


@click.group(short_help="Stored decks: build, show, compare, import and export them.")
def deck() -> None:
    """Stored decks: build them card by card, show, compare, import and export them.

    \b
    Examples:
      deckcli deck new "Ember Rush" --game boa
      deckcli deck add "Ember Rush" "Ember Whelp" 4
      deckcli deck show "Ember Rush"
      deckcli deck import list.txt --name "Ember Rush v2"
      deckcli deck export "Ember Rush" --to code
    """


@deck.command()
@click.argument("name")
@game_option(help="The game (see deckcli games); may be left out when --format says it.")
@format_option(help="The format (default: the game's default format).")
@click.option(
    "--meta",
    "meta",
    multiple=True,
    metavar="KEY=VALUE",
    help="A metadata line, e.g. Player=Ann or Ne-mu=天羽つかさ (repeatable).",
)
@pass_app
def new(app: AppContext, name: str, game: str | None, format_name: str | None, meta: tuple[str, ...]) -> None:
    """Create an empty deck called NAME."""
    from deckcli.decks.store import create_deck, stored_format_name
    from deckcli.legality.formats import default_format, load_format

    if not game and not format_name:
        raise click.UsageError(_("give --game (or a --format, which names its game)"))
    game = game.lower() if game else None
    fmt = load_format(format_name, game) if format_name else default_format(game)  # type: ignore[arg-type]
    meta_lines = _meta_pairs(meta)
    created = create_deck(app.writes, name, fmt.game, stored_format_name(fmt), meta_lines)
    click.echo(_("Created deck {deck!r} ({game}, {format}).").format(deck=created.name, game=fmt.game, format=fmt.name))


@deck.command(cls=CardsAndCounts, short_help="Add COUNT copies of each CARD (or stdin's lines) to deck NAME.")
@click.argument("name", shell_complete=complete_deck)
@click.argument("cards", nargs=-1, required=True, metavar="CARD [COUNT]... | -", shell_complete=complete_card)
@click.option(
    "--zone",
    "-z",
    type=ZONE_CHOICE,
    help="The zone (default: the first zone of the format that accepts the card's kind; maybe: the maybeboard).",
)
@click.option("--set", "set_code", help="Add this set's printing.")
@click.option("--number", help="Add the printing with this collector number (with --set).")
@pass_app
def add(
    app: AppContext, name: str, cards: tuple[str, ...], zone: str | None, set_code: str | None, number: str | None
) -> None:
    """Add COUNT (default 1) copies of each CARD to the deck NAME; - reads decklist lines from stdin.

    Several cards are added in one go: when any of them is wrong, every problem is listed and nothing is added. An sfb champion's name adds that champion's six action cards.

    \b
    Examples:
      deckcli deck add "Ember Rush" "Ember Whelp" 4 "Fireball" 2
      deckcli deck add "Ember Rush" "Ember Whelp" 2 --zone maybe
      deckcli deck add "Ember Rush" - < more-cards.txt
    """
    from deckcli.decks.edit import add_cards, wanted_in_decklist

    if number and not set_code:
        raise click.UsageError(_("--number needs --set"))
    zone = zone.lower() if zone else None
    wanted = wanted_in_decklist("-", zone) if cards == ("-",) else cards_wanted(cards, zone, set_code, number)
    if set_code and (cards == ("-",) or len(wanted.cards) > 1):
        raise click.UsageError(_("--set and --number name the printing of one card: give one CARD with them"))
    edit = add_cards(app.writes, name, wanted)
    for warning in edit.warnings:
        warn(warning)
    said_changes(edit, added=True)


@deck.command(cls=CardsAndCounts, short_help="Remove COUNT (default 1) copies of CARD from the deck NAME.")
@click.argument("name", shell_complete=complete_deck)
@click.argument("card", shell_complete=complete_card)
@click.argument("count", type=whole(1), required=False)
@click.option("--all", "remove_all", is_flag=True, help="Remove every copy.")
@click.option("--zone", "-z", type=ZONE_CHOICE, help="The zone to remove from (needed when the card is in several).")
@click.option("--set", "set_code", help="Only this set's printing.")
@click.option("--number", help="Only the printing with this collector number (with --set).")
@pass_app
def remove(
    app: AppContext,
    name: str,
    card: str,
    count: int | None,
    remove_all: bool,
    zone: str | None,
    set_code: str | None,
    number: str | None,
) -> None:
    """Remove COUNT (default 1) copies of CARD from the deck NAME; --all removes every copy.

    An sfb champion's name removes that champion's action cards.
    """
    from deckcli.decks.edit import remove_cards

    if count is not None and remove_all:
        raise click.UsageError(_("give COUNT or --all, not both"))
    if number and not set_code:
        raise click.UsageError(_("--number needs --set"))
    edit = remove_cards(app.writes, name, card, count, remove_all, zone.lower() if zone else None, set_code, number)
    said_changes(edit, added=False)


@deck.command(short_help="Show the deck NAME: cards by zone, curve and legality.")
@click.argument("name", shell_complete=complete_deck)
@format_option(help="Check under this format instead of the deck's own.")
@json_option(help="Print JSON.")
@pass_app
def show(app: AppContext, name: str, format_name: str | None, as_json: bool) -> None:
    """Show the deck NAME: cards by zone and kind, the cost curve, and whether it is legal."""
    from deckcli.cli.deckview import deck_text
    from deckcli.decks.view import inspect_deck

    view = inspect_deck(app.reads, name, format_name)
    click.echo(dump_json(view.as_dict()) if as_json else deck_text(view))


@deck.command("list", short_help="The stored decks: game, format, zones, legal, last change.")
@game_option(help="Only decks of this game.")
@output_options()
@pass_app
def list_(app: AppContext, game: str | None, output: str) -> None:
    """The stored decks: game, format, cards per zone, legal or not, last change."""
    from deckcli.decks.listing import list_stored_decks

    listing = list_stored_decks(app.reads, game)
    for warning in listing.warnings:
        warn(warning)
    columns = ["name", "game", "format", *listing.zones, "legal", "updated"]
    headers = {c: DECK_HEADERS[c] for c in columns if c in DECK_HEADERS} | listing.zone_names
    rows = listing.as_rows()
    if output == "table":  # the verdict in the user's language; --csv keeps yes and no
        rows = [row | {"legal": _(LEGAL_WORDS[deck.verdict])} for row, deck in zip(rows, listing.decks)]
    emit(rows, output, columns, headers=headers, json_data=listing.as_list(), empty=_("no stored decks"))


@deck.command()
@click.argument("source", shell_complete=complete_deck)
@click.argument("target")
@pass_app
def copy(app: AppContext, source: str, target: str) -> None:
    """Copy the deck SOURCE to a new deck TARGET."""
    from deckcli.decks.store import copy_deck

    created = copy_deck(app.writes, source, target)
    click.echo(_("Copied {source!r} to {target!r}.").format(source=source, target=created.name))


@deck.command()
@click.argument("old", shell_complete=complete_deck)
@click.argument("new_name", metavar="NEW")
@pass_app
def rename(app: AppContext, old: str, new_name: str) -> None:
    """Rename the deck OLD to NEW."""
    from deckcli.decks.store import rename_deck

    renamed = rename_deck(app.writes, old, new_name)
    click.echo(_("Renamed {old!r} to {new!r}.").format(old=old, new=renamed.name))


@deck.command()
@click.argument("name", shell_complete=complete_deck)
@click.option("--yes", "-y", is_flag=True, help="Do not ask for confirmation.")
@pass_app
def delete(app: AppContext, name: str, yes: bool) -> None:
    """Delete the deck NAME (asks first when run at a terminal)."""
    from deckcli.decks.store import delete_deck, stored_deck

    found = stored_deck(app.writes, name)
    confirm_deletion(
        _("deck {deck!r}").format(deck=found.name), _("Delete deck {deck!r}?").format(deck=found.name), yes
    )
    removed = delete_deck(app.writes, found.name)
    click.echo(_("Deleted deck {deck!r}.").format(deck=removed.name))


@deck.command(short_help="Compare decks A and B per zone and card.")
@click.argument("a", type=NameOrFile(), shell_complete=complete_deck_or_file)
@click.argument("b", type=NameOrFile(), shell_complete=complete_deck_or_file)
@click.option("--all", "include_same", is_flag=True, help="List unchanged cards too.")
@json_option(help="Print JSON.")
@pass_app
def diff(app: AppContext, a: str, b: str, include_same: bool, as_json: bool) -> None:
    """Compare decks A and B per zone and card: copies in A, in B, and the change.

    A and B are decklist files, deck codes or stored deck names (an existing file wins; a file and a stored
    deck of the same name are refused).
    """
    from deckcli.decks.diff import diff_decks, summary
    from deckcli.legality.reports import open_decks

    if a == "-" and b == "-":
        raise click.UsageError(_("only one side can be read from stdin"))
    left, right = open_decks(app.reads, [a, b])
    if left.game != right.game:
        warn(_("comparing a {a} deck with a {b} deck").format(a=left.game, b=right.game))
    rows = diff_decks(left, right, include_same=include_same)
    if as_json:
        click.echo(dump_json({"a": a, "b": b, "changes": [r.as_dict() for r in rows]}))
        return
    if not rows:
        click.echo(_("The decks hold the same cards."))
        return
    emit(
        [
            {"zone": r.zone, "card": r.name, "a": r.a, "b": r.b, "change": f"{r.change:+d}" if r.change else "0"}
            for r in rows
        ],
        "table",
        ["zone", "card", "a", "b", "change"],
        headers={"zone": N_("zone"), "card": N_("card"), "a": f"A: {a}", "b": f"B: {b}", "change": N_("change")},
    )
    plan = summary(rows)
    if plan:
        click.echo()
        for line in plan:
            click.echo(translated(line))


@deck.command("import", short_help="Import decklist files or deck codes as stored decks.")
@click.argument("files", nargs=-1, required=True, type=NameOrFile())
@click.option("--name", "-n", help="The deck's name, for one FILE (default: the decklist's Name:, else the file name).")
@format_option(help="The format (default: the decklist's Format:, else the game's default).")
@game_option(help="The game, when the decklist does not say.")
@click.option("--replace", is_flag=True, help="Overwrite a stored deck of the same name.")
@pass_app
def import_(
    app: AppContext, files: tuple[str, ...], name: str | None, format_name: str | None, game: str | None, replace: bool
) -> None:
    """Import decklist FILEs (- reads stdin) or deck codes as stored decks, all in one transaction.

    FILE is deckcli text, JSON, CSV or a deck code (a file, or the code itself), or an export of another tool: Cockatrice .cod, MTG Arena,
    MTGO, Moxfield, Archidekt, Deckstats, Magic Workstation, Apprentice, or a list from a forum post (the
    layout is told from the extension and the content). Every line must name a real card: otherwise every
    problem is listed and nothing is stored. A deck that breaks construction rules is stored, with a
    warning, so it can be fixed; a maybeboard is kept and never counted. Each deck is named by its Name: line,
    else its file name; with several FILEs every problem of every file is listed, and nothing is stored unless
    all of them can be.
    """
    from deckcli.decks.importing import import_decks
    from deckcli.errors import DeckReadError, DecksReadError

    try:
        imported = import_decks(app.writes, list(files), name, format_name, game, replace)
    except (DeckReadError, DecksReadError) as exc:
        for line in exc.lines():
            click.echo(translated(line), err=True)
        raise click.ClickException(translated(exc.summary)) from None
    for done in imported:
        said_import(done)


@deck.command(short_help="Write the deck NAME as a decklist, or for Tabletop Simulator.")
@click.argument("name", shell_complete=complete_deck)
@click.option(
    "--to", "to", type=EXPORT_CHOICE, help="The decklist format (default: from the -o file's extension, else text)."
)
@output_option(
    "target",
    default="-",
    metavar="FILE|-|DIR",
    help="Write to FILE (default: stdout); tts: into the folder DIR.",
)
@click.option(
    "--image-url",
    metavar="BASE",
    help="tts: the images' URLs are BASE/<file>, a web folder you host (http:// or https://).",
)
@pass_app
def export(app: AppContext, name: str, to: str | None, target: str, image_url: str | None) -> None:
    """Write the deck NAME as a decklist (text, JSON, CSV, a deck code or a Cockatrice .cod file), or with
    --to tts -o DIR as a Tabletop Simulator saved object and its card images.

    What each keeps: text and JSON everything (name, game, format, metadata, zones, printings);
    CSV only the cards (section, count, name, set, number); a code the game, format, cards and Ne-mu;
    cod the name, zones (main, side, and the others by their deckcli names) and printings, with the
    game, format and metadata as lines of its comments.
    tts: DIR/<deck>.json, its card sheets DIR/<deck>-sheet-N-<id>.png and DIR/<game>-back-<id>.png
    (<deck>: the deck's name as every file system allows it, kept for that deck; another deck's files are never replaced).
    Without --to, -o deck.json / .csv / .code / .cod picks the format from the extension.
    """
    from deckcli.decklists.io import EXTENSIONS, write_decklist
    from deckcli.decks.export import export_decklist

    fmt = to.lower() if to else ("text" if target == "-" else EXTENSIONS.get(Path(target).suffix.lower(), "text"))
    if fmt == "tts":
        from deckcli.cli.play import export_tts

        return export_tts(app, name, target, image_url)
    if image_url:
        raise click.UsageError(_("--image-url is for --to tts"))
    decklist = export_decklist(app.reads, name, fmt)
    write_decklist(decklist, fmt, target)
    if target != "-":
        click.echo(_("Wrote {file}.").format(file=target), err=True)


from deckcli.cli.play import proxies  # noqa: E402 - deck proxies lives in its own module

deck.add_command(proxies)
