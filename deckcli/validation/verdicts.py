"""Schema checks of deckcli's own data files (``game.json``, bundled formats) remembered between runs.

Checking them at every start cost ~25 ms (importing jsonschema-rs and building two validators) for files that only
change with a release. A file that passed is remembered by a SHA-256 digest of deckcli's version, every schema
file, the schema's name and the file's text, kept in ``<data folder>/schema-verdicts.json``. The digest is
recomputed from the files at every start, so a changed file, schema or release is checked again; a verdict file
that is garbled, or holds digests of other contents, gives no verdict (never an error) and is rewritten. Only
passes are remembered: a failing file is checked, and its errors shown, every time. Files an organiser gives by
path are never looked up here (:func:`deckcli.validation.jsonschemas.schema_errors` checks them each time).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from deckcli import __version__
from deckcli.errors import InputError
from deckcli.files.jsonfiles import read_json_file
from deckcli.storage.location import schemas_dir

VERDICTS_FILE = "schema-verdicts.json"
#: How many digests the file keeps (the newest): a few releases' worth of games and formats.
KEEP = 200
_FORMAT = 1


def checked_schema_errors(schema_name: str, text: str, doc: Any, label: str) -> list[str]:
    """``schema_errors`` of ``doc`` (parsed from ``text``), skipped when this very text passed the same schemas
    before."""
    digest = _digest(schema_name, text)
    if digest in _passed(verdicts_path()):
        return []
    from deckcli.validation.jsonschemas import schema_errors

    problems = schema_errors(schema_name, doc, label)
    if not problems:
        _remember(digest)
    return problems


def verdicts_path() -> Path:
    """Where the verdicts are kept: the user's data folder."""
    from deckcli.storage.location import data_dir

    return data_dir() / VERDICTS_FILE


@cache
def _schemas_digest() -> bytes:
    """What every verdict depends on besides the file: deckcli's version and the bytes of every schema file."""
    digest = hashlib.sha256(f"deckcli {__version__}\0".encode())
    for path in sorted(schemas_dir().glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.digest()


def _digest(schema_name: str, text: str) -> str:
    digest = hashlib.sha256(_schemas_digest())
    digest.update(schema_name.encode() + b"\0" + text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


@cache
def _passed(path: Path) -> list[str]:
    """The digests ``path`` remembers as passed, newest last (an unreadable or malformed file: none); read once."""
    try:
        doc = read_json_file(path).doc  # deckcli's depth limit: no RecursionError
    except (OSError, ValueError, InputError):
        return []
    passed = doc.get("passed") if isinstance(doc, dict) and doc.get("format") == _FORMAT else None
    if not isinstance(passed, list):
        return []
    return [d for d in passed if isinstance(d, str) and len(d) == 64][-KEEP:]


def _remember(digest: str) -> None:
    """Add ``digest`` and rewrite the file whole through the one writer (:func:`deckcli.files.writing.write_whole`:
    a temporary file put in its place); a data folder that cannot be written just remembers nothing."""
    from deckcli.errors import DeckcliError
    from deckcli.files.writing import write_whole

    path = verdicts_path()
    passed = _passed(path)
    passed.append(digest)
    del passed[:-KEEP]
    text = json.dumps({"format": _FORMAT, "passed": passed})
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_whole(path, lambda handle: handle.write(text))
    except (OSError, DeckcliError):
        pass


def forget() -> None:
    """Drop what this process read of the verdicts (tests and a changed data folder)."""
    _passed.cache_clear()
    _schemas_digest.cache_clear()
