"""Where the database is: a file path (SQLite) or a server URL (PostgreSQL), told apart without SQLAlchemy.

Only a value starting with a known ``scheme://`` is a URL; anything else is a file name taken as it is (``my?deck.db``
is that file). A URL's password is masked (``***``) wherever deckcli shows it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from deckcli.storage.urls import PASSWORD_VARIABLE, mask_url, url_problem  # noqa: F401  (re-exported)

#: The URL schemes deckcli connects to; ``postgresql://`` means psycopg 3, as ``postgresql+psycopg://`` does.
SERVER_SCHEMES = ("postgresql", "postgresql+psycopg")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def url_scheme(value: object) -> str | None:
    """The scheme of ``value`` when it is written as a URL (``word://...``), else None."""
    if not isinstance(value, str):
        return None
    match = _SCHEME.match(value)
    return match.group(1).lower() if match else None


def is_url(value: object) -> bool:
    """Whether ``value`` names a database server (a URL of :data:`SERVER_SCHEMES`) rather than a file."""
    return url_scheme(value) in SERVER_SCHEMES


def file_name_problem(value: str | Path) -> str | None:
    """Why ``value`` cannot name a database file (empty, ``-``, a folder's name ending in ``/``), else None: such a
    name would open the working folder, a file called ``-``, or the name without its ``/``."""
    text = str(value)
    if not text:
        return "an empty file name: name the database file"
    if text == "-":
        return "- (standard input or output) cannot be a database: name a file"
    if text.endswith(("/", os.sep)):
        return f"{text}: ends in /, a folder's name: name a database file"
    return None


def target_of(value: str | Path | None) -> str | Path | None:
    """``value`` as deckcli opens it: a server URL stays text, anything else is a file Path."""
    if value is None or isinstance(value, Path):
        return value
    return value if is_url(value) else Path(value)


def label_of(target: str | Path) -> str:
    """How messages name the database: the masked URL, or the file path."""
    return mask_url(target) if isinstance(target, str) and is_url(target) else str(target)


def default_target() -> str | Path:
    """``DECKCLI_DB`` (a URL or a file) if set, else ``deckcli.db`` in the data folder."""
    from deckcli.storage.settings import default_db_path

    override = os.environ.get("DECKCLI_DB")
    return override if override and is_url(override) else default_db_path()
