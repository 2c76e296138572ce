"""Fixtures of the storage tests: a PostgreSQL server to make and drop empty databases on."""

from __future__ import annotations

import os

import pytest

from backends import NO_SERVER

PG_URL = os.environ.get("DECKCLI_TEST_PG_URL")


@pytest.fixture
def server():
    """The server of DECKCLI_TEST_PG_URL, for empty databases of a test's own (dropped after it); skipped without one."""
    if not PG_URL:
        pytest.skip(NO_SERVER)
    from pg_support import PgServer

    made = PgServer(PG_URL, template=False)
    yield made
    made.close()
