"""``deckcli db ...``: check the database file and copy it, without creating, migrating or changing it."""

from __future__ import annotations

from pathlib import Path

import click

from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.output import dump_json, emit


def _path(app: AppContext) -> Path:
    from deckcli.storage.engine import default_db_path

    return app.db_path if app.db_path is not None else default_db_path()


@click.group()
def db() -> None:
    """The database file: check it, back it up.

    \b
    Examples:
      deckcli db check
      deckcli db check --json
      deckcli db backup ~/deckcli-2024-06-01.db
    """


@db.command()
@click.option("--json", "as_json", is_flag=True,
              help='Print {"ok", "schema", "application_id", "rows": {TABLE: COUNT}, "problems": [...]}.')
@pass_app
def check(app: AppContext, as_json: bool) -> None:
    """SQLite's integrity check, the schema version, the application id and the rows of each table.

    Exit status 1 when any problem is found. The file is opened read-only.
    """
    from deckcli.storage.maintenance import check_database

    report = check_database(_path(app))
    if as_json:
        click.echo(dump_json(report.as_dict()))
    else:
        app_id = "-" if report.application_id is None else f"{report.application_id:#010x}"
        click.echo(f"{report.path}: {'ok' if report.ok else 'PROBLEMS FOUND'} (schema {report.schema}, application id {app_id})")
        emit([{"table": t, "rows": n} for t, n in report.rows.items()], "table", ["table", "rows"])
        for problem in report.problems:
            click.echo(f"problem: {problem}", err=True)
    if not report.ok:
        raise click.exceptions.Exit(1)


@db.command()
@click.argument("target", metavar="FILE", type=click.Path(dir_okay=False, path_type=Path))
@pass_app
def backup(app: AppContext, target: Path) -> None:
    """Copy the database to the new FILE through SQLite's backup API (consistent while others write)."""
    from deckcli.storage.maintenance import backup_database

    result = backup_database(_path(app), target, app.origin)
    click.echo(f"Backed up {sum(result.rows.values())} rows ({result.size:,} bytes) to {result.target}")
