"""The database settings that need no SQLAlchemy: where the file lives, the schema version this release writes, and
how long a command waits for another one's lock. The engine (writes) and the read path (sqlite3) share them."""

from __future__ import annotations

import os
from pathlib import Path

#: The Alembic revision this release writes (the head of ``deckcli/storage/migrations/versions``).
HEAD_REVISION = "0003"
#: Each revision's number, kept by an SQLite file in ``PRAGMA user_version`` so the read path tells a ready file
#: without importing Alembic. 1 and 2 are the pre-Alembic schemas, migrated by :mod:`deckcli.storage.legacy`.
REVISION_SCHEMAS = {"0001": 3, "0002": 4, "0003": 5}
#: The schema version this release writes (its head revision's number); older files are migrated up to it.
SCHEMA_VERSION = REVISION_SCHEMAS[HEAD_REVISION]
BUSY_TIMEOUT_MS = 30_000
#: Overrides BUSY_TIMEOUT_MS: how long (milliseconds) a command waits for another one's lock.
BUSY_TIMEOUT_VARIABLE = "DECKCLI_BUSY_TIMEOUT_MS"


def data_dir() -> Path:
    """The user's deckcli data folder: ``DECKCLI_DATA_DIR`` or the platform's user data folder."""
    override = os.environ.get("DECKCLI_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("deckcli", appauthor=False))


def default_db_path() -> Path:
    """``DECKCLI_DB`` if set, else ``deckcli.db`` in the data folder."""
    override = os.environ.get("DECKCLI_DB")
    if override:
        return Path(override)
    return data_dir() / "deckcli.db"


def busy_timeout_ms() -> int:
    """DECKCLI_BUSY_TIMEOUT_MS when it is a whole number of milliseconds, else BUSY_TIMEOUT_MS."""
    value = os.environ.get(BUSY_TIMEOUT_VARIABLE, "").strip()
    return int(value) if value.isdigit() and len(value) <= 9 else BUSY_TIMEOUT_MS
