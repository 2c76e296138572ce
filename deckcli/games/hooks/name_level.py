"""The ``name-level`` hook: card names that carry a name-level name inside quotes (an aqa ネーム), which a deck
may declare under a metadata key (嫁スタンダード lets the declared ネーム appear on more cards). The key and its other
spellings are the hook's settings in game.json (``meta_key``, ``meta_aliases``)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from typing import Any

from deckcli.games import registry
from deckcli.games.labels import DataLabel
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
        self.label = DataLabel(self.meta_key, settings.get("labels"))  # the key as a reader is shown it (ネーム)

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

    def declaration(self, meta: dict[str, str]) -> tuple[str, str] | None:
        """What the deck declares, as a sheet shows it: (the key as the game's data spells it, the value as the deck
        wrote it), or None when it declares nothing."""
        text = self.declared_text(meta)
        return (self.label, text) if text else None


def declared_key(game: str | None) -> str | None:
    """The metadata key a deck of ``game`` declares its name-level name under; None for a game without the hook."""
    settings = registry.game(game).hook_settings(NameLevel.name) if registry.is_game(game) else None
    return settings["meta_key"] if settings else None


@cache
def meta_spellings() -> dict[str, str]:
    """Every spelling of a name-level metadata key in the games' data, casefolded -> the key as stored: a decklist's
    ``nemu:`` or ``ネーム:`` line is read as ``Ne-mu`` before its game is known."""
    spellings: dict[str, str] = {}
    for game in registry.games().values():
        level = game.hook_settings(NameLevel.name)
        if level:
            for spelling in (level["meta_key"], *level.get("meta_aliases", ())):
                spellings.setdefault(spelling.casefold(), level["meta_key"])
    return spellings


@cache
def meta_labels() -> dict[str, str]:
    """Each game's name-level metadata key (as stored) -> the key as a reader is shown it, in the languages the
    game's data gives (``Ne-mu``: ``ネーム``)."""
    labels: dict[str, str] = {}
    for game in registry.games().values():
        level = game.hook_settings(NameLevel.name)
        if level:
            labels.setdefault(level["meta_key"], DataLabel(level["meta_key"], level.get("labels")))
    return labels
