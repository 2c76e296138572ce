"""Collection file layouts, one job in one module: what a layout is (:class:`Layout`, :class:`Writing`, the loose
comparison of header cells) and the one registry of them, deckcli's own and other tools' CSV exports, recognised by
header row.

A layout maps each field deckcli reads (count, name, game, set, number, finish, condition, language, tag,
proxy, tradelist, purchase_price) to the header names a tool writes, in order of preference (the first non-empty cell wins). Values are
normalised afterwards by :mod:`deckcli.collection.variants`, so one mapping per tool is all reading needs.
A layout deckcli can also write carries a :class:`Writing`: its header row, what each column holds and the
tool's words for stored values. A layout deckcli recognises but cannot use (Cardmarket's product-id stock
export) carries a ``refusal`` saying what to export instead. The other columns of a file (ids, market prices,
dates ...) are not kept, and an import names them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from deckcli.errors import InputError
from deckcli.i18n import N_, Message
from deckcli.words import YES_NO

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


# The words tools write for deckcli's condition codes; codes a tool lacks are written by deckcli's name.
_MOXFIELD_CONDITIONS = {  # as Moxfield's own export spells them
    "M": "Mint",
    "NM": "Near Mint",
    "LP": "Lightly Played",
    "MP": "Moderately Played",
    "HP": "Heavily Played",
    "PO": "Damaged",
}
_DECKBOX_CONDITIONS = {
    "M": "Mint",
    "NM": "Near Mint",
    "LP": "Good (Lightly Played)",
    "PL": "Played",
    "HP": "Heavily Played",
    "PO": "Damaged",
}
_MANABOX_CONDITIONS = {
    "M": "mint",
    "NM": "near_mint",
    "EX": "excellent",
    "GD": "good",
    "LP": "light_played",
    "MP": "moderately_played",
    "PL": "played",
    "HP": "heavily_played",
    "PO": "poor",
}
_DRAGONSHIELD_CONDITIONS = {
    "M": "Mint",
    "NM": "NearMint",
    "EX": "Excellent",
    "GD": "Good",
    "LP": "LightPlayed",
    "MP": "ModeratelyPlayed",
    "PL": "Played",
    "HP": "HeavilyPlayed",
    "PO": "Poor",
}
_TCGPLAYER_CONDITIONS = {
    "NM": "Near Mint",
    "LP": "Lightly Played",
    "MP": "Moderately Played",
    "HP": "Heavily Played",
    "PO": "Damaged",
}
_CHINESE_AS_MOXFIELD = {"zhs": "Chinese", "zht": "Traditional Chinese"}  # Moxfield and Deckbox
_TRUE_FALSE = {True: "True", False: "False"}

#: Layouts in detection order (most specific signature first; the generic count,name layout and refusals last).
LAYOUTS: tuple[Layout, ...] = (
    layout_of(
        "deckcli",
        "deckcli",
        "count,name,game,set,number,finish",
        count="count",
        name="name",
        game="game",
        set="set",
        number="number",
        finish="finish",
        condition="condition",
        language="language",
        tag="tag",
        proxy="proxy",
        tradelist="tradelist",
        purchase_price="purchase_price",
        writing=writing_of(
            ",".join(DECKCLI_COLUMNS),
            ",".join(DECKCLI_COLUMNS),
            spelled_out=False,
            words={"proxy": YES_NO},  # (the yes/no of every table and CSV)
        ),
    ),
    # Dragon Shield Card Manager: a "sep=," line, then Folder Name,Quantity,Trade Quantity,Card Name,Set Code,
    # Set Name,Card Number,Condition,Printing,Language,Price Bought,Date Bought,LOW,MID,MARKET (or AVG,LOW,TREND).
    layout_of(
        "dragonshield",
        "Dragon Shield",
        "quantity,card name,set code,card number,printing",
        count="Quantity",
        name="Card Name",
        set="Set Code,Set Name",
        number="Card Number",
        finish="Printing",
        condition="Condition",
        language="Language",
        tag="Folder Name",
        tradelist="Trade Quantity",
        purchase_price="Price Bought",
        writing=writing_of(
            "Folder Name,Quantity,Trade Quantity,Card Name,Set Code,Set Name,Card Number,Condition,Printing,Language,"
            "Price Bought,Date Bought,LOW,MID,MARKET",
            "tag,count,tradelist,name,set,set_name,number,condition,finish,language,purchase_price,=,=,=,=",
            words={
                "condition": _DRAGONSHIELD_CONDITIONS,
                "finish": {"normal": "Normal", "foil": "Foil", "etched": "Etched"},
            },
            preamble='"sep=,"',
            line_end="\r\n",
        ),
    ),
    # ManaBox: [Binder Name,Binder Type,]Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,
    # Scryfall ID,Purchase price,Misprint,Altered,[Signed,]Condition,Language,[Proxy,]Purchase price currency[,Added]
    layout_of(
        "manabox",
        "ManaBox",
        "name,set code,collector number,foil,quantity",
        count="Quantity",
        name="Name",
        set="Set code,Set name",
        number="Collector number",
        finish="Foil",
        condition="Condition",
        language="Language",
        tag="Binder Name",
        proxy="Proxy",
        purchase_price="Purchase price",
        writing=writing_of(
            "Binder Name,Binder Type,Name,Set code,Set name,Collector number,Foil,Rarity,Quantity,ManaBox ID,"
            "Scryfall ID,Purchase price,Misprint,Altered,Signed,Condition,Language,Proxy,Purchase price currency",
            "tag,=binder,name,set,set_name,number,finish,rarity,count,=,=,purchase_price,=false,=false,=false,condition,"
            "language,"
            "proxy,=",
            words={
                "condition": _MANABOX_CONDITIONS,
                "language": {"zhs": "zh_CN", "zht": "zh_TW"},
                "proxy": {True: "true", False: "false"},
            },
            spelled_out=False,
        ),
    ),
    # Moxfield: Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,Collector Number,
    # Alter,Proxy,Purchase Price; every cell quoted, CRLF; Edition is the set code in lower case.
    layout_of(
        "moxfield",
        "Moxfield",
        "count,tradelist count,name,edition,collector number",
        count="Count",
        name="Name",
        set="Edition",
        number="Collector Number",
        finish="Foil",
        condition="Condition",
        language="Language",
        tag="Tags",
        proxy="Proxy,Playtest Card",
        tradelist="Tradelist Count",
        purchase_price="Purchase Price",
        writing=writing_of(
            "Count,Tradelist Count,Name,Edition,Condition,Language,Foil,Tags,Last Modified,Collector Number,Alter,"
            "Proxy,Purchase Price",
            "count,tradelist,name,set:lower,condition,language,finish,tag,=,number,=False,proxy,purchase_price",
            words={
                "condition": _MOXFIELD_CONDITIONS,
                "language": _CHINESE_AS_MOXFIELD,
                "finish": {"normal": "", "foil": "foil", "etched": "etched"},
                "proxy": _TRUE_FALSE,
            },
            quote_all=True,
            line_end="\r\n",
        ),
    ),
    # Deckbox: Count,Tradelist Count,Name,Edition,[Edition Code,]Card Number,Condition,Language,Foil,Signed,
    # Artist Proof,Altered Art,Misprint,Promo,Textless,[Printing Id,Printing Note,Tags,]My Price
    # (Edition holds the set name; Deckbox keeps no etched finish: etched is written as foil).
    layout_of(
        "deckbox",
        "Deckbox",
        "count,tradelist count,name,edition,card number",
        count="Count",
        name="Name",
        set="Edition Code,Edition",
        number="Card Number",
        finish="Foil",
        condition="Condition",
        language="Language",
        tag="Tags",
        tradelist="Tradelist Count",
        purchase_price="My Price",
        writing=writing_of(
            "Count,Tradelist Count,Name,Edition,Edition Code,Card Number,Condition,Language,Foil,Signed,Artist Proof,"
            "Altered Art,Misprint,Promo,Textless,Printing Id,Printing Note,Tags,My Price",
            "count,tradelist,name,set_name,set:lower,number,condition,language,finish,=,=,=,=,=,=,=,=,tag,purchase_price",
            words={
                "condition": _DECKBOX_CONDITIONS,
                "language": _CHINESE_AS_MOXFIELD,
                "finish": {"normal": "", "foil": "foil", "etched": "foil"},
            },
        ),
    ),
    # Archidekt: Quantity,Name,Finish,Condition,Date Added,Language,Purchase Price,Tags,Edition Name,Edition Code,
    # Multiverse Id,Scryfall ID,[MTGO ID,]Collector Number (columns selectable; languages EN, JP, KR, CS, CT ...).
    layout_of(
        "archidekt",
        "Archidekt",
        "quantity,name,finish,edition code|edition name",
        count="Quantity",
        name="Name",
        set="Edition Code,Edition Name",
        number="Collector Number",
        finish="Finish",
        condition="Condition",
        language="Language",
        tag="Tags",
        purchase_price="Purchase Price",
    ),
    # TopDecked: QUANTITY,"NAME",SETCODE,"SETNAME","COLLECTOR NUMBER",FINISH,PRICE,RARITY,ID,ACQUIRED DATE,
    # ACQUIRED PRICE,LANG,PRICE SALE,SIGNING,ALTERATION,CONDITION,NOTES,TAGS (FINISH nonfoil/foil/etched).
    layout_of(
        "topdecked",
        "TopDecked",
        "quantity,name,setcode,collector number",
        count="QUANTITY",
        name="NAME",
        set="SETCODE,SETNAME",
        number="COLLECTOR NUMBER",
        finish="FINISH",
        condition="CONDITION",
        language="LANG",
        tag="TAGS",
        purchase_price="ACQUIRED PRICE",
    ),
    # TCGplayer app: Quantity,Name,Simple Name,Set,Card Number,Set Code,[External ID,]Printing,Condition,Language,
    # Rarity,Product ID,SKU[,Price,Price Each]. Name carries decorations such as "(Borderless)"; Simple Name not.
    # TCGplayer keeps no tags, proxies or etched finish.
    layout_of(
        "tcgplayer",
        "TCGplayer",
        "quantity,simple name,set code",
        count="Quantity",
        name="Simple Name,Name",
        set="Set Code,Set",
        number="Card Number",
        finish="Printing",
        condition="Condition",
        language="Language",
        writing=writing_of(
            "Quantity,Name,Simple Name,Set,Card Number,Set Code,Printing,Condition,Language,Rarity,Product ID,SKU",
            "count,name,name,set_name,number,set,finish,condition,language,rarity,=,=",
            words={
                "condition": _TCGPLAYER_CONDITIONS,
                "language": {"zhs": "Chinese (S)", "zht": "Chinese (T)"},
                "finish": {"normal": "Normal", "foil": "Foil", "etched": "Foil"},
            },
        ),
    ),
    # MTGGoldfish: Card,Set ID,Set Name,Quantity,Foil,Variation[,Collector Number,Scryfall ID]
    # (Foil REGULAR/FOIL/FOIL_ETCHED, or lower case).
    layout_of(
        "mtggoldfish",
        "MTGGoldfish",
        "card,set id,quantity,foil",
        count="Quantity",
        name="Card",
        set="Set ID,Set Name",
        number="Collector Number",
        finish="Foil",
    ),
    # Delver Lens: columns chosen by the user; its own preset has Name, Edition, Edition code, Collector's number,
    # Quantity (or QuantityX, with counts such as "2x"), Foil, Condition, Language, Scryfall ID ...
    layout_of(
        "delverlens",
        "Delver Lens",
        "name,collector's number,quantity|quantityx",
        count="Quantity,QuantityX",
        name="Name",
        set="Edition code,Edition",
        number="Collector's number",
        finish="Foil",
        condition="Condition",
        language="Language",
        tag="List,Location",
    ),
    # Any spreadsheet with a count and a name column, and any of set, number, foil, condition, language, tradelist ...
    layout_of(
        "generic",
        "count,name",
        "count|quantity|qty|amount|copies,name|card name|card",
        count="count,quantity,qty,amount,copies",
        name="name,card name,card",
        game="game",
        set="set,set code,edition,edition code,expansion",
        number="number,collector number,card number,no",
        finish="finish,foil,printing",
        condition="condition",
        language="language,lang",
        tag="tag,tags,binder,folder",
        proxy="proxy",
        tradelist="tradelist,tradelist count,trade quantity",
        purchase_price="purchase_price,purchase price",
        any_sheet=True,
    ),
    # Cardmarket "Manage Stock" export: idProduct;groupCount;price;idLanguage;condition;isFoil;isSigned;...
    layout_of(
        "cardmarket",
        N_("Cardmarket stock"),  # shown in a sentence: translated there
        "idproduct,groupcount|amount",
        refusal=N_(
            "it names cards only by Cardmarket product ids (idProduct), not by name, so deckcli cannot tell"
            " which cards they are; export the cards with their names instead: from the app that holds them"
            " in one of the layouts deckcli reads, or as a spreadsheet with count and name columns (and any"
            " of set, number, foil, condition, language)"
        ),
    ),
)


def by_name(name: str) -> Layout:
    """The registered layout called ``name`` (``moxfield``, ``deckbox`` ...)."""
    for layout in LAYOUTS:
        if layout.name == name:
            return layout
    known = ", ".join(layout.name for layout in LAYOUTS)
    raise InputError(Message("unknown collection layout {name!r}; known: {known}", name=name, known=known))


def writable() -> list[str]:
    """The names of the layouts deckcli can write, in registry order."""
    return [layout.name for layout in LAYOUTS if layout.writing is not None]


def detect(headers: list[str], source: str = "CSV", line: int = 1) -> Layout:
    """The layout whose signature the header row holds, or an error describing the known layouts.

    A recognised layout deckcli cannot use is an error that names it and says what to export instead.
    """
    keys = {header_key(h) for h in headers}
    for layout in LAYOUTS:
        if layout.matches(keys):
            if layout.refusal:
                text = N_("{source}: line {line}: this is a {layout} export: {refusal}")
                layout_title, refusal = Message(layout.title), Message(layout.refusal)
                raise InputError(Message(text, source=source, line=line, layout=layout_title, refusal=refusal))
            return layout
    known = "; ".join(f"{layout.title}: {layout.describe_signature()}" for layout in LAYOUTS if not layout.refusal)
    text = N_(
        "{source}: line {line}: not a collection layout deckcli knows (header: {header});"
        " known layouts and the columns they need: {known}"
    )
    header = ", ".join(h.strip() for h in headers)
    raise InputError(Message(text, source=source, line=line, header=header, known=known))
