"""Deck codes: a whole deck as one short, URL-safe string, like Hearthstone deckstrings (varints + base64).

A code carries the game, the format, the cards by printing (set code + card number) and, for a game whose decks
declare a name-level name (the ``name-level`` hook: an aqa ``Ne-mu``; an aqa-yome deck's legality depends on it),
the declared one; names, the deck's name and other metadata are
left out, as Hearthstone leaves them out. Decoded entries have an empty ``name``: resolving the deck
looks the printings up.

Layout (version 1): ``dk1`` + base64url without padding of ``payload + CRC32(payload)`` (4 bytes,
big-endian), where the payload is, with every integer a LEB128 varint and every string its UTF-8 byte
length then the bytes::

    version (1)  game  format  zone-count
      per zone (its id in the games' data, increasing): zone  set-count
        per set (by code): set-code  group-count
          per count (increasing): count  number-count  numbers (sorted)
    [declared name]   (only when the deck declares one under its game's name-level key: a non-empty string;
                       codes without it end after the zones)

A number of up to 7 ASCII digits is one varint ``value << 4 | digits << 1 | 1`` (``050`` keeps its zero);
any other number is the varint ``byte-length << 1`` and its UTF-8 bytes. The encoder writes exactly
one code per deck, and the decoder accepts only that canonical form, so equal decks have equal codes.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from typing import Any

from deckcli.decklists.model import (
    MAX_COUNT,
    NUMBER_PATTERN,
    SET_PATTERN,
    DeckEntry,
    Decklist,
    entry_problem,
    text_problem,
)
from deckcli.errors import InputError
from deckcli.games import registry
from deckcli.games.hooks.name_level import declared_key
from deckcli.i18n import N_, Message

VERSION = 1
#: Every deck code starts with this (``dk`` + version).
PREFIX = f"dk{VERSION}"
#: Longer input is not a deck code (a 60-card deck is about 100 characters).
MAX_CODE_CHARS = 20_000
_MAX_TEXT_BYTES = 100  # game and format
_MAX_VARINT_BYTES = 5
_NUMERIC = re.compile(r"[0-9]{1,7}")
_SET_RE = re.compile(SET_PATTERN)
_NUMBER_RE = re.compile(NUMBER_PATTERN)
_BASE64URL = re.compile(r"[A-Za-z0-9_-]*")


# -- encoding ---------------------------------------------------------------------------------------


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        low, value = value & 0x7F, value >> 7
        out.append(low | (0x80 if value else 0))
        if not value:
            return bytes(out)


def _string(text: str) -> bytes:
    data = text.encode("utf-8")
    return _varint(len(data)) + data


def _number(number: str) -> bytes:
    if _NUMERIC.fullmatch(number):
        return _varint(int(number) << 4 | len(number) << 1 | 1)
    data = number.encode("utf-8")
    return _varint(len(data) << 1) + data


def _grouped(deck: Decklist) -> dict[int, dict[str, dict[int, list[str]]]]:
    """zone index -> set code -> count -> sorted numbers, after summing equal printings."""
    totals: dict[tuple[int, str, str], int] = {}
    for entry in deck.entries:
        if entry.set_code is None or entry.number is None:
            card: dict[str, Any] = {"zone": entry.zone, "card": entry.name or ""}
            raise InputError(
                Message(
                    "cannot write a deck code: the {zone} card {card!r} (line {line}) has no printing (set and number);"
                    " a deck code stores printings only",
                    line=entry.line,
                    **card,
                )
                if entry.line
                else Message(
                    "cannot write a deck code: the {zone} card {card!r} has no printing (set and number); a deck code"
                    " stores printings only",
                    **card,
                )
            )
        problem = entry_problem(entry)
        if problem:
            raise InputError(Message("cannot write a deck code: {problem}", problem=problem))
        key = (registry.zones()[entry.zone].id, entry.set_code, entry.number)
        totals[key] = totals.get(key, 0) + entry.count
        if totals[key] > MAX_COUNT:
            raise InputError(
                Message(
                    "cannot write a deck code: more than {most} copies of ({set}) {number}",
                    most=MAX_COUNT,
                    set=key[1],
                    number=key[2],
                )
            )
    zones: dict[int, dict[str, dict[int, list[str]]]] = {}
    for (zone, set_code, number), count in totals.items():
        zones.setdefault(zone, {}).setdefault(set_code, {}).setdefault(count, []).append(number)
    return zones


def _code_text(value: object, what: str) -> str:
    """A game, format or declared name as the code stores it: stripped, one line, at most _MAX_TEXT_BYTES."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InputError(Message("cannot write a deck code: {problem}", problem=text_problem(value, what)))
    value = value.strip()
    if value and text_problem(value, what):
        raise InputError(Message("cannot write a deck code: {problem}", problem=text_problem(value, what)))
    if len(value.encode("utf-8")) > _MAX_TEXT_BYTES:
        raise InputError(
            Message("cannot write a deck code: the {what} is longer than {most} bytes", what=what, most=_MAX_TEXT_BYTES)
        )
    return value


def encode_code(deck: Decklist) -> str:
    """The deck code of ``deck`` (game, format, cards by printing, declared name); InputError for an entry without a
    printing."""
    payload = bytearray([VERSION])
    key = declared_key(deck.game)
    game, fmt = _code_text(deck.game, Message("game")), _code_text(deck.format, Message("format"))
    declared = _code_text(deck.meta.get(key), key) if key else ""
    payload += _string(game) + _string(fmt)
    zones = _grouped(deck)
    payload += _varint(len(zones))
    for zone in sorted(zones):
        sets = zones[zone]
        payload += _varint(zone) + _varint(len(sets))
        for set_code in sorted(sets):
            groups = sets[set_code]
            payload += _string(set_code) + _varint(len(groups))
            for count in sorted(groups):
                numbers = sorted(groups[count])
                payload += _varint(count) + _varint(len(numbers))
                for number in numbers:
                    payload += _number(number)
    if declared:
        payload += _string(declared)
    payload += zlib.crc32(payload).to_bytes(4, "big")
    return PREFIX + base64.urlsafe_b64encode(bytes(payload)).decode("ascii").rstrip("=")


# -- decoding ---------------------------------------------------------------------------------------


class _Bad(Exception):
    """A decoding failure inside the payload (its reason a Message); decode_code turns it into an InputError."""


class _Reader:
    """Reads varints and strings from the payload, refusing to run past its end."""

    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def left(self) -> int:
        return len(self.data) - self.pos

    def byte(self) -> int:
        if self.pos >= len(self.data):
            raise _Bad(Message("it is truncated"))
        self.pos += 1
        return self.data[self.pos - 1]

    def varint(self, what: str, low: int = 0, high: int | None = None) -> int:
        value = shift = 0
        for index in range(_MAX_VARINT_BYTES):
            byte = self.byte()
            if byte == 0 and index > 0:
                raise _Bad(Message("the {what} is not in canonical form", what=what))
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        else:
            raise _Bad(Message("the {what} is absurdly large", what=what))
        if value < low or (high is not None and value > high):
            text = N_("the {what} {value} is out of range ({low} to {high})")
            raise _Bad(Message(text, what=what, value=value, low=low, high=high))
        return value

    def raw(self, size: int, what: str) -> str:
        if size > self.left():
            text = N_("it is truncated (the {what} needs {size} bytes, {left} left)")
            raise _Bad(Message(text, what=what, size=size, left=self.left()))
        data = self.data[self.pos : self.pos + size]
        self.pos += size
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise _Bad(Message("the {what} is not UTF-8 text", what=what)) from None

    def string(self, what: str, limit: int) -> str:
        return self.raw(self.varint(Message("length of the {what}", what=what), 0, limit), what)

    def count(self, what: str) -> int:
        """A count of items that follow (each takes at least one byte, so more than are left is corrupt)."""
        return self.varint(what, 1, max(1, self.left()))

    def number(self) -> str:
        tag = self.varint(Message("card number"))
        if tag & 1:
            value, digits = tag >> 4, (tag >> 1) & 7
            if digits == 0 or value >= 10**digits:
                raise _Bad(Message("a card number is malformed"))
            return str(value).zfill(digits)
        text = self.raw(tag >> 1, Message("card number"))
        if _NUMERIC.fullmatch(text) or not _NUMBER_RE.fullmatch(text):
            raise _Bad(Message("the card number {number!r} is malformed", number=text))
        return text


def _unpack(payload: bytes) -> Decklist:
    reader = _Reader(payload)
    version = reader.varint(Message("version"))
    if version != VERSION:
        raise _Bad(Message("its payload has version {version}, not {known}", version=version, known=VERSION))
    game_word, format_word = Message("game"), Message("format")
    game, fmt = reader.string(game_word, _MAX_TEXT_BYTES), reader.string(format_word, _MAX_TEXT_BYTES)
    for what, value in ((game_word, game), (format_word, fmt)):
        if value and (value != value.strip() or text_problem(value, what)):
            raise _Bad(Message("the {what} {value!r} is malformed", what=what, value=value))
    deck = Decklist(game=game or None, format=fmt or None)
    by_id = {zone.id: name for name, zone in registry.zones().items()}
    previous_zone = -1
    for _ in range(reader.varint(Message("zone count"), 0, len(by_id))):
        zone = reader.varint(Message("zone"), previous_zone + 1, max(by_id))
        if zone not in by_id:
            raise _Bad(Message("it names zone {zone}, which no game has", zone=zone))
        previous_zone = zone
        previous_set = None
        listed: set[tuple[str, str]] = set()  # printings of this zone: each in one count group only
        for _ in range(reader.count(Message("set count"))):
            set_code = reader.string(Message("set code"), 32)
            if not _SET_RE.fullmatch(set_code) or (previous_set is not None and set_code <= previous_set):
                raise _Bad(Message("the set code {set!r} is malformed or out of order", set=set_code))
            previous_set, previous_count = set_code, 0
            for _ in range(reader.count(Message("count of copy groups"))):
                count = reader.varint(Message("card count"), previous_count + 1, MAX_COUNT)
                previous_count, previous_number = count, None
                for _ in range(reader.count(Message("number of cards"))):
                    number = reader.number()
                    if previous_number is not None and number <= previous_number:
                        raise _Bad(Message("its card numbers are out of order"))
                    if (set_code, number) in listed:
                        text = N_(
                            "({set}) {number} is listed under two counts, so it is not in canonical form"
                            " (deckcli writes each printing once, with its total)"
                        )
                        raise _Bad(Message(text, set=set_code, number=number))
                    listed.add((set_code, number))
                    previous_number = number
                    deck.entries.append(DeckEntry(by_id[zone], count, "", set_code, number))
    key = declared_key(deck.game)
    if key and reader.left():
        declared = reader.string(key, _MAX_TEXT_BYTES)
        if not declared or declared != declared.strip() or text_problem(declared, key):
            raise _Bad(Message("the {what} {value!r} is malformed", what=key, value=declared))
        deck.meta[key] = declared
    if reader.left():
        raise _Bad(Message("it has {count} unexpected trailing bytes", count=reader.left()))
    return deck


def decode_code(text: str, source: str | None = None) -> Decklist:
    """The decklist in a deck code (whitespace inside is ignored); InputError for anything that is not one."""
    where = f"{source}: " if source else ""
    if not isinstance(text, str):
        raise InputError(Message("{where}a deck code must be text", where=where))
    code = "".join(text.split())
    if not code:
        raise InputError(Message("{where}empty deck code", where=where))
    if len(code) > MAX_CODE_CHARS:
        raise InputError(Message("{where}too long for a deck code ({count} characters)", where=where, count=len(code)))
    try:
        deck = _unpack(_payload(_body(code, where), where))
    except _Bad as exc:
        raise InputError(Message("{where}bad deck code: {reason}", where=where, reason=exc.args[0])) from None
    deck.source = source
    return deck


def _body(code: str, where: str) -> str:
    """The base64url text after a deck code's prefix, once the prefix and version are deckcli's."""
    shown = code if len(code) <= 24 else code[:20] + "…"
    match = re.match(r"dk([0-9]+)", code)
    if not match:
        raise InputError(
            Message(
                "{where}{code!r} is not a deck code (deck codes start with {prefix!r})",
                where=where,
                code=shown,
                prefix=PREFIX,
            )
        )
    if match.group(1) != str(VERSION):
        raise InputError(
            Message(
                "{where}unknown deck code version {version} (this deckcli reads version {known}: {prefix}...)",
                where=where,
                version=match.group(1),
                known=VERSION,
                prefix=PREFIX,
            )
        )
    return code[match.end() :]


def _payload(body: str, where: str) -> bytes:
    """A deck code's packed bytes: its base64url text decoded, whole (a canonical ending) and its checksum right."""
    bad = next((c for c in body if not _BASE64URL.fullmatch(c)), None)
    if bad is not None:
        raise InputError(
            Message("{where}deck code contains {char!r}, which is not a base64url character", where=where, char=bad)
        )
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise InputError(Message("{where}deck code is not valid base64url (truncated?)", where=where)) from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != body:
        raise InputError(
            Message(
                "{where}deck code is corrupted or truncated (its last character is not a valid ending)", where=where
            )
        )
    if len(raw) < 5:
        raise InputError(Message("{where}deck code is truncated", where=where))
    payload, checksum = raw[:-4], raw[-4:]
    if zlib.crc32(payload).to_bytes(4, "big") != checksum:
        raise InputError(Message("{where}deck code is corrupted or truncated (checksum mismatch)", where=where))
    return payload
