"""A JSON file read whole and parsed with deckcli's limits: the one way deckcli reads its own JSON files.

deckcli's own files (``game.json``, bundled formats, the schemas, the schema verdicts) are not the user's: they need
no size limit or decoding guess (:mod:`deckcli.files.reading`), only UTF-8 and :func:`~deckcli.files.jsontext.
parse_json`'s depth and digit limits. Bundled files only change with a release, so :func:`bundled_json` reads each
once per process: ``game.json`` was read three times per start-up (its code, its title, the game itself).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from deckcli.files.jsontext import parse_json


class JsonFile(NamedTuple):
    """A JSON file's text (what a schema verdict's digest covers) and its parsed document."""

    text: str
    doc: Any


def read_json_file(path: Path) -> JsonFile:
    """``path`` read as UTF-8 and parsed; raises OSError, UnicodeError or JsonSyntaxError naming the file."""
    text = path.read_text(encoding="utf-8")
    return JsonFile(text, parse_json(text, str(path)))


@cache
def bundled_json(path: Path) -> JsonFile:
    """A file shipped with deckcli, read once per process (a failed read is not kept: it raises again).

    Callers share the document and must not change it."""
    return read_json_file(path)
