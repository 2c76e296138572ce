"""Shared state of one ``deckcli`` run: the database, opened only when a command needs it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from deckcli.storage.engine import Database


class AppContext:
    """Holds ``--db`` (and where it came from: ``--db``, ``DECKCLI_DB`` or None) and opens the database lazily
    (importing SQLAlchemy only then)."""

    def __init__(self, db_path: Path | None, origin: str | None = None):
        self.db_path, self.origin = db_path, origin
        self._db: Database | None = None

    @property
    def db(self) -> Database:
        if self._db is None:
            from deckcli.cards.importer import open_database

            self._db = open_database(self.db_path, self.origin)
        return self._db

    @property
    def opened(self) -> Database | None:
        """The database if a command opened it."""
        return self._db

    def close(self) -> None:
        if self._db is not None:
            self._db.close()


pass_app = click.make_pass_decorator(AppContext)
