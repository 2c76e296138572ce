"""``deckcli formats``: the bundled formats in a listing, and ``formats show`` for one format's every rule."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import click

from deckcli.cli.completion import complete_format
from deckcli.cli.options import FormatRef, date_option, game_option
from deckcli.cli.output import dump_json, emit, output_options
from deckcli.i18n import N_, translated
from deckcli.i18n import gettext as _

if TYPE_CHECKING:
    from deckcli.legality.format import NameLimit
    from deckcli.legality.formatinfo import FormatDetails, RestrictedCard

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

    rows = [row.as_dict() for row in format_rows(game.lower() if game else None)]
    emit(rows, output, LIST_COLUMNS, headers=HEADERS, empty=_("No formats."))


@formats.command(short_help="Every rule of a format, with its lists in force on --date.")
@click.argument("ref", metavar="NAME|PATH", type=FormatRef(), shell_complete=complete_format)
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
        click.echo(dump_json(details.as_dict()))
        return
    _print_details(details)


def _listed(values: Iterable[Any]) -> str:
    return ", ".join(str(v) for v in values) or _("none")


def _zones_shown(d: FormatDetails, zones: Iterable[str]) -> str:
    """Zones as a line names them: each zone's id in English, its title in the user's language."""
    return _listed([translated(d.zone_name(zone)) for zone in zones])


def _kinds_shown(d: FormatDetails, kinds: Iterable[str]) -> str:
    """Card kinds as a line names them: each kind's id in English, its heading in the user's language."""
    return _listed([translated(d.kind_name(kind)) for kind in kinds])


def _restricted(entries: Iterable[RestrictedCard]) -> str:
    return _listed([f"{e.card} ({e.max})" for e in entries])


#: The checks a format may name, as a player reads them; the check's id (the rule id ``validate`` reports) stays beside.
CHECK_NAMES = {
    "champion-set": N_("each champion's complete card set"),
    "name-limit": N_("cards of the declared name and of other names"),
    "name-required": N_("at least one card of the declared name"),
}


def _checks_shown(checks: Iterable[str]) -> str:
    """A format's checks in the user's language, each with its rule id; one the catalog does not know as its id."""
    return _listed(
        [_("{check} ({id})").format(check=_(CHECK_NAMES[c]), id=c) if c in CHECK_NAMES else c for c in checks]
    )


def _print_details(d: FormatDetails) -> None:
    """The format as lines and tables for people: what it is, its deck rules, its card limits."""
    _print_heading(d)
    click.echo()
    _print_deck_rules(d)
    click.echo()
    _print_card_limits(d)


def _print_heading(d: FormatDetails) -> None:
    """The format's name, title, game, what it extends, its description and its file."""
    made = d.format.game
    if d.format.extends:
        made = _("{game}, extends {format}").format(game=made, format=d.format.extends)
    if d.format.is_default:
        made = _("{game}, default").format(game=made)
    click.echo(f"{d.format.name}: {d.format.title} ({made})")
    if d.format.description:
        click.echo(d.format.description)
    click.echo(_("file: {file}").format(file=d.format.path))


def _print_deck_rules(d: FormatDetails) -> None:
    """The format's zones, draw deck and copy limit, then the other rules it sets and its opening."""
    zones = [{**z.as_dict(), "kinds": _kinds_shown(d, z.kinds) if z.kinds else _("any")} for z in d.zones]
    emit(zones, "table", ["zone", "label", "size", "kinds", "rule"], headers=HEADERS)
    click.echo(_("draw deck: {zone}").format(zone=_zones_shown(d, [d.format.draw_zone])))
    if d.format.copy_limit:
        limit = d.format.copy_limit
        if limit.zones:
            text = _("copy limit: {max} of a name across {zones}")
        else:
            text = _("copy limit: {max} of a name")
        click.echo(text.format(max=limit.max, zones=_zones_shown(d, limit.zones or ())))
    _print_other_rules(d)


def _print_other_rules(d: FormatDetails) -> None:
    """The rules a format may add (side exchange, legal sets, checks, champions, draft, ネーム limit) and its opening,
    each with its settings as the format file names them."""
    if d.format.side_exchange is not None:
        click.echo(_("side exchange: {values}").format(values=_zones_shown(d, d.format.side_exchange)))
    if d.format.legal_sets is not None:
        click.echo(_("legal sets: {values}").format(values=_listed(d.format.legal_sets)))
    if d.format.checks:
        click.echo(_("checks: {values}").format(values=_checks_shown(d.format.checks)))
    if d.format.champions:
        text = _("champions: {count} different champions, each with their whole set of {cards} cards")
        click.echo(text.format(count=d.format.champions.count, cards=d.format.champions.cards_each))
    if d.format.draft_pool_format:
        click.echo(_("draft: the pool follows the format {format}").format(format=d.format.draft_pool_format))
    if d.format.name_limit:
        _print_name_limit(d.format.name_limit)
    if d.opening:
        rules = ", ".join(_opening_rule(rule.key, rule.value) for rule in d.opening)
        click.echo(_("opening: {values}").format(values=rules))


def _print_name_limit(limit: NameLimit) -> None:
    """The ネーム limit as a sentence: the declared name's cards, any other name's, and the metadata key if given."""
    if limit.meta_key:
        text = _(
            "name limit: up to {declared} cards of the name declared by the metadata key {key}, "
            "up to {other} of any other name"
        )
    else:
        text = _("name limit: up to {declared} cards of the declared name, up to {other} of any other name")
    click.echo(text.format(declared=limit.declared_max, other=limit.max, key=limit.meta_key))


def _print_card_limits(d: FormatDetails) -> None:
    """The banned and restricted cards on the date asked, which version set them, and every dated version."""
    if d.version:
        version = _("the version from {date}").format(date=d.version)
    elif d.versions:
        version = _("its own card limits (before its first dated version)")
    else:
        version = _("its own card limits")
    click.echo(_("card limits on {date}: {version}").format(date=d.day.isoformat(), version=version))
    click.echo(_("  banned: {cards}").format(cards=_listed(d.limits.banned)))
    click.echo(_("  restricted: {cards}").format(cards=_restricted(d.limits.restricted)))
    if d.versions:
        click.echo()
        rows = [
            {
                "from": v.starts,
                "in force": v.in_force,
                "banned": _listed(v.limits.banned),
                "restricted": _restricted(v.limits.restricted),
            }
            for v in d.versions
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
