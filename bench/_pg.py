"""The PostgreSQL side of the import benchmarks: ``--pg URL`` (or DECKCLI_TEST_PG_URL) names a server whose user
may create databases; each run gets a scratch database there, dropped afterwards."""

from __future__ import annotations

import itertools
import os
import sys
from contextlib import contextmanager

_numbers = itertools.count()


def server_url(argv: list[str]) -> str | None:
    """``--pg URL`` taken out of ``argv``, else DECKCLI_TEST_PG_URL, else None (SQLite only)."""
    if "--pg" in argv:
        at = argv.index("--pg")
        url = argv[at + 1]
        del argv[at:at + 2]
        return url
    return os.environ.get("DECKCLI_TEST_PG_URL") or None


@contextmanager
def scratch_database(url: str):
    """The URL of a new empty database on the server of ``url``, dropped at the end."""
    import psycopg
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"deckcli_bench_{os.getpid()}_{next(_numbers)}"

    def admin(sql: str) -> None:
        with psycopg.connect(host=base.host, port=base.port, user=base.username, password=base.password,
                             dbname=base.database, autocommit=True) as con:
            con.execute(sql)

    admin(f'CREATE DATABASE "{name}"')
    try:
        yield base.set(drivername="postgresql+psycopg", database=name).render_as_string(hide_password=False)
    finally:
        admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def ratio_line(what: str, sqlite_s: float, pg_s: float) -> str:
    return f"{what}: PostgreSQL {pg_s:.2f} s vs SQLite {sqlite_s:.2f} s = {pg_s / sqlite_s:.2f}x (goal: within 2x)"


__all__ = ["ratio_line", "scratch_database", "server_url", "sys"]
