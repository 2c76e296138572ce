"""Code hooks for what a game's data cannot say, registered by name; a game's ``hooks`` in game.json switch them on.

Each hook is a class built from its settings in game.json. The rest of deckcli asks a game for its
hooks (:func:`hooks_of`) or for one by name (:func:`hook`), never for a game by its code.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from deckcli.games.hooks.champion_sets import ChampionSets
from deckcli.games.hooks.name_level import NameLevel
from deckcli.games.registry import Game

#: Hook name (as in game.json's ``hooks``) -> the class built from its settings.
HOOKS: dict[str, type] = {
    ChampionSets.name: ChampionSets,
    NameLevel.name: NameLevel,
}

_built: dict[tuple[str, str], Any] = {}


def hook(game: Game, name: str) -> Any | None:
    """The game's hook called ``name``, built from its settings; None when the game does not use it."""
    settings = game.hook_settings(name)
    if settings is None:
        return None
    key = (game.code, name)
    if key not in _built:
        _built[key] = HOOKS[name](settings)
    return _built[key]


def hooks_of(game: Game) -> list[Any]:
    """Every hook the game uses, in the order game.json lists them."""
    return [hook(game, name) for name in game.hooks]


def stands_for(game: Game, card: Any, index: Any) -> list[Any] | None:
    """The cards ``card`` stands for under the game's hooks (an sfb champion: its action cards); None: itself."""
    for found in hooks_of(game):
        members = found.stands_for(card, index) if hasattr(found, "stands_for") else None
        if members is not None:
            return members
    return None


def leader_cards(game: Game, cards: Iterable[Any], index: Any) -> list[tuple[str, list[Any]]]:
    """The leader cards the cards stand under, per hook that has them, by kind (an sfb deck's
    ``("champion", [its three champion cards])``, found in ``index``); none for a game without such a hook."""
    cards = list(cards)
    found = []
    for each in hooks_of(game):
        kind, names = each.leaders(cards) if hasattr(each, "leaders") else ("", [])
        chosen = [card for card in (each.leader(name, index) for name in names) if card is not None]
        if chosen:
            found.append((kind, chosen))
    return found


def leaders(game: Game, cards: Iterable[Any]) -> list[tuple[str, list[str]]]:
    """The leaders the cards stand under, per hook that has them, each titled by its kind's title from the game's
    data: an sfb deck's ``("Champions", [its three champions])``; none for a game without such a hook."""
    found = []
    for each in hooks_of(game):
        kind, names = each.leaders(cards) if hasattr(each, "leaders") else ("", [])
        if names:
            found.append((game.kind_title(kind), names))
    return found
