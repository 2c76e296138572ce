"""``db status`` and ``db check``, of an SQLite file and of a PostgreSQL database alike, found without creating,
upgrading or changing anything: which revision a database is at against this deckcli's head, and what it holds
and whether it is sound (a file opened read-only, so this is safe on a damaged or foreign one)."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcli.dberrors import DatabaseFault, UnopenableDatabase
from deckcli.dbfiles import APPLICATION_ID
from deckcli.i18n import N_, Message
from deckcli.storage.fileinfo import CORE_TABLES, FileInfo, inspect, open_read_only, recorded_revision, refuse_foreign
from deckcli.storage.location import is_url, label_of, refuse_missing_folder
from deckcli.storage.revisions import HEAD_REVISION, REVISION_SCHEMAS, SCHEMA_VERSION

#: What ``db status`` says of each state.
STATES = {
    "current": N_("up to date"),
    "older": N_("older: run `deckcli db upgrade`"),
    "newer": N_("newer: upgrade deckcli"),
    "empty": N_("empty: set up on first use"),
    "foreign": N_("holds tables that are not deckcli's: refused (give deckcli an empty database)"),
}


def version_label(revision: str | None, schema: int | None = None) -> str:
    """How ``db check``, ``db status`` and ``db upgrade`` name a database's version, the same everywhere: ``revision
    0004``; a file with no revision by its ``PRAGMA user_version`` (``schema 2, before revision 0001``)."""
    if revision:
        return Message("revision {revision}", revision=revision)
    if not schema:
        return Message("no revision")
    first = min(REVISION_SCHEMAS, key=REVISION_SCHEMAS.__getitem__)
    if 0 < schema < REVISION_SCHEMAS[first]:
        return Message("schema {schema}, before revision {first}", schema=schema, first=first)
    return Message("schema {schema}, not a revision this deckcli knows", schema=schema)


def file_revision(user_version: int, recorded: str | None) -> str | None:
    """The revision of an SQLite file: the one its Alembic table records, else the one its ``user_version`` mirrors
    (a file of the release before Alembic, schema 3, is at 0001); None before Alembic."""
    return recorded or next((r for r, number in REVISION_SCHEMAS.items() if number == user_version), None)


@dataclass(frozen=True)
class Status:
    """Where a database is: its backend, the masked URL or file, its revision and this deckcli's latest; ``schema``:
    a file's ``PRAGMA user_version``, which names the version of a file from before Alembic (no revision)."""

    backend: str
    database: str
    revision: str | None
    latest: str
    state: str
    schema: int | None = None

    @property
    def current(self) -> str | None:
        """The revision, ``schema N`` for a file from before Alembic, None for an empty database."""
        return self.revision or (f"schema {self.schema}" if self.schema else None)

    @property
    def current_label(self) -> str:
        """The current version as :func:`version_label` names it."""
        return version_label(self.revision, self.schema)

    def as_dict(self) -> dict[str, Any]:
        keys = ("backend", "database", "current", "latest", "state")
        return {**{key: getattr(self, key) for key in keys}, "meaning": STATES[self.state]}


def _state(revision: str | None, schema: int | None = None) -> str:
    if revision is None:
        return "empty" if not schema else "older" if schema < SCHEMA_VERSION else "newer"
    if revision == HEAD_REVISION:
        return "current"
    return "older" if revision in REVISION_SCHEMAS else "newer"


def _server_state(conn, current: str | None) -> str:
    """The state of a server database at revision ``current``: ``foreign`` when no deckcli revision is there and
    other tables are (what :class:`deckcli.storage.server.ServerDatabase` refuses on first use)."""
    from deckcli.storage.server import foreign_tables

    state = _state(current)
    return "foreign" if state in ("empty", "newer") and foreign_tables(conn) else state


def _file_version(path: Path, origin: str | None) -> tuple[str | None, int | None]:
    """The revision of an SQLite file and its ``user_version``; (None, None) for a new file, whose folder must be
    there unless it is deckcli's data folder (as on first use)."""
    info = inspect(path, origin)
    refuse_foreign(info, path, origin)
    if not info.exists:
        refuse_missing_folder(path, origin)
    if not info.exists or info.is_new:
        return None, None
    recorded = None
    if "alembic_version" in info.tables:
        con = open_read_only(path)
        try:
            recorded = recorded_revision(con)
        finally:
            con.close()
    return file_revision(info.user_version, recorded), info.user_version


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
    revision, schema = _file_version(Path(target), origin)
    return Status("sqlite", str(target), revision, HEAD_REVISION, _state(revision, schema), schema)


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
    #: False for a file not made yet (its folder there): nothing to check, and no problem, as ``db status`` says.
    exists: bool = True

    @property
    def ok(self) -> bool:
        return not self.problems

    @property
    def version(self) -> str:
        """The database's version as :func:`version_label` names it (``revision 0004``)."""
        return version_label(self.revision, self.schema)

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
            "exists": self.exists,
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
    problems: list[str] = []
    unmarked_deckcli = app_id == 0 and schema > 0 and CORE_TABLES <= tables
    if app_id != APPLICATION_ID and not unmarked_deckcli:
        problems.append(
            Message(
                "application id {found:#010x} is not deckcli's ({mark:#010x}): not a deckcli database",
                found=app_id,
                mark=APPLICATION_ID,
            )
        )
    if schema < 0 or schema > SCHEMA_VERSION:
        problems.append(
            Message("schema version {schema}: this deckcli reads 1 to {latest}", schema=schema, latest=SCHEMA_VERSION)
        )
    missing = sorted(_expected_tables(schema == SCHEMA_VERSION) - tables)
    if missing and (app_id == APPLICATION_ID or schema > 0):
        problems.append(Message("tables missing: {tables}", tables=", ".join(missing)))
    return problems


def _missing_file(path: Path) -> list[str]:
    """The problem ``db check`` finds with a file that is not there: none when deckcli creates it on first use (its
    folder is there), else why it cannot be created."""
    try:
        refuse_missing_folder(path)
    except UnopenableDatabase as fault:
        text = N_("{file}: no such file, and {problem}; {advice}")
        return [Message(text, file=path, problem=fault.problem, advice=Message(fault.advice))]
    return []


def _check_file(path: Path) -> CheckReport:
    """Integrity check, foreign keys, schema version, application id and row counts of the file at ``path``."""
    report = CheckReport(str(path))
    try:
        if not inspect(path).exists:
            report.exists = False
            report.problems += _missing_file(path)
            return report
        con = open_read_only(path)
    except (DatabaseFault, sqlite3.Error) as exc:
        report.problems.append(getattr(exc, "problem", str(exc)))
        return report
    try:
        report.schema = con.execute("PRAGMA user_version").fetchone()[0]
        report.application_id = con.execute("PRAGMA application_id").fetchone()[0]
        found = [r[0] for r in con.execute(f"PRAGMA integrity_check({MAX_PROBLEMS:d})")]
        report.problems += [Message("integrity check: {line}", line=line) for line in found if line != "ok"]
        report.integrity = Message("ok") if found == ["ok"] else Message("problems found")
        recorded = recorded_revision(con)
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
            Message("foreign key: {table} row {row} names a missing row of {parent}", table=t, row=rowid, parent=parent)
            for t, rowid, parent, _ in con.execute("PRAGMA foreign_key_check").fetchmany(MAX_PROBLEMS)
        ]
        report.problems += _mark_problems(report.schema, report.application_id, set(tables))
        marks = FileInfo(True, report.application_id, report.schema, frozenset(tables))
        report.revision = file_revision(report.schema, recorded) if marks.is_deckcli else recorded
    except sqlite3.Error as exc:
        report.problems.append(Message("SQLite cannot read it: {reason}", reason=exc))
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

    report = CheckReport(label_of(url), backend="postgresql", integrity=Message("not applicable (the server keeps it)"))
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
        report.problems.append(
            fault.problem if fault else Message("the server cannot read it: {reason}", reason=type(exc).__name__)
        )
        return report
    finally:
        engine.dispose()
    if state != "current":
        revision = report.revision or Message("none")
        report.problems.append(Message("revision {revision}: {state}", revision=revision, state=Message(STATES[state])))
    missing = sorted(_expected_tables(report.revision == HEAD_REVISION) - set(tables))
    if missing and report.revision:
        report.problems.append(Message("tables missing: {tables}", tables=", ".join(missing)))
    return report
