"""File names for published deck pages: safe ASCII slugs, unique even when two players' names slug the same."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

#: Longest slug kept before a ``-N`` suffix (file names stay short on every file system).
MAX_LENGTH = 48
#: A slug for a name with no ASCII letter or digit at all (a Japanese name).
FALLBACK = "player"
_NOT_SAFE = re.compile(r"[^a-z0-9]+")


def slug(text: str) -> str:
    """Lower-case ASCII letters and digits joined by single hyphens ('Renée O'Brien' -> 'renee-o-brien')."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    return _NOT_SAFE.sub("-", plain).strip("-")[:MAX_LENGTH].strip("-") or FALLBACK


def unique_slugs(names: Iterable[str]) -> list[str]:
    """One slug per name, in order; a slug already taken gets the first free ``-2``, ``-3``, ... suffix."""
    taken: set[str] = set()
    found = []
    for name in names:
        base = slug(name)
        chosen, n = base, 1
        while chosen in taken:
            n += 1
            chosen = f"{base}-{n}"
        taken.add(chosen)
        found.append(chosen)
    return found
