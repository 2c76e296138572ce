"""The ways copies of one printing differ: finish, condition, language and tag, normalised from any tool's words.

Every importer and every ``collection add`` option goes through these functions, so "Near Mint", "NearMint",
"near_mint" and "NM" all become one stored value and the unique key (card, finish, condition, language, tag) holds.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from deckcli.errors import InputError

#: Canonical condition codes and their names, best first.
CONDITIONS = {
    "M": "Mint",
    "NM": "Near Mint",
    "EX": "Excellent",
    "GD": "Good",
    "LP": "Lightly Played",
    "MP": "Moderately Played",
    "PL": "Played",
    "HP": "Heavily Played",
    "PO": "Poor / Damaged",
}

# Words other tools use (lower case, letters and digits only) -> canonical code.
_CONDITION_WORDS = {
    "m": "M", "mint": "M",
    "nm": "NM", "nearmint": "NM", "nmm": "NM",
    "ex": "EX", "excellent": "EX",
    "gd": "GD", "good": "GD",
    "lp": "LP", "lightlyplayed": "LP", "lightplayed": "LP", "slightlyplayed": "LP", "sp": "LP",
    "goodlightlyplayed": "LP",  # Deckbox: "Good (Lightly Played)"
    "mp": "MP", "moderatelyplayed": "MP",
    "pl": "PL", "pld": "PL", "played": "PL",
    "hp": "HP", "heavilyplayed": "HP", "heavyplayed": "HP",
    "po": "PO", "poor": "PO", "damaged": "PO", "dmg": "PO", "d": "PO",
}

_FINISH_WORDS = {
    "": "normal", "normal": "normal", "nonfoil": "normal", "regular": "normal", "no": "normal", "false": "normal",
    "0": "normal", "n": "normal",
    "foil": "foil", "foiled": "foil", "etched": "foil", "etchedfoil": "foil", "yes": "foil", "true": "foil", "1": "foil",
    "y": "foil", "f": "foil", "holo": "foil",
}

#: Language names other tools write -> the short code deckcli stores (Scryfall-style codes).
_LANGUAGE_WORDS = {
    "english": "en", "en": "en",
    "japanese": "ja", "ja": "ja", "jp": "ja", "日本語": "ja",
    "german": "de", "deutsch": "de", "de": "de",
    "french": "fr", "français": "fr", "francais": "fr", "fr": "fr",
    "italian": "it", "italiano": "it", "it": "it",
    "spanish": "es", "español": "es", "espanol": "es", "es": "es",
    "portuguese": "pt", "portuguesebrazil": "pt", "português": "pt", "pt": "pt", "ptbr": "pt",
    "russian": "ru", "русский": "ru", "ru": "ru",
    "korean": "ko", "한국어": "ko", "ko": "ko", "kr": "ko",
    "chinesesimplified": "zhs", "simplifiedchinese": "zhs", "zhs": "zhs", "zhcn": "zhs", "zhhans": "zhs", "cs": "zhs",
    "chinesetraditional": "zht", "traditionalchinese": "zht", "zht": "zht", "zhtw": "zht", "zhhant": "zht", "ct": "zht",
}
_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,4})?$")
_NOT_WORD = re.compile(r"[\W_]+")


def _word(text: str) -> str:
    return _NOT_WORD.sub("", text.casefold())


@lru_cache(maxsize=1024)
def finish_of(value: str) -> str:
    """``normal`` or ``foil`` from a finish/foil/printing cell ("Foil", "etched", "Surge Foil", "true", "" ...)."""
    word = _word(value)
    found = _FINISH_WORDS.get(word)
    if found is None and "foil" in word and not word.startswith(("non", "no")):
        found = "foil"  # named treatments: Dragon Shield "Surge Foil", TCGplayer "Reverse Holofoil", ...
    if found is None:
        raise InputError(f"unknown finish {value!r}; use normal or foil")
    return found


@lru_cache(maxsize=1024)
def condition_of(value: str) -> str:
    """The canonical condition code (``NM``, ``LP`` ...) of any tool's wording; empty stays empty (unspecified)."""
    word = _word(value)
    if not word:
        return ""
    found = _CONDITION_WORDS.get(word)
    if found is None:
        known = ", ".join(f"{code} ({name})" for code, name in CONDITIONS.items())
        raise InputError(f"unknown condition {value!r}; known: {known}")
    return found


@lru_cache(maxsize=1024)
def language_of(value: str) -> str:
    """The language code (``en``, ``ja`` ...) of a language name or code; empty stays empty (unspecified)."""
    text = value.strip()
    if not text:
        return ""
    found = _LANGUAGE_WORDS.get(_word(text))
    if found:
        return found
    code = text.casefold().replace("_", "-")
    if _LANGUAGE_CODE.match(code):
        return code
    raise InputError(f"unknown language {value!r}; use a code such as en, ja, de, fr or a name such as Japanese")


@dataclass(frozen=True)
class Variant:
    """Finish, condition, language and tag: with the card id, the collection's unique key."""

    finish: str = "normal"
    condition: str = ""
    language: str = ""
    tag: str = ""

    @classmethod
    def parse(cls, finish: str = "", condition: str = "", language: str = "", tag: str = "") -> Variant:
        """A variant from user or file text, normalised (raises InputError on unknown words)."""
        return cls(finish_of(finish or ""), condition_of(condition or ""), language_of(language or ""), (tag or "").strip())

    def describe(self) -> str:
        """A short label such as ``foil, NM, ja, tag binder`` (``normal`` when nothing is set)."""
        parts = [self.finish]
        parts += [p for p in (self.condition, self.language) if p]
        if self.tag:
            parts.append(f"tag {self.tag}")
        return ", ".join(parts)
