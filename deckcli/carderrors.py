"""Errors about which card a name, set and number mean: a look-up of deckcli.cards.resolver answers a Miss naming
one of these classes, and only CardResolver.find and across_games raise it as its error; the CLI turns them into
messages and exit 1, as every error of deckcli.errors."""

from __future__ import annotations

from deckcli.errors import DeckcliError, NotFoundError, did_you_mean
from deckcli.i18n import N_, Message


class UnknownCard(NotFoundError):
    """A card name that matches no card (of ``game``, or of any game); carries the closest real names."""

    #: Why, when there is more to say than "unknown" (set by subclasses before the message is built).
    note = ""

    def __init__(self, name: str, suggestions: list[str], game: str | None = None):
        self.name = name
        self.suggestions = list(suggestions)
        self.game = game
        super().__init__(self.describe())

    def describe(self) -> str:
        """The message, built once from the data (subclasses word it their way)."""
        return self.wording(self.name, self.game, self.suggestions, self.note)

    @staticmethod
    def wording(name: str, game: str | None, suggestions: list[str] | tuple[str, ...] = (), note: str = "") -> str:
        """How an unknown card is said: :meth:`describe`'s words, for callers that report thousands of unknown
        names without making an error for each."""
        texts = (N_("unknown card {name!r}"), N_("unknown card {name!r} in {game}"))
        if note:
            texts = (N_("unknown card {name!r}: {note}"), N_("unknown card {name!r} in {game}: {note}"))
        return did_you_mean(Message(texts[bool(game)], name=name, game=game, note=note), suggestions)


class UnknownPrinting(UnknownCard):
    """A real card with no printing of that set and number; the suggestions are its printings, and ``other``
    names the card that has that set and number, if one does."""

    def __init__(
        self,
        card: str,
        set_code: str,
        number: str,
        printings: list[str],
        game: str | None = None,
        other: str | None = None,
    ):
        self.card, self.set_code, self.number, self.other = card, set_code, number, other
        wanted = f"({set_code}) {number}".strip() if set_code else f"#{number}"
        if other:
            self.note = Message("{printing} is {card!r}", printing=wanted, card=other)
        super().__init__(f"{card} {wanted}", [f"{card} {p}" for p in printings], game)


class WrongGame(UnknownCard):
    """A name no card of ``game`` has, but cards of ``games`` have; ``titles`` maps game codes to titles."""

    def __init__(self, name: str, game: str, games: list[str], titles: dict[str, str] | None = None):
        self.games = sorted(games)
        self.titles = dict(titles or {})
        super().__init__(name, [], game)

    def describe(self) -> str:
        def named(code: str) -> str:
            return f"{self.titles.get(code, code)} ({code})"

        names = [named(g) for g in self.games]
        others = Message("{first} or {last}", first=" or ".join(names[:-1]), last=names[-1]) if names[1:] else names[0]
        text = N_("{name!r} is a card of {others}, not of {game}")
        return Message(text, name=self.name, others=others, game=named(self.game or ""))


class AmbiguousCard(DeckcliError):
    """A name several different cards answer to; ``candidates`` are (card name, game) pairs. Within one game
    the full card name is needed; across games (no ``game``), ``--game``."""

    def __init__(self, name: str, candidates: list[tuple[str, str]], game: str | None = None):
        self.name, self.candidates, self.game = name, list(candidates), game
        self.names = sorted({n for n, _ in self.candidates})
        if game:
            listed = ", ".join(repr(n) for n in self.names)
            text = N_("{name!r} names several {game} cards ({listed}); write the full card name")
        else:
            listed = ", ".join(f"{n} ({g})" for n, g in self.candidates)
            text = N_("{name!r} names cards of several games: {listed}; give --game")
        super().__init__(Message(text, name=name, game=game, listed=listed))


class UnknownSet(NotFoundError):
    """A set code or set name that no set of ``game`` (or of any game) has; carries the known set codes."""

    def __init__(self, set_text: str, game: str | None, known: list[str]):
        self.set_text, self.game, self.known = set_text, game, sorted(known)
        known_sets = ", ".join(self.known) or Message("none")
        text = (
            N_("unknown set {set!r} in {game}; known sets: {known}")
            if game
            else N_("unknown set {set!r}; known sets: {known}")
        )
        super().__init__(Message(text, set=set_text, game=game, known=known_sets))
