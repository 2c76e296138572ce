"""``deckcli games`` and ``deckcli cards ...``: the card database, card sets in and out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from deckcli.cli.completion import complete_card
from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import InputFile, game_option, json_option, output_option, whole
from deckcli.cli.output import dump_json, emit, output_options, shown_value
from deckcli.games.labels import DataLabel
from deckcli.i18n import N_, translated
from deckcli.i18n import gettext as _
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef
    from deckcli.games.registry import Game

#: Table headers of ``games``, ``cards import`` and ``cards search`` (the columns are --json/--csv's keys).
CARD_HEADERS = {
    "game": N_("game"),
    "game_name": N_("title"),
    "set": N_("set"),
    "code": N_("set"),
    "name": N_("name"),
    "cards": N_("cards"),
    "added": N_("added"),
    "changed": N_("changed"),
    "unchanged": N_("unchanged"),
    "removed": N_("removed"),
    "number": N_("number"),
    "kind": N_("kind"),
    "cost": N_("cost"),
    "details": N_("details"),
}


def _headers(columns: list[str]) -> dict[str, str]:
    """The table's headers (:func:`deckcli.cli.output.emit` shows them in the user's language)."""
    return {c: CARD_HEADERS[c] for c in columns if c in CARD_HEADERS}


@click.command()
@output_options()
@pass_app
def games(app: AppContext, output: str) -> None:
    """The games and their card sets."""
    from deckcli.cards.index import list_sets

    rows = [card_set.as_row() for card_set in list_sets(app.reads)]
    columns = ["game", "game_name", "set", "name", "cards"]
    emit(rows, output, columns, headers=_headers(columns))


@click.group()
def cards() -> None:
    """The card database: import, search and show cards."""


@cards.command("import", short_help="Import card sets: JSON files or card lists from a spreadsheet.")
@click.argument("files", nargs=-1, required=True, type=InputFile())
@game_option(help="The game of a spreadsheet card list's cards.")
@click.option("--set", "-s", "set_code", metavar="CODE", help="The set code of a spreadsheet card list (e.g. S02).")
@click.option("--set-name", metavar="NAME", help="The set's full name (with --set; a stored set keeps its own).")
@output_options()
@pass_app
def import_(app: AppContext, files: tuple[str, ...], game, set_code, set_name, output: str) -> None:
    """Import card-set FILES: JSON card sets, or card lists saved from a spreadsheet (- reads stdin).

    A spreadsheet card list (.csv, .tsv or .txt; "," ";" or tab between cells) has one row per card
    and a header naming the card schema's fields (number, name, kind, cost, ...; ability.timing and
    names.en for nested fields; list items joined by ";"; spreadsheet headings such as Card Name,
    Type or ATK work too); --game and --set say which set its cards are, and --set-name names a new
    set. Every file is checked against the schema first; if any has a problem, all problems are
    listed (a sheet's by line and column) and nothing is written. Re-importing a set updates it in
    place and says how many cards were added, changed and unchanged.
    """
    from deckcli.cards.importer import import_cardsets
    from deckcli.cards.sheets import SheetSet
    from deckcli.errors import CardDataError

    if (game or set_code or set_name) and not (game and set_code):
        raise click.UsageError(_("a spreadsheet card list needs --game and --set (and --set-name for a new set)"))
    sheet = SheetSet(game.lower(), set_code.strip().upper(), (set_name or "").strip() or None) if game else None
    try:
        results = import_cardsets(app.writes, list(files), sheet)
    except CardDataError as exc:
        for problem in exc.problems:
            click.echo(translated(problem), err=True)
        count = translated(plural(len(exc.problems), "problem"))
        text = _("{problems} found; nothing was imported").format(problems=count)
        if exc.hint:  # unknown columns or values: how to get a sheet to fill in
            hint = translated(exc.hint)
            text = _("{problems} found; nothing was imported. {hint}").format(problems=count, hint=hint)
        raise click.ClickException(text) from None
    for warning in (w for r in results for w in r.warnings()):
        click.echo(_("Warning: {warning}").format(warning=translated(warning)), err=True)
    for result in results:
        click.echo(translated(result.counts()), err=True)
    rows = [r.__dict__ for r in results]
    columns = ["game", "code", "name", "cards", "added", "changed", "unchanged", "removed"]
    emit(rows, output, columns, headers=_headers(columns))


@cards.command("export", short_help="Write a card set as JSON, a CSV/TSV sheet or a Cockatrice file.")
@game_option(required=True, help="The game.")
@click.option(
    "--set",
    "-s",
    "set_code",
    metavar="CODE",
    help="The set (code or name); for json, csv and tsv needed when the game has several (cockatrice: all).",
)
@click.option(
    "--to",
    "to",
    type=click.Choice(["json", "csv", "tsv", "cockatrice"], case_sensitive=False),
    help="json (a card-set file), a spreadsheet card list, or cockatrice (Cockatrice's card database, .xml)"
    " (default: from -o's extension, else json).",
)
@output_option("target", default="-", metavar="FILE|-", help="Write to FILE (default: stdout).")
@pass_app
def export(app: AppContext, game, set_code, to, target) -> None:
    """Write a card set back out: as card-set JSON, a CSV/TSV card list to edit in a spreadsheet, or a Cockatrice
    card database.

    JSON and a card list import again with `deckcli cards import` (a card list with --game and --set;
    exported from a set, it is also a sheet to fill in for a new one). A Cockatrice database (--to cockatrice, or -o FILE.xml) holds every set of the game unless
    --set names one: put it in Cockatrice's custom sets folder, and the decks `deck export --to cod` writes
    open in it.
    """
    from deckcli.cards.setexport import export_cards, format_for, write_cards
    from deckcli.files.writing import write_whole

    fmt = format_for(to, target)
    exported = export_cards(app.db, game.lower(), set_code, fmt)
    if target == "-":
        from deckcli.cli.output import data_stdout

        write_cards(exported, data_stdout(), fmt)  # the data as it is, to a file or a pipe
        return
    write_whole(target, lambda handle: write_cards(exported, handle, fmt))
    cards = translated(plural(exported.cards, "card"))
    click.echo(_("Exported {cards} of {set} to {file}").format(cards=cards, set=exported.label, file=target), err=True)


@cards.command(short_help="Search cards by text (names, aliases, card text) and filters.")
@click.argument("text", required=False)
@game_option(help="Only this game.")
@click.option("--set", "set_code", help="Only this set code.")
@click.option("--kind", "-k", help="Only this kind (monster, spell, character, action, ...).")
@click.option(
    "--where",
    "-w",
    "wheres",
    multiple=True,
    metavar="EXPR",
    help="Filter such as 'cost<=2' or 'element=Fire,attack>=3' (repeatable).",
)
@click.option("--limit", type=whole(1), help="Print at most this many cards.")
@output_options()
@pass_app
def search(app: AppContext, text, game, set_code, kind, wheres, limit, output) -> None:
    """Search cards by TEXT (in names, aliases and card text) and filters.

    \b
    Examples:
      deckcli cards search fire --game boa
      deckcli cards search --game boa --kind monster --where 'cost<=2'
      deckcli cards search --game sfb --where colour=red --json
    """
    from deckcli.cards.filters import parse_filter
    from deckcli.cards.index import search_cards
    from deckcli.cards.summary import SEARCH_COLUMNS, search_row
    from deckcli.games import registry

    filters = [parse_filter(w, registry.card_fields_of(game)) for w in wheres]  # a game's search: its own fields
    refs = search_cards(app.reads, text, game and game.lower(), set_code, kind, filters)
    if limit:
        refs = refs[:limit]
    if output == "json":
        emit([], output, json_data=[r.as_dict() for r in refs])
        return
    rows = [search_row(r.as_dict()) for r in refs]
    if output == "table":  # the name in the user's language; --csv keeps the card's own
        from dataclasses import replace

        from deckcli.cards.shownname import shown_name

        rows = [replace(row, name=shown_name(ref)) for row, ref in zip(rows, refs)]
    emit(
        [row.as_row() for row in rows],
        output,
        SEARCH_COLUMNS,
        headers=_headers(SEARCH_COLUMNS),
        empty=_("no cards match"),
        drop_empty=True,
    )


@cards.command(short_help="Every field of the card called NAME, in each printing.")
@click.argument("name", shell_complete=complete_card)
@game_option(help="Look only in this game.")
@click.option("--set", "-s", "set_text", default="", help="Only the printings of this set (its code or name).")
@click.option("--number", "-n", default="", help="Only the printing with this collector number.")
@json_option(help="Print JSON.")
@pass_app
def show(app: AppContext, name: str, game: str | None, set_text: str, number: str, as_json: bool) -> None:
    """Show every field of the card called NAME (any case, width, quotes, alias or localised name).

    Every printing of the card is shown (and, without --game, the card of each game that has one of
    that name); with --json, one printing prints as an object and several as an array.
    """
    from deckcli.cards.resolver import CardResolver

    printings = CardResolver(app.reads).every_printing(name, set_text, number, game and game.lower())
    if as_json:
        cards = [p.as_dict() for p in printings]
        click.echo(dump_json(cards[0] if len(cards) == 1 else cards))
        return
    click.echo("\n\n".join(card_text(ref) for ref in printings))


def card_text(card: CardRef) -> str:
    """A card as ``field: value`` lines, name first, in the user's language: the fields every card has by the
    catalog, its game's own fields, kind and values by the game's data (``field_label_translations``, ``kinds``,
    ``value_labels``). Every field of its document (:meth:`CardRef.as_dict`, ``cards show --json``) is shown."""
    from deckcli.cards.shownname import shown_name
    from deckcli.cli.tables import table
    from deckcli.games import registry

    game = registry.game(card.game) if registry.is_game(card.game) else None
    document = card.as_dict()
    order = ["name", "game", "set", "number", "kind"]
    rows = [
        (k, shown_name(card) if k == "name" else _shown_value(game, k, document[k])) for k in order if k in document
    ]
    for key, value in document.items():
        if key in order:
            continue
        if isinstance(value, dict):
            value = "; ".join(
                f"{_field_label(game, f'{key}.{k}', k)}: {_shown_value(game, f'{key}.{k}', v)}"
                for k, v in value.items()
            )
        elif isinstance(value, list):
            value = ", ".join(str(_shown_value(game, key, v)) for v in value)
        else:
            value = _shown_value(game, key, value)
        rows.append((key, value))
    return table([(_field_label(game, k, k), v) for k, v in rows])


#: The fields every game's cards may have, as ``cards show`` names them (a game's own fields: its data).
COMMON_FIELDS = {
    "names": N_("names"),
    "aliases": N_("aliases"),
    "text": N_("text"),
    "rarity": N_("rarity"),
    "artist": N_("artist"),
}


def _field_label(game: Game | None, path: str, own: str) -> str:
    """A field's name in the user's language: the catalog's for a field every card has, else the game's data
    (``own``, the field's own name, where neither gives one)."""
    if path in CARD_HEADERS:
        return _(CARD_HEADERS[path])
    if path in COMMON_FIELDS:
        return _(COMMON_FIELDS[path])
    labels = game.field_label_translations.get(path) if game is not None else None
    return translated(DataLabel(own, labels)) if labels else own


def _shown_value(game: Game | None, path: str, value: Any) -> Any:
    """A value in the user's language where the game's data gives one (a kind, sfb's ``red``), else as it is."""
    if game is None:
        return shown_value(value)
    if path == "kind":
        return translated(game.kind_name(value))
    return shown_value(translated(game.value_label(path, value)))
