"""Errors the library raises for problems a user can fix; the CLI turns them into messages and exit 1."""

from __future__ import annotations

from typing import ClassVar

from deckcli.i18n import N_, Lines, Message, error_text, translated
from deckcli.words import listing


class DeckcliError(Exception):
    """A problem with the user's input or data, reported without a traceback (exit status 1)."""

    @property
    def text(self) -> str:
        """The message as a report keeps it: English, a :class:`~deckcli.i18n.Message` where it was made as one."""
        return error_text(self)

    def translated(self) -> str:
        """The message in the user's language (``str(error)`` and :attr:`text` stay English)."""
        return str(translated(self.text))


class CardDataError(DeckcliError):
    """One or more card-set files are invalid; ``problems`` holds ``file: JSON path: message`` lines, ``hint`` what
    to do about them (a spreadsheet naming unknown columns or values: how to get a sheet to fill in)."""

    def __init__(self, problems: list[str], hint: str | None = None):
        self.problems = problems
        self.hint = hint
        super().__init__(Lines([*problems, *([hint] if hint else [])]))


class GameDataError(DeckcliError):
    """A game file (``carddb/<game>/game.json``) is invalid; ``problems`` holds ``file: JSON path: message`` lines."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(Message("invalid game file:\n{problems}", problems=Lines(problems)))


class NotFoundError(DeckcliError):
    """A named thing (deck, format, set, game) that does not exist."""


class InputError(DeckcliError):
    """Malformed input: a bad expression, decklist, deck code or CSV row."""


class ProtectedFile(InputError):
    """A file deckcli was asked to write over but never writes: a database (``path``: the name given; ``reason``:
    what the file is)."""

    def __init__(self, path: str, reason: str):
        self.path, self.reason = path, reason
        super().__init__(Message("{path}: {reason}; name another file to write", path=path, reason=reason))


#: What a refused import says was done (a Message: shown in the user's language).
NOTHING_IMPORTED = Message("nothing was imported")


class DeckReadError(DeckcliError):
    """A decklist whose lines do not all name cards; ``problems`` holds (line, message) pairs, nothing was stored."""

    def __init__(self, source: str, problems: list[tuple[int | None, str]], undone: str = NOTHING_IMPORTED):
        self.source = source
        self.problems = problems
        self.summary = Message(
            "{count} problem in {source}; {undone}",
            "{count} problems in {source}; {undone}",
            len(problems),
            source=source,
            undone=undone,
        )
        super().__init__(Lines([*self.lines(), self.summary]))

    def lines(self) -> list[str]:
        """One ``source: line N: message`` line per problem."""
        texts = (N_("{source}: line {line}: {problem}"), N_("{source}: {problem}"))
        return [Message(texts[line is None], source=self.source, line=line, problem=m) for line, m in self.problems]


class DecksReadError(DeckcliError):
    """Decklists of one ``deck import`` that do not all read: every problem of every file (``lines``, each naming
    its file), how many problems and how many of the files failed; nothing was stored."""

    def __init__(self, lines: list[str], problems: int, failed: int, files: int, undone: str = NOTHING_IMPORTED):
        self.problem_lines, self.problems, self.failed, self.files = lines, problems, failed, files
        self.summary = Message(
            "{count} problem in {failed} of {files} decklists; {undone}",
            "{count} problems in {failed} of {files} decklists; {undone}",
            problems,
            failed=failed,
            files=files,
            undone=undone,
        )
        super().__init__(Lines([*lines, self.summary]))

    def lines(self) -> list[str]:
        """One ``source: line N: message`` line per problem."""
        return list(self.problem_lines)


class NoSuchDecklist(NotFoundError):
    """A deck argument with an extension that is no file, deck code or stored deck: a missing file, a usage error
    (exit 2) as it always was; ``suggestions`` are the closest stored deck names."""

    def __init__(self, ref: str, suggestions: list[str]):
        self.ref, self.suggestions = ref, list(suggestions)
        message = Message("'{ref}' does not exist: no decklist file, deck code or stored deck is called so", ref=ref)
        super().__init__(did_you_mean(message, suggestions))


class NoSuchFormat(NotFoundError):
    """A format reference that names no bundled format and no file: ``ref`` as given; ``hint`` (a name, not a path)
    the closest bundled names, else all of them. Typed on the command line (``--format``, ``formats show``) it is a
    usage error (exit 2); met in a format's ``extends`` or a stored deck's or event's format, the command's (exit 1)."""

    def __init__(self, ref: str, hint: str | None = None):
        self.ref, self.hint = ref, hint
        if hint is None:
            super().__init__(Message("{file}: format file not found", file=ref))
        else:
            text = N_("unknown format {name!r}; {hint} (or give a path to a format file)")
            super().__init__(Message(text, name=ref, hint=hint))


class AmbiguousDecklist(InputError):
    """A deck argument that two sources answer to (``kinds``: "decklist file", "deck code", "stored deck")."""

    def __init__(self, ref: str, kinds: list[str], hint: str):
        self.ref, self.kinds = ref, list(kinds)
        text = N_("{ref!r} is both a {first} and a {second}: {hint}")
        first = kinds[0] if len(kinds) == 2 else " and a ".join(kinds[:-1])  # (one kind kept a Message: translated)
        super().__init__(Message(text, ref=ref, first=first, second=kinds[-1], hint=hint))


# -- tournament events (raised by deckcli.events) -----------------------------------------------------


class UnknownEvent(NotFoundError):
    """An event name no event answers to; ``suggestions`` are the closest event names."""

    def __init__(self, name: str, suggestions: list[str]):
        self.name, self.suggestions = name, list(suggestions)
        super().__init__(did_you_mean(Message("no event called {name!r}", name=name), suggestions))


class UnknownPlayer(NotFoundError):
    """A player not registered for ``event``; ``suggestions`` are the closest registered players."""

    def __init__(self, event: str, player: str, suggestions: list[str]):
        self.event, self.player, self.suggestions = event, player, list(suggestions)
        message = Message("no player {player!r} is registered for event {event!r}", player=player, event=event)
        super().__init__(did_you_mean(message, suggestions))


class NoRoundPaired(InputError):
    """Slips or pairings asked for an event whose first round is not paired yet."""

    def __init__(self, event: str):
        self.event = event
        text = N_("{event}: no round has been paired yet; pair one with 'deckcli event pair \"{event}\"'")
        super().__init__(Message(text, event=event))


class UnknownRound(NotFoundError):
    """A round label the event has no round for; ``rounds`` are the labels it has."""

    def __init__(self, event: str, label: str, rounds: list[str]):
        self.event, self.label, self.rounds = event, label, list(rounds)
        text = N_("{event}: no round {label!r}; the rounds paired are {rounds}")
        super().__init__(Message(text, event=event, label=label, rounds=", ".join(self.rounds)))


class AlreadyRegistered(DeckcliError):
    """``players`` already hold a current registration for ``event``; nothing was registered."""

    def __init__(self, event: str, players: list[str]):
        self.event, self.players = event, list(players)
        text = (
            N_(
                "{player!r} is already registered for event {event!r}; give --replace to register"
                " the new decklist instead (before the event starts)"
            )
            if len(players) == 1
            else N_(
                "{count} players are already registered for event {event!r}: {names}; give"
                " --replace to register their new decklists instead; nothing was registered"
            )
        )
        names = ", ".join(repr(p) for p in players)
        super().__init__(Message(text, count=len(players), player=players[0], event=event, names=names))


class EventStarted(DeckcliError):
    """A change refused because ``event`` has started (``why`` says how: ``event start``, a side exchange, its date)."""

    def __init__(self, event: str, why: str, refused: str):
        self.event, self.why, self.refused = event, why, refused
        text = N_("event {event!r} has started ({why}): {refused}")
        super().__init__(Message(text, event=event, why=why, refused=refused))


class LookalikePlayer(DeckcliError):
    """``player`` is a new name that looks like the taken name ``other`` (``why``: how; ``where``: the import row of
    ``other``, None for a registered player); nothing was registered for it."""

    def __init__(self, player: str, other: str, why: str, where: str | None = None):
        self.player, self.other, self.why, self.where = player, other, why, where
        text = (
            N_(
                "player {player!r} looks like the registered player {other!r} ({why}); register under the same"
                " spelling, or give --new-player if they are different players"
            )
            if where is None
            else N_(
                "player {player!r} looks like the player {other!r} of {where} ({why}); give each player one"
                " spelling, or give --new-player if they are different players"
            )
        )
        super().__init__(Message(text, player=player, other=other, where=where, why=why))


# -- printing pages with a headless browser (raised by deckcli.rendering.browser) --------------------------


class BrowserMissing(DeckcliError):
    """No headless Chromium on PATH; ``tried`` names the programs looked for."""

    #: What to do without a browser, where there is another way (a page to print is HTML that any browser prints).
    HTML_INSTEAD = Message(" or write HTML instead (--to html) and print it from any browser")
    PRINT_TO_PDF = Message("print to PDF")

    def __init__(self, tried: tuple[str, ...], what: str = PRINT_TO_PDF, instead: str = HTML_INSTEAD):
        self.tried = tried
        text = N_(
            "cannot {what}: no Chromium found on PATH (looked for {programs}); install it (Debian/Ubuntu:"
            " 'apt-get install chromium'; macOS: 'brew install --cask chromium'){instead}"
        )
        super().__init__(Message(text, what=what, programs=", ".join(tried), instead=instead))


class BrowserFailed(DeckcliError):
    """Chromium ran but did not produce the file asked for; carries its exit status (None: timed out; negative:
    the signal that stopped it), the end of its output and, when it is not the exit, what went wrong."""

    def __init__(self, program: str, status: int | None, output: str, target: str, problem: str = ""):
        self.program, self.status, self.output, self.target, self.problem = program, status, output, target, problem
        if status is None:
            how = N_("timed out without writing {target}")
        else:
            how = (
                N_("was stopped by signal {signal} without writing {target}")
                if status < 0
                else N_("exited with status {status} without writing {target}")
            )
        what = problem or Message(how, signal=-(status or 0), status=status, target=target)
        tail = "\n".join(output.strip().splitlines()[-5:])
        text = N_("{program} {problem}:\n{output}") if tail else N_("{program} {problem}")
        super().__init__(Message(text, program=program, problem=what, output=tail))


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
                "{folder}: refused, it holds {entries}, which deckcli did not write there (or which changed since);"
                " nothing was written. Export into another folder, or move it away first",
                "{folder}: refused, it holds {entries}, which deckcli did not write there (or which changed since);"
                " nothing was written. Export into another folder, or move them away first",
                len(self.entries),
                folder=folder,
                entries=", ".join(self.entries),
            )
        )


# -- the published site's folder (raised by deckcli.files.folderswap) ----------------------------------


class SiteFolderRefused(InputError):
    """``event publish`` into a folder holding what deckcli's own site there does not: ``entries`` are (name, why)
    pairs (why is empty for a file deckcli never wrote); nothing was changed."""

    SHOWN = 5

    def __init__(self, folder: str, entries: list[tuple[str, str]]):
        self.folder, self.entries = folder, list(entries)
        shown = listing(
            [Message("{name} ({why})", name=name, why=why) if why else name for name, why in self.entries[: self.SHOWN]]
        )
        if len(self.entries) > self.SHOWN:
            shown = Message("{entries} and {more} more", entries=shown, more=len(self.entries) - self.SHOWN)
        super().__init__(
            Message(
                "{folder}: refused, it holds what deckcli did not publish there: {entries}; nothing was"
                " changed. Publish into an empty or new folder, or remove it from {folder} first",
                "{folder}: refused, it holds what deckcli did not publish there: {entries}; nothing was"
                " changed. Publish into an empty or new folder, or remove them from {folder} first",
                len(self.entries),
                folder=folder,
                entries=shown,
            )
        )


class SiteNotPublished(InputError):
    """Writing a site stopped at ``file`` (``reason`` says why); ``before`` is what the folder held ("site",
    "empty" or "nothing"), which is left exactly as it was."""

    AFTER: ClassVar[dict[str, str]] = {
        "site": Message("the earlier site is unchanged"),
        "empty": Message("the folder is still empty"),
        "nothing": Message("there was no folder before and none was made"),
    }

    def __init__(self, file: str, reason: str, before: str):
        self.file, self.reason, self.before = file, reason, before
        super().__init__(Message("{reason}; nothing was published: {after}", reason=reason, after=self.AFTER[before]))


class InterruptedAfterChange(KeyboardInterrupt):
    """A Ctrl-C that came once a command's change was made (``done`` says what), so "nothing was changed" would be
    false."""

    def __init__(self, done: str):
        self.done = done
        super().__init__(done)


def did_you_mean(message: str, suggestions: list[str] | tuple[str, ...]) -> str:
    """``message``, then the closest names a user may have meant (one :class:`~deckcli.i18n.Message`)."""
    if not suggestions:
        return message
    names = ", ".join(repr(s) for s in suggestions)
    return Message("{problem}; did you mean {names}?", problem=message, names=names)
