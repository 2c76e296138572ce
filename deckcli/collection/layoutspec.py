"""What a collection layout is: the header names of each field deckcli reads (:class:`Layout`), how deckcli writes
the layouts it can write (:class:`Writing`), and the loose comparison of header cells; the layouts themselves are the
one registry of :mod:`deckcli.collection.layouts`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: deckcli's own CSV columns, in export order.
DECKCLI_COLUMNS = (
    "count",
    "name",
    "game",
    "set",
    "number",
    "finish",
    "condition",
    "language",
    "tag",
    "proxy",
    "tradelist",
    "purchase_price",
)


@dataclass(frozen=True)
class Writing:
    """How deckcli writes a layout: the header, what each column holds, and the tool's words for values.

    A cell is a field of an exported entry (``count``, ``name``, ``game``, ``set``, ``set_name``, ``number``,
    ``finish``, ``condition``, ``language``, ``tag``, ``proxy``, ``tradelist``, ``purchase_price``, ``rarity``),
    ``set:lower`` for a lower-case
    set code, or ``=text`` for a fixed text. ``words`` gives, per field, the tool's word for a stored value;
    other values are written as stored, or (``spelled_out``) conditions and languages by their English names.
    """

    header: tuple[str, ...]
    cells: tuple[str, ...]
    words: dict[str, dict[object, str]] = field(default_factory=dict)
    spelled_out: bool = True
    preamble: str = ""  # a first line before the header, such as Dragon Shield's "sep=,"
    line_end: str = "\n"
    quote_all: bool = False


@dataclass(frozen=True)
class Layout:
    """One tool's CSV layout: ``signature`` identifies it, ``columns`` map fields to header names.

    Each signature entry is a set of header names of which the header row must hold at least one.
    """

    name: str
    title: str
    signature: tuple[frozenset[str], ...]
    columns: dict[str, tuple[str, ...]] = field(default_factory=dict)
    writing: Writing | None = None
    refusal: str = ""
    any_sheet: bool = False  # any spreadsheet's columns: its other columns are its own, not a tool's left unread

    def matches(self, keys: set[str]) -> bool:
        """Whether a header row (as :func:`header_key` keys) holds this layout's signature."""
        return all(group & keys for group in self.signature)

    def mapping(self, headers: list[str]) -> dict[str, tuple[int, ...]]:
        """field -> the indexes of its columns in this file, preferred first (the first non-empty cell wins)."""
        position: dict[str, int] = {}
        for i, header in enumerate(headers):
            position.setdefault(header_key(header), i)
        found = {}
        for fld, names in self.columns.items():
            indexes = tuple(position[name] for name in names if name in position)
            if indexes:
                found[fld] = indexes
        return found

    def unkept(self, headers: list[str]) -> list[str]:
        """The header cells of a tool's file in this layout that deckcli reads into no field, as written (none for
        any other sheet)."""
        if self.any_sheet:
            return []
        read = {name for names in self.columns.values() for name in names}
        return [h.replace("\ufeff", "").strip() for h in headers if header_key(h) and header_key(h) not in read]

    def describe_signature(self) -> str:
        return ", ".join("/".join(sorted(group)) for group in self.signature)


def header_key(text: str) -> str:
    """A header cell compared loosely: case, surrounding space, BOM, curly apostrophes and repeated spaces ignored."""
    return re.sub(r"\s+", " ", text.replace("\ufeff", "").replace("\u2019", "'").strip()).casefold()


def layout_of(
    layout_name: str,
    title: str,
    signature: str,
    /,
    writing: Writing | None = None,
    refusal: str = "",
    any_sheet: bool = False,
    **columns: str,
) -> Layout:
    """A layout from comma-separated header lists; ``a|b`` in the signature accepts either header."""
    sig = tuple(frozenset(header_key(h) for h in group.split("|")) for group in signature.split(","))
    cols = {f: tuple(header_key(h) for h in names.split(",")) for f, names in columns.items()}
    return Layout(layout_name, title, sig, cols, writing, refusal, any_sheet)


def writing_of(header: str, cells: str, **options) -> Writing:
    heads, what = tuple(header.split(",")), tuple(cells.split(","))
    assert len(heads) == len(what), header
    return Writing(heads, what, **options)
