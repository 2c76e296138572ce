"""A card's name as the user reads it: in their language where the card data has that name (``names.ru``,
``names.ja``), with the card's own name beside it; otherwise the card's own name, as English shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from deckcli.i18n import ENGLISH, language_in_use

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef


def shown_name(card: CardRef | Mapping[str, Any], language: str | None = None) -> str:
    """``Килгор (Kilgore)`` for sfb's Kilgore in Russian, ``Kilgore`` in English; aqa's ``天使のつかさ`` as it
    is (its own name is Japanese). ``card`` is a card (its fields) or its ``as_dict()``; ``language``: the
    process's by default. Tables and texts only: ``--json`` and ``--csv`` keep the card's own name."""
    if isinstance(card, Mapping):
        name, names = card["name"], card.get("names")
    else:
        name, names = card.name, card.fields.get("names")
    code = language or language_in_use()
    other = names.get(code) if code != ENGLISH and isinstance(names, Mapping) else None
    return f"{other} ({name})" if isinstance(other, str) and other and other != name else name
