"""How deckcli words a count of things in a message: one helper, so every message says "1 problem" and "2 problems",
never "1 problems" or "problem(s)"."""

from __future__ import annotations


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``count`` and ``noun`` as a message says them: "1 card", "0 cards", "2 entries" (``nouns``: the plural when
    it is not the noun with an s); the noun may carry its adjectives ("1 bad row", "3 more problems")."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"
