"""Player names that look alike but are not the same name: a Cyrillic ``А`` in ``Аlice``, a Greek ``ΑΝΝΑ``.

:func:`skeleton` folds a name as :func:`deckcli.names.name_key` does and then maps the Cyrillic and Greek letters
that look like Latin ones to those (a compact table after Unicode's confusables.txt; full-width forms are folded
by NFKC already). Two names of one skeleton but different keys look alike to a judge reading a decklist.
Only Latin, Greek and Cyrillic letters mixed in one word count as mixed scripts: Japanese names mix Han, kana and
Latin legitimately.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from deckcli.i18n import N_, Message
from deckcli.names import INVISIBLE, name_key

#: Cyrillic and Greek letters (and a few digit look-alikes) -> the Latin letter or digit they look like.
LOOKALIKES = str.maketrans(
    {
        # Cyrillic: А В Е Ё З І Ї Ј К М Н О Р С Т У Х Ѕ Һ Ԁ Ԛ Ԝ Ӏ Ь and lower-case а е ё і ї ј к о р с у х ѕ һ ԁ ԛ ԝ ӏ б
        "\u0410": "A",
        "\u0430": "a",
        "\u0412": "B",
        "\u0415": "E",
        "\u0435": "e",
        "\u0401": "\u00cb",
        "\u0451": "\u00eb",
        "\u0417": "3",
        "\u0406": "I",
        "\u0456": "i",
        "\u0407": "\u00cf",
        "\u0457": "\u00ef",
        "\u0408": "J",
        "\u0458": "j",
        "\u041a": "K",
        "\u043a": "k",
        "\u041c": "M",
        "\u041d": "H",
        "\u041e": "O",
        "\u043e": "o",
        "\u0420": "P",
        "\u0440": "p",
        "\u0421": "C",
        "\u0441": "c",
        "\u0422": "T",
        "\u0423": "Y",
        "\u0443": "y",
        "\u0425": "X",
        "\u0445": "x",
        "\u0405": "S",
        "\u0455": "s",
        "\u04ba": "H",
        "\u04bb": "h",
        "\u0500": "D",
        "\u0501": "d",
        "\u051a": "Q",
        "\u051b": "q",
        "\u051c": "W",
        "\u051d": "w",
        "\u04c0": "I",
        "\u04cf": "l",
        "\u0431": "6",
        "\u042c": "b",
        # Greek: Α Β Ε Ζ Η Ι Κ Μ Ν Ο Ρ Τ Υ Χ Ϲ Ϳ and lower-case α ι κ ν ο ρ υ χ ϲ ϳ
        "\u0391": "A",
        "\u03b1": "a",
        "\u0392": "B",
        "\u0395": "E",
        "\u0396": "Z",
        "\u0397": "H",
        "\u0399": "I",
        "\u03b9": "i",
        "\u039a": "K",
        "\u03ba": "k",
        "\u039c": "M",
        "\u039d": "N",
        "\u03bd": "v",
        "\u039f": "O",
        "\u03bf": "o",
        "\u03a1": "P",
        "\u03c1": "p",
        "\u03a4": "T",
        "\u03a5": "Y",
        "\u03c5": "u",
        "\u03a7": "X",
        "\u03c7": "x",
        "\u03f9": "C",
        "\u03f2": "c",
        "\u037f": "J",
        "\u03f3": "j",
    }
)
#: The scripts whose letters are mixed to fake one another, in the order messages name them.
SCRIPTS = ("Latin", "Greek", "Cyrillic")


def skeleton(name: str) -> str:
    """The key of ``name`` with every Cyrillic or Greek look-alike of a Latin letter replaced by that letter."""
    text = unicodedata.normalize("NFKC", name.translate(INVISIBLE))
    return name_key(unicodedata.normalize("NFC", text.translate(LOOKALIKES)))


def _script(char: str) -> str | None:
    """Latin, Greek or Cyrillic for a letter of one of those scripts, else None."""
    if not char.isalpha():
        return None
    first = unicodedata.name(char, "").split(" ", 1)[0].title()
    return first if first in SCRIPTS else None


def scripts_of(name: str) -> set[str]:
    """The Latin, Greek and Cyrillic scripts of the letters of ``name``."""
    return {s for c in unicodedata.normalize("NFKC", name) if (s := _script(c))}


def mixed_scripts(name: str) -> list[str]:
    """The scripts mixed within one word of ``name`` (Latin, Greek, Cyrillic letters only), or [] when none are."""
    mixed: set[str] = set()
    for word in unicodedata.normalize("NFKC", name).split():
        found = scripts_of(word)
        if len(found) > 1:
            mixed |= found
    return [s for s in SCRIPTS if s in mixed]


#: Each script as a message names it (the names above stay the keys).
SCRIPT_WORDS = {"Latin": N_("Latin"), "Greek": N_("Greek"), "Cyrillic": N_("Cyrillic")}


def _listed(scripts: list[str] | set[str]) -> str:
    names = [Message(SCRIPT_WORDS[s]) for s in SCRIPTS if s in scripts]
    listed: str = names[0]
    for i, name in enumerate(names[1:], 2):
        text = N_("{scripts} and {script}") if i == len(names) else N_("{scripts}, {script}")
        listed = Message(text, scripts=listed, script=name)
    return listed


def likeness(name: str, other: str) -> str:
    """Why ``name`` looks like ``other``, for a message: the scripts one of them mixes, or the ones they differ in."""
    if mine := mixed_scripts(name):
        return Message("it mixes {scripts} letters", scripts=_listed(mine))
    if theirs := mixed_scripts(other):
        return Message("{other!r} mixes {scripts} letters", other=other, scripts=_listed(theirs))
    own, others = scripts_of(name) - scripts_of(other), scripts_of(other) - scripts_of(name)
    if own and others:
        text = N_("it is written in {own} letters, {other!r} in look-alike {others} ones")
        return Message(text, own=_listed(own), other=other, others=_listed(others))
    return Message("they differ only in letters that look alike")


@dataclass(frozen=True)
class Known:
    """A name already taken (a registered player, or an earlier row of an import: ``where`` names it)."""

    name: str
    key: str
    where: str | None = None


class LookalikeIndex:
    """The names taken so far by skeleton, to find the one a new name looks like without being it."""

    def __init__(self, names: list[str] | tuple[str, ...] = ()):
        self._by_skeleton: dict[str, list[Known]] = {}
        for name in names:
            self.add(name)

    def add(self, name: str, where: str | None = None) -> None:
        self._by_skeleton.setdefault(skeleton(name), []).append(Known(name, name_key(name), where))

    def find(self, name: str) -> Known | None:
        """The taken name ``name`` looks like, or None when none does or when ``name`` is itself taken."""
        known = self._by_skeleton.get(skeleton(name), [])
        key = name_key(name)
        if any(k.key == key for k in known):
            return None
        return known[0] if known else None
