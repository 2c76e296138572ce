"""Which printing a (name, set, number, game) means, by one set of rules for every command (decks, validate,
odds, collection, cards show); each game's card index is loaded once and every answer remembered.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from deckcli.carderrors import AmbiguousCard, UnknownCard, UnknownPrinting, UnknownSet, WrongGame
from deckcli.cards.index import CardIndex, CardRef
from deckcli.errors import DeckcliError
from deckcli.games import registry
from deckcli.names import closest, name_key
from deckcli.storage.reads import reader_of

#: Above this many distinct names a prefetch reads the game's name keys rather than an IN list of every name.
MANY_NAMES = 2_000


class NoCard:
    """What :meth:`CardResolver.lookup_many` answers for a name no game has a card of, told by the name keys alone:
    the line's error would be ``UnknownCard(name, [], game)``, which a caller words (UnknownCard.wording) only
    if it must (80,000 unknown lines then make no 80,000 errors)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "NO_CARD"


NO_CARD = NoCard()

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable


def _card_or_raise(found: CardRef | DeckcliError) -> CardRef:
    """The printing found, or its error raised."""
    if isinstance(found, DeckcliError):
        try:
            raise found
        finally:
            del found  # this frame, kept by the error's traceback, must not keep the error: no reference cycle
    return found


class CardResolver:
    """Resolves card names, sets and numbers to printings against one database (a Readable — a Database or the
    read path's sqlite3 file — or an open SQLAlchemy Session)."""

    def __init__(self, source: Readable | Any):
        self._source = source
        self._indexes: dict[str | None, CardIndex] = {}
        self._sets: dict[str, dict[str, str]] | None = None
        self._memo: dict[tuple, CardRef | DeckcliError] = {}
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

    # -- one printing -----------------------------------------------------------------------------
    def find(
        self,
        name: str = "",
        set_text: str = "",
        number: str = "",
        game: str | None = None,
        prefer_sets: Iterable[str] = (),
        suggest: bool = True,
    ) -> CardRef:
        """The printing meant (without ``game``: in every game); ``prefer_sets`` (casefolded codes, a format's
        legal sets) picks among printings when no set is given; ``suggest=False`` leaves the closest names out of
        an unknown card's error (for problems no one will see). Answers and errors are remembered."""
        return _card_or_raise(self.lookup(name, set_text, number, game, prefer_sets, suggest))

    def lookup(
        self,
        name: str = "",
        set_text: str = "",
        number: str = "",
        game: str | None = None,
        prefer_sets: Iterable[str] = (),
        suggest: bool = True,
    ) -> CardRef | DeckcliError:
        """What :meth:`find` answers, the error returned rather than raised (thousands of decklist lines are cheaper
        so). Remembered errors hold no traceback, so 80,000 of them keep no frames alive for the garbage collector."""
        key = (name, set_text, number, game, frozenset(prefer_sets), suggest)
        found = self._memo.get(key)
        if found is None:
            try:
                found = self._find(name.strip(), set_text.strip(), number.strip(), game, key[4], suggest)
            except DeckcliError as exc:
                found = exc.with_traceback(None)
            self._memo[key] = found
        return found

    def lookup_many(
        self, lines: Iterable[tuple[str, str, str]], game: str, prefer_sets: Iterable[str] = ()
    ) -> list[CardRef | DeckcliError | NoCard]:
        """:meth:`lookup` of many ``(name, set, number)`` lines of one game, without closest names (ask
        :meth:`lookup` for those of the few problems shown): every name read in one prefetch, each distinct line
        answered once. After a large prefetch, a name whose key no game has is NO_CARD from two dictionary
        look-ups (what :meth:`refs` and the wrong-game check would find), so 80,000 unknown lines cost little."""
        lines = list(lines)
        code, prefer = self._code(game), frozenset(prefer_sets)
        self.prefetch(code, (name for name, _, _ in lines if name))
        known = self._known.get(code)
        others = self._other_names(code) if known is not None else {}
        answers: dict[tuple[str, str, str], CardRef | DeckcliError | NoCard] = {}
        for line in lines:
            if line in answers:
                continue
            key = name_key(line[0]) if known is not None else ""
            if key and known is not None and key not in known and key not in others:
                answers[line] = NO_CARD
            else:
                answers[line] = self.lookup(*line, code, prefer, suggest=False)
        return [answers[line] for line in lines]

    def _code(self, game: str) -> str:
        """The code of a game given in any case (asked once per game, not once per line)."""
        return self._codes.get(game) or self._codes.setdefault(game, registry.game(game).code)

    def _find(
        self, name: str, set_text: str, number: str, game: str | None, prefer: frozenset[str], suggest: bool = True
    ) -> CardRef | DeckcliError:
        """The printing meant, or the error saying why there is none (returned when it is the common unknown
        card of one game, raised otherwise)."""
        if game:
            return self._in_game_or_wrong(self._code(game), name, set_text, number, prefer, suggest)
        found = self.across_games(name, set_text, number)
        if len(found) > 1:
            what = name or f"({set_text}) {number}"
            raise AmbiguousCard(what, [(r.name, g) for g, r in found.items()])
        return next(iter(found.values()))

    def _in_game_or_wrong(
        self, game: str, name: str, set_text: str, number: str, prefer: frozenset[str], suggest: bool = True
    ) -> CardRef | DeckcliError:
        """The printing in ``game``, or why not; a name only other games have is a WrongGame naming them."""
        found = self._in_game_or_why(game, name, set_text, number, prefer, suggest)
        if not name or not isinstance(found, UnknownCard) or isinstance(found, UnknownPrinting):
            return found
        elsewhere = self._other_names(game).get(name_key(name))
        if not elsewhere:
            return found
        titles = {g: registry.title(g) for g in (game, *elsewhere)}
        return WrongGame(name, game, elsewhere, titles)

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

    def _in_game(
        self,
        game: str,
        name: str,
        set_text: str,
        number: str,
        prefer: frozenset[str] = frozenset(),
        suggest: bool = True,
    ) -> CardRef:
        """The printing in one game; ``suggest=False`` skips the closest names of an unknown one (costly, often unused)."""
        return _card_or_raise(self._in_game_or_why(game, name, set_text, number, prefer, suggest))

    def _in_game_or_why(
        self, game: str, name: str, set_text: str, number: str, prefer: frozenset[str], suggest: bool
    ) -> CardRef | DeckcliError:
        """What :meth:`_in_game` answers, a missing card or set returned rather than raised (no traceback each)."""
        index = self.index(game)
        code = self.set_code(game, set_text) if set_text else None
        if not name:  # a printing by set and number only
            if not (set_text and number):
                return UnknownCard(name, [], game)
            if code is None:
                return UnknownSet(set_text, game, self.set_codes(game))
            printing = index.printing(code, number)
            if printing is None:
                return UnknownCard(f"({code}) {number}", [], game)
            return printing
        refs = self.refs(game, name)
        if not refs:
            return UnknownCard(name, index.suggest(name) if suggest else [], game)
        if set_text and code is None:
            return UnknownSet(set_text, game, self.set_codes(game))
        return self._pick(index, name, refs, code, number, prefer)

    @staticmethod
    def _pick(
        index: CardIndex, name: str, refs: list[CardRef], code: str | None, number: str, prefer: frozenset[str]
    ) -> CardRef:
        """The printing among a name's ``refs`` that the set code and number select."""
        game = index.game
        chosen = [
            r
            for r in refs
            if (code is None or r.set_code == code) and (not number or r.number.casefold() == number.casefold())
        ]
        if not chosen:
            other = index.printing(code, number) if code and number else None
            printings = [f"({r.set_code}) {r.number}" for r in refs]
            raise UnknownPrinting(refs[0].name, code or "", number, printings, game, other.name if other else None)
        if len({r.key for r in chosen}) > 1:
            raise AmbiguousCard(name, sorted({(r.name, r.game) for r in chosen}), game)
        if prefer and code is None:
            chosen = [r for r in chosen if r.set_code.casefold() in prefer] or chosen
        return chosen[0]

    def across_games(self, name: str, set_text: str = "", number: str = "") -> dict[str, CardRef]:
        """The card meant in each game that has one (a card's own name beats another game's alias); raises the
        most telling miss when no game has it."""
        if not name and not (set_text and number):
            raise UnknownCard(name, [], None)
        found: dict[str, CardRef] = {}
        misses: list[DeckcliError] = []
        for game in registry.codes():
            try:
                found[game] = self._in_game(game, name, set_text, number, suggest=False)
            except DeckcliError as exc:
                misses.append(exc)
        if len(found) > 1 and name:
            own = {g: r for g, r in found.items() if r.key == name_key(name)}
            found = own or found
        if not found:
            raise self._miss(name, set_text, misses)
        return found

    def _miss(self, name: str, set_text: str, misses: list[DeckcliError]) -> DeckcliError:
        """The error for a card no game has: a game's own miss where the name is known, else one over all games."""
        telling = [e for e in misses if not isinstance(e, UnknownSet) and (type(e) is not UnknownCard or not name)]
        if telling:
            own = [e for e in telling if isinstance(e, UnknownPrinting) and name_key(e.card) == name_key(name)]
            return (own or telling)[0]
        sets = [e for e in misses if isinstance(e, UnknownSet)]
        if len(sets) == 1:
            return sets[0]
        if sets:
            return UnknownSet(set_text, None, self.set_codes())
        displays: dict[str, str] = {}
        for game in registry.codes():
            displays.update(self.index(game).display)
        return UnknownCard(name, closest(name, displays), None)

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
