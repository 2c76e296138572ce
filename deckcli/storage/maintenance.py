"""``db check`` and ``db backup``: what a database file holds and whether SQLite finds it sound; a consistent copy.

Both open the file read-only and never create, migrate or mark it, so they are safe on a damaged or foreign file.
The copy goes through SQLite's backup API in one step: one read transaction, so it is consistent while another
process writes (WAL lets the writer go on), and it lands under its name only when complete.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckcli.dbfiles import companion_of
from deckcli.errors import DatabaseFault
from deckcli.storage.fileinfo import (
    APPLICATION_ID,
    CORE_TABLES,
    inspect,
    mode_of,
    read_only_uri,
    recorded_revision,
    refuse_foreign,
)
from deckcli.storage.revisions import SCHEMA_VERSION

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


def _open_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection that has read the schema (immutable where the folder holds no WAL index)."""
    try:
        con = sqlite3.connect(read_only_uri(path), uri=True)
        con.execute("SELECT count(*) FROM sqlite_master").fetchone()
        return con
    except sqlite3.Error:
        return sqlite3.connect(read_only_uri(path, immutable=True), uri=True)


def _mark_problems(schema: int, app_id: int, tables: set[str]) -> list[str]:
    problems = []
    unmarked_deckcli = app_id == 0 and schema > 0 and CORE_TABLES <= tables
    if app_id != APPLICATION_ID and not unmarked_deckcli:
        problems.append(
            f"application id {app_id:#010x} is not deckcli's ({APPLICATION_ID:#010x}): not a deckcli database"
        )
    if schema < 0 or schema > SCHEMA_VERSION:
        problems.append(f"schema version {schema}: this deckcli reads 1 to {SCHEMA_VERSION}")
    missing = sorted(CORE_TABLES - tables)
    if missing and (app_id == APPLICATION_ID or schema > 0):
        problems.append(f"tables missing: {', '.join(missing)}")
    return problems


def check_database(path: Path) -> CheckReport:
    """Integrity check, foreign keys, schema version, application id and row counts of the file at ``path``."""
    report = CheckReport(str(path))
    try:
        if not inspect(path).exists:
            report.problems.append(f"{path}: no such file (deckcli creates it on first use)")
            return report
        con = _open_read_only(path)
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


@dataclass(frozen=True)
class BackupResult:
    """A finished copy: where, how large, and its rows per table."""

    target: str
    size: int
    rows: dict[str, int]


def backup_database(source: Path, target: Path, origin: str | None = None) -> BackupResult:
    """Copy the deckcli database ``source`` to the new file ``target`` in one consistent step."""
    info = inspect(source, origin)
    if not info.exists:
        raise DatabaseFault(source, "no such file", "there is nothing to back up yet", origin)
    refuse_foreign(info, source, origin)
    if companion_of(target, source) is not None:  # (SQLite would take the copy for the database's WAL and reset it)
        raise DatabaseFault(
            target, f"it is a file SQLite keeps beside the database {source}", "give the copy another name"
        )
    if mode_of(target, advice="give the copy another name") is not None:
        if target.resolve() == source.resolve():
            raise DatabaseFault(target, "it is the database itself", "give the copy another name", origin)
        raise DatabaseFault(target, "it already exists", "give the copy a new name (deckcli never overwrites it)")
    if not target.parent.is_dir():  # else SQLite's "unable to open database file" would seem the source's fault
        what = "is a file" if target.parent.exists() else "does not exist"
        raise DatabaseFault(target, f"its folder {what}", "choose a folder you can write")
    temp = target.with_name(f".{target.name}.{os.getpid()}.part")
    try:
        _copy(source, temp)
        os.replace(temp, target)
    except sqlite3.Error as exc:
        raise DatabaseFault(
            source, f"the copy failed ({exc})", "nothing was written to " + str(target), origin
        ) from None
    except OSError as exc:
        raise DatabaseFault(
            target, f"cannot write the copy ({exc.strerror})", "choose a folder you can write"
        ) from None
    finally:
        with contextlib.suppress(OSError):
            temp.unlink(missing_ok=True)
    return BackupResult(str(target), target.stat().st_size, check_database(target).rows)


def _copy(source: Path, temp: Path) -> None:
    src = _open_read_only(source)
    dst = sqlite3.connect(temp)
    try:
        src.backup(dst)  # all pages in one step: one read transaction, a consistent snapshot
        dst.execute("PRAGMA journal_mode = DELETE")  # a single self-contained file
        dst.commit()
    finally:
        dst.close()
        src.close()
