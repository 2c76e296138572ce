"""``db status`` and ``db check`` of a server database: which revision a database is at against this deckcli's
head, and what a PostgreSQL database holds, found without creating, upgrading or changing anything."""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from deckcli.storage.fileinfo import inspect, read_only_uri, recorded_revision, refuse_foreign
from deckcli.storage.location import is_url, label_of
from deckcli.storage.revisions import HEAD_REVISION, REVISION_SCHEMAS

#: What ``db status`` says of each state.
STATES = {
    "current": "up to date",
    "older": "older: run `deckcli db upgrade`",
    "newer": "newer: upgrade deckcli",
    "empty": "empty: set up on first use",
    "foreign": "holds tables that are not deckcli's: refused (give deckcli an empty database)",
}


@dataclass(frozen=True)
class Status:
    """Where a database is: its backend, the masked URL or file, its revision and this deckcli's latest."""

    backend: str
    database: str
    current: str | None
    latest: str
    state: str

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "meaning": STATES[self.state]}


def _state(current: str | None) -> str:
    if current is None:
        return "empty"
    if current == HEAD_REVISION:
        return "current"
    return "older" if current in REVISION_SCHEMAS or current.startswith("schema ") else "newer"


def _server_state(conn, current: str | None) -> str:
    """The state of a server database at revision ``current``: ``foreign`` when no deckcli revision is there and
    other tables are (what :class:`deckcli.storage.server.ServerDatabase` refuses on first use)."""
    from deckcli.storage.server import foreign_tables

    state = _state(current)
    return "foreign" if state in ("empty", "newer") and foreign_tables(conn) else state


def _file_revision(path: Path, origin: str | None) -> str | None:
    """The revision of an SQLite file: its Alembic table, else the mirror in ``user_version`` (before Alembic:
    ``schema N``)."""
    info = inspect(path, origin)
    refuse_foreign(info, path, origin)
    if not info.exists or info.is_new:
        return None
    if "alembic_version" in info.tables:
        con = sqlite3.connect(read_only_uri(path), uri=True)
        try:
            found = recorded_revision(con)
        finally:
            con.close()
        if found:
            return found
    by_number = {number: revision for revision, number in REVISION_SCHEMAS.items()}
    return (
        f"schema {info.user_version}"
        if info.user_version < min(by_number)
        else by_number.get(info.user_version, f"schema {info.user_version}")
    )


def database_status(target: Path | str, origin: str | None = None) -> Status:
    """The status of the database ``target`` names (a file or a server URL), read-only."""
    if is_url(target):
        from sqlalchemy.exc import DBAPIError

        from deckcli.storage import revisions
        from deckcli.storage.faults import fault_of
        from deckcli.storage.server import server_engine

        engine = server_engine(str(target), origin)
        try:
            with engine.connect() as conn:
                current = revisions.current(conn)
                state = _server_state(conn, current)
        except DBAPIError as exc:
            raise (fault_of(exc, str(target), origin) or exc) from None
        finally:
            engine.dispose()
        return Status("postgresql", label_of(target), current, HEAD_REVISION, state)
    current = _file_revision(Path(target), origin)
    return Status("sqlite", str(target), current, HEAD_REVISION, _state(current))


def check_server(url: str, origin: str | None = None):
    """``db check`` of a server database: its revision, the rows of each table, and what is wrong. The server keeps
    its own integrity (no page checks to run from a client): reported as not applicable."""
    from sqlalchemy.exc import DBAPIError

    from deckcli.storage import revisions
    from deckcli.storage.faults import fault_of
    from deckcli.storage.fileinfo import CORE_TABLES
    from deckcli.storage.maintenance import CheckReport
    from deckcli.storage.server import server_engine, table_names

    report = CheckReport(label_of(url), backend="postgresql", integrity="not applicable (the server keeps it)")
    engine = server_engine(url, origin)
    try:
        with engine.connect() as conn:
            report.revision = revisions.current(conn)
            report.schema = REVISION_SCHEMAS.get(report.revision or "")
            state = _server_state(conn, report.revision)
            tables = table_names(conn)
            for table in tables:
                quoted = '"' + table.replace('"', '""') + '"'
                report.rows[table] = conn.exec_driver_sql(f"SELECT count(*) FROM {quoted}").scalar()
    except DBAPIError as exc:
        fault = fault_of(exc, url, origin)
        report.problems.append(fault.problem if fault else f"the server cannot read it: {type(exc).__name__}")
        return report
    finally:
        engine.dispose()
    if state != "current":
        report.problems.append(f"revision {report.revision or 'none'}: {STATES[state]}")
    missing = sorted(CORE_TABLES - set(tables))
    if missing and report.revision:
        report.problems.append(f"tables missing: {', '.join(missing)}")
    return report
