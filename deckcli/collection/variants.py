"""The ways copies of one printing differ: finish, condition, language, tag and proxy, from any tool's words.

Every importer and every ``collection add`` option goes through these functions, so "Near Mint", "NearMint",
"near_mint" and "NM" all become one stored value and the unique key (card, finish, condition, language, tag,
proxy) holds. :data:`LANGUAGES` is the one table of language spellings.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from deckcli.errors import InputError
from deckcli.i18n import N_, Message
from deckcli.i18n import gettext as _

#: The finishes as a label names them (the stored values are the English words).
FINISH_LABELS = {"normal": N_("normal"), "foil": N_("foil"), "etched": N_("etched")}


def finish_word(finish: str) -> str:
    """A finish as a listing holds it: the stored English word wherever it goes (``--json``, CSV), in the user's
    language where a table shows it (:func:`deckcli.i18n.translated`)."""
    return Message(FINISH_LABELS[finish]) if finish in FINISH_LABELS else finish


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
    "m": "M",
    "mint": "M",
    "nm": "NM",
    "nearmint": "NM",
    "nmm": "NM",
    "ex": "EX",
    "excellent": "EX",
    "gd": "GD",
    "good": "GD",
    "lp": "LP",
    "lightlyplayed": "LP",
    "lightplayed": "LP",
    "slightlyplayed": "LP",
    "sp": "LP",
    "goodlightlyplayed": "LP",  # Deckbox: "Good (Lightly Played)"
    "mp": "MP",
    "moderatelyplayed": "MP",
    "pl": "PL",
    "pld": "PL",
    "played": "PL",
    "hp": "HP",
    "heavilyplayed": "HP",
    "heavyplayed": "HP",
    "po": "PO",
    "poor": "PO",
    "damaged": "PO",
    "dmg": "PO",
    "d": "PO",
}

#: The finishes deckcli stores.
FINISHES = ("normal", "foil", "etched")

_FINISH_WORDS = {
    "": "normal",
    "normal": "normal",
    "nonfoil": "normal",
    "regular": "normal",
    "no": "normal",
    "false": "normal",
    "0": "normal",
    "n": "normal",
    "foil": "foil",
    "foiled": "foil",
    "yes": "foil",
    "true": "foil",
    "1": "foil",
    "y": "foil",
    "f": "foil",
    "holo": "foil",
    "holofoil": "foil",
    # Etched foils are kept apart (Moxfield, ManaBox, Archidekt, TopDecked "etched"; MTGGoldfish "FOIL_ETCHED";
    # Helvault "etchedFoil"; TCGplayer names "Foil Etched").
    "etched": "etched",
    "etchedfoil": "etched",
    "foiletched": "etched",
    "e": "etched",
}

#: Every language deckcli knows: the code it stores (Scryfall's), then its English name (the first spelling,
#: which deckcli writes where a tool spells languages out), then the other spellings tools write. This is the
#: one table of language spellings: reading any of them gives the code.
LANGUAGES: dict[str, tuple[str, ...]] = {
    "en": ("English",),
    "ja": ("Japanese", "JP", "日本語"),
    "de": ("German", "Deutsch"),
    "fr": ("French", "Français", "Francais"),
    "it": ("Italian", "Italiano"),
    "es": ("Spanish", "Español", "Espanol", "SP"),  # SP: Moxfield's "printed code"
    "pt": ("Portuguese", "Portuguese (Brazil)", "Português", "pt-BR", "pt_BR"),
    "ru": ("Russian", "Русский"),
    "ko": ("Korean", "KR", "한국어"),
    # Moxfield and Deckbox write Simplified Chinese as plain "Chinese"; ManaBox zh_CN; Archidekt and Moxfield CS;
    # TCGplayer "Chinese (S)"; Dragon Shield "Simplified Chinese".
    "zhs": (
        "Simplified Chinese",
        "Chinese",
        "Chinese Simplified",
        "Chinese (S)",
        "Chinese (Simplified)",
        "zh_CN",
        "zh-CN",
        "zh-Hans",
        "zh",
        "CS",
        "CN",
        "简体中文",
    ),
    "zht": (
        "Traditional Chinese",
        "Chinese Traditional",
        "Chinese (T)",
        "Chinese (Traditional)",
        "zh_TW",
        "zh-TW",
        "zh-Hant",
        "CT",
        "TW",
        "繁體中文",
    ),
    "he": ("Hebrew",),
    "la": ("Latin",),
    "grc": ("Ancient Greek",),
    "ar": ("Arabic",),
    "sa": ("Sanskrit",),
    "ph": ("Phyrexian",),
}
_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}(-[a-z0-9]{2,4})?$")
_NOT_WORD = re.compile(r"[\W_]+")


def _word(text: str) -> str:
    return _NOT_WORD.sub("", text.casefold())


_LANGUAGE_WORDS = {_word(spelling): code for code, spellings in LANGUAGES.items() for spelling in (code, *spellings)}
#: Finish words TCGplayer appends to a condition ("Near Mint Foil"); the finish has its own column.
_CONDITION_SUFFIXES = ("reverseholofoil", "holofoil", "nonfoil", "foiletched", "etchedfoil", "etched", "foil")
_PROXY_WORDS = {
    "": False,
    "false": False,
    "no": False,
    "n": False,
    "0": False,
    "true": True,
    "yes": True,
    "y": True,
    "1": True,
    "proxy": True,
    "playtest": True,
    "playtestcard": True,
}


@lru_cache(maxsize=1024)
def finish_of(value: str) -> str:
    """``normal``, ``foil`` or ``etched`` from a finish/foil/printing cell ("Foil", "etched", "Surge Foil", ...)."""
    word = _word(value)
    found = _FINISH_WORDS.get(word)
    if found is None and "etched" in word:
        found = "etched"  # "Foil Etched", "Etched Foil"
    elif found is None and "foil" in word and not word.startswith(("non", "no")):
        found = "foil"  # named treatments: Dragon Shield "Surge Foil", TCGplayer "Reverse Holofoil", ...
    if found is None:
        raise InputError(Message("unknown finish {value!r}; use normal, foil or etched", value=value))
    return found


@lru_cache(maxsize=1024)
def condition_of(value: str) -> str:
    """The canonical condition code (``NM``, ``LP`` ...) of any tool's wording; empty stays empty (unspecified)."""
    word = _word(value)
    if not word:
        return ""
    found = _CONDITION_WORDS.get(word)
    if found is None:
        suffix = next((s for s in _CONDITION_SUFFIXES if word.endswith(s) and len(word) > len(s)), None)
        found = _CONDITION_WORDS.get(word[: -len(suffix)]) if suffix else None
    if found is None:
        known = ", ".join(f"{code} ({name})" for code, name in CONDITIONS.items())
        raise InputError(Message("unknown condition {value!r}; known: {known}", value=value, known=known))
    return found


@lru_cache(maxsize=1024)
def language_of(value: str) -> str:
    """The language code (``en``, ``ja``, ``zhs`` ...) of any spelling in LANGUAGES or a plain code; empty stays empty."""
    text = value.strip()
    if not text:
        return ""
    found = _LANGUAGE_WORDS.get(_word(text))
    if found:
        return found
    code = text.casefold().replace("_", "-")
    if _LANGUAGE_CODE.match(code):
        return code
    raise InputError(
        Message("unknown language {value!r}; use a code such as en, ja, de, fr or a name such as Japanese", value=value)
    )


@lru_cache(maxsize=64)
def proxy_of(value: str) -> bool:
    """Whether a proxy/playtest cell ("True", "false", "yes", "" ...) marks the copies as proxies."""
    found = _PROXY_WORDS.get(_word(value))
    if found is None:
        raise InputError(Message("unknown proxy value {value!r}; use true or false", value=value))
    return found


def language_name(code: str) -> str:
    """The English name of a language code (``ja`` -> ``Japanese``), or the code itself when deckcli has none."""
    spellings = LANGUAGES.get(code)
    return spellings[0] if spellings else code


@dataclass(frozen=True)
class Variant:
    """Finish, condition, language, tag and proxy: with the card id, the collection's unique key.

    A proxy (a stand-in printed for play) is kept apart from real copies and never counts as owned.
    """

    finish: str = "normal"
    condition: str = ""
    language: str = ""
    tag: str = ""
    proxy: bool = False

    @classmethod
    def parse(
        cls, finish: str = "", condition: str = "", language: str = "", tag: str = "", proxy: str | bool = ""
    ) -> Variant:
        """A variant from user or file text, normalised (raises InputError on unknown words)."""
        flag = proxy if isinstance(proxy, bool) else proxy_of(proxy or "")
        return cls(
            finish_of(finish or ""),
            condition_of(condition or ""),
            language_of(language or ""),
            (tag or "").strip(),
            flag,
        )

    def describe(self) -> str:
        """A short label such as ``foil, NM, ja, tag binder, proxy`` (``normal`` when nothing is set)."""
        parts = [_(FINISH_LABELS[self.finish]) if self.finish in FINISH_LABELS else self.finish]
        parts += [p for p in (self.condition, self.language) if p]
        if self.tag:
            parts.append(_("tag {tag}").format(tag=self.tag))
        if self.proxy:
            parts.append(_("proxy"))
        return _(", ").join(parts)

    def describe_apart(self, held: list[Variant]) -> str:
        """:meth:`describe`, also naming what this variant leaves unset where a ``held`` one sets it (``normal, no
        condition`` beside a held ``normal, M``), so a variant asked for never reads as one of those held."""
        parts = [self.describe()]
        unset = [
            (not self.condition and any(v.condition for v in held), NO_CONDITION),
            (not self.language and any(v.language for v in held), NO_LANGUAGE),
            (not self.tag and any(v.tag for v in held), NO_TAG),
            (not self.proxy and any(v.proxy for v in held), NOT_A_PROXY),
        ]
        parts += [_(text) for missing, text in unset if missing]
        return _(", ").join(parts)


#: What a variant leaves unset, said beside one that sets it (:meth:`Variant.describe_apart`).
NO_CONDITION, NO_LANGUAGE, NO_TAG, NOT_A_PROXY = N_("no condition"), N_("no language"), N_("no tag"), N_("not a proxy")
