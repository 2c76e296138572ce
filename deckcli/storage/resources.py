"""Where the bundled schemas and card data live, in a source checkout and in an installed wheel.

The wheel maps the top-level ``schemas/`` and ``carddb/`` folders to ``deckcli/schemas`` and
``deckcli/carddb``; a source checkout keeps them beside the package.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    inside = _PACKAGE / name
    if inside.is_dir():
        return inside
    return _PACKAGE.parent / name


@cache
def schemas_dir() -> Path:
    """The folder of JSON Schemas."""
    return _data_dir("schemas")


@cache
def carddb_dir() -> Path:
    """The folder of bundled card sets (``<game>/<set>.json``) and formats (``<game>/formats/``)."""
    return _data_dir("carddb")


def bundled_set_files() -> list[Path]:
    """Every bundled card-set file (``carddb/<game>/*.json`` but the game file), in a stable order."""
    return sorted(p for p in carddb_dir().glob("*/*.json") if p.name != "game.json")


def bundled_format_files() -> list[Path]:
    """Every bundled format file, in a stable order."""
    return sorted(carddb_dir().glob("*/formats/*.json"))


#: The ``meta`` key holding :func:`bundled_hash` of the bundled cards a database was last filled with.
BUNDLED_HASH_KEY = "bundled_cards_sha256"


def bundled_hash() -> str:
    """A fingerprint of the bundled card files, to notice when a new release ships new data."""
    digest = hashlib.sha256()
    for path in bundled_set_files():
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()
