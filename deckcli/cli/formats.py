"""``deckcli formats``: the bundled formats in a listing, and ``formats show`` for one format's every rule."""

from __future__ import annotations

from typing import Any

import click

from deckcli.cli.completion import complete_format
from deckcli.cli.options import GAME_CHOICE
from deckcli.cli.output import dump_json, emit, output_options

LIST_COLUMNS = ["name", "game", "title", "zones", "copy_limit", "default"]


@click.group(invoke_without_command=True)
@click.option("--game", "-g", type=GAME_CHOICE, help="Only the formats of this game.")
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
    emit(rows if output == "csv" else shown, output, LIST_COLUMNS, json_data=rows, empty="No formats.")


@formats.command()
@click.argument("ref", metavar="NAME|PATH", shell_complete=complete_format)
@click.option(
    "--date",
    "day",
    type=click.DateTime(formats=["%Y-%m-%d"]),
    metavar="YYYY-MM-DD",
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
    return ", ".join(str(v) for v in values) or "none"


def _restricted(entries: list[dict[str, Any]]) -> str:
    return _listed([f"{e['card']} ({e['max']})" for e in entries])


def _print_details(d: dict[str, Any]) -> None:
    """The format as lines and tables for people."""
    made = (
        f"{d['game']}" + (f", extends {d['extends']}" if d["extends"] else "") + (", default" if d["default"] else "")
    )
    click.echo(f"{d['name']}: {d['title']} ({made})")
    if d["description"]:
        click.echo(d["description"])
    click.echo(f"file: {d['file']}")
    click.echo()
    emit(
        [{**z, "kinds": _listed(z["kinds"]) if z["kinds"] else "any"} for z in d["zones"]],
        "table",
        ["zone", "label", "size", "kinds", "rule"],
    )
    click.echo(f"draw deck: {d['draw_zone']}")
    if d["copy_limit"]:
        limit = d["copy_limit"]
        across = f" across {_listed(limit['zones'])}" if limit.get("zones") else ""
        click.echo(f"copy limit: {limit['max']} of a name{across}")
    for key, label in (("side_exchange", "side exchange"), ("legal_sets", "legal sets"), ("checks", "checks")):
        if key in d:
            value = d[key]
            click.echo(f"{label}: {_listed(value['zones'] if isinstance(value, dict) else value)}")
    for key, label in (("champions", "champions"), ("draft", "draft"), ("name_limit", "name limit")):
        if key in d:
            click.echo(f"{label}: " + ", ".join(f"{k} {v}" for k, v in d[key].items()))
    if "opening" in d:
        click.echo("opening: " + ", ".join(f"{k} {v}" for k, v in d["opening"].items()))
    click.echo()
    version = f"the version from {d['version']}" if d["version"] else "its own card limits"
    if d["versions"] and not d["version"]:
        version += " (before its first dated version)"
    click.echo(f"card limits on {d['date']}: {version}")
    click.echo(f"  banned: {_listed(d['banned'])}")
    click.echo(f"  restricted: {_restricted(d['restricted'])}")
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
        emit(rows, "table", ["from", "in force", "banned", "restricted"])
