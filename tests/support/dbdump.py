"""What a database or any file holds, to assert that a refused command wrote nothing."""

from __future__ import annotations

import ctypes
import os
import sqlite3
from contextlib import contextmanager
from pathlib import Path


def table_snapshot(path: Path | str) -> list[str]:
    """Every statement of an SQL dump of the database (schema and rows), read without changing the file."""
    con = sqlite3.connect(f"file:{Path(path).absolute()}?mode=ro", uri=True)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def file_bytes(path: Path | str) -> bytes:
    """The file's bytes (for files that must stay byte for byte as they were)."""
    return Path(path).read_bytes()


@contextmanager
def unprivileged():
    """File access as an ordinary user while the block runs: for root (CI), the filesystem uid and gid become
    nobody's (Linux setfsuid), so permission bits apply to SQLite's own opens too; others are ordinary already."""
    if os.geteuid() != 0:
        yield
        return
    libc = ctypes.CDLL(None, use_errno=True)
    libc.setfsgid(65534)
    libc.setfsuid(65534)
    try:
        yield
    finally:
        libc.setfsuid(0)
        libc.setfsgid(0)

