"""``collection stats``: copies and distinct printings per game and per set, each set's completion in percent.

Proxies are counted apart per game (``proxies``) and never towards a set's completion.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from deckcli.storage.reads import Readable, Rows


@dataclass(frozen=True)
class GameStats:
    """One game's copies owned, its distinct printings owned, and its proxy copies (counted apart)."""

    game: str
    cards: int = 0
    distinct: int = 0
    proxies: int = 0

    def as_row(self) -> dict[str, Any]:
        """The row ``collection stats`` shows and its ``--json`` object: the fields in order."""
        return asdict(self)


@dataclass(frozen=True)
class SetStats:
    """One card set: copies and distinct printings owned (no proxies), its size and the completion in percent."""

    game: str
    set: str
    name: str
    cards: int
    distinct: int
    size: int
    completion: float

    def as_row(self) -> dict[str, Any]:
        """The row ``collection stats`` shows (one per set with ``--csv``) and its ``--json`` object."""
        return asdict(self)


@dataclass(frozen=True)
class CollectionStats:
    """Every game the collection holds cards of (by code), and every card set (of the game asked for)."""

    games: tuple[GameStats, ...]
    sets: tuple[SetStats, ...]

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` object: ``{"games": [...], "sets": [...]}``."""
        return {"games": [g.as_row() for g in self.games], "sets": [s.as_row() for s in self.sets]}


_OWNED = (
    "SELECT c.set_id, sum(i.count), count(DISTINCT i.card_id) FROM collection_item i"
    " JOIN card c ON c.id = i.card_id WHERE i.proxy = :no GROUP BY c.set_id"
)


def stats(rows: Rows, game: str | None = None) -> CollectionStats:
    """The collection's figures per game and per set (of ``game`` only, when given)."""
    params = {"game": game, "no": False} if game else {"no": False}
    sizes = (
        "SELECT s.id, s.game, s.code, s.name, count(c.id) FROM card_set s LEFT OUTER JOIN card c ON c.set_id = s.id"
        + (" WHERE s.game = :game" if game else "")
        + " GROUP BY s.id ORDER BY s.game, s.code"
    )
    per_game = (
        "SELECT c.game, i.proxy, sum(i.count), count(DISTINCT i.card_id) FROM collection_item i"
        " JOIN card c ON c.id = i.card_id"
        + (" WHERE c.game = :game" if game else "")
        + " GROUP BY c.game, i.proxy ORDER BY c.game"
    )
    have = {set_id: (int(copies), int(distinct)) for set_id, copies, distinct in rows.all(_OWNED, params)}
    sets = []
    for set_id, g, code, name, size in rows.all(sizes, params):
        copies, distinct = have.get(set_id, (0, 0))
        completion = round(100.0 * distinct / size, 1) if size else 0.0
        sets.append(SetStats(g, code, name, copies, distinct, size, completion))
    games: dict[str, GameStats] = {}
    for g, proxy, copies, distinct in rows.all(per_game, params):
        held = games.get(g, GameStats(g))
        if proxy:
            games[g] = GameStats(g, held.cards, held.distinct, int(copies))
        else:
            games[g] = GameStats(g, int(copies), int(distinct), held.proxies)
    return CollectionStats(tuple(games.values()), tuple(sets))


def collection_stats(db: Readable, game: str | None = None) -> CollectionStats:
    """``collection stats``: :func:`stats` of the collection (of ``game`` only, when given)."""
    with db.rows() as rows:
        return stats(rows, game and game.lower())
