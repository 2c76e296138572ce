"""What decks need from the collection: cards short per deck, stored decks buildable now, several decks at once.

Needs are counted by card name across every zone of a deck; any printing, finish, condition,
language or tag the player owns counts towards that name.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, cast

from deckcli.collection.counts import owned_by_key
from deckcli.collection.variants import Variant
from deckcli.decklists.model import Decklist
from deckcli.decklists.stored import DeckHead, counted_lines, deck_heads, stored_decklist, stored_decks
from deckcli.errors import DeckcliError
from deckcli.games import registry
from deckcli.i18n import Lines, Message, error_text
from deckcli.legality.format import Format
from deckcli.legality.resolve import Resolver
from deckcli.legality.resolved import ResolvedDeck
from deckcli.names import name_key
from deckcli.storage.reads import Rows, reader_of
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable
    from deckcli.storage.writes import Writable


@dataclass(slots=True)
class Need:
    """``need`` copies of the card called ``name`` (in ``game``) against ``have`` owned."""

    game: str
    key: str
    name: str
    need: int
    have: int = 0
    decks: list[str] = field(default_factory=list)

    @property
    def missing(self) -> int:
        return max(0, self.need - self.have)

    def as_dict(self, with_decks: bool = False) -> dict[str, Any]:
        """The need as a row; ``with_decks`` for a listing over several decks, which may be of several games: each
        card's game too, and the decks that need it."""
        data: dict[str, Any] = {"name": self.name, "game": self.game} if with_decks else {"name": self.name}
        data |= {
            "need": self.need,
            "have": self.have,
            "missing": max(0, self.need - self.have),
        }
        if with_decks:
            data["decks"] = list(self.decks)
        return data


def deck_label(deck: ResolvedDeck) -> str:
    """The name a deck is reported under."""
    return deck.name or deck.decklist.source or "deck"


def count_needs(
    game: str, label: str, cards: Iterable[tuple[str, str, int]], into: dict[tuple[str, str], Need] | None = None
) -> dict[tuple[str, str], Need]:
    """Copies needed per (game, card name key) of ``cards`` (name key, card name, count) in order, for the deck
    called ``label``; adds to ``into`` when given."""
    needs = {} if into is None else into
    for key, name, count in cards:
        need = needs.get((game, key))
        if need is None:
            need = needs[(game, key)] = Need(game, key, name, 0)
        need.need += count
        if label not in need.decks:
            need.decks.append(label)
    return needs


def deck_needs(deck: ResolvedDeck, into: dict[tuple[str, str], Need] | None = None) -> dict[tuple[str, str], Need]:
    """Copies needed per (game, card name key), over all zones, in deck order; adds to ``into`` when given."""
    return count_needs(deck.game, deck_label(deck), ((dc.card.key, dc.card.name, dc.count) for dc in deck.cards), into)


def fill_owned(source: Rows | Readable | Any, needs: dict[tuple[str, str], Need]) -> list[Need]:
    """Set ``have`` on every need from the collection (one query per game); returns the needs that are short.
    ``source``: Rows, a Readable or an open SQLAlchemy Session."""
    if not hasattr(source, "all"):
        with reader_of(source)() as rows:
            return fill_owned(rows, needs)
    for game in {g for g, _ in needs}:
        owned = owned_by_key(cast("Rows", source), game, [k for g, k in needs if g == game])
        for (g, key), need in needs.items():
            if g == game:
                need.have = owned.get(key, 0)
    return [n for n in needs.values() if n.missing]


def missing_cards(db: Readable, deck: ResolvedDeck) -> list[Need]:
    """Every card the deck needs more of than the collection holds (the deck must resolve fully)."""
    deck.require_cards()
    return fill_owned(db, deck_needs(deck))


class DeckStatus:
    """Whether one stored deck can be built from the collection, and what it is short of.

    ``lacking`` holds each card short as a plain ``(name, need, have)`` tuple: 1,000 decks short of 22,000 cards
    are reported without an object made per card; ``short`` makes the :class:`Need` objects when asked."""

    __slots__ = ("_short", "cards", "format", "game", "lacking", "missing", "name", "problem")

    def __init__(
        self,
        name: str,
        game: str,
        format: str,
        cards: int = 0,
        short: list[Need] | None = None,
        problem: str | None = None,
    ):
        self.name, self.game, self.format, self.cards, self.problem = name, game, format, cards, problem
        self.lacking: list[tuple[str, int, int]] = []
        self.missing = 0
        self._short: list[Need] | None = None
        if short:
            self.short = short

    @property
    def short(self) -> list[Need]:
        if self._short is None:
            self._short = [
                Need(self.game, name_key(name), name, need, have, [self.name]) for name, need, have in self.lacking
            ]
        return self._short

    @short.setter
    def short(self, needs: list[Need]) -> None:
        self._short = list(needs)
        self.lacking = [(n.name, n.need, n.have) for n in self._short]
        self.missing = sum([max(0, n.need - n.have) for n in self._short])

    def set_lacking(self, lacking: list[tuple[str, int, int]]) -> None:
        """The cards short, as ``(name, need, have)`` with need > have (each name the key's, see _held_cards)."""
        self.lacking, self._short = lacking, None
        self.missing = sum(map(itemgetter(1), lacking)) - sum(map(itemgetter(2), lacking))

    @property
    def buildable(self) -> bool:
        return self.problem is None and not self.lacking

    def __repr__(self) -> str:
        return f"DeckStatus({self.name!r}, {self.game!r}, {self.format!r}, {self.cards}, {self.lacking!r}, {self.problem!r})"

    def as_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "deck": self.name,
            "game": self.game,
            "format": self.format,
            "cards": self.cards,
            "buildable": self.buildable,
            "short": self.missing,
            "missing": [
                {"name": name, "need": need, "have": have, "missing": max(0, need - have)}
                for name, need, have in self.lacking
            ],
        }
        if self.problem:
            data["problem"] = self.problem
        return data

    def json_text(self, text: Callable[[str], str]) -> str:
        """``json.dumps(self.as_dict(), ensure_ascii=False)`` written out directly, ``text`` encoding each string
        (through a cache): 1,000 decks short of 22,000 cards print without a dict made and encoded per card."""
        texts = list(map(_NEED_JSON.get, self.lacking))
        if None in texts:
            texts = [text or _need_json(need) for text, need in zip(texts, self.lacking)]
        missing = ", ".join(cast("list[str]", texts))  # (no None left)
        problem = f', "problem": {text(self.problem)}' if self.problem else ""
        return (
            f'{{"deck": {text(self.name)}, "game": {text(self.game)}, "format": {text(self.format)}, '
            f'"cards": {self.cards}, "buildable": {"true" if self.buildable else "false"}, '
            f'"short": {self.missing}, "missing": [{missing}]{problem}}}'
        )

    def as_row(self) -> dict[str, Any]:
        """One flat row for a listing: the deck, and its status in words."""
        missing = self.missing
        status: Message
        if self.problem:
            first = self.problem.lines[0] if isinstance(self.problem, Lines) else self.problem.splitlines()[0]
            status = Message("cannot read: {problem}", problem=first)
        elif self.buildable:
            status = Message("buildable")
        else:
            status = Message(
                "short {cards} ({different} different)", cards=plural(missing, "card"), different=len(self.lacking)
            )
        return {
            "deck": self.name,
            "game": self.game,
            "format": self.format,
            "cards": self.cards,
            "buildable": self.buildable,
            "short": missing,
            "status": status,
        }


#: Each ``(name, need, have)`` need's JSON text as written once (decks share many); bounded by :func:`_need_json`.
_NEED_JSON: dict[tuple[str, int, int], str] = {}


def _need_json(need: tuple[str, int, int]) -> str:
    """One need as ``json.dumps(Need.as_dict(), ensure_ascii=False)`` writes it, kept in _NEED_JSON."""
    name, count, have = need
    shown = json.dumps(name, ensure_ascii=False)
    text = f'{{"name": {shown}, "need": {count}, "have": {have}, "missing": {max(0, count - have)}}}'
    if len(_NEED_JSON) >= 65536:
        _NEED_JSON.clear()
    _NEED_JSON[need] = text
    return text


def stored_deck_names(db: Readable, game: str | None = None) -> list[str]:
    """The names of the stored decks (of one game), alphabetically (ignoring case)."""
    with db.rows() as rows:
        return [deck.name for deck in stored_decks(rows, game)]


def buildable_decks(db: Readable, game: str | None = None) -> list[DeckStatus]:
    """Every stored deck (of one game) with what the collection lacks to build it; buildable decks first.

    A few queries whatever the number of decks (the decks, all their card lines and those cards' names, the copies
    owned per game) and one pass over the lines: a deck's cards are counted as stored (their printings need no
    resolving again), its game and format are chosen as for any deck (once per distinct stored game and format).
    """
    with db.rows() as rows:
        decks = deck_heads(rows, game)
        held, names = _held_cards(decks, *counted_lines(rows, game))
        statuses = _statuses(Resolver(db), rows, decks, held, game)
        # every named card's key for each game weighed (a key no deck of that game names is simply not asked)
        keys = sorted({key for named in names.values() for key in named})
        owned = {g: owned_by_key(rows, g, keys) for g in {statuses[d].game for d in held}}
    ordered = []
    for stored in decks:
        status = statuses[stored.id]
        counts = held.get(stored.id)
        if counts:
            have, named = owned[status.game].get, names.get(stored.id, names[None])
            status.set_lacking(
                [(named[key], need, got) for key, need in counts.items() if need > (got := have(key, 0))]
            )
        ordered.append(
            ((status.problem is not None or status.missing > 0, status.missing, status.name.casefold()), status)
        )
    ordered.sort(key=itemgetter(0))
    return [status for _, status in ordered]


def _held_cards(
    decks: list[DeckHead], found: list[tuple[int, int, int]], names: dict[int, str]
) -> tuple[dict[int, dict[str, int]], dict[int | None, dict[str, str]]]:
    """Deck id -> {card name key: copies} in deck order, from the rows of :func:`counted_lines` in one pass (each
    card's key looked up once), and the name each key is reported under: ``None`` -> the one name of each key,
    and deck id -> its own names for a deck naming cards whose names differ but share a key (its first one)."""
    keys = {card_id: name_key(name) for card_id, name in names.items()}
    named: dict[str, str] = {}
    shared = {key for card_id, key in keys.items() if named.setdefault(key, names[card_id]) != names[card_id]}
    held: dict[int, dict[str, int]] = {d.id: {} for d in decks}
    current, needs = None, {}
    for deck_id, card_id, count in found:
        if deck_id != current:
            current, needs = deck_id, held.get(deck_id, {})
        key = keys[card_id]
        needs[key] = needs.get(key, 0) + count
    own: dict[int | None, dict[str, str]] = {None: named}
    if shared:  # rare: such a key is reported under its first name in each deck that names it
        for deck_id, card_id, _ in found:
            if keys[card_id] in shared:
                own.setdefault(deck_id, {}).setdefault(keys[card_id], names[card_id])
        for deck_id in [d for d in own if d is not None]:
            own[deck_id] = {**named, **own[deck_id]}
    return held, own


def _statuses(
    resolver: Resolver, rows: Rows, decks: list[DeckHead], held: dict[int, dict[str, int]], game: str | None
) -> dict[int, DeckStatus]:
    """Deck id -> its status before the collection is weighed: game, format and cards, or why it cannot be read
    (its cards are then dropped from ``held``: it needs nothing). A deck of a known game is chosen for by its stored
    game and format alone, so each pair is chosen once."""
    chosen: dict[tuple[str, str], tuple[str, Format, list] | DeckcliError] = {}
    choice: tuple[str, Format, list] | DeckcliError | None
    statuses = {}
    for stored in decks:
        memo = (stored.game, stored.format) if registry.is_game(stored.game) else None
        choice = chosen.get(memo) if memo else None
        if choice is None:
            # a deck of an unknown game is read whole: its cards may tell its game
            decklist = _bare_decklist(stored) if memo else stored_decklist(rows, stored.name)
            try:
                choice = resolver.choose(decklist, None, None)
            except DeckcliError as exc:
                choice = exc
            if memo:
                chosen[memo] = choice
        if isinstance(choice, DeckcliError):
            statuses[stored.id] = DeckStatus(stored.name, game or "?", "?", problem=str(choice))
            del held[stored.id]
            continue
        deck_game, fmt, problems = choice
        status = DeckStatus(stored.name, deck_game, fmt.name, sum(held[stored.id].values()))
        if problems:
            try:
                bare = _bare_decklist(stored)
                ResolvedDeck(stored.name, deck_game, fmt, bare, problems=list(problems)).require_cards()
            except DeckcliError as exc:
                status.problem = error_text(exc)  # a Message (its lines kept), shown translated
        statuses[stored.id] = status
    return statuses


def _bare_decklist(stored: DeckHead) -> Decklist:
    """The stored deck as a decklist without its cards: all choosing its game and format or naming it needs."""
    return Decklist(name=stored.name, game=stored.game, format=stored.format, source=f"deck:{stored.name}")


@dataclass
class Together:
    """Several decks built at the same time: every card's total need across them against one collection."""

    decks: list[str]
    needs: list[Need]

    @property
    def short(self) -> list[Need]:
        return [n for n in self.needs if n.missing]

    @property
    def buildable(self) -> bool:
        return not self.short

    def as_dict(self) -> dict[str, Any]:
        return {
            "decks": self.decks,
            "buildable": self.buildable,
            "short": sum(n.missing for n in self.short),
            "missing": [n.as_dict(with_decks=True) for n in self.short],
        }


def together(db: Readable, decks: list[ResolvedDeck]) -> Together:
    """Whether one collection holds enough copies for all ``decks`` at once (a copy is used by one deck only)."""
    needs: dict[tuple[str, str], Need] = {}
    for deck in decks:
        deck.require_cards()
        deck_needs(deck, needs)
    fill_owned(db, needs)
    return Together([deck_label(d) for d in decks], list(needs.values()))


def add_deck(db: Writable, deck: ResolvedDeck, variant: Variant = Variant(), times: int = 1) -> tuple[int, int]:
    """Add every card of a deck (all zones, the printings it names) to the collection; returns (copies, entries)."""
    from deckcli.collection.store import check_count, entry_key, upsert

    deck.require_cards()
    counts: dict[int, int] = {}
    for dc in deck.cards:
        counts[dc.card.id] = counts.get(dc.card.id, 0) + dc.count * times
    for n in counts.values():
        check_count(n)
    with db.write() as tx:
        upsert(tx, [(entry_key(card_id, variant), n) for card_id, n in counts.items()])
    return sum(counts.values()), len(counts)
