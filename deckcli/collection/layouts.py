"""CSV collection layouts, recognised by their header rows: deckcli's own export and other tools' exports.

A layout maps each field deckcli reads (count, name, game, set, number, finish, condition, language,
tag) to the header names a tool writes, in order of preference. Values are normalised afterwards by
:mod:`deckcli.collection.variants`, so one mapping per tool is all a layout needs.
Trade-list counts (a part of the owned count) and prices are ignored.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from deckcli.errors import InputError

#: deckcli's own CSV columns, in export order.
DECKCLI_COLUMNS = ("count", "name", "game", "set", "number", "finish", "condition", "language", "tag")


@dataclass(frozen=True)
class Layout:
    """One tool's CSV layout: ``signature`` headers identify it, ``columns`` map fields to header names."""

    name: str
    title: str
    signature: frozenset[str]
    columns: dict[str, tuple[str, ...]] = field(default_factory=dict)

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


def header_key(text: str) -> str:
    """A header cell compared loosely: case, surrounding space, BOM and repeated spaces ignored."""
    return re.sub(r"\s+", " ", text.replace("\ufeff", "").strip()).casefold()


def _layout(layout_name: str, title: str, signature: str, /, **columns: str) -> Layout:
    sig = frozenset(header_key(h) for h in signature.split(","))
    cols = {f: tuple(header_key(h) for h in names.split(",")) for f, names in columns.items()}
    return Layout(layout_name, title, sig, cols)


#: Layouts in detection order (most specific signature first).
LAYOUTS: tuple[Layout, ...] = (
    _layout(
        "deckcli", "deckcli", "count,name,game,set,number,finish",
        count="count", name="name", game="game", set="set", number="number", finish="finish",
        condition="condition", language="language", tag="tag",
    ),
    # Dragon Shield Card Manager: Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,
    # Condition,Printing,Language,Price Bought,Date Bought,LOW,MID,MARKET (after a "sep=," line).
    _layout(
        "dragonshield", "Dragon Shield", "quantity,card name,set code,card number,printing",
        count="Quantity", name="Card Name", set="Set Code,Set Name", number="Card Number", finish="Printing",
        condition="Condition", language="Language", tag="Folder Name",
    ),
    # ManaBox: [Binder Name,Binder Type,]Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,
    # Scryfall ID,Purchase price,Misprint,Altered,Condition,Language,Purchase price currency
    _layout(
        "manabox", "ManaBox", "name,set code,collector number,foil,quantity",
        count="Quantity", name="Name", set="Set code,Set name", number="Collector number", finish="Foil",
        condition="Condition", language="Language", tag="Binder Name",
    ),
    # Moxfield: Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,Collector Number,
    # Alter,Proxy,Purchase Price  (Edition holds the set code)
    _layout(
        "moxfield", "Moxfield", "count,tradelist count,name,edition,collector number",
        count="Count", name="Name", set="Edition", number="Collector Number", finish="Foil",
        condition="Condition", language="Language", tag="Tags",
    ),
    # Deckbox: Count,Tradelist Count,Name,Edition,[Edition Code,]Card Number,Condition,Language,Foil,Signed,
    # Artist Proof,Altered Art,Misprint,Promo,Textless,[Printing Id,Printing Note,Tags,]My Price
    # (Edition holds the set name)
    _layout(
        "deckbox", "Deckbox", "count,tradelist count,name,edition,card number",
        count="Count", name="Name", set="Edition Code,Edition", number="Card Number", finish="Foil",
        condition="Condition", language="Language", tag="Tags",
    ),
)


def detect(headers: list[str], source: str = "CSV") -> Layout:
    """The layout whose signature headers the header row holds, or an error describing the known layouts."""
    keys = {header_key(h) for h in headers}
    for layout in LAYOUTS:
        if layout.signature <= keys:
            return layout
    known = "; ".join(f"{layout.title}: {', '.join(sorted(layout.signature))}" for layout in LAYOUTS)
    raise InputError(
        f"{source}: line 1: not a collection layout deckcli knows (header: {', '.join(h.strip() for h in headers)});"
        f" known layouts and the columns they need: {known}"
    )
