"""Copies owned per card name, read through the read path (SQL text, :mod:`deckcli.storage.reads`): what
``collection missing``, ``buildable`` and ``validate --collection`` weigh a deck's needs against."""

from __future__ import annotations

from collections.abc import Iterable

from deckcli.storage.reads import Rows, all_in

_OWNED = (
    "SELECT c.key, sum(i.count) FROM collection_item i JOIN card c ON c.id = i.card_id"
    " WHERE c.game = :game AND i.proxy = :proxy{keys} GROUP BY c.key"
)


def owned_by_key(rows: Rows, game: str, keys: Iterable[str] | None = None) -> dict[str, int]:
    """Copies owned per card name key in one game, over every printing, finish, condition, language and tag.

    Proxies are not owned copies and are not counted.
    """
    params = {"game": game, "proxy": False}
    if keys is None:
        found = rows.all(_OWNED.format(keys=""), params)
    else:
        found = all_in(rows, _OWNED.format(keys=" AND c.key IN ({keys})"), "keys", keys, params)
    return {key: int(total) for key, total in found}
