"""A database as an older release left it: built at a revision, filled with that revision's rows, upgraded to this
release's head as a user's would be (an SQLite file upgrades when opened; a server by ``db upgrade``). The one way
the migration tests make their "before" (tests/events, tests/collection)."""

from __future__ import annotations

from typing import NamedTuple


class OldDatabase(NamedTuple):
    """What ``--db`` names (a file or a server URL) and the SQLAlchemy URL of the same database."""

    target: str
    url: str


def upgraded_database(backend, request, runner, tmp_path, revision: str, statements: list[str]) -> OldDatabase:
    """A database at ``revision`` (``0003``) holding what ``statements`` insert, stamped as that revision leaves an
    SQLite file, and on a server upgraded with ``db upgrade`` (checked: the message names both revisions)."""
    from sqlalchemy import create_engine

    from deckcli.cli.main import cli
    from deckcli.dbfiles import APPLICATION_ID
    from deckcli.storage import revisions

    if backend == "postgresql":
        target = url = request.getfixturevalue("pg_server").empty_database()
    else:
        target = str(tmp_path / "old.db")
        url = f"sqlite:///{target}"
    engine = create_engine(url)
    with engine.begin() as conn:
        revisions.upgrade(conn, revision)
        for statement in statements:
            conn.exec_driver_sql(statement)
        if backend == "sqlite":
            conn.exec_driver_sql(f"PRAGMA user_version = {revisions.REVISION_SCHEMAS[revision]}")
            conn.exec_driver_sql(f"PRAGMA application_id = {APPLICATION_ID}")
    engine.dispose()
    if backend == "postgresql":
        upgraded = runner.invoke(cli, ["--db", target, "db", "upgrade"])
        assert upgraded.exit_code == 0, upgraded.output
        assert upgraded.stdout.endswith(f": upgraded from revision {revision} to {revisions.HEAD_REVISION}\n")
    return OldDatabase(target, url)
