"""Forgiving card-name matching: the key every name is stored and looked up under, and suggestions.

Card players type names with other cases, full- or half-width forms, curly or straight quotes and
apostrophes; all of them must find the same card.
"""

from __future__ import annotations

import difflib
import unicodedata
from collections import Counter
from functools import lru_cache
from itertools import chain

#: Curly quotes, Japanese brackets and dashes -> their plain ASCII forms (names are compared in these).
QUOTES = str.maketrans(
    {
        "\u2018": "'",  # left single quotation mark
        "\u2019": "'",  # right single quotation mark / apostrophe
        "\u201a": "'",
        "\u201b": "'",
        "\u02bc": "'",  # modifier letter apostrophe
        "\u2032": "'",  # prime
        "\u00b4": "'",  # acute accent used as apostrophe
        "`": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u201f": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u300c": '"',  # 「 (Japanese quotes around a name)
        "\u300d": '"',
        "\u300e": '"',
        "\u300f": '"',
        "\u2010": "-",
        "\u2011": "-",
        "\u2012": "-",
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
    }
)
#: Invisible characters a pasted name may carry (zero-width spaces and joiners, soft hyphens, byte-order marks,
#: left-to-right and right-to-left marks, embeddings, overrides and isolates): dropped from keys.
INVISIBLE = dict.fromkeys(
    [
        0x00AD,
        0x061C,
        0x180E,
        *range(0x200B, 0x2010),
        *range(0x202A, 0x202F),
        *range(0x2060, 0x2065),
        *range(0x2066, 0x206A),
        0xFEFF,
    ]
)


@lru_cache(maxsize=1 << 18)  # more names than the largest decklist has lines: a cycle over them still hits
def name_key(name: str) -> str:
    """The normalised lookup key of a card name: NFKC, unified quotes and dashes, no invisible characters,
    casefolded, single spaces. ASCII names (most lines) skip the Unicode steps, which leave them as they are."""
    if name.isascii():
        text = name.replace("`", "'")
    else:
        text = unicodedata.normalize("NFKC", name.translate(INVISIBLE)).translate(QUOTES)
    return " ".join(text.split()).casefold()  # str.split and re's \s agree on what whitespace is


def closest(name: str, candidates: dict[str, str], limit: int = 3) -> list[str]:
    """The display names whose keys are closest to ``name``; ``candidates`` maps key -> display name.

    Looked up in a :class:`NameIndex` of ``candidates``, built on the first call and kept for the next ones.
    """
    return _index_of(candidates).closest(name, limit)


def _index_of(candidates: dict[str, str]) -> NameIndex:
    """The NameIndex of this very table (remembered while the table lives and keeps its size)."""
    found = _INDEXES.get(id(candidates))
    if found is None or found[0] is not candidates or found[1].size != len(candidates):
        if len(_INDEXES) >= _KEPT_INDEXES:
            _INDEXES.pop(next(iter(_INDEXES)))
        found = _INDEXES[id(candidates)] = (candidates, NameIndex(candidates))
    return found[1]


_INDEXES: dict[int, tuple[dict[str, str], NameIndex]] = {}
_KEPT_INDEXES = 8


class NameIndex:
    """Closest-name suggestions over many names, without comparing a name with every one of them.

    An inverted index of the names' trigrams (the standard library only; a pg_trgm-style index) picks the SHORTLIST
    names sharing the most trigrams with the query, and difflib ranks those as it ranked every name before (same
    cutoff, same order), then names that contain the query fill up the list. A miss costs a few dictionary look-ups
    and one difflib pass over the shortlist, whether the game has 300 names or 20,000.
    """

    SHORTLIST = 24
    CUTOFF = 0.6

    def __init__(self, candidates: dict[str, str]):
        self.size = len(candidates)
        self.keys = list(candidates)
        self.displays = [candidates[k] for k in self.keys]
        self.postings: dict[str, list[int]] = {}
        for number, key in enumerate(self.keys):
            for gram in set(_trigrams(key)):
                self.postings.setdefault(gram, []).append(number)

    def _shortlist(self, key: str) -> list[int]:
        """The names sharing the most trigrams with ``key``, at least a quarter of its trigrams (and two)."""
        grams = set(_trigrams(key))
        shared = Counter(chain.from_iterable(self.postings.get(gram, ()) for gram in grams))  # counted in C
        least = max(2, len(grams) // 4) if len(key) >= 6 else 1  # short names (CJK ones) share few trigrams
        return [number for number, count in shared.most_common(self.SHORTLIST) if count >= least]

    def _containing(self, key: str) -> list[int]:
        """The names that contain ``key``, found through the postings of its rarest trigram (when it has one)."""
        inner = [self.postings.get(key[i : i + 3], []) for i in range(len(key) - 2)]
        pool = min(inner, key=len) if inner else range(len(self.keys))
        return [n for n in pool if key in self.keys[n]]

    def closest(self, name: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` display names close to ``name``, closest first."""
        key = name_key(name)
        shortlist = {self.keys[n]: n for n in self._shortlist(key)} if key else {}
        found = difflib.get_close_matches(key, list(shortlist), n=limit, cutoff=self.CUTOFF)
        numbers = [shortlist[k] for k in found]
        if len(numbers) < limit and key:
            extra = sorted((n for n in self._containing(key) if n not in numbers), key=lambda n: len(self.keys[n]))
            numbers += extra[: limit - len(numbers)]
        seen: list[str] = []
        for number in numbers:
            display = self.displays[number]
            if display not in seen:
                seen.append(display)
        return seen


def _trigrams(key: str) -> list[str]:
    """The trigrams of a key padded like pg_trgm's (two spaces before, one after), so short keys have some too."""
    padded = f"  {key} "
    return [padded[i : i + 3] for i in range(len(padded) - 2)]
