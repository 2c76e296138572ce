"""Errors about the database deckcli was pointed at (a file or a server URL): which one, what is wrong with it
and what to do. Raised by deckcli.storage; the CLI turns them into messages and exit 1 (a bad URL: exit 2)."""

from __future__ import annotations

from deckcli.errors import DeckcliError


class DatabaseFault(DeckcliError):
    """A database file deckcli cannot use as asked: which file, what is wrong with it, and what to do.

    ``origin`` says where the path came from (``--db``, ``DECKCLI_DB``, or None for the default location), so
    the advice names the option or variable the user set.
    """

    def __init__(self, path: object, problem: str, advice: str = "", origin: str | None = None):
        self.path, self.problem, self.advice, self.origin = str(path), problem, advice, origin
        super().__init__(self.describe())

    def describe(self) -> str:
        where = f"the database {self.path}" + (f" (from {self.origin})" if self.origin else "")
        option = self.origin or "--db"
        return f"{where}: {self.problem}" + (f"; {self.advice.format(option=option)}" if self.advice else "")

    def __str__(self) -> str:
        return self.describe()


class NotADatabase(DatabaseFault):
    """The file is not an SQLite database at all (a text file, an image, a folder)."""


class ForeignDatabase(DatabaseFault):
    """An SQLite database of another program; deckcli leaves it exactly as it is."""


class DamagedDatabase(DatabaseFault):
    """A deckcli database SQLite reports as malformed, or with a schema version no deckcli writes."""


class UnopenableDatabase(DatabaseFault):
    """SQLite cannot open or read the file (missing folder, permissions, I/O error)."""


class ReadOnlyDatabase(DatabaseFault):
    """A write to a database whose file or folder cannot be written."""


class LockedDatabase(DatabaseFault):
    """Another connection held the database longer than the busy timeout."""


class DatabaseFull(DatabaseFault):
    """The disk (or the database's page limit) is full."""


class ServerUnreachable(DatabaseFault):
    """The database server of a URL cannot be reached (not running, wrong host or port, connection lost)."""


class ServerAuthFailed(DatabaseFault):
    """The database server refused the user or its password."""


class MissingServerDatabase(DatabaseFault):
    """The server runs, but the database the URL names does not exist there."""


class SchemaMismatch(DatabaseFault):
    """A server database at another revision than this deckcli's: older (``deckcli db upgrade``) or newer."""


class MissingDriver(DatabaseFault):
    """A database URL was given, but the driver it needs (psycopg) is not installed."""


class BadDatabaseURL(DatabaseFault):
    """A server URL libpq would not read as meant (a raw ``@ : /`` in the password, a port that is no number, an
    unbalanced ``[``, no database name, an unknown parameter): a usage error (exit 2), said before connecting."""
