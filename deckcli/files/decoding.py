"""Bytes to text for every file deckcli reads: UTF-8 (with or without a byte-order mark) or UTF-16 with one.

Anything else (another encoding, a binary file, UTF-16 without its mark) is an InputError naming the file and the
1-based byte and line where decoding failed, in the same words for decklists, card sets, collections and formats.
"""

from __future__ import annotations

import codecs

from deckcli.errors import InputError
from deckcli.i18n import N_, Message


def decode(data: bytes, label: str) -> str:
    """The text of ``data`` (any byte-order mark removed); raises InputError naming ``label`` for anything else."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and not data.startswith(codecs.BOM_UTF32_LE):
        try:
            text = data.decode("utf-16")
        except UnicodeDecodeError as exc:
            text = N_("{file}: not valid UTF-16 text (byte {byte}); save it as UTF-8")
            raise InputError(Message(text, file=label, byte=exc.start + 1)) from None
        if "\x00" in text:
            raise InputError(Message("{file}: not a text file (it contains NUL characters)", file=label))
        return text
    if b"\x00" in data:
        raise InputError(Message("{file}: not a text file (it contains NUL bytes)", file=label))
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        text = N_("{file}: not UTF-8 text (byte {byte}, line {line}); save it as UTF-8")
        raise InputError(Message(text, file=label, byte=exc.start + 1, line=line)) from None
