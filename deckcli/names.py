"""Forgiving card-name matching: the key every name is stored and looked up under, and suggestions.

Card players type names with other cases, full- or half-width forms, curly or straight quotes and
apostrophes; all of them must find the same card.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from functools import lru_cache

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
    [0x00AD, 0x061C, 0x180E, *range(0x200B, 0x2010), *range(0x202A, 0x202F), *range(0x2060, 0x2065),
     *range(0x2066, 0x206A), 0xFEFF]
)
_SPACES = re.compile(r"\s+")


@lru_cache(maxsize=65536)
def name_key(name: str) -> str:
    """The normalised lookup key of a card name: NFKC, unified quotes and dashes, no invisible characters,
    casefolded, single spaces."""
    text = unicodedata.normalize("NFKC", name.translate(INVISIBLE)).translate(QUOTES)
    return _SPACES.sub(" ", text).strip().casefold()


def closest(name: str, candidates: dict[str, str], limit: int = 3) -> list[str]:
    """The display names whose keys are closest to ``name``; ``candidates`` maps key -> display name."""
    key = name_key(name)
    keys = list(candidates)
    found = difflib.get_close_matches(key, keys, n=limit, cutoff=0.6)
    if len(found) < limit:
        prefixed = [k for k in keys if key and (k.startswith(key) or key in k) and k not in found]
        found += sorted(prefixed, key=len)[: limit - len(found)]
    seen: list[str] = []
    for k in found:
        display = candidates[k]
        if display not in seen:
            seen.append(display)
    return seen
