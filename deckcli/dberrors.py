"""Errors about the database deckcli was pointed at (a file or a server URL): which one, what is wrong with it
and what to do. Raised by deckcli.storage; the CLI turns them into messages and exit 1 (a bad URL: exit 2)."""

from __future__ import annotations

from collections.abc import Callable

from deckcli.errors import DeckcliError
from deckcli.i18n import N_, Message, gettext


class DatabaseFault(DeckcliError):
    """A database file deckcli cannot use as asked: which file, what is wrong with it, and what to do.

    ``origin`` says where the path came from (``--db``, ``DECKCLI_DB``, or None for the default location), so
    the advice names the option or variable the user set.
    """

    def __init__(self, path: object, problem: str, advice: str = "", origin: str | None = None):
        self.path, self.problem, self.advice, self.origin = str(path), problem, advice, origin
        super().__init__(self.describe())

    def describe(self, say: Callable[[str], str] = str) -> str:
        """The message in English, or through ``say`` (:meth:`translated`): the problem and the advice are texts
        marked where they are written (``N_``, a ``Message``), the advice's ``{option}`` the option the user set."""
        where = N_("the database {path} (from {origin})") if self.origin else N_("the database {path}")
        text = N_("{where}: {problem}; {advice}") if self.advice else N_("{where}: {problem}")
        advice = say(self.advice).format(option=self.origin or "--db") if self.advice else ""
        shown_where = say(where).format(path=self.path, origin=self.origin)
        return say(text).format(where=shown_where, problem=say(self.problem), advice=advice)

    def translated(self) -> str:
        return self.describe(
            lambda text: text.translated() if isinstance(text, Message) else gettext(text) if text else text
        )

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
