"""Helpers for tests run on both backends (the ``db`` fixture's sqlite and postgresql runs)."""

from __future__ import annotations

#: Why the PostgreSQL runs are skipped on a machine without a server.
NO_SERVER = "DECKCLI_TEST_PG_URL is not set: the PostgreSQL runs of the database tests need a server (.ci/run starts one)"


class _Core:
    """A server database used as the reader of a test: its reads go through Core; closing it is the fixture's job."""

    def __init__(self, db):
        self._db = db

    def rows(self):
        return self._db.rows()

    def close(self) -> None:
        pass

    def __getattr__(self, name):
        return getattr(self._db, name)


def fast_reader(db):
    """The read path a command takes on ``db``: plain sqlite3 on a ready file, SQLAlchemy Core on a server."""
    from deckcli.storage.reads import open_ready

    return open_ready(db.path) if db.backend == "sqlite" else _Core(db)


def sql_rows(db, sql: str, params: dict | None = None) -> list[tuple]:
    """The rows of one SQL text (``:name`` parameters) run on the test's database, SQLite or PostgreSQL, in a
    fresh transaction (so what other connections committed is seen)."""
    with db.rows() as rows:
        return rows.all(sql, params)


def orm_session(db):
    """An SQLModel session on the test's database, for the ORM references and the write path's session functions
    (deckcli itself reads through ``db.rows()`` only)."""
    from sqlmodel import Session

    return Session(db.engine, expire_on_commit=False)
