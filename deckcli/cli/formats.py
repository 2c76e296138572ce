"""``deckcli formats``: the bundled formats in a listing, and ``formats show`` for one format's every rule."""

from __future__ import annotations

from typing import Any

import click

from deckcli.cli.completion import complete_format
from deckcli.cli.options import date_option, game_option
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.games.labels import DataLabel
from deckcli.i18n import N_, translated
from deckcli.i18n import gettext as _

LIST_COLUMNS = ["name", "game", "title", "zones", "copy_limit", "default"]
#: The tables' headers (the columns are --json's and --csv's keys, which stay English).
HEADERS = {
    "name": N_("name"),
    "game": N_("game"),
    "title": N_("title"),
    "zones": N_("zones"),
    "copy_limit": N_("copy_limit"),
    "default": N_("default"),
    "zone": N_("zone"),
    "label": N_("label"),
    "size": N_("size"),
    "kinds": N_("kinds"),
    "rule": N_("rule"),
    "from": N_("from"),
    "in force": N_("in force"),
    "banned": N_("banned"),
    "restricted": N_("restricted"),
}


@click.group(invoke_without_command=True, short_help="The bundled formats: game, zones, copy limit, default.")
@game_option(help="Only the formats of this game.")
@output_options()
@click.pass_context
def formats(ctx: click.Context, game: str | None, output: str) -> None:
    """The bundled formats: name, game, zones and their sizes, copy limit, and which is the game's default.

    \b
    Examples:
      deckcli formats --game boa
      deckcli formats show boa-advanced --date 2026-05-01
      deckcli formats show my-event.json
    """
    if ctx.invoked_subcommand is not None:
        return
    from deckcli.legality.formatinfo import format_rows

    rows = format_rows(game.lower() if game else None)
    shown = [{**r, "copy_limit": r["copy_limit"] or ""} for r in rows]
    emit(
        rows if output == "csv" else shown,
        output,
        LIST_COLUMNS,
        headers=HEADERS,
        json_data=rows,
        empty=_("No formats."),
    )


@formats.command(short_help="Every rule of a format, with its lists in force on --date.")
@click.argument("ref", metavar="NAME|PATH", shell_complete=complete_format)
@date_option(
    help="The banned and restricted lists in force on this day (default: today).",
)
@output_options(csv_ok=False)
def show(ref: str, day, output: str) -> None:
    """Every rule of a format (a bundled NAME or a format file PATH), the banned and restricted lists in force on
    --date, and its dated versions."""
    from deckcli.legality.formatinfo import format_details

    details = format_details(ref, day and day.date())
    if output == "json":
        click.echo(dump_json(details))
        return
    _print_details(details)


def _listed(values: list[Any]) -> str:
    return ", ".join(str(v) for v in values) or _("none")


def _zones_shown(d: dict[str, Any], zones: list[str]) -> str:
    """Zones as a line names them: each zone's id in English, its title in the user's language
    (:meth:`deckcli.games.registry.Game.zone_name`), as a table's zone column."""
    from deckcli.games import registry

    if not registry.is_game(d["game"]):
        return _listed(zones)
    game = registry.game(d["game"])
    own = {z["zone"]: getattr(z["label"], "labels", None) for z in d["zones"]}  # the format's label (a pool)
    return _listed(
        [translated(DataLabel(zone, own[zone]) if own.get(zone) else game.zone_name(zone, {})) for zone in zones]
    )


def _kinds_shown(d: dict[str, Any], kinds: list[str]) -> str:
    """Card kinds as a line names them: each kind's id in English, its heading in the user's language."""
    from deckcli.games import registry

    if not registry.is_game(d["game"]):
        return _listed(kinds)
    return _listed([translated(registry.game(d["game"]).kind_name(kind)) for kind in kinds])


def _restricted(entries: list[dict[str, Any]]) -> str:
    return _listed([f"{e['card']} ({e['max']})" for e in entries])


def _print_details(d: dict[str, Any]) -> None:
    """The format as lines and tables for people: what it is, its deck rules, its card limits."""
    _print_heading(d)
    click.echo()
    _print_deck_rules(d)
    click.echo()
    _print_card_limits(d)


def _print_heading(d: dict[str, Any]) -> None:
    """The format's name, title, game, what it extends, its description and its file."""
    made = d["game"]
    if d["extends"]:
        made = _("{game}, extends {format}").format(game=made, format=d["extends"])
    if d["default"]:
        made = _("{game}, default").format(game=made)
    click.echo(f"{d['name']}: {d['title']} ({made})")
    if d["description"]:
        click.echo(d["description"])
    click.echo(_("file: {file}").format(file=d["file"]))


def _print_deck_rules(d: dict[str, Any]) -> None:
    """The format's zones, draw deck, copy limit, the other rules it sets and its opening."""
    zones = [{**z, "kinds": _kinds_shown(d, z["kinds"]) if z["kinds"] else _("any")} for z in d["zones"]]
    emit(zones, "table", ["zone", "label", "size", "kinds", "rule"], headers=HEADERS)
    click.echo(_("draw deck: {zone}").format(zone=_zones_shown(d, [d["draw_zone"]])))
    if d["copy_limit"]:
        limit = d["copy_limit"]
        if limit.get("zones"):
            text = _("copy limit: {max} of a name across {zones}")
        else:
            text = _("copy limit: {max} of a name")
        click.echo(text.format(max=limit["max"], zones=_zones_shown(d, limit.get("zones", []))))
    for key, label in (
        ("side_exchange", N_("side exchange: {values}")),
        ("legal_sets", N_("legal sets: {values}")),
        ("checks", N_("checks: {values}")),
    ):
        if key in d:
            value = d[key]
            shown = _zones_shown(d, value["zones"]) if isinstance(value, dict) else _listed(value)
            click.echo(_(label).format(values=shown))
    for key, label in (
        ("champions", N_("champions: {values}")),
        ("draft", N_("draft: {values}")),
        ("name_limit", N_("name limit: {values}")),
    ):
        if key in d:
            click.echo(_(label).format(values=", ".join(f"{k} {v}" for k, v in d[key].items())))
    if "opening" in d:
        rules = ", ".join(_opening_rule(k, v) for k, v in d["opening"].items())
        click.echo(_("opening: {values}").format(values=rules))


def _print_card_limits(d: dict[str, Any]) -> None:
    """The banned and restricted cards on the date asked, which version set them, and every dated version."""
    if d["version"]:
        version = _("the version from {date}").format(date=d["version"])
    elif d["versions"]:
        version = _("its own card limits (before its first dated version)")
    else:
        version = _("its own card limits")
    click.echo(_("card limits on {date}: {version}").format(date=d["date"], version=version))
    click.echo(_("  banned: {cards}").format(cards=_listed(d["banned"])))
    click.echo(_("  restricted: {cards}").format(cards=_restricted(d["restricted"])))
    if d["versions"]:
        click.echo()
        rows = [
            {
                "from": v["from"],
                "in force": v["in_force"],
                "banned": _listed(v["banned"]),
                "restricted": _restricted(v["restricted"]),
            }
            for v in d["versions"]
        ]
        emit(rows, "table", ["from", "in force", "banned", "restricted"], headers=HEADERS)


#: A format's opening rules with a number, as a player reads them (English: the format file's own words).
OPENING_NUMBERS = {
    "hand_size": N_("hand_size {value}"),
    "draws_per_turn": N_("draws_per_turn {value}"),
    "opponent_mulligan_cards": N_("opponent_mulligan_cards {value}"),
}
#: A format's opening rules with a choice or a yes/no, each value a sentence of its own.
OPENING_CHOICES = {
    ("mulligan", "none"): N_("mulligan none"),
    ("mulligan", "full-redraw"): N_("mulligan full-redraw"),
    ("mulligan", "second-player-redraw"): N_("mulligan second-player-redraw"),
    ("mulligan", "partial-redraw"): N_("mulligan partial-redraw"),
    ("first_turn_draw", "both"): N_("first_turn_draw both"),
    ("first_turn_draw", "second-player"): N_("first_turn_draw second-player"),
    ("first_turn_draw", "none"): N_("first_turn_draw none"),
    ("new_hand_each_turn", True): N_("new_hand_each_turn True"),
    ("new_hand_each_turn", False): N_("new_hand_each_turn False"),
    ("draw", True): N_("draw True"),
    ("draw", False): N_("draw False"),
}


def _opening_rule(key: str, value: Any) -> str:
    """One opening rule of a format in the user's language (``hand_size 6``: 初手6枚); one the catalog does not
    know as the file writes it."""
    if key in OPENING_NUMBERS and not isinstance(value, bool):
        return _(OPENING_NUMBERS[key]).format(value=value)
    choice = OPENING_CHOICES.get((key, value)) if isinstance(value, (str, bool)) else None
    return _(choice) if choice else f"{key} {value}"
