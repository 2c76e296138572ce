"""Shared state of one ``deckcli`` run: the database, opened only when a command needs it."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from deckcli.storage.base import BaseDatabase
    from deckcli.storage.reads import Readable, SqliteReader
    from deckcli.storage.writes import SqliteFile, Writable


class AppContext:
    """Holds ``--db`` (and where it came from: ``--db``, ``DECKCLI_DB`` or None) and opens the database lazily:
    ``writes`` for commands that write, ``reads`` for commands that only read (neither imports SQLAlchemy when the
    file is ready), ``db`` for what needs the Database itself (SQLAlchemy: first use, ``db`` commands)."""

    def __init__(self, db_path: Path | str | None, origin: str | None = None):
        self.db_path, self.origin = db_path, origin
        self._db: BaseDatabase | None = None
        self._reader: SqliteReader | None = None
        self._file: SqliteFile | None = None

    @property
    def db(self) -> BaseDatabase:
        if self._db is None:
            from deckcli.cards.importer import open_database

            self._db = open_database(self.db_path, self.origin)
        return self._db

    @property
    def writes(self) -> Writable:
        """What a command that writes writes through: the file straight through sqlite3 when it needs nothing done
        first (:func:`deckcli.storage.writes.open_writable`), else the opened database (created, migrated or given new
        bundled cards first) through SQLAlchemy Core; the same :mod:`deckcli.storage.writes` transactions either way."""
        if self._db is not None:
            return self._db
        if self._file is None and not self.is_server:
            from deckcli.storage.writes import open_writable

            self._file = open_writable(self.db_path, self.origin)
        return self._file if self._file is not None else self.db

    @property
    def reads(self) -> Readable:
        """What a read-only command reads through: the file straight through sqlite3 when it needs nothing done
        first (no SQLAlchemy imported: :func:`deckcli.storage.reads.open_ready`), else the opened database (created,
        migrated or given new bundled cards first), whose reads run the same SQL through SQLAlchemy Core."""
        if self._db is not None:
            return self._db
        if self._file is not None:
            return self._file
        if self._reader is None and not self.is_server:
            from deckcli.storage.reads import open_ready

            self._reader = open_ready(self.db_path, self.origin)
        return self._reader if self._reader is not None else self.db

    @property
    def is_server(self) -> bool:
        """Whether the database is a server's (a URL; ``DECKCLI_DB`` holding one counts), read through Core."""
        from deckcli.storage.location import is_url

        return is_url(self.db_path) or (self.db_path is None and is_url(os.environ.get("DECKCLI_DB")))

    @property
    def target(self) -> Path | str:
        """What the database is: ``--db``'s file or URL, else ``DECKCLI_DB``'s, else the user's file."""
        from deckcli.storage.location import default_target

        return self.db_path if self.db_path is not None else default_target()

    @property
    def opened(self) -> BaseDatabase | SqliteReader | None:
        """The database (or the sqlite3 file) if a command opened it."""
        return self._db if self._db is not None else self._file or self._reader

    def close(self) -> None:
        if self._reader is not None:
            self._reader.close()
        if self._file is not None:
            self._file.close()
        if self._db is not None:
            self._db.close()


pass_app = click.make_pass_decorator(AppContext)
