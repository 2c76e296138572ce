"""The cards of a game, read on demand: by forgiving name (with suggestions), by printing, and by search filters.

A :class:`CardIndex` reads only what is asked of it, and remembers it: the printings a name answers to (one indexed
query per batch of names, :meth:`CardIndex.prefetch`), a card by id, every name (only for suggestions), every card
(only when asked for all). So a command on one deck costs the same whether the game has 300 cards or 20,000.
Its statements are the read path's SQL text (:mod:`deckcli.storage.reads`): sqlite3 or SQLAlchemy Core, no ORM.
Which printing a name, set and number mean is :mod:`deckcli.cards.resolver`'s job.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass
from typing import Any

from deckcli.cards.filters import Filter
from deckcli.files.jsontext import json_value
from deckcli.games import registry
from deckcli.names import closest, name_key
from deckcli.storage.reads import all_in, reader_of


@dataclass(frozen=True)
class CardRef:
    """One printing of a card, with every field of its card file in ``fields``."""

    id: int
    game: str
    set_code: str
    number: str
    name: str
    kind: str
    fields: dict[str, Any]

    @property
    def key(self) -> str:
        """The name key copies are counted under."""
        return name_key(self.name)

    def as_dict(self) -> dict[str, Any]:
        """All fields for filters and output: the card file's fields plus ``game`` and ``set``."""
        return {"game": self.game, "set": self.set_code, **self.fields}


#: The columns a CardRef is built from (table alias ``c``), read as plain rows.
REF_COLUMNS = "c.id, c.game, c.set_code, c.number, c.name, c.kind, c.data"


def card_ref(row: tuple) -> CardRef:
    """The CardRef of a row of :data:`REF_COLUMNS`."""
    card_id, game, set_code, number, name, kind, data = row
    return CardRef(card_id, game, set_code, number, name, kind, json_value(data))


class _ById(Mapping):
    """A card index's cards by id: a look-up reads the one card, iterating reads them all."""

    def __init__(self, index: CardIndex):
        self._index = index

    def __getitem__(self, card_id: int) -> CardRef:
        found = self._index.card(card_id)
        if found is None:
            raise KeyError(card_id)
        return found

    def __iter__(self) -> Iterator[int]:
        return iter([c.id for c in self._index.cards()])

    def __len__(self) -> int:
        return len(self._index.cards())


class CardIndex:
    """The cards of one game (``None``: of every game), read on demand from a database (a Readable, or an open
    SQLAlchemy Session) and remembered: one CardRef per card id."""

    def __init__(self, source: Any, game: str | None = None):
        self.game = game
        self._reads = reader_of(source)
        self._by_id: dict[int, CardRef] = {}
        #: Card id -> CardRef, as a mapping (a missing id is read on demand; iterating reads the whole game).
        self.by_id: Mapping[int, CardRef] = _ById(self)
        self._by_key: dict[str, list[CardRef]] = {}
        self._display: dict[str, str] | None = None
        self._printings: dict[tuple[str, str], list[int]] | None = None
        self._of_kind: dict[str, list[CardRef]] = {}
        self._everything = False

    def _where(self, alias: str, first: bool = False) -> tuple[str, dict[str, Any]]:
        """The game condition on table ``alias`` (nothing for every game)."""
        if not self.game:
            return "", {}
        return f" {'WHERE' if first else 'AND'} {alias}.game = :game", {"game": self.game}

    def _keep(self, rows: Iterable[tuple]) -> list[CardRef]:
        """The CardRefs of ``rows`` (card columns), reusing the one already held for each id."""
        refs = []
        for row in rows:
            ref = self._by_id.get(row[0])
            if ref is None:
                ref = self._by_id[row[0]] = card_ref(row)
            refs.append(ref)
        return refs

    # -- reading on demand --------------------------------------------------------------------------
    def prefetch(self, names: Iterable[str]) -> None:
        """Read the printings of every name not yet looked up, in one query (a deck's names before its lines)."""
        keys = [k for k in dict.fromkeys(name_key(n) for n in names) if k and k not in self._by_key]
        if not keys:
            return
        game, params = self._where("n")
        sql = (
            f"SELECT n.key, {REF_COLUMNS} FROM card_name n JOIN card c ON c.id = n.card_id"
            f" WHERE n.key IN ({{keys}}){game}"
        )
        with self._reads() as rows:
            found = all_in(rows, sql, "keys", keys, params)
        for key in keys:
            self._by_key[key] = []
        for row in found:
            self._by_key[row[0]] += self._keep([row[1:]])
        for key in keys:
            self._by_key[key].sort(key=lambda r: (r.set_code, r.number, r.id))

    def card(self, card_id: int) -> CardRef | None:
        """The card with this id (of this index's game), or None."""
        if card_id not in self._by_id:
            self._load_ids([card_id])
        return self._by_id.get(card_id)

    def _load_ids(self, ids: Iterable[int]) -> list[CardRef]:
        wanted = [i for i in ids if i not in self._by_id]
        if wanted:
            game, params = self._where("c")
            with self._reads() as rows:
                self._keep(
                    all_in(
                        rows, f"SELECT {REF_COLUMNS} FROM card c WHERE c.id IN ({{ids}}){game}", "ids", wanted, params
                    )
                )
        return [self._by_id[i] for i in ids if i in self._by_id]

    def cards(self) -> list[CardRef]:
        """Every card of the index, by id (reads the whole game: for listings, not for one deck)."""
        if not self._everything:
            game, params = self._where("c", first=True)
            with self._reads() as rows:
                self._keep(rows.all(f"SELECT {REF_COLUMNS} FROM card c{game} ORDER BY c.id", params))
            self._everything = True
        return [self._by_id[i] for i in sorted(self._by_id)]

    def cards_of_kind(self, kind: str) -> list[CardRef]:
        """Every card of one kind, by id (an sfb hook's action cards), read once."""
        if kind not in self._of_kind:
            game, params = self._where("c")
            with self._reads() as rows:
                found = rows.all(
                    f"SELECT {REF_COLUMNS} FROM card c WHERE c.kind = :kind{game} ORDER BY c.id",
                    {"kind": kind, **params},
                )
            self._of_kind[kind] = self._keep(found)
        return self._of_kind[kind]

    def __len__(self) -> int:
        game, params = self._where("c", first=True)
        with self._reads() as rows:
            return int(rows.all(f"SELECT count(*) FROM card c{game}", params)[0][0])

    @property
    def display(self) -> dict[str, str]:
        """Name key -> a name it displays as, for every name of the game (read once: suggestions need them all)."""
        if self._display is None:
            game, params = self._where("n", first=True)
            self._display = {}
            with self._reads() as rows:
                for key, display in rows.all(f"SELECT n.key, n.display FROM card_name n{game}", params):
                    self._display.setdefault(key, display)
        return self._display

    # -- look-ups ---------------------------------------------------------------------------------
    def suggest(self, name: str, limit: int = 3) -> list[str]:
        """The closest real card names to ``name``."""
        return closest(name, self.display, limit)

    def find_all(self, name: str) -> list[CardRef]:
        """Every printing the name answers to; printings whose own name matches come first."""
        key = name_key(name)
        if key not in self._by_key:
            self.prefetch([name])
        refs = self._by_key.get(key, [])
        exact = [r for r in refs if r.key == key]
        return exact or refs

    def printings_of(self, card: CardRef) -> list[CardRef]:
        """Every printing of ``card``: the cards of this index whose own name has its name key (``card`` itself
        when the index holds none). The one way deckcli lists a card's printings."""
        return [r for r in self.find_all(card.name) if r.key == card.key] or [card]

    def printings(self, set_code: str, number: str) -> list[CardRef]:
        """Every card with this set code and number (one per game at most)."""
        if self._printings is None:
            game, params = self._where("c", first=True)
            self._printings = {}
            with self._reads() as rows:
                for card_id, code, num in rows.all(
                    f"SELECT c.id, c.set_code, c.number FROM card c{game} ORDER BY c.id", params
                ):
                    # Set codes are unique within a game only (boa and aqa may both have S01).
                    self._printings.setdefault((code.casefold(), num.casefold()), []).append(card_id)
        return self._load_ids(self._printings.get((set_code.casefold(), number.casefold()), []))

    def printing(self, set_code: str, number: str) -> CardRef | None:
        """The card with this set code and number, if exactly one game has it."""
        found = self.printings(set_code, number)
        return found[0] if len(found) == 1 else None


def search_cards(
    source: Any,
    text: str | None = None,
    game: str | None = None,
    set_code: str | None = None,
    kind: str | None = None,
    where: Iterable[Filter] = (),
) -> list[CardRef]:
    """Cards matching every criterion, ordered by game, set and number; TEXT matches names, aliases and card text.
    ``source``: a Readable or an open SQLAlchemy Session."""
    conditions, params = [], {}
    for column, value in (("game", game), ("set_code", set_code and set_code.upper()), ("kind", kind and kind.lower())):
        if value:
            conditions.append(f"c.{column} = :{column}")
            params[column] = value
    sql = f"SELECT {REF_COLUMNS} FROM card c" + (" WHERE " + " AND ".join(conditions) if conditions else "")
    with reader_of(source)() as rows:
        refs = [card_ref(row) for row in rows.all(sql + " ORDER BY c.game, c.set_code, c.id", params)]
    return filter_refs(refs, text, where)


def filter_refs(refs: Iterable[CardRef], text: str | None = None, where: Iterable[Filter] = ()) -> list[CardRef]:
    """The cards of ``refs`` whose names, aliases or text hold ``text`` (as name keys: case and width ignored) and
    that pass every filter: ``cards search`` and the card pool of ``deckcli build``."""
    filters = list(where)
    found = list(refs)
    if text:
        needle = name_key(text)
        found = [r for r in found if needle in _searchable(r)]
    if filters:
        found = [r for r in found if all(f.matches(r.as_dict()) for f in filters)]
    return found


def _searchable(ref: CardRef) -> str:
    data = ref.fields
    parts = [ref.name, *(data.get("names") or {}).values(), *(data.get("aliases") or ()), str(data.get("text", ""))]
    ability = data.get("ability")
    if isinstance(ability, dict):
        parts.append(str(ability.get("text", "")))
    return name_key(" \n ".join(parts))


@dataclass(frozen=True)
class CardSetInfo:
    """One stored card set as ``deckcli games`` lists it: its game (code and title), code, name, whether it is
    deckcli's sample data, and how many cards it holds."""

    game: str
    game_name: str
    set: str
    name: str
    sample: bool
    cards: int

    def as_row(self) -> dict[str, Any]:
        """The listing's row and its ``--json`` object: the fields in order."""
        return asdict(self)


def list_sets(source: Any) -> list[CardSetInfo]:
    """Every set with its game and card count (``source``: a Readable or an open SQLAlchemy Session)."""
    with reader_of(source)() as rows:
        found = rows.all(
            "SELECT s.game, s.code, s.name, s.sample, count(c.id) FROM card_set s"
            " LEFT OUTER JOIN card c ON c.set_id = s.id GROUP BY s.id ORDER BY s.game, s.code"
        )
    return [CardSetInfo(g, registry.title(g), code, name, bool(sample), n) for g, code, name, sample, n in found]
