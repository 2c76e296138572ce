"""Cockatrice's card database, version 4 (``<cockatrice_carddatabase version="4">``): a game's cards as a file
Cockatrice loads from its custom sets folder, so that the ``.cod`` decks deckcli writes open with every card found.

It follows Cockatrice's own schema (``doc/carddatabase_v4/cards.xsd``): ``info``; ``sets`` (name: the set's code
after its game's, :func:`set_name`; longname, settype); ``cards``, each with its name (as deckcli and its ``.cod``
decks spell it: Cockatrice finds a deck's cards by the exact name), text (every line of its rules, as its face prints
them: :mod:`deckcli.cards.rulestext`), ``prop`` (the kind as ``type`` and ``maintype``, a numeric curve field as
``manacost`` and ``cmc``, every other field by its path), one ``set`` per printing (``num``, ``rarity``) and a
``related`` for each card it stands for (an sfb champion: its six actions). Names and texts are character data,
escaped by ElementTree: markup in a card stays text.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import IO, Any, Protocol
from xml.etree import ElementTree as ET

from deckcli import __version__
from deckcli.cards.rulestext import rules_text
from deckcli.cards.sheets import cell_text, flat_fields
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.games.registry import Game
from deckcli.i18n import Message
from deckcli.textrules import NOT_XML

ROOT = "cockatrice_carddatabase"
VERSION = "4"
#: The fields a card's own elements hold (name, text) or its printings (number as ``num``, rarity): not props.
NOT_PROPS = frozenset({"name", "text", "kind", "number", "rarity"})
_NOT_IN_NAME = re.compile(r"[^A-Za-z0-9._-]")


class SetLike(Protocol):
    """What the writer needs of an exported set (a :class:`deckcli.cards.setexport.SetExport`)."""

    code: str
    name: str
    doc: dict[str, Any]


def set_name(game: str, code: str) -> str:
    """The name a set of ``game`` has in Cockatrice, ``boa-S01``: Cockatrice keeps one set per name over every
    database it loads, and two games may both have a set ``S01``; the game's code makes it unique, and being the
    same at every export, a new export of the set replaces it."""
    return f"{game}-{code}"


def set_code(name: str, game: str | None) -> str:
    """A Cockatrice set name (a ``.cod`` deck's ``setShortName``) as deckcli's set code: :func:`set_name` undone for
    ``game`` (for any game when the deck names none); a name another tool gave stays as it is."""
    for code in [game] if game else registry.codes():
        prefix = f"{code}-"
        if name.startswith(prefix) and len(name) > len(prefix):
            return name[len(prefix) :]
    return name


def write_database(game: str, sets: Sequence[SetLike], related: Mapping[str, list[str]], stream: IO[str]) -> None:
    """Write the sets of ``game`` as one Cockatrice card database (UTF-8 XML); ``related``: card name -> the names of
    the cards it stands for."""
    root = database(game, sets, related)
    ET.indent(root)
    stream.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    # ElementTree leaves a carriage return in character data raw, and an XML reader would read it as a line feed
    # (a raw one is only ever character data: element names are made of field names, see _element_name).
    stream.write(ET.tostring(root, encoding="unicode").replace("\r", "&#13;"))
    stream.write("\n")


def database(game_code: str, sets: Sequence[SetLike], related: Mapping[str, list[str]]) -> ET.Element:
    """The ``cockatrice_carddatabase`` element: the sets, then each card once with all its printings."""
    game = registry.game(game_code)
    root = ET.Element(ROOT, version=VERSION)
    info = ET.SubElement(root, "info")
    database = Message("the database")
    _text(info, "author", "deckcli", database)
    _text(info, "sourceVersion", __version__, database)
    listed = ET.SubElement(root, "sets")
    printings: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for exported in sets:
        each = ET.SubElement(listed, "set")
        where = Message("set {set}", set=exported.code)
        _text(each, "name", set_name(game_code, exported.code), where)
        _text(each, "longname", exported.name, where)
        _text(each, "settype", game.title, where)
        for card in exported.doc["cards"]:
            printings.setdefault(card["name"], []).append((set_name(game_code, exported.code), card))
    cards = ET.SubElement(root, "cards")
    for name, printed in printings.items():
        cards.append(_card(game, name, printed, related.get(name, [])))
    return root


def _card(game: Game, name: str, printed: list[tuple[str, dict[str, Any]]], related: list[str]) -> ET.Element:
    """One card: its first printing's fields (a reprint is the same card), and every printing as a ``set``."""
    fields = printed[0][1]
    where = Message("card {number} ({name!r})", number=fields["number"], name=name)
    card = ET.Element("card")
    _text(card, "name", name, where)
    _text(card, "text", rules_text(game.code, fields), where)  # every line of rules, as the card's face prints them
    prop = ET.SubElement(card, "prop")
    for element, value in props(game, fields):
        _text(prop, element, value, where)
    for set_code, printing in printed:
        attrs = {"num": printing["number"]}
        if "rarity" in printing:
            attrs["rarity"] = printing["rarity"]
        _text(card, "set", set_code, where, attrs)
    for other in related:
        _text(card, "related", other, where)
    return card


def props(game: Game, card: dict[str, Any]) -> list[tuple[str, str]]:
    """The card's ``prop`` elements: its kind (``type``; ``maintype`` the kind's title, how Cockatrice groups a
    deck), a whole-number curve field as ``manacost`` and ``cmc``, then every other field by its path."""
    found = [("type", card["kind"]), ("maintype", game.kind_title(card["kind"]))]
    cost = card.get(game.curve_field)
    numeric = isinstance(cost, int) and not isinstance(cost, bool)
    if numeric:
        found += [("manacost", str(cost)), ("cmc", str(cost))]
    used = {element for element, _ in found}
    for path, value in flat_fields(card):
        if path in NOT_PROPS or (numeric and path == game.curve_field):
            continue
        element = _element_name(path)
        while element in used:  # a field spelt like a Cockatrice property keeps its value under its own name
            element += "_"
        used.add(element)
        found.append((element, cell_text(value)))
    return found


def _element_name(path: str) -> str:
    """A field path as an XML element name (letters, digits, ``.``, ``-``, ``_``; not starting with a digit)."""
    name = _NOT_IN_NAME.sub("_", path)
    return name if name[:1].isalpha() or name[:1] == "_" else f"_{name}"


def _text(parent: ET.Element, tag: str, text: str, where: str, attrs: dict[str, str] | None = None) -> None:
    """Add the element ``tag`` holding ``text`` (and ``attrs``); a character XML cannot hold is an InputError naming
    ``where`` it is (the card, the set)."""
    for what, value in [(tag, text), *((f"{tag} {key}", v) for key, v in (attrs or {}).items())]:
        found = NOT_XML.search(value)
        if found:
            raise InputError(
                Message(
                    "cannot write {what} as Cockatrice XML: its {field} holds U+{code}, a character XML cannot hold",
                    what=where,
                    field=what,
                    code=f"{ord(found.group()):04X}",
                )
            )
    ET.SubElement(parent, tag, attrs or {}).text = text
