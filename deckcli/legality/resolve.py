"""From a decklist to cards: which game and format a deck is for, and which card each line means.

Problems found here (unreadable lines, unknown cards, cards of another game) are reported with the
other rule problems rather than stopping at the first one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from datetime import date
from typing import TYPE_CHECKING

from deckcli.carderrors import AmbiguousCard, UnknownCard, WrongGame
from deckcli.cards.index import CardIndex, CardRef
from deckcli.cards.resolver import CardResolver, Miss
from deckcli.decklists.model import DeckEntry, Decklist, ParseProblem
from deckcli.decklists.routing import ZoneRouter
from deckcli.decklists.sources import DeckLocator, DeckRef
from deckcli.errors import DeckcliError, InputError
from deckcli.games import registry
from deckcli.games.hooks import stands_for
from deckcli.i18n import N_, Message, error_text
from deckcli.legality.format import Format
from deckcli.legality.formats import default_format, load_format, looks_like_path, named_format
from deckcli.legality.resolved import Problem, ResolvedCard, ResolvedDeck
from deckcli.words import plural

if TYPE_CHECKING:
    from deckcli.storage.reads import Readable


class Resolver:
    """Resolves many decklists against one database, loading each game's card index once."""

    def __init__(self, db: Readable, day: date | None = None, suggest_limit: int | None = None):
        self.db = db
        self.cards = CardResolver(db)
        #: Closest names are looked up only for a deck's first ``suggest_limit`` problems (None: all): a table shows
        #: no more, and 80,000 unknown lines must not cost 80,000 look-ups.
        self.suggest_limit = suggest_limit
        #: The day whose version of a dated format applies (``validate --date``; default today).
        self.day = day or date.today()
        self._locator: DeckLocator | None = None

    def index(self, game: str | None) -> CardIndex:
        """The card index of one game (``None``: all games)."""
        return self.cards.index(game)

    # -- which game and format ------------------------------------------------------------------
    def _guess_game(self, deck: Decklist) -> str | None:
        """The single game every card name of the deck belongs to, if there is one."""
        everything = self.index(None)
        self.cards.prefetch(None, (e.name for e in deck.entries if e.name))  # one query for the deck, not one a line
        votes: Counter[str] = Counter()
        for entry in [*deck.entries, *(p.reading for p in deck.problems if p.reading)]:  # (``ember whelp 4`` too)
            games = {r.game for r in self.cards.refs(None, entry.name)} if entry.name else set()
            if len(games) != 1 and entry.set_code and entry.number:  # a name of several games: its printing tells
                printed = {r.game for r in everything.printings(entry.set_code, entry.number)}
                games = (games & printed) or games or printed
            for game in games | registry.games_by_zone(entry.zone):  # a Champions line says sfb, by the data
                votes[game] += 1
        if not votes:
            return None
        ranked = votes.most_common()
        if len(ranked) > 1 and ranked[0][1] == ranked[1][1]:
            return None
        return ranked[0][0]

    def choose(
        self, deck: Decklist, format_name: str | Format | None, game: str | None
    ) -> tuple[str, Format, list[Problem]]:
        """The game and format to check ``deck`` under: options first, then the file, then the card names."""
        fmt = load_format(format_name) if isinstance(format_name, str) and format_name else format_name or None
        chosen = game or (fmt.game if fmt else None)
        problems = _game_line_problems(deck, chosen)
        if not chosen and registry.is_game(deck.game):
            chosen = deck.game
        fmt = self._deck_format(deck, fmt, chosen, problems)
        if not chosen and fmt:
            chosen = fmt.game
        if not chosen:
            chosen = self._guess_game(deck)
        if not chosen:
            text = N_("{source}: cannot tell which game this deck is for; add a 'Game: {games}' line or use --game")
            raise InputError(Message(text, source=deck.source or Message("deck"), games="|".join(registry.codes())))
        if fmt is None:
            fmt = default_format(chosen)
        elif fmt.game != chosen:
            problems.append(Problem("wrong-game", _format_for(fmt, chosen), extra={"game": fmt.game}))
        return chosen, fmt.on(self.day), problems

    def _deck_format(
        self, deck: Decklist, fmt: Format | None, chosen: str | None, problems: list[Problem]
    ) -> Format | None:
        """The format to check under: ``fmt`` from the options, else the one the deck's format line or stored deck names."""
        if deck.format and deck.layout is not None:  # a decklist read from text: its line names a format, never a file
            try:
                named: Format | None = named_format(deck.format, fmt, chosen)
            except DeckcliError as exc:  # (with --format, a name it does not know is left alone, as it always was)
                named = None
                if fmt is None or looks_like_path(deck.format):
                    problems.append(Problem("parse", _format_line(exc), line=deck.format_line))
            if fmt is None and named is not None:
                fmt = self._line_format(named, chosen, problems)
        elif (
            fmt is None and deck.format
        ):  # a stored deck: a bundled name, or the path of the --format it was kept under
            try:
                fmt = self._line_format(load_format(deck.format), chosen, problems)
            except DeckcliError as exc:
                problems.append(Problem("parse", _format_line(exc)))
        return fmt

    @staticmethod
    def _line_format(fmt: Format, chosen: str | None, problems: list[Problem]) -> Format | None:
        """The format the deck itself names, unless it is of another game than the one chosen (a problem)."""
        if chosen and fmt.game != chosen:
            problems.append(Problem("wrong-game", _format_for(fmt, chosen), extra={"game": fmt.game}))
            return None
        return fmt

    # -- which card each line means -------------------------------------------------------------
    def resolve(self, deck: Decklist, format_name: str | Format | None = None, game: str | None = None) -> ResolvedDeck:
        """Resolve every line; problems are collected, not raised."""
        game, fmt, problems = self.choose(deck, format_name, game)
        index = self.index(game)
        resolved = ResolvedDeck(deck.name, game, fmt, deck, problems=problems, index=index)
        entries, unread = self._card_lines(deck, game)
        entries = _names_only(deck, entries, game)
        resolved.problems += [Problem("parse", p.message, line=p.line) for p in unread]
        legal_sets = frozenset(s.casefold() for s in fmt.legal_sets or ())
        router, aside = ZoneRouter(registry.game(game), fmt.zones, deck), registry.aside_zones()
        found = self.cards.lookup_many(
            ((e.name, e.set_code or "", e.number or "") for e in entries), game, legal_sets
        )  # the deck's names in one query, each distinct line once
        unknown: list[tuple[int, DeckEntry]] = []  # (problem index, line) of the unknown cards to find closest names of
        wrong: list[tuple[int, DeckEntry, Miss]] = []  # (problem index, line, miss) of cards of other games
        limit = self.suggest_limit
        for entry, card in zip(entries, found):
            if isinstance(card, Miss):
                if card.kind is UnknownCard and (limit is None or len(resolved.problems) < limit):
                    unknown.append((len(resolved.problems), entry))
                if card.kind is WrongGame:
                    wrong.append((len(resolved.problems), entry, card))
                resolved.problems.append(self._unknown(entry, card))
                resolved.unresolved.append(entry)
                continue
            if entry.zone in registry.pseudo_zones():
                resolved.cards += self._stood_for(index, card, entry, resolved)
            elif entry.zone in aside:
                resolved.aside.append(ResolvedCard(entry.zone, entry.count, card, entry.line))
            else:
                resolved.cards.append(ResolvedCard(router.zone(entry, card.kind), entry.count, card, entry.line))
        self._suggest(resolved, unknown, game, legal_sets)
        _one_other_game(resolved, wrong, len(entries))
        resolved.unresolved = [e for e in resolved.unresolved if e.zone not in aside]
        resolved.notes = [*deck.notes, *router.notes()]
        return resolved

    def _card_lines(self, deck: Decklist, game: str) -> tuple[list[DeckEntry], list[ParseProblem]]:
        """The deck's card lines with each unreadable line read another way (``ember whelp 4``) whose name is a card
        of ``game`` and whose whole text is not, and the unreadable lines left."""
        others = [p.reading for p in deck.problems if p.reading is not None]
        if not others:
            return deck.entries, deck.problems
        self.cards.prefetch(game, (n for e in others for n in (e.name, f"{e.name} {e.count}")))
        taken = {
            id(e) for e in others if self.cards.refs(game, e.name) and not self.cards.refs(game, f"{e.name} {e.count}")
        }
        entries = sorted([*deck.entries, *(e for e in others if id(e) in taken)], key=lambda e: e.line or 0)
        return entries, [p for p in deck.problems if id(p.reading) not in taken]

    def _suggest(
        self, resolved: ResolvedDeck, unknown: list[tuple[int, DeckEntry]], game: str, legal_sets: frozenset[str]
    ) -> None:
        """Closest names for the ``unknown`` cards (those among a deck's first ``suggest_limit`` problems; all, without
        a limit): a table shows no more, and 80,000 unknown lines must not cost 80,000 look-ups."""
        for at, entry in unknown:
            card = self.cards.lookup(entry.name, entry.set_code or "", entry.number or "", game, legal_sets)
            if isinstance(card, Miss):
                resolved.problems[at] = self._unknown(entry, card)

    @staticmethod
    def _unknown(entry: DeckEntry, miss: Miss) -> Problem:
        """A ``wrong-game`` problem for a card of another game, else ``unknown-card`` with what may have been meant:
        the closest names, the card's printings, or the cards a shared name answers to. The common unknown card is
        worded from the miss without making its error (80,000 unknown lines make no 80,000 errors)."""
        if miss.kind is UnknownCard:
            cards = [entry.name or miss.name]
            return Problem(
                "unknown-card", miss.message, cards, entry.zone, entry.line, {"suggestions": list(miss.near)}
            )
        exc = miss.error()
        cards = [entry.name or getattr(exc, "name", "")]
        if isinstance(exc, WrongGame):
            return Problem("wrong-game", error_text(exc), cards, entry.zone, entry.line)
        suggestions = exc.names if isinstance(exc, AmbiguousCard) else getattr(exc, "suggestions", [])
        return Problem("unknown-card", error_text(exc), cards, entry.zone, entry.line, {"suggestions": suggestions})

    @staticmethod
    def _stood_for(index: CardIndex, leader: CardRef, entry: DeckEntry, resolved: ResolvedDeck) -> list[ResolvedCard]:
        """A pseudo-zone line (sfb Champions) stands for the cards its game's hooks say (a champion's actions)."""
        game = registry.game(resolved.game)
        members = stands_for(game, leader, index)
        target = game.zones[entry.zone].stands_for if entry.zone in game.zones else None
        if members is None or target is None:
            heading = game.zone_label(entry.zone, resolved.format.zones)
            resolved.problems.append(
                Problem(
                    "champion-set",
                    Message(
                        "{card!r} cannot stand in the {heading} section: it stands for no cards",
                        card=leader.name,
                        heading=heading,
                    ),
                    cards=[leader.name],
                    zone=entry.zone,
                    line=entry.line,
                )
            )
            return []
        return [ResolvedCard(target, entry.count, c, entry.line) for c in members]

    # -- reading ----------------------------------------------------------------------------------
    def open(
        self,
        source: DeckRef | str | None = None,
        deck_name: str | None = None,
        format_name: str | Format | None = None,
        game: str | None = None,
    ) -> ResolvedDeck:
        """Read a deck argument (:meth:`read`) and resolve it."""
        return self.resolve(self.read(source, deck_name), format_name, game)

    @property
    def locator(self) -> DeckLocator:
        """What tells deck arguments apart and reads them (:mod:`deckcli.decklists.sources`)."""
        if self._locator is None:
            self._locator = DeckLocator(self.db)
        return self._locator

    def read(self, source: DeckRef | str | None = None, deck_name: str | None = None) -> Decklist:
        """The decklist of a deck argument ``source`` (a decklist file or ``-``, a deck code or a stored deck, told
        apart by :meth:`DeckLocator.locate`) or of the stored deck ``deck_name`` (``--deck``), not yet resolved."""
        if (source is None) == (deck_name is None):
            raise InputError(Message("give either a decklist file or --deck NAME"))
        if deck_name is not None:
            ref = DeckRef("stored", deck_name)
        else:
            ref = source if isinstance(source, DeckRef) else self.locator.locate(str(source))
        return self.locator.read(ref)


def open_deck(
    db: Readable,
    source: str | None = None,
    deck_name: str | None = None,
    format_name: str | None = None,
    game: str | None = None,
    day: date | None = None,
) -> ResolvedDeck:
    """Read and resolve one deck (a deck argument, or a stored deck by name); ``day`` picks dated format versions."""
    return Resolver(db, day).open(source, deck_name, format_name, game)


def _names_only(deck: Decklist, entries: list[DeckEntry], game: str) -> list[DeckEntry]:
    """A stored deck read as a deck of another game (``--game``): the printings deckcli stored are of the deck's own
    game, so only its names mean anything there, as they do when the decklist file it was imported from is read so
    (a boa ``Fireball (S01)`` is sfb's Fireball, not an unknown set 'S01' of sfb)."""
    if deck.layout is not None or not deck.game or deck.game == game:
        return entries
    return [replace(e, set_code=None, number=None) if e.name else e for e in entries]


def _one_other_game(resolved: ResolvedDeck, wrong: list[tuple[int, DeckEntry, Miss]], lines: int) -> None:
    """One ``wrong-game`` problem instead of one per line when most of the deck's ``lines`` name cards of one other
    game: which game, how many cards, and their names (``this looks like a deck for boa``). The deck's ``Game:`` or
    ``Format:`` line naming that game says the same thing and is folded into it; ``other_game`` is set, so the
    format's rules, which only repeat it, are not checked."""
    ranked = Counter(g for _, _, miss in wrong for g in miss.near).most_common(1)
    code = ranked[0][0] if ranked else ""
    ours = [(at, entry) for at, entry, miss in wrong if code in miss.near]
    if len(ours) < 2 or len(ours) * 2 <= lines:
        return
    zones = {entry.zone for _, entry in ours}
    count = sum(entry.count for _, entry in ours)
    message = Message(
        "{lines} ({cards}) name {title} ({code}) cards, not {deck_title} ({deck_game}) ones: this looks like a deck for {code}",
        lines=plural(len(ours), "line"),
        cards=plural(count, "card"),
        title=registry.title(code),
        code=code,
        deck_title=registry.title(resolved.game),
        deck_game=resolved.game,
    )
    lined = [entry.line for _, entry in ours if entry.line is not None]
    names = list(dict.fromkeys(entry.name for _, entry in ours))
    zone = zones.pop() if len(zones) == 1 else None
    one = Problem(
        "wrong-game", message, names, zone, min(lined, default=None), {"game": code, "count": count, "lines": lined}
    )
    first, dropped = ours[0][0], {at for at, _ in ours}
    dropped |= {i for i, p in enumerate(resolved.problems) if p.rule == "wrong-game" and p.extra.get("game") == code}
    resolved.problems = [
        one if i == first else p for i, p in enumerate(resolved.problems) if i not in dropped or i == first
    ]
    resolved.other_game = code


def _format_for(fmt: Format, chosen: str) -> Message:
    """The ``wrong-game`` message of a format of another game than the deck's."""
    return Message(
        "format {format!r} is for {game}, but the deck is {chosen}", format=fmt.name, game=fmt.game, chosen=chosen
    )


def _game_line_problems(deck: Decklist, chosen: str | None) -> list[Problem]:
    """The deck's own Game line as a problem: a game deckcli does not know, or another game than the one chosen."""
    problems: list[Problem] = []
    if deck.game and not registry.is_game(deck.game):
        problems.append(
            Problem(
                "wrong-game",
                Message(
                    "unknown game {game!r} in the decklist; known: {known}",
                    game=deck.game,
                    known=", ".join(registry.codes()),
                ),
            )
        )
    elif deck.game and chosen and deck.game != chosen:
        problems.append(
            Problem(
                "wrong-game",
                Message(
                    "the decklist says Game: {game}, but it is being checked as {chosen}",
                    game=deck.game,
                    chosen=chosen,
                ),
                extra={"game": deck.game},
            )
        )
    return problems


def _format_line(exc: DeckcliError) -> str:
    """The problem of a decklist's ``Format:`` line whose format cannot be used: the error's message after it."""
    return Message("Format: {problem}", problem=error_text(exc))
