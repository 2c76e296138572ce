"""``db status`` and ``db check``, of an SQLite file and of a PostgreSQL database alike, found without creating,
upgrading or changing anything: which revision a database is at against this deckcli's head, and what it holds
and whether it is sound (a file opened read-only, so this is safe on a damaged or foreign one)."""

from __future__ import annotations

import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from deckcli.dbfiles import APPLICATION_ID
from deckcli.errors import DatabaseFault
from deckcli.storage.fileinfo import CORE_TABLES, inspect, open_read_only, recorded_revision, refuse_foreign
from deckcli.storage.location import is_url, label_of
from deckcli.storage.revisions import HEAD_REVISION, REVISION_SCHEMAS, SCHEMA_VERSION

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
        con = open_read_only(path)
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


#: How many problems of PRAGMA integrity_check a report lists.
MAX_PROBLEMS = 100


@dataclass
class CheckReport:
    """The answer of ``db check``: schema version, application id, rows per table, and every problem found."""

    path: str
    schema: int | None = None
    application_id: int | None = None
    rows: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    backend: str = "sqlite"
    revision: str | None = None
    integrity: str = "ok"

    @property
    def ok(self) -> bool:
        return not self.problems

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "schema": self.schema,
            "application_id": self.application_id,
            "rows": self.rows,
            "problems": self.problems,
            "backend": self.backend,
            "revision": self.revision,
            "integrity": self.integrity,
        }


def check_database(target: Path | str, origin: str | None = None) -> CheckReport:
    """``db check`` of the database ``target`` names (a file or a server URL): what it holds and what is wrong."""
    return _check_server(str(target), origin) if is_url(target) else _check_file(Path(target))


def _expected_tables(at_head: bool) -> frozenset[str]:
    """The tables a deckcli database must hold: at this release's revision, every table :mod:`deckcli.storage.tables`
    declares; at an older one, those every schema version has (:data:`CORE_TABLES`)."""
    if not at_head:
        return CORE_TABLES
    from sqlmodel import SQLModel

    from deckcli.storage import tables  # noqa: F401  (registers the tables)

    return frozenset(SQLModel.metadata.tables)


def _mark_problems(schema: int, app_id: int, tables: set[str]) -> list[str]:
    problems = []
    unmarked_deckcli = app_id == 0 and schema > 0 and CORE_TABLES <= tables
    if app_id != APPLICATION_ID and not unmarked_deckcli:
        problems.append(
            f"application id {app_id:#010x} is not deckcli's ({APPLICATION_ID:#010x}): not a deckcli database"
        )
    if schema < 0 or schema > SCHEMA_VERSION:
        problems.append(f"schema version {schema}: this deckcli reads 1 to {SCHEMA_VERSION}")
    missing = sorted(_expected_tables(schema == SCHEMA_VERSION) - tables)
    if missing and (app_id == APPLICATION_ID or schema > 0):
        problems.append(f"tables missing: {', '.join(missing)}")
    return problems


def _check_file(path: Path) -> CheckReport:
    """Integrity check, foreign keys, schema version, application id and row counts of the file at ``path``."""
    report = CheckReport(str(path))
    try:
        if not inspect(path).exists:
            report.problems.append(f"{path}: no such file (deckcli creates it on first use)")
            return report
        con = open_read_only(path)
    except (DatabaseFault, sqlite3.Error) as exc:
        report.problems.append(getattr(exc, "problem", str(exc)))
        return report
    try:
        report.schema = con.execute("PRAGMA user_version").fetchone()[0]
        report.application_id = con.execute("PRAGMA application_id").fetchone()[0]
        found = [r[0] for r in con.execute(f"PRAGMA integrity_check({MAX_PROBLEMS:d})")]
        report.problems += [f"integrity check: {line}" for line in found if line != "ok"]
        report.integrity = "ok" if found == ["ok"] else "problems found"
        report.revision = recorded_revision(con)
        tables = [
            r[0]
            for r in con.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            )
        ]
        for table in tables:
            quoted = '"' + table.replace('"', '""') + '"'
            report.rows[table] = con.execute(f"SELECT count(*) FROM {quoted}").fetchone()[0]
        report.problems += [
            f"foreign key: {t} row {rowid} names a missing row of {parent}"
            for t, rowid, parent, _ in con.execute("PRAGMA foreign_key_check").fetchmany(MAX_PROBLEMS)
        ]
        report.problems += _mark_problems(report.schema, report.application_id, set(tables))
    except sqlite3.Error as exc:
        report.problems.append(f"SQLite cannot read it: {exc}")
    finally:
        con.close()
    return report


def _check_server(url: str, origin: str | None = None) -> CheckReport:
    """``db check`` of a server database: its revision, the rows of each table, and what is wrong. The server keeps
    its own integrity (no page checks to run from a client): reported as not applicable."""
    from sqlalchemy.exc import DBAPIError

    from deckcli.storage import revisions
    from deckcli.storage.faults import fault_of
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
    missing = sorted(_expected_tables(report.revision == HEAD_REVISION) - set(tables))
    if missing and report.revision:
        report.problems.append(f"tables missing: {', '.join(missing)}")
    return report
