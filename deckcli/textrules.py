"""What a clean text value is (no control, line-separator or bidirectional-control characters), and how text
that is not clean is shown: the one definition the decklist readers, the stored names and the terminal output use.

The schemas (``schemas/*.json``) refuse the same characters with the pattern :data:`UNCLEAN_CLASS`; a test checks
that pattern against :func:`unclean_char`, and that jsonschema and jsonschema-rs agree on it (the schemas spell
whitespace out rather than write ``\\s``: ECMA's, as jsonschema-rs reads it, holds U+FEFF and Python's does not).
The zero-width joiner (U+200D) and non-joiner (U+200C) stay allowed: emoji sequences and several scripts (Persian,
Indic) need them, and they move no text around.
"""

from __future__ import annotations

import re
import unicodedata

from deckcli.i18n import Message

#: Bidirectional controls: embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069), the marks
#: LRM/RLM (U+200E, U+200F) and ALM (U+061C). They reorder what a terminal or a page shows (a name reading
#: backwards, a card number that is not what it looks like).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Unicode categories never allowed in a text value: controls (C0, DEL, C1), surrogates, line and paragraph separators.
UNCLEAN_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})
#: The same characters (surrogates aside, which a JSON document's strings cannot pass to a compiled validator) as a
#: regular-expression class for the schemas: ECMA-262 ``\\u`` escapes, which Python's re and Rust's regex both read.
UNCLEAN_CLASS = "[\\u0000-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]"
#: The class for a multi-line text (rules text, lore, a description): as UNCLEAN_CLASS, but tabs and line breaks
#: (U+0009, U+000A, U+000D) allowed.
UNCLEAN_MULTILINE_CLASS = (
    "[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f\\u061c\\u200e\\u200f\\u2028-\\u202e\\u2066-\\u2069]"
)
#: The characters XML 1.0 cannot hold (its Char production): C0 controls but tab and line breaks, surrogates, U+FFFE
#: and U+FFFF. Clean text has none but the last two; a writer of XML (Cockatrice's files) refuses them all.
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")

#: What :func:`shown` escapes: every unclean character except a line feed, a tab and the carriage return of a CRLF.
_SHOWN_RE = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]|\r(?!\n)"
)


def unclean(char: str) -> bool:
    """Whether ``char`` may never be part of a text value."""
    return char in BIDI_CONTROLS or unicodedata.category(char) in UNCLEAN_CATEGORIES


def unclean_char(text: str, allowed: str = "") -> str | None:
    """The first character of ``text`` a text value may not hold (``allowed`` ones aside), or None."""
    if text.isascii() and text.isprintable():
        return None
    return next((c for c in text if c not in allowed and unclean(c)), None)


def text_problem(text: object, what: str) -> str | None:
    """Why ``text`` cannot be a one-line value (a name, a metadata value), or None.

    Control characters and line/paragraph separators would break the line-based formats; bidirectional controls
    would make a name look like another on a terminal or a page.
    """
    if not isinstance(text, str):
        return Message("{what} must be text, not {type}", what=what, type=type(text).__name__)
    if not text.strip():
        return Message("{what} is empty", what=what)
    bad = unclean_char(text)
    if bad is not None:
        return Message(
            "{what} {text!r} contains the control character U+{code:04X}", what=what, text=text, code=ord(bad)
        )
    return None


def shown(text: str) -> str:
    """``text`` as it may reach a terminal: each unclean character but line feeds and tabs written as an escape
    (``\\x1b`` below U+0020, ``\\u202e`` from U+007F on, which keeps JSON text valid JSON of the same data)."""
    if _clean_as_shown(text):
        return text
    return _SHOWN_RE.sub(_escape, text)


#: The ASCII characters :func:`shown` always leaves as they are: the printable ones, tab and line feed.
_ASCII_KEPT = bytes(c for c in range(0x80) if 0x20 <= c < 0x7F or c in (0x09, 0x0A))


def _clean_as_shown(text: str) -> bool:
    """Whether :func:`shown` leaves ``text`` as it is, found without scanning it with the pattern (a 2 MB JSON
    listing: 1 to 3 ms, where the pattern takes 20): what is left once the ASCII always kept is deleted must be
    printable (``isprintable`` is false for every character the pattern matches: controls, bidirectional
    controls, separators, surrogates), a carriage return aside, which is kept before a line feed only."""
    data = text.encode("utf-8", "surrogatepass")
    rest = data.translate(None, _ASCII_KEPT)
    if not rest:
        return True
    if b"\r" in rest and data.count(b"\r") != data.count(b"\r\n"):
        return False
    return rest.decode("utf-8", "surrogatepass").replace("\r", "").isprintable()


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}"
