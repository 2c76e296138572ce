"""Errors the library raises for problems a user can fix; the CLI turns them into messages and exit 1."""

from __future__ import annotations

from typing import Any, ClassVar

from deckcli.i18n import Message


class DeckcliError(Exception):
    """A problem with the user's input or data, reported without a traceback (exit status 1)."""


class CardDataError(DeckcliError):
    """One or more card-set files are invalid; ``problems`` holds ``file: JSON path: message`` lines."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


class GameDataError(DeckcliError):
    """A game file (``carddb/<game>/game.json``) is invalid; ``problems`` holds ``file: JSON path: message`` lines."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("invalid game file:\n" + "\n".join(problems))


class NotFoundError(DeckcliError):
    """A named thing (deck, format, set, game) that does not exist."""


# -- which card a name, set and number mean (raised by deckcli.cards.resolver.CardResolver) -------------


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
        message = (
            Message("unknown card {card!r} in {game}", card=name, game=game)
            if game
            else Message("unknown card {card!r}", card=name)
        )
        if note:
            message = Message("{problem}: {note}", problem=message, note=note)
        if suggestions:
            names = ", ".join(repr(s) for s in suggestions)
            message = Message("{problem}; did you mean {names}?", problem=message, names=names)
        return message


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

        others = " or ".join(named(g) for g in self.games)
        return Message(
            "{card!r} is a card of {games}, not of {game}", card=self.name, games=others, game=named(self.game or "")
        )


class AmbiguousCard(DeckcliError):
    """A name several different cards answer to; ``candidates`` are (card name, game) pairs. Within one game
    the full card name is needed; across games (no ``game``), ``--game``."""

    def __init__(self, name: str, candidates: list[tuple[str, str]], game: str | None = None):
        self.name, self.candidates, self.game = name, list(candidates), game
        self.names = sorted({n for n, _ in self.candidates})
        if game:
            listed = ", ".join(repr(n) for n in self.names)
            what: dict[str, Any] = {"name": name, "game": game, "cards": listed}
            message = Message("{name!r} names several {game} cards ({cards}); write the full card name", **what)
        else:
            listed = ", ".join(f"{n} ({g})" for n, g in self.candidates)
            message = Message("{name!r} names cards of several games: {cards}; give --game", name=name, cards=listed)
        super().__init__(message)


class UnknownSet(NotFoundError):
    """A set code or set name that no set of ``game`` (or of any game) has; carries the known set codes."""

    def __init__(self, set_text: str, game: str | None, known: list[str]):
        self.set_text, self.game, self.known = set_text, game, sorted(known)
        sets = ", ".join(self.known) or Message("none")
        super().__init__(
            Message("unknown set {set!r} in {game}; known sets: {sets}", set=set_text, game=game, sets=sets)
            if game
            else Message("unknown set {set!r}; known sets: {sets}", set=set_text, sets=sets)
        )


class InputError(DeckcliError):
    """Malformed input: a bad expression, decklist, deck code or CSV row."""


class ProtectedFile(InputError):
    """A file deckcli was asked to write over but never writes: a database (``path``: the name given; ``reason``:
    what the file is)."""

    def __init__(self, path: str, reason: str):
        self.path, self.reason = path, reason
        super().__init__(f"{path}: {reason}; name another file to write")


#: What a failed import did (events name what they did not record instead).
NOTHING_IMPORTED = Message("nothing was imported")


class DeckReadError(DeckcliError):
    """A decklist whose lines do not all name cards; ``problems`` holds (line, message) pairs, nothing was stored."""

    def __init__(self, source: str, problems: list[tuple[int | None, str]], undone: str = NOTHING_IMPORTED):
        self.source, self.problems, args = source, problems, {"source": source, "undone": undone}
        self.summary = Message(
            "{count} problem in {source}; {undone}", "{count} problems in {source}; {undone}", len(problems), **args
        )
        super().__init__("\n".join([*self.lines(), self.summary]))

    def lines(self) -> list[str]:
        """One ``source: line N: message`` line per problem."""
        return [
            Message("{source}: line {line}: {problem}", source=self.source, line=line, problem=m)
            if line is not None
            else Message("{source}: {problem}", source=self.source, problem=m)
            for line, m in self.problems
        ]


class DecksReadError(DeckcliError):
    """Decklists of one ``deck import`` that do not all read: every problem of every file (``lines``, each naming
    its file), how many problems and how many of the files failed; nothing was stored."""

    def __init__(self, lines: list[str], problems: int, failed: int, files: int, undone: str = NOTHING_IMPORTED):
        self.problem_lines, self.problems, self.failed, self.files = lines, problems, failed, files
        args: dict[str, Any] = {"failed": failed, "files": files, "undone": undone}
        self.summary = Message(
            "{count} problem in {failed} of {files} decklists; {undone}",
            "{count} problems in {failed} of {files} decklists; {undone}",
            problems,
            **args,
        )
        super().__init__("\n".join([*lines, self.summary]))

    def lines(self) -> list[str]:
        """One ``source: line N: message`` line per problem."""
        return list(self.problem_lines)


class NoSuchDecklist(NotFoundError):
    """A deck argument with an extension that is no file, deck code or stored deck: a missing file, a usage error
    (exit 2) as it always was; ``suggestions`` are the closest stored deck names."""

    def __init__(self, ref: str, suggestions: list[str]):
        self.ref, self.suggestions = ref, list(suggestions)
        hint = "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?" if suggestions else ""
        super().__init__(f"'{ref}' does not exist: no decklist file, deck code or stored deck is called so{hint}")


class AmbiguousDecklist(InputError):
    """A deck argument that two sources answer to (``kinds``: "decklist file", "deck code", "stored deck")."""

    def __init__(self, ref: str, kinds: list[str], hint: str):
        self.ref, self.kinds = ref, list(kinds)
        super().__init__(f"{ref!r} is both a {' and a '.join(kinds)}: {hint}")


# -- tournament events (raised by deckcli.events) -----------------------------------------------------


class UnknownEvent(NotFoundError):
    """An event name no event answers to; ``suggestions`` are the closest event names."""

    def __init__(self, name: str, suggestions: list[str]):
        self.name, self.suggestions = name, list(suggestions)
        hint = "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?" if suggestions else ""
        super().__init__(f"no event called {name!r}{hint}")


class UnknownPlayer(NotFoundError):
    """A player not registered for ``event``; ``suggestions`` are the closest registered players."""

    def __init__(self, event: str, player: str, suggestions: list[str]):
        self.event, self.player, self.suggestions = event, player, list(suggestions)
        hint = "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?" if suggestions else ""
        super().__init__(f"no player {player!r} is registered for event {event!r}{hint}")


class NoRoundPaired(InputError):
    """Slips or pairings asked for an event whose first round is not paired yet."""

    def __init__(self, event: str):
        self.event = event
        super().__init__(f"{event}: no round has been paired yet; pair one with 'deckcli event pair \"{event}\"'")


class UnknownRound(NotFoundError):
    """A round label the event has no round for; ``rounds`` are the labels it has."""

    def __init__(self, event: str, label: str, rounds: list[str]):
        self.event, self.label, self.rounds = event, label, list(rounds)
        super().__init__(f"{event}: no round {label!r}; the rounds paired are {', '.join(self.rounds)}")


class AlreadyRegistered(DeckcliError):
    """``players`` already hold a current registration for ``event``; nothing was registered."""

    def __init__(self, event: str, players: list[str]):
        self.event, self.players = event, list(players)
        if len(players) == 1:
            message = (
                f"{players[0]!r} is already registered for event {event!r}; give --replace to register"
                " the new decklist instead (before the event starts)"
            )
        else:
            names = ", ".join(repr(p) for p in players)
            message = (
                f"{len(players)} players are already registered for event {event!r}: {names}; give"
                " --replace to register their new decklists instead; nothing was registered"
            )
        super().__init__(message)


class EventStarted(DeckcliError):
    """A change refused because ``event`` has started (``why`` says how: ``event start``, a side exchange, its date)."""

    def __init__(self, event: str, why: str, refused: str):
        self.event, self.why, self.refused = event, why, refused
        super().__init__(f"event {event!r} has started ({why}): {refused}")


class LookalikePlayer(DeckcliError):
    """``player`` is a new name that looks like the taken name ``other`` (``why``: how; ``where``: the import row of
    ``other``, None for a registered player); nothing was registered for it."""

    def __init__(self, player: str, other: str, why: str, where: str | None = None):
        self.player, self.other, self.why, self.where = player, other, why, where
        if where is None:
            taken, advice = f"the registered player {other!r}", "register under the same spelling"
        else:
            taken, advice = f"the player {other!r} of {where}", "give each player one spelling"
        super().__init__(
            f"player {player!r} looks like {taken} ({why}); {advice}, or give --new-player if they"
            " are different players"
        )


# -- printing pages with a headless browser (raised by deckcli.events.browser) --------------------------


class BrowserMissing(DeckcliError):
    """No headless Chromium on PATH; ``tried`` names the programs looked for."""

    #: What to do without a browser, where there is another way (a page to print is HTML that any browser prints).
    HTML_INSTEAD = " or write HTML instead (--to html) and print it from any browser"

    def __init__(self, tried: tuple[str, ...], what: str = "print to PDF", instead: str = HTML_INSTEAD):
        self.tried = tried
        super().__init__(
            f"cannot {what}: no Chromium found on PATH (looked for {', '.join(tried)}); install it "
            f"(Debian/Ubuntu: 'apt-get install chromium'; macOS: 'brew install --cask chromium'){instead}"
        )


class BrowserFailed(DeckcliError):
    """Chromium ran but did not produce the file asked for; carries its exit status (None: timed out; negative:
    the signal that stopped it), the end of its output and, when it is not the exit, what went wrong."""

    def __init__(self, program: str, status: int | None, output: str, target: str, problem: str = ""):
        self.program, self.status, self.output, self.target, self.problem = program, status, output, target, problem
        how = (
            "timed out"
            if status is None
            else f"was stopped by signal {-status}"
            if status < 0
            else f"exited with status {status}"
        )
        tail = "\n".join(output.strip().splitlines()[-5:])
        super().__init__(f"{program} {problem or how + ' without writing ' + target}" + (f":\n{tail}" if tail else ""))


# -- playing online and printing (raised by deckcli.play) ---------------------------------------------


class ProxiesDoNotFit(InputError):
    """Proxy cards with ``bleed`` mm on each side that do not fit the printable area (``printable`` mm) of ``paper``;
    ``most`` is the largest bleed that fits, and the message (made where the sum is) shows the sum that is too long."""

    def __init__(self, message: str, *, bleed: float, paper: str, printable: float, most: float):
        self.bleed, self.paper, self.printable, self.most = bleed, paper, printable, most
        super().__init__(message)


class PlayFolderRefused(InputError):
    """``deck export --to tts`` into a folder where files of the names it writes are not deckcli's (``entries``: the
    names; never written by deckcli there, or changed since); nothing was written."""

    def __init__(self, folder: str, entries: list[str]):
        self.folder, self.entries = folder, list(entries)
        super().__init__(
            Message(
                "{folder}: refused, it holds {files}, which deckcli did not write there (or which changed since);"
                " nothing was written. Export into another folder, or move it away first",
                "{folder}: refused, it holds {files}, which deckcli did not write there (or which changed since);"
                " nothing was written. Export into another folder, or move them away first",
                len(self.entries),
                folder=folder,
                files=", ".join(self.entries),
            )
        )


# -- the published site's folder (raised by deckcli.events.sitefolder) ----------------------------------


class SiteFolderRefused(InputError):
    """``event publish`` into a folder holding what deckcli's own site there does not: ``entries`` are (name, why)
    pairs (why is empty for a file deckcli never wrote); nothing was changed."""

    SHOWN = 5

    def __init__(self, folder: str, entries: list[tuple[str, str]]):
        self.folder, self.entries = folder, list(entries)
        shown = ", ".join(f"{name} ({why})" if why else name for name, why in self.entries[: self.SHOWN])
        more = f" and {len(self.entries) - self.SHOWN} more" if len(self.entries) > self.SHOWN else ""
        them = "it" if len(self.entries) == 1 else "them"
        super().__init__(
            f"{folder}: refused, it holds what deckcli did not publish there: {shown}{more}; nothing was"
            f" changed. Publish into an empty or new folder, or remove {them} from {folder} first"
        )


class SiteNotPublished(InputError):
    """Writing a site stopped at ``file`` (``reason`` says why); ``before`` is what the folder held ("site",
    "empty" or "nothing"), which is left exactly as it was."""

    AFTER: ClassVar[dict[str, str]] = {
        "site": "the earlier site is unchanged",
        "empty": "the folder is still empty",
        "nothing": "there was no folder before and none was made",
    }

    def __init__(self, file: str, reason: str, before: str):
        self.file, self.reason, self.before = file, reason, before
        super().__init__(f"{reason}; nothing was published: {self.AFTER[before]}")


class InterruptedAfterChange(KeyboardInterrupt):
    """A Ctrl-C that came once a command's change was made (``done`` says what), so "nothing was changed" would be
    false."""

    def __init__(self, done: str):
        self.done = done
        super().__init__(done)
