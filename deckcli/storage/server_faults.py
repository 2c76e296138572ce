"""PostgreSQL's errors as deckcli's database faults: the server cannot be reached, refused the login, has no such
database, is busy or full. Each names the masked URL and what to do; the driver's text (with SQL) is never shown
beyond the server's own one-line reason."""

from __future__ import annotations

from deckcli.errors import (
    DatabaseFault,
    DatabaseFull,
    LockedDatabase,
    MissingServerDatabase,
    ReadOnlyDatabase,
    ServerAuthFailed,
    ServerUnreachable,
)
from deckcli.storage.urls import mask_url, scrub

NOTHING_WRITTEN = "nothing was written"
_AUTH_STATES = {"28P01", "28000"}
_BUSY_STATES = {"40001", "40P01", "55P03", "57014"}
_GONE_STATES = {"57P01", "57P02", "57P03", "08000", "08003", "08006", "08001", "08004"}


def _driver_error(exc: BaseException) -> BaseException | None:
    """The psycopg error behind ``exc`` (itself, or the driver error an SQLAlchemy error wraps)."""
    try:
        import psycopg
    except ImportError:
        return None
    if isinstance(exc, psycopg.Error):
        return exc
    orig = getattr(exc, "orig", None)
    return orig if isinstance(orig, psycopg.Error) else None


def _reason(error: BaseException, url: str) -> str:
    """The server's or libpq's reason, one line, without the connection-attempt preamble, and without any password
    of ``url`` (or ``DECKCLI_DB_PASSWORD``'s) in it."""
    line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
    return scrub(line.split(": ", 1)[1] if line.startswith("connection failed: ") else line, url)


def server_fault(exc: BaseException, url: str, origin: str | None = None) -> DatabaseFault | None:
    """The fault a psycopg error means for the server database of ``url`` (named masked, its passwords scrubbed
    from the driver's reason); None: not a fault of the database (a bug of deckcli, say)."""
    import psycopg

    error = _driver_error(exc)
    if error is None:
        return None
    label = mask_url(url)
    state = getattr(error, "sqlstate", None) or ""
    words = str(error).lower()
    if (
        state in _AUTH_STATES
        or "password authentication failed" in words
        or "no password supplied" in words
        or ('role "' in words and "does not exist" in words)
    ):
        return ServerAuthFailed(
            label,
            f"authentication failed ({_reason(error, url)})",
            "check the user and password (in the URL, DECKCLI_DB_PASSWORD or ~/.pgpass)",
            origin,
        )
    if state == "3D000" or ("database" in words and "does not exist" in words):
        return MissingServerDatabase(
            label,
            "the server has no such database",
            "create it first (createdb, or CREATE DATABASE ... OWNER ...) or fix the name",
            origin,
        )
    if state in _BUSY_STATES:
        return LockedDatabase(
            label,
            f"the server gave up waiting for another client's lock ({_reason(error, url)})",
            "try again; " + NOTHING_WRITTEN,
            origin,
        )
    if state == "53100":
        return DatabaseFull(
            label, "the server's disk is full", "free some space on the server; " + NOTHING_WRITTEN, origin
        )
    if state == "25006":
        return ReadOnlyDatabase(
            label, "the server only allows reads", "read-only commands still work; " + NOTHING_WRITTEN, origin
        )
    if state == "42501":
        return DatabaseFault(
            label,
            f"the user may not do this ({_reason(error, url)})",
            "grant the user rights on deckcli's tables (or connect as their owner)",
            origin,
        )
    if state in _GONE_STATES or (isinstance(error, psycopg.OperationalError) and not state):
        return ServerUnreachable(
            label,
            f"cannot connect to the server ({_reason(error, url)})",
            "check that PostgreSQL runs there and the host and port are right",
            origin,
        )
    return None
