"""A card's name as the user reads it: in their language where the card data has that name (``names.ru``,
``names.ja``), with the card's own name beside it; otherwise the card's own name, as English shows it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from deckcli.i18n import ENGLISH, language_in_use

if TYPE_CHECKING:
    from deckcli.cards.index import CardRef


def name_in(card: CardRef | Mapping[str, Any], code: str) -> str | None:
    """The card's name in language ``code`` where its data has one (``names.<code>``) other than its own name
    (aqa's Japanese cards have ``names.en``). ``card`` is a card (its fields) or its ``as_dict()``."""
    if isinstance(card, Mapping):
        name, names = card["name"], card.get("names")
    else:
        name, names = card.name, card.fields.get("names")
    other = names.get(code) if isinstance(names, Mapping) else None
    return other if isinstance(other, str) and other and other != name else None


def local_name(card: CardRef | Mapping[str, Any], language: str | None = None) -> str | None:
    """The card's name in the user's language (``language``: the process's by default), by :func:`name_in`; None
    in English, which shows the card's own name."""
    code = language or language_in_use()
    return None if code == ENGLISH else name_in(card, code)


def shown_name(card: CardRef | Mapping[str, Any], language: str | None = None) -> str:
    """``Килгор (Kilgore)`` for sfb's Kilgore in Russian, ``Kilgore`` in English; aqa's ``天使のつかさ`` as it
    is (its own name is Japanese). ``card`` is a card (its fields) or its ``as_dict()``; ``language``: the
    process's by default. Tables and texts only: ``--json`` and ``--csv`` keep the card's own name."""
    name = card["name"] if isinstance(card, Mapping) else card.name
    other = local_name(card, language)
    return f"{other} ({name})" if other else name
