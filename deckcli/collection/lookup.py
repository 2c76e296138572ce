"""Which printing a collection line means: by name (forgiving), set code or name, collector number, over one game or all.

Games share set codes (boa and aqa both have ``S01``), so a printing is looked up game by game and the
name decides; a name found in two games needs ``--game``. One :class:`CardLookup` loads each game's
:class:`~deckcli.cards.index.CardIndex` once and remembers answers, so 100,000 rows cost a dict lookup each.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlmodel import Session

from deckcli.cards.index import GAMES, CardIndex, CardRef, check_game
from deckcli.errors import DeckcliError, UnknownCardError
from deckcli.storage.models import CardSet
from deckcli.names import name_key


class CardLookup:
    """Resolves (name, set, number) to one printing; a miss raises UnknownCardError with the closest names."""

    def __init__(self, session: Session, game: str | None = None):
        self.game = check_game(game) if game else None
        games = [self.game] if self.game else list(GAMES)
        self.indexes: dict[str, CardIndex] = {g: CardIndex(session, g) for g in games}
        self.sets: dict[str, dict[str, str]] = {g: {} for g in games}
        for g, code, name in session.execute(select(CardSet.game, CardSet.code, CardSet.name)):
            if g in self.sets:
                self.sets[g][code.casefold()] = code
                self.sets[g].setdefault(name.casefold(), code)
        self._memo: dict[tuple, CardRef | DeckcliError] = {}

    def set_code(self, game: str, text: str) -> str | None:
        """The code of the set that ``text`` names (its code or full name) in ``game``."""
        return self.sets.get(game, {}).get(text.strip().casefold())

    def find(self, name: str = "", set_code: str = "", number: str = "", game: str | None = None) -> CardRef:
        """The printing a line means; answers (and errors) are remembered for repeated lines."""
        memo_key = (name, set_code, number, game)
        found = self._memo.get(memo_key)
        if found is None:
            try:
                found = self._find(name.strip(), set_code.strip(), number.strip(), game)
            except DeckcliError as exc:
                found = exc
            self._memo[memo_key] = found
        if isinstance(found, DeckcliError):
            raise found
        return found

    def _find(self, name: str, set_text: str, number: str, game: str | None) -> CardRef:
        if game:
            game = check_game(game)
            if game not in self.indexes:
                raise DeckcliError(f"the card is a {game} card, but only {self.game} cards are looked up here")
        if not name and not (set_text and number):
            raise DeckcliError("no card name (and no set code with a collector number)")
        games = [game] if game else list(self.indexes)
        found: dict[str, CardRef] = {}
        conflicts: list[str] = []
        for g in games:
            ref = self._in_game(g, name, set_text, number, conflicts)
            if ref is not None:
                found[g] = ref
        if len(found) > 1 and name:
            # A card's own name beats another game's alias or localised name ("Fireball" vs aqa's names.en).
            own = {g: r for g, r in found.items() if r.key == name_key(name)}
            found = own or found
        if len(found) == 1:
            return next(iter(found.values()))
        if len(found) > 1:
            options = ", ".join(f"{r.name} ({g})" for g, r in found.items())
            raise DeckcliError(f"{name or set_text + ' ' + number!r} names cards of several games: {options}; give --game")
        if conflicts:
            raise DeckcliError("; ".join(conflicts))
        where = f" ({set_text}) {number}".rstrip() if set_text else ""
        if not name:
            raise UnknownCardError(f"({set_text}) {number}", [], game)
        if set_text and not any(self.set_code(g, set_text) for g in games):
            known = sorted({code for g in games for code in self.sets[g].values()})
            raise DeckcliError(f"unknown set {set_text!r} for {name!r}; known sets: {', '.join(known)}")
        suggestions: list[str] = []
        for g in games:
            for s in self.indexes[g].suggest(name):
                if s not in suggestions:
                    suggestions.append(s)
        if where and any(self.indexes[g].find_all(name) for g in games):
            printings = [f"{r.name} ({r.set_code}) {r.number}" for g in games for r in self.indexes[g].find_all(name)[:3]]
            raise UnknownCardError(f"{name}{where}", printings, game)
        raise UnknownCardError(name, suggestions[:3], game)

    def _in_game(self, game: str, name: str, set_text: str, number: str, conflicts: list[str]) -> CardRef | None:
        index = self.indexes[game]
        code = None
        if set_text:
            code = self.set_code(game, set_text)
            if code is None:
                return None
        if code and number:
            printing = index.printing(code, number)
            if printing is not None:
                if not name or any(r.id == printing.id for r in index.by_key.get(name_key(name), ())):
                    return printing
                conflicts.append(f"({code}) {number} is {printing.name!r} in {game}, not {name!r}")
                return None
        if not name:
            return None
        refs = index.find_all(name)
        if code:
            refs = [r for r in refs if r.set_code == code]
        if number:  # a number without a set (or not found in it) still prefers the printing that has it
            refs = [r for r in refs if r.number.casefold() == number.casefold()] or refs
        if not refs:
            return None
        if len({r.key for r in refs}) > 1:
            options = ", ".join(sorted({r.name for r in refs}))
            raise DeckcliError(f"{name!r} is ambiguous in {game}: it names {options}; give the full name")
        return refs[0]
