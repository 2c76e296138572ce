"""How deckcli words a count of things in a message: one helper, so every message says "1 problem" and "2 problems",
never "1 problems" or "problem(s)", and in Russian or Japanese the form the count takes there; and a list of things
("a, b, c"), each item still translated where shown."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from deckcli.i18n import N_, Message

#: How a table or CSV says a yes/no value (JSON keeps true and false): one word pair everywhere, as the README
#: promises (a table's in the user's language, a CSV's and a file's English, as their keys are).
YES_NO = {True: N_("yes"), False: N_("no")}


def yes_no(value: bool) -> str:
    """``yes`` or ``no`` (English; :func:`deckcli.i18n.gettext` of it where a person reads it)."""
    return YES_NO[bool(value)]


def timestamp(moment: datetime) -> str:
    """A moment as every table, JSON and CSV writes it: ISO 8601 to the second with its offset
    (``2026-12-06T23:40:18+00:00``); a time stored without one is deckcli's UTC."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat(timespec="seconds")


def plural(count: int, noun: str, nouns: str | None = None) -> Message:
    """``count`` and ``noun`` as a message says them: "1 card", "0 cards", "2 entries" (``nouns``: the plural when
    it is not the noun with an s); the noun may carry its adjectives ("1 bad row", "3 more problems"). The text is
    English (what ``--json`` and files hold); shown translated, it is the catalog's ``{count} card`` entry through
    ngettext."""
    singular, plural_form = (
        f"{{count}} {noun}",
        f"{{count}} {nouns or noun + 's'}",
    )  # the entry scripts/babel_click.py finds
    return Message(singular, plural_form, count)


def listing(items: Sequence[str], joint: str = N_("{items}, {item}")) -> str:
    """``items`` as a message lists them ("a, b, c"; ``joint`` another way to add the next item: "{items} + {item}"
    joins zones, "{items} and {item}" kinds), each (a :class:`Message` or a name) in the user's language when shown;
    no items: an empty text."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = Message(joint, items=text, item=item)
    return text
