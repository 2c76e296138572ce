"""``deckcli db ...``: check, back up, upgrade, copy and show the status of the database (a file or a server)."""

from __future__ import annotations

from pathlib import Path

import click

from deckcli.cli.context import AppContext, pass_app
from deckcli.cli.options import DatabaseParam, json_option
from deckcli.cli.output import dump_json, emit
from deckcli.i18n import N_, Message, translated
from deckcli.i18n import gettext as _
from deckcli.words import plural

#: The row-count table's headers (the columns are --json's keys, which stay English).
ROW_HEADERS = {"table": N_("table"), "rows": N_("rows")}


@click.group(short_help="The database: check it, back it up, upgrade it, copy it.")
def db() -> None:
    """The database (a file, or a PostgreSQL URL): check it, back it up, upgrade it, copy it.

    \b
    Examples:
      deckcli db check
      deckcli db check --json
      deckcli db backup ~/deckcli-2024-06-01.db
      deckcli db status
      deckcli --db postgresql+psycopg://deckcli@db.example:5432/league db upgrade
      deckcli db copy event.db postgresql+psycopg://deckcli@db.example:5432/league
    """


@db.command(short_help="Check the database: integrity, revision and rows per table.")
@json_option(
    help='Print {"ok", "schema", "application_id", "rows": {TABLE: COUNT}, "problems": [...], "backend",'
    ' "revision", "integrity", "exists"}.',
)
@pass_app
def check(app: AppContext, as_json: bool) -> None:
    """SQLite's integrity check, the revision (``schema N`` for a file from before revisions), the application id
    and the rows of each table.

    On a server database: its revision and the rows of each table (the server keeps its own integrity). Exit
    status 1 when any problem is found. Nothing is created or changed; a file is opened read-only, and a file not
    made yet is no problem (as for db status).
    """
    from deckcli.storage.status import check_database

    report = check_database(app.target, app.origin)
    if as_json:
        click.echo(dump_json(report.as_dict()))
    elif not report.exists and report.ok:
        click.echo(
            _("{database}: no database yet, nothing to check (deckcli creates it on first use)").format(
                database=report.path
            )
        )
    else:
        verdict = _("ok") if report.ok else _("PROBLEMS FOUND")
        version = translated(report.version)
        if report.backend == "sqlite":
            app_id = "-" if report.application_id is None else f"{report.application_id:#010x}"
            click.echo(
                _("{database}: {verdict} ({version}, application id {id})").format(
                    database=report.path, verdict=verdict, version=version, id=app_id
                )
            )
        else:
            click.echo(
                _("{database}: {verdict} ({backend}, {version}, integrity {integrity})").format(
                    database=report.path,
                    verdict=verdict,
                    backend=report.backend,
                    version=version,
                    integrity=translated(report.integrity),
                )
            )
        emit([{"table": t, "rows": n} for t, n in report.rows.items()], "table", ["table", "rows"], headers=ROW_HEADERS)
        for problem in report.problems:
            click.echo(_("problem: {problem}").format(problem=translated(problem)), err=True)
    if not report.ok:
        raise click.exceptions.Exit(1)


def _file_name(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """The backup's name, refused (usage error) when it cannot name a database file: empty, ``-`` or ``dir/``."""
    from deckcli.storage.location import file_name_problem

    problem = file_name_problem(value)
    if problem:
        raise click.BadParameter(translated(problem), ctx, param)
    return value


@db.command(short_help="Copy the database file to a new FILE, consistent while in use.")
@click.argument("target", metavar="FILE", type=click.Path(dir_okay=False), callback=_file_name)
@pass_app
def backup(app: AppContext, target: str) -> None:
    """Copy the database file to the new FILE through SQLite's backup API (consistent while others write)."""
    from deckcli.storage.copying import backup_database
    from deckcli.storage.location import is_url

    if is_url(app.target):
        from deckcli.dberrors import DatabaseFault
        from deckcli.storage.location import label_of

        raise DatabaseFault(
            label_of(app.target),
            Message("db backup copies an SQLite file"),
            Message("copy a server database into a new file with `deckcli db copy URL {target}`", target=target),
            app.origin,
        )
    result = backup_database(Path(app.target), Path(target), app.origin)
    rows = translated(plural(sum(result.rows.values()), "row"))
    click.echo(_("Backed up {rows} ({size:,} bytes) to {file}").format(rows=rows, size=result.size, file=result.target))


@db.command(short_help="The database's backend, location and revision.")
@json_option(help='Print {"backend", "database", "current", "latest", "state", "meaning"}.')
@pass_app
def status(app: AppContext, as_json: bool) -> None:
    """The database's backend, where it is (a URL's password masked), its revision and this deckcli's latest.

    Nothing is created or changed.
    """
    from deckcli.storage.status import STATES, database_status, version_label

    found = database_status(app.target, app.origin)
    if as_json:
        click.echo(dump_json(found.as_dict()))
        return
    click.echo(_("backend: {backend}").format(backend=found.backend))
    click.echo(_("database: {database}").format(database=found.database))
    click.echo(_("current: {version}").format(version=translated(found.current_label)))
    click.echo(_("latest: {version}").format(version=translated(version_label(found.latest))))
    click.echo(_("state: {state}").format(state=_(STATES[found.state])))


@db.command(short_help="Bring the database up to this deckcli's latest revision.")
@pass_app
def upgrade(app: AppContext) -> None:
    """Bring the database up to this deckcli's latest revision (a server database is never upgraded by surprise;
    an SQLite file upgrades itself on first use anyway). Run it from one client; the others then use it."""
    from deckcli.cards.importer import open_database
    from deckcli.storage.status import database_status

    before = database_status(app.target, app.origin)
    if before.state == "newer":
        from deckcli.dberrors import SchemaMismatch

        raise SchemaMismatch(
            before.database,
            Message(
                "it is at {version}, newer than this deckcli's revision {latest}",
                version=before.current_label,
                latest=before.latest,
            ),
            N_("upgrade deckcli"),
            app.origin,
        )
    open_database(app.target, app.origin, upgrade=True).close()
    after = database_status(app.target, app.origin)
    now = translated(after.current_label)
    if before.current == after.current:
        click.echo(_("{database}: already at {version} (the latest)").format(database=after.database, version=now))
    elif before.state == "empty":
        click.echo(_("{database}: set up at {version}").format(database=after.database, version=now))
    else:  # (from schema 2, before revision 0001, to 0004: a comma after a version with one)
        text = (
            _("{database}: upgraded from {old} to {new}")
            if before.revision
            else _("{database}: upgraded from {old}, to {new}")
        )
        click.echo(text.format(database=after.database, old=translated(before.current_label), new=after.revision))


@db.command(short_help="Copy every row from SOURCE to TARGET (a file or a server).")
@click.argument("source", metavar="SOURCE", type=DatabaseParam())
@click.argument("target", metavar="TARGET", type=DatabaseParam())
def copy(source: Path | str, target: Path | str) -> None:
    """Copy every row of every table from SOURCE to TARGET, each a database file or a PostgreSQL URL (e.g. an
    event's file to the server, and back to a file to archive it). TARGET must be new or empty; the copy is one
    transaction."""
    from deckcli.storage.copying import copy_database

    result = copy_database(source, target)
    rows, tables = translated(plural(sum(result.rows.values()), "row")), translated(plural(len(result.rows), "table"))
    click.echo(
        _("Copied {rows} of {tables} from {source} to {target}").format(
            rows=rows, tables=tables, source=result.source, target=result.target
        )
    )
