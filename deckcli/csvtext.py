"""CSV text as spreadsheets and other tools save it: the file's text, an Excel ``sep=`` line, the delimiter.

Collection files and spreadsheet card lists are read through these, so both accept UTF-8 with or without a
byte-order mark, UTF-16 with one (Excel's "Unicode Text"), ``,``, ``;`` or tab delimiters, and a first line
``sep=X`` (Dragon Shield, Excel) naming the delimiter.
"""

from __future__ import annotations

import codecs
import sys
from typing import IO

from deckcli.errors import InputError

DELIMITERS = (",", ";", "\t")


def decode(data: bytes, source: str) -> str:
    """The text of a file's bytes: UTF-16 when it starts with a UTF-16 byte-order mark, else UTF-8 (BOM allowed).

    Meant to give way to the reading front door of ``deckcli/reading`` once it exists (one decoder for all files).
    """
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) and not data.startswith(codecs.BOM_UTF32_LE):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            raise InputError(f"{source}: not valid UTF-16 text") from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputError(f"{source}: line {line}: not UTF-8 text (byte {exc.start + 1}); save the file as UTF-8") from None


def read_source(source: str, stdin: IO[str] | IO[bytes] | None = None) -> str:
    """The whole text of a file (``-``: stdin, text or bytes)."""
    if source == "-":
        stream = stdin if stdin is not None else sys.stdin.buffer
        data = stream.read()
        return decode(data, "stdin") if isinstance(data, bytes) else data.lstrip("\ufeff")
    try:
        with open(source, "rb") as handle:
            return decode(handle.read(), source)
    except FileNotFoundError:
        raise InputError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{source}: is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"{source}: cannot read: {exc.strerror}") from None


def split_sep_line(text: str) -> tuple[str | None, str, int]:
    """``(delimiter, rest, lines skipped)``: the delimiter a first ``sep=X`` line names (quoted or not) and the text
    after it, or ``(None, text, 0)`` when there is no such line."""
    end = text.find("\n")
    first = text[: end if end >= 0 else len(text)].strip().strip('"').strip()
    if first[:4].lower() == "sep=" and len(first) >= 5:
        delimiter = "\t" if first[4:].lower() in ("\\t", "tab") else first[4]
        return delimiter, (text[end + 1 :] if end >= 0 else ""), 1
    return None, text, 0


def sniff_delimiter(text: str) -> str:
    """The delimiter of CSV text: whichever of ``,``, ``;`` and tab its first non-blank line holds most (``,`` on ties)."""
    for line in text.splitlines():
        if line.strip():
            counts = {d: line.count(d) for d in DELIMITERS}
            best = max(counts, key=lambda d: counts[d])
            return best if counts[best] > counts[","] else ","
    return ","


def dialect(text: str) -> tuple[str, str, int]:
    """``(delimiter, text without a sep= line, lines skipped)`` for CSV text of any of the accepted dialects."""
    delimiter, rest, skipped = split_sep_line(text)
    return (delimiter or sniff_delimiter(rest)), rest, skipped
