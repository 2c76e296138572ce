"""deckcli's own layouts: its text decklist, JSON, CSV and deck codes (each module in deckcli/decklists/ reads and
writes one; this module says how each is recognised)."""

from __future__ import annotations

import re

from deckcli.decklists.code import PREFIX, decode_code, encode_code
from deckcli.decklists.csvfmt import csv_columns, format_csv, parse_csv
from deckcli.decklists.jsonfmt import format_json, parse_json
from deckcli.decklists.layouts.base import CERTAIN, Layout
from deckcli.decklists.text import format_text, parse_text
from deckcli.i18n import N_

_CODE = re.compile(rf"{PREFIX[:2]}[0-9]")


def _body(text: str) -> str:
    return text.lstrip("\ufeff \t\r\n")


def _is_json(text: str) -> int:
    return CERTAIN if _body(text).startswith("{") else 0


def _is_csv(text: str) -> int:
    first = _body(text).split("\n", 1)[0]
    return CERTAIN if any(d in first for d in ",;\t=") and csv_columns(_body(text)) is not None else 0


def _is_code(text: str) -> int:
    tokens = _body(text).split(None, 1)
    return CERTAIN if len(tokens) == 1 and _CODE.match(tokens[0]) else 0


TEXT = Layout(
    "text",
    N_("deckcli text decklist"),
    parse_text,
    extensions=(".txt", ".dec", ".deck"),
    write=format_text,
    knows_zones=True,
)
JSON = Layout(
    "json",
    N_("deckcli JSON decklist"),
    lambda text, source: parse_json(text, source or "<json>"),
    _is_json,
    (".json",),
    format_json,
    lines=False,
    knows_zones=True,
)
CSV = Layout(
    "csv", N_("deckcli CSV decklist"), parse_csv, _is_csv, (".csv",), format_csv, lines=False, knows_zones=True
)
CODE = Layout(
    "code",
    N_("deckcli deck code"),
    decode_code,
    _is_code,
    (".code",),
    lambda deck: encode_code(deck) + "\n",
    lines=False,
    knows_zones=True,
)
