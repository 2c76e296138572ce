"""Which printing a (name, set, number, game) means, by one set of rules for every command (decks, validate,
odds, collection, cards show); each game's card index is loaded once and every answer remembered.

One pass, in the order the docs give it (docs/players/cards.md): a printing by set and number; the name in the game,
its aliases and localised names (one table of name keys holds all three, a card's own name first); the same name in
another game (``wrong-game``); the closest names. What finds nothing is a :class:`Miss`, a value that says why:
80,000 unknown decklist lines then make 80,000 small tuples, no exception and no message each. Only the two functions
the commands call to get a card, :meth:`CardResolver.find` and :meth:`~CardResolver.across_games` (and
:meth:`~CardResolver.every_printing` through them), raise it, as the error class of :mod:`deckcli.carderrors` it
names (:meth:`Miss.error`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from deckcli.carderrors import AmbiguousCard, UnknownCard, UnknownPrinting, UnknownSet, WrongGame
from deckcli.cards.index import CardIndex, CardRef
from deckcli.errors import DeckcliError
from deckcli.games import registry
from deckcli.i18n import error_text
from deckcli.names import closest, name_key
from deckcli.storage.reads import reader_of

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable

#: Above this many distinct names a prefetch reads the game's name keys rather than an IN list of every name.
MANY_NAMES = 2_000


class Miss(NamedTuple):
    """Why no printing answers a look-up: the error class it is raised as (``kind``) and what that error says, kept
    as data until a command raises it (:meth:`error`) or a report words it (:attr:`message`)."""

    #: UnknownCard, UnknownSet, UnknownPrinting, WrongGame or AmbiguousCard.
    kind: type[DeckcliError]
    #: The name asked (a printing asked by set and number only: ``(S01) 001``; an unknown set: the set as typed;
    #: a missing printing: the card's own name).
    name: str
    #: The game looked in (None: every game).
    game: str | None
    #: What may have been meant: the closest names (UnknownCard), the set codes (UnknownSet), the other games that
    #: have the name (WrongGame, sorted).
    near: tuple[str, ...] = ()
    #: The cards found: the card's printings (UnknownPrinting), the cards the name answers to (AmbiguousCard).
    cards: tuple[CardRef, ...] = ()
    #: The set code and number asked for, and the name of the card printed there if another one is (UnknownPrinting).
    asked: tuple[str, str, str | None] = ("", "", None)

    def error(self) -> DeckcliError:
        """The error this miss is raised as (made afresh: no traceback is kept between two raises)."""
        kind, name, game = self.kind, self.name, self.game
        if kind is UnknownSet:
            return UnknownSet(name, game, list(self.near))
        if kind is WrongGame:
            return WrongGame(name, game or "", list(self.near), {g: registry.title(g) for g in (game, *self.near) if g})
        if kind is UnknownPrinting:
            printings = [f"({r.set_code}) {r.number}" for r in self.cards]
            return UnknownPrinting(name, self.asked[0], self.asked[1], printings, game, self.asked[2])
        if kind is AmbiguousCard:
            pairs = [(r.name, r.game) for r in self.cards]
            return AmbiguousCard(name, sorted(set(pairs)) if game else pairs, game)
        return UnknownCard(name, list(self.near), game)

    @property
    def message(self) -> Any:
        """What the error says (a Message), worded without making it when it is the common unknown card."""
        if self.kind is UnknownCard:
            return UnknownCard.wording(self.name, self.game, self.near)
        return error_text(self.error())


class CardResolver:
    """Resolves card names, sets and numbers to printings against one database (a Readable — a Database or the
    read path's sqlite3 file — or an open SQLAlchemy Session)."""

    def __init__(self, source: Readable | Any):
        self._source = source
        self._indexes: dict[str | None, CardIndex] = {}
        self._sets: dict[str, dict[str, str]] | None = None
        self._memo: dict[tuple, CardRef | Miss] = {}
        self._others: dict[str, dict[str, list[str]]] = {}
        self._codes: dict[str, str] = {}  # a game as given -> its code
        #: Every name key of a game (``None``: of every game), read when one prefetch had too many names to list.
        self._known: dict[str | None, dict[str, str]] = {}

    def index(self, game: str | None) -> CardIndex:
        """The card index of one game (``None``: all games), made once; it reads the cards asked of it."""
        if game not in self._indexes:
            self._indexes[game] = CardIndex(self._source, game)
        return self._indexes[game]

    def prefetch(self, game: str | None, names: Iterable[str]) -> None:
        """Read the printings of many names of one game at once (a deck's lines), before looking them up.

        More distinct names than MANY_NAMES (no real deck has them; 80,000 unknown lines do) are first checked
        against every name key of the game, read in one query: only those that name a card are then read."""
        index = self.index(game)
        names = list(dict.fromkeys(names))
        if len(names) > MANY_NAMES:
            known = self._known.setdefault(game, index.display)
            names = [n for n in names if name_key(n) in known]
        index.prefetch(names)

    def refs(self, game: str | None, name: str) -> list[CardRef]:
        """Every printing of ``game`` (``None``: of every game) the name answers to (see CardIndex.find_all); a name
        a large prefetch found no card for costs no query."""
        known = self._known.get(game)
        if known is not None and name_key(name) not in known:
            return []
        return self.index(game).find_all(name)

    def _set_table(self) -> dict[str, dict[str, str]]:
        """Game -> name key of each set's code and name -> the set code (codes win over names), loaded once."""
        if self._sets is None:
            with reader_of(self._source)() as reads:
                rows = sorted(reads.all("SELECT game, code, name FROM card_set"))
            self._sets = {}
            for g, code, _ in rows:
                self._sets.setdefault(g, {})[name_key(code)] = code
            for g, code, name in rows:
                self._sets[g].setdefault(name_key(name), code)
        return self._sets

    def set_code(self, game: str, text: str) -> str | None:
        """The code of the set of ``game`` that ``text`` names by its code or its name (any case)."""
        return self._set_table().get(game, {}).get(name_key(text))

    def set_codes(self, game: str | None = None) -> list[str]:
        """Every set code of ``game`` (``None``: of every game)."""
        table = self._set_table()
        return sorted({code for g in ([game] if game else table) for code in table.get(g, {}).values()})

    # -- one printing: the commands' edge -----------------------------------------------------------
    def find(
        self,
        name: str = "",
        set_text: str = "",
        number: str = "",
        game: str | None = None,
        prefer_sets: Iterable[str] = (),
        suggest: bool = True,
    ) -> CardRef:
        """The printing meant (without ``game``: in every game), or its Miss raised as its error; ``prefer_sets``
        (casefolded codes, a format's legal sets) picks among printings when no set is given; ``suggest=False``
        leaves the closest names out of an unknown card's error (for problems no one will see)."""
        found = self.lookup(name, set_text, number, game, prefer_sets, suggest)
        if isinstance(found, Miss):
            raise found.error()
        return found

    def lookup(
        self,
        name: str = "",
        set_text: str = "",
        number: str = "",
        game: str | None = None,
        prefer_sets: Iterable[str] = (),
        suggest: bool = True,
    ) -> CardRef | Miss:
        """What :meth:`find` answers, a Miss returned rather than raised; each answer is remembered."""
        key = (name, set_text, number, game, frozenset(prefer_sets), suggest)
        found = self._memo.get(key)
        if found is None:
            name, set_text, number = name.strip(), set_text.strip(), number.strip()
            if game:
                found = self._in_game(self._code(game), name, set_text, number, key[4], suggest)
            else:
                found = self._in_any_game(name, set_text, number)
            self._memo[key] = found
        return found

    def lookup_many(
        self, lines: Iterable[tuple[str, str, str]], game: str, prefer_sets: Iterable[str] = ()
    ) -> list[CardRef | Miss]:
        """:meth:`lookup` of many ``(name, set, number)`` lines of one game, without closest names (ask
        :meth:`lookup` for those of the few problems shown): every name read in one prefetch, each distinct line
        answered once. After a large prefetch, a name whose key no game has is told by two dictionary look-ups
        (the pass's name and other-game steps, done for the batch), so 80,000 unknown lines cost little."""
        lines = list(lines)
        code, prefer = self._code(game), frozenset(prefer_sets)
        self.prefetch(code, (name for name, _, _ in lines if name))
        known = self._known.get(code)
        others = self._other_names(code) if known is not None else {}
        answers: dict[tuple[str, str, str], CardRef | Miss] = {}
        for line in lines:
            if line in answers:
                continue
            key = name_key(line[0]) if known is not None else ""
            if key and known is not None and key not in known and key not in others:
                answers[line] = Miss(UnknownCard, line[0].strip(), code)
            else:
                answers[line] = self.lookup(*line, code, prefer, suggest=False)
        return [answers[line] for line in lines]

    def across_games(self, name: str, set_text: str = "", number: str = "") -> dict[str, CardRef]:
        """The card meant in each game that has one (a card's own name beats another game's alias), or the most
        telling miss raised as its error."""
        found = self._across(name, set_text, number)
        if isinstance(found, Miss):
            raise found.error()
        return found

    # -- the pass -----------------------------------------------------------------------------------
    def _code(self, game: str) -> str:
        """The code of a game given in any case (asked once per game, not once per line)."""
        return self._codes.get(game) or self._codes.setdefault(game, registry.game(game).code)

    def _in_any_game(self, name: str, set_text: str, number: str) -> CardRef | Miss:
        """The card meant when no game is given: the one game's card, a miss when several games have one."""
        found = self._across(name, set_text, number)
        if isinstance(found, Miss):
            return found
        if len(found) == 1:
            return next(iter(found.values()))
        return Miss(AmbiguousCard, name or f"({set_text}) {number}", None, cards=tuple(found.values()))

    def _in_game(
        self,
        game: str,
        name: str,
        set_text: str,
        number: str,
        prefer: frozenset[str] = frozenset(),
        suggest: bool = True,
        elsewhere: bool = True,
    ) -> CardRef | Miss:
        """The pass in one game, step by step; ``elsewhere=False`` skips the other games (every game is being
        looked in) and ``suggest=False`` the closest names (costly, often unused)."""
        if not name:  # 1. a printing by set and number
            return self._by_printing(game, set_text, number)
        refs = self.refs(game, name)  # 2. the name in the game, its aliases and localised names
        if refs:
            return self._narrowed(game, name, refs, set_text, number, prefer)
        others = self._other_names(game).get(name_key(name)) if elsewhere else None
        if others:  # 3. the same name in another game
            return Miss(WrongGame, name, game, tuple(sorted(others)))
        near = tuple(self.index(game).suggest(name)) if suggest else ()  # 4. the closest names
        return Miss(UnknownCard, name, game, near)

    def _by_printing(self, game: str, set_text: str, number: str) -> CardRef | Miss:
        """The printing a set (code or name) and number give, with no name."""
        if not (set_text and number):
            return Miss(UnknownCard, "", game)
        code = self.set_code(game, set_text)
        if code is None:
            return Miss(UnknownSet, set_text, game, tuple(self.set_codes(game)))
        return self.index(game).printing(code, number) or Miss(UnknownCard, f"({code}) {number}", game)

    def _narrowed(
        self, game: str, name: str, refs: list[CardRef], set_text: str, number: str, prefer: frozenset[str]
    ) -> CardRef | Miss:
        """The printing among a name's ``refs`` that the set and number select (no set: a preferred one, the first)."""
        code = self.set_code(game, set_text) if set_text else None
        if set_text and code is None:
            return Miss(UnknownSet, set_text, game, tuple(self.set_codes(game)))
        folded = number.casefold()
        chosen = [
            r for r in refs if (code is None or r.set_code == code) and (not number or r.number.casefold() == folded)
        ]
        if not chosen:
            other = self.index(game).printing(code, number) if code and number else None
            asked = (code or "", number, other.name if other else None)
            return Miss(UnknownPrinting, refs[0].name, game, cards=tuple(refs), asked=asked)
        if len({r.key for r in chosen}) > 1:
            return Miss(AmbiguousCard, name, game, cards=tuple(chosen))
        if prefer and code is None:
            chosen = [r for r in chosen if r.set_code.casefold() in prefer] or chosen
        return chosen[0]

    def _other_names(self, game: str) -> dict[str, list[str]]:
        """Name key -> the other games that have a card of that name, read once: 80,000 unknown lines then cost one
        dictionary look-up each, and no query."""
        found = self._others.get(game)
        if found is None:
            found = self._others[game] = {}
            for other in registry.codes():
                if other != game:
                    for key in self.index(other).display:
                        found.setdefault(key, []).append(other)
        return found

    def _across(self, name: str, set_text: str, number: str) -> dict[str, CardRef] | Miss:
        """The card meant in each game that has one (a card's own name beats another game's alias), or the most
        telling miss when no game has it."""
        if not name and not (set_text and number):
            return Miss(UnknownCard, name, None)
        found: dict[str, CardRef] = {}
        misses: list[Miss] = []
        for game in registry.codes():
            answer = self._in_game(game, name, set_text, number, suggest=False, elsewhere=False)
            if isinstance(answer, Miss):
                misses.append(answer)
            else:
                found[game] = answer
        if len(found) > 1 and name:
            found = {g: r for g, r in found.items() if r.key == name_key(name)} or found
        return found or self._telling(name, set_text, misses)

    def _telling(self, name: str, set_text: str, misses: list[Miss]) -> Miss:
        """The miss of a card no game has: a game's own miss where the name is known, else one over all games."""
        telling = [m for m in misses if m.kind is not UnknownSet and (m.kind is not UnknownCard or not name)]
        if telling:
            own = [m for m in telling if m.kind is UnknownPrinting and name_key(m.name) == name_key(name)]
            return (own or telling)[0]
        sets = [m for m in misses if m.kind is UnknownSet]
        if len(sets) == 1:
            return sets[0]
        if sets:
            return Miss(UnknownSet, set_text, None, tuple(self.set_codes()))
        displays: dict[str, str] = {}
        for game in registry.codes():
            displays.update(self.index(game).display)
        return Miss(UnknownCard, name, None, tuple(closest(name, displays)))

    # -- every printing of a card -----------------------------------------------------------------
    def printings_of(self, ref: CardRef, set_text: str = "", number: str = "") -> list[CardRef]:
        """Every printing of the card ``ref`` is, narrowed to its set and number when those were given."""
        same = self.index(ref.game).printings_of(ref)
        return [
            r
            for r in same
            if (not set_text.strip() or r.set_code == ref.set_code)
            and (not number.strip() or r.number.casefold() == ref.number.casefold())
        ] or [ref]

    def every_printing(self, name: str, set_text: str = "", number: str = "", game: str | None = None) -> list[CardRef]:
        """Every printing of the card meant (of each game's card, when no game is given and several have one)."""
        if game:
            return self.printings_of(self.find(name, set_text, number, game), set_text, number)
        found = self.across_games(name.strip(), set_text.strip(), number.strip())
        return [r for ref in found.values() for r in self.printings_of(ref, set_text, number)]
