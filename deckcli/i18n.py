"""The language deckcli speaks to its user and the gettext functions every message goes through: ``DECKCLI_LANG``,
else the locale variables gettext reads; English is the messages themselves, so it loads no catalog at all."""

from __future__ import annotations

import gettext as stdlib_gettext
import os
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

DOMAIN = "deckcli"
#: The compiled catalogs, ``<language>/LC_MESSAGES/deckcli.mo`` (built from the ``.po`` beside each: CONTRIBUTING.md).
LOCALE_DIR = Path(__file__).parent / "locale"
ENGLISH = "en"
#: The variables gettext reads for the language of messages, in its order (the first one set decides).
LOCALE_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def language(environ: Mapping[str, str] = os.environ) -> str:
    """The catalog deckcli's messages come from: ``DECKCLI_LANG`` (``ja``, ``ru``, ``en``), else the first of
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set (``ja_JP.UTF-8``: ``ja``); ``C``, ``POSIX`` and a language
    with no catalog are English."""
    setting = environ.get("DECKCLI_LANG") or next((environ[v] for v in LOCALE_VARIABLES if environ.get(v)), "")
    territory = setting.partition(".")[0].partition("@")[0]  # ja_JP.UTF-8, sr_RS@latin: ja_JP, sr_RS
    # Looked up among the catalogs there are, never as a path built from the value: a value longer than a file
    # name (or one naming another folder) is a language without a catalog, English, as gettext has it, silently.
    catalogs = available_languages()
    return next((code for code in (territory, territory.partition("_")[0].lower()) if code in catalogs), ENGLISH)


@cache
def available_languages() -> frozenset[str]:
    """The languages with a compiled catalog (``<code>/LC_MESSAGES/deckcli.mo`` under :data:`LOCALE_DIR`)."""
    return frozenset(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))


@cache
def language_in_use() -> str:
    """The process's language (:func:`language` of its environment), decided once, at its first message."""
    return language()


@cache
def translation() -> stdlib_gettext.NullTranslations:
    """The process's catalog, loaded once on first use (English: none, every message is its own translation)."""
    code = language_in_use()
    if code == ENGLISH:
        return stdlib_gettext.NullTranslations()
    return stdlib_gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)


def gettext(message: str) -> str:
    """``message`` in the user's language (itself when the catalog has no translation of it); imported as ``_``
    (``from deckcli.i18n import gettext as _``), the name the extraction looks for."""
    return translation().gettext(message)


def pgettext(context: str, message: str) -> str:
    """``message`` in the user's language where one English word means two things (an event's ``table`` is where
    a match is played, the database's a table of rows): ``context`` tells them apart in the catalog."""
    return translation().pgettext(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of a message for ``count`` in the user's language (Russian has three, Japanese one)."""
    return translation().ngettext(singular, plural, count)


def N_(message: str) -> str:
    """Marks a message kept in a module-level name for the catalog; it is translated where it is shown
    (``_(NAME)``), since a module is imported before the language is known."""
    return message


class Message(str):
    """An English message that remembers its catalog entry and arguments: the library's texts (a problem's
    message, a count) stay English wherever they go (``--json``, files), and :func:`translated` shows them in the
    user's language."""

    msgid: str
    plural: str | None
    number: int  # the count a plural entry's form is chosen by (not ``count``, which is str's method)
    args: dict[str, Any]

    def __new__(cls, msgid: str, plural: str | None = None, count: int = 1, **args: Any) -> Message:
        self = super().__new__(cls, (msgid if plural is None or count == 1 else plural).format(count=count, **args))
        self.msgid, self.plural, self.number, self.args = msgid, plural, count, args
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # copies (dataclasses.asdict, pickle) keep the entry
        return (_message, (self.msgid, self.plural, self.number, self.args))

    def __html__(self) -> str:
        """The message as a page shows it (markupsafe's protocol, which Jinja2's autoescaping and its ``_()``
        placeholders follow): in the user's language, escaped."""
        from markupsafe import escape

        return str(escape(self.translated()))

    def translated(self) -> str:
        """The message in the user's language, its arguments translated too."""
        text = gettext(self.msgid) if self.plural is None else ngettext(self.msgid, self.plural, self.number)
        return text.format(count=self.number, **{name: translated(v) for name, v in self.args.items()})


def _message(msgid: str, plural: str | None, count: int, args: dict[str, Any]) -> Message:
    return Message(msgid, plural, count, **args)


def translated(text: Any) -> Any:
    """``text`` as the user reads it: a :class:`Message` in their language, anything else as it is."""
    return text.translated() if isinstance(text, Message) else text


class Lines(Message):
    """Messages one a line (an error listing every problem): English joined, each line translated where shown."""

    lines: list[str]

    def __new__(cls, lines: Sequence[str]) -> Lines:
        self = str.__new__(cls, "\n".join(lines))
        self.msgid, self.plural, self.number, self.args = "", None, 1, {}
        self.lines = list(lines)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Lines, (self.lines,))

    def translated(self) -> str:
        return "\n".join(str(translated(line)) for line in self.lines)


def error_text(exc: BaseException) -> Any:
    """What an error says: the :class:`Message` it was raised with (so it can be shown translated), else its
    text."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Message) else str(exc)
