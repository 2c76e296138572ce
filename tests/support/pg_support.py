"""The PostgreSQL side of the tests: databases made and dropped on the server of DECKCLI_TEST_PG_URL.

A template database is set up and filled with the bundled cards once per session; each test gets a copy
(``CREATE DATABASE ... TEMPLATE``), dropped after it. The server makes the next test's copy and drops the last one
while a test runs (one worker thread, so the copies and drops keep their order), rather than the test waiting.
"""

from __future__ import annotations

import itertools
import os
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor

import psycopg
from sqlalchemy.engine import make_url


class PgServer:
    """Makes and drops databases next to the one DECKCLI_TEST_PG_URL names (its user needs CREATEDB)."""

    def __init__(self, url: str, template: bool = True):
        self.base = make_url(url).set(drivername="postgresql+psycopg")
        self.prefix = f"deckcli_test_{os.getpid()}_{id(self) % 10_000}"
        self._numbers = itertools.count()
        self._left: list[str] = []
        self.template = None
        self._worker: ThreadPoolExecutor | None = None
        self._ready: deque[Future[str]] = deque()
        if template:
            self.template = self.empty_database(f"{self.prefix}_template")
            from deckcli.cards.importer import open_database

            open_database(self.template).close()

    def _admin(self) -> psycopg.Connection:
        base = self.base
        return psycopg.connect(host=base.host, port=base.port, user=base.username, password=base.password,
                               dbname=base.database, autocommit=True)

    def url_of(self, name: str) -> str:
        return self.base.set(database=name).render_as_string(hide_password=False)

    def empty_database(self, name: str | None = None) -> str:
        """The URL of a new empty database (dropped by :meth:`close` unless dropped before)."""
        name = name or f"{self.prefix}_{next(self._numbers)}"
        if not name.endswith("_template"):
            self._left.append(self.url_of(name))
        with self._admin() as con:
            con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            con.execute(f'CREATE DATABASE "{name}"')
        return self.url_of(name)

    def fresh_database(self) -> str:
        """The URL of a new copy of the template (set up, holding the bundled cards), made while the test before
        ran; the next one is started before this returns."""
        if self._worker is None:
            self._worker = ThreadPoolExecutor(1, thread_name_prefix="deckcli-test-pg")
        if not self._ready:
            self._ready.append(self._worker.submit(self._copy))
        url = self._ready.popleft().result()
        self._ready.append(self._worker.submit(self._copy))
        return url

    def _copy(self) -> str:
        name = f"{self.prefix}_{next(self._numbers)}"
        with self._admin() as con:
            con.execute(f'CREATE DATABASE "{name}" TEMPLATE "{make_url(self.template).database}"')
        return self.url_of(name)

    def copy_of(self, url: str) -> str:
        """The URL of a new copy of the database at ``url`` (which nothing may be connected to), as a template of
        later tests' databases (:meth:`replace`); dropped by :meth:`drop`."""
        name = f"{self.prefix}_{next(self._numbers)}"
        with self._admin() as con:
            con.execute(f'CREATE DATABASE "{name}" TEMPLATE "{make_url(url).database}"')
        return self.url_of(name)

    def replace(self, url: str, copy: str) -> None:
        """Make the database at ``url`` a copy of the one at ``copy`` (see :meth:`copy_of`), under the same name."""
        name = make_url(url).database
        with self._admin() as con:
            con.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            con.execute(f'CREATE DATABASE "{name}" TEMPLATE "{make_url(copy).database}"')

    def drop(self, url: str) -> None:
        """Drop a test's database (in the background once copies are made there, before the next copy); one still
        held by a lingering connection is left to :meth:`close`."""
        if self._worker is not None:
            self._worker.submit(self._drop_now, url)
        else:
            self._drop_now(url)

    def _drop_now(self, url: str) -> None:
        try:
            with self._admin() as con:
                con.execute(f'DROP DATABASE IF EXISTS "{make_url(url).database}" WITH (FORCE)')
        except psycopg.Error:
            self._left.append(url)

    def close(self) -> None:
        if self._worker is not None:
            self._worker.shutdown(wait=True)
            self._left += [made.result() for made in self._ready if made.exception() is None]
            self._worker, self._ready = None, deque()
        left, self._left = self._left, []
        for url in [*left, *([self.template] if self.template else [])]:
            self._drop_now(url)
