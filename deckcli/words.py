"""How deckcli words a count of things in a message: one helper, so every message says "1 problem" and "2 problems",
never "1 problems" or "problem(s)", and in Russian or Japanese the form the count takes there; and a list of things
("a, b, c"), each item still translated where shown."""

from __future__ import annotations

from collections.abc import Sequence

from deckcli.i18n import N_, Message


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
