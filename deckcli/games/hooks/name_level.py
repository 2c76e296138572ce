"""The ``name-level`` hook: card names that carry a name-level name inside quotes (an aqa ネーム), which a deck
may declare under a metadata key (嫁スタンダード lets the declared ネーム appear on more cards)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from deckcli.names import QUOTES, name_key

_QUOTED = re.compile(r'"([^"]+)"')


def nemu(name: str) -> str | None:
    """The name-level name of a card name: the part inside quotes (「」, “ ”, " "), if any."""
    match = _QUOTED.search(unicodedata.normalize("NFKC", name).translate(QUOTES))
    return match.group(1).strip() if match else None


class NameLevel:
    """Name-level names of a game's cards, and the metadata key a deck declares one under."""

    name = "name-level"

    def __init__(self, settings: dict[str, Any]):
        self.meta_key: str = settings["meta_key"]

    @staticmethod
    def of(card_name: str) -> str | None:
        """The card name's name-level name, if it has one."""
        return nemu(card_name)

    def declared(self, meta: dict[str, str]) -> str | None:
        """The key of the name-level name a deck's metadata declares (full name or the name alone), or None."""
        wanted = name_key(self.meta_key)
        text = next((v for k, v in meta.items() if name_key(k) == wanted), "") or ""
        return name_key(nemu(text) or text) if text.strip() else None

    def declared_text(self, meta: dict[str, str]) -> str:
        """The declared value as the deck wrote it."""
        wanted = name_key(self.meta_key)
        return (next((v for k, v in meta.items() if name_key(k) == wanted), "") or "").strip()
