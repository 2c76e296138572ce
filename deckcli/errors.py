"""Errors the library raises for problems a user can fix; the CLI turns them into messages and exit 1."""

from __future__ import annotations


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


class UnknownCardError(DeckcliError):
    """A card name that matches no card; carries the closest real names."""

    def __init__(self, name: str, suggestions: list[str], game: str | None = None):
        self.name = name
        self.suggestions = suggestions
        self.game = game
        where = f" in {game}" if game else ""
        message = f"unknown card {name!r}{where}"
        if suggestions:
            message += "; did you mean " + ", ".join(repr(s) for s in suggestions) + "?"
        super().__init__(message)


class NotFoundError(DeckcliError):
    """A named thing (deck, format, set, game) that does not exist."""


class InputError(DeckcliError):
    """Malformed input: a bad expression, decklist, deck code or CSV row."""
