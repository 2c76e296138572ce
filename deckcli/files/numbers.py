"""Whole numbers from text of any length: Python refuses to convert more than 4,300 digits, deckcli does not fail.

A number too long to convert is a :class:`LongNumber`: larger than every limit deckcli checks, and shown shortened
in messages, so a reader's "count too large" message reads the same for 10**100 and for a million digits.
"""

from __future__ import annotations

from deckcli.i18n import Message

#: The most digits deckcli converts (CPython's default limit; the same on every Python and any setting).
MAX_DIGITS = 4300


class LongNumber(int):
    """A whole number of more than MAX_DIGITS digits: compares as (minus) 10**MAX_DIGITS, prints as its first digits."""

    digits: str

    def __new__(cls, digits: str) -> LongNumber:
        number = super().__new__(cls, -(10**MAX_DIGITS) if digits.startswith("-") else 10**MAX_DIGITS)
        number.digits = digits
        return number

    def __str__(self) -> str:
        return shown_digits(self.digits)

    __repr__ = __str__

    def __format__(self, spec: str) -> str:
        return format(str(self), spec.rstrip(",_d") if spec.endswith(("d", ",", "_")) else spec)


def shown_digits(digits: str, limit: int = 20) -> str:
    """A run of digits as a message shows it: whole up to ``limit`` digits, else its start and its length (a
    :class:`Message`, the count of digits in the user's language where shown)."""
    sign = "-" if digits.startswith("-") else ""
    body = digits.lstrip("-+")
    if len(body) <= limit:
        return digits
    return Message("{start}… ({count:,} digit)", "{start}… ({count:,} digits)", len(body), start=sign + body[:12])


def whole_number(digits: str) -> int:
    """``int(digits)`` for an optionally signed run of ASCII digits of any length (a LongNumber past MAX_DIGITS)."""
    if len(digits) <= MAX_DIGITS:  # Python counts every character, leading zeros too
        return int(digits)
    digits = digits.strip()
    sign, body = ("-" if digits.startswith("-") else ""), digits.lstrip("-+").lstrip("0")
    if len(body) <= MAX_DIGITS:
        return int(sign + (body or "0"))  # leading zeros count towards Python's limit; they are dropped first
    return LongNumber(digits)
