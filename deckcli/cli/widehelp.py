"""Click's help wrapped by what a terminal shows: a Japanese character takes two columns, and a line may break
between two of them (Japanese has no spaces), never before 、。）」 or after （「. Click measures and breaks by
characters at spaces, so a translated help ran past the terminal's edge. Used in place of Click's own
``wrap_text`` and ``term_len`` when the help is not English (:func:`deckcli.cli.language.install_click_strings`)."""

from __future__ import annotations

import unicodedata

from click._compat import strip_ansi

from deckcli.cli.tables import display_width

#: Characters a line never begins with, and those it never ends with (kinsoku, the Japanese line-break rules).
NEVER_FIRST = frozenset("、。，．・：；？！）」』】〕〉》ー…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ),.:;!?]}")
NEVER_LAST = frozenset("（「『【〔〈《([{")


def width(text: str) -> int:
    """The columns ``text`` takes on a terminal (:func:`deckcli.cli.tables.display_width`), ANSI styling taking
    none: Click's ``term_len`` by display width."""
    return display_width(strip_ansi(text))


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in "WF"


def _units(text: str) -> list[str]:
    """The pieces a line may break between: words of narrow characters, single wide characters (glued to their
    neighbours where kinsoku forbids a break) and the spaces (``" "``) between them."""
    units: list[str] = []
    glue = False  # the next piece joins the last one
    for char in text:
        if char.isspace():
            if units and units[-1] != " ":
                units.append(" ")
            glue = False
            continue
        joins = (
            bool(units)
            and units[-1] != " "
            and (glue or char in NEVER_FIRST or not (_wide(char) or _wide(units[-1][-1])))
        )
        if joins:
            units[-1] += char
        else:
            units.append(char)
        glue = char in NEVER_LAST
    return units


def fill(text: str, columns: int, initial_indent: str = "", subsequent_indent: str = "") -> str:
    """One paragraph filled to ``columns``: a piece longer than a line keeps a line of its own."""
    lines: list[str] = []
    line, used, space = initial_indent, width(initial_indent), False
    empty = True
    for unit in _units(text):
        if unit == " ":
            space = not empty
            continue
        gap = " " if space else ""
        size = width(unit)
        if not empty and used + len(gap) + size > columns:
            lines.append(line)
            line, used = subsequent_indent + unit, width(subsequent_indent) + size
        else:
            line, used = line + gap + unit, used + len(gap) + size
        empty, space = False, False
    lines.append(line)
    return "\n".join(lines)


def wrap_text(
    text: str,
    width: int = 78,
    initial_indent: str = "",
    subsequent_indent: str = "",
    preserve_paragraphs: bool = False,
) -> str:
    """Click's ``wrap_text`` (same arguments, same paragraphs: a paragraph after a ``\\b`` line is kept as written,
    each keeps its indent) filled by :func:`fill`; a kept line of translated text too wide is filled too."""
    text = text.expandtabs()
    if not preserve_paragraphs:
        return fill(text, width, initial_indent, subsequent_indent)
    paragraphs: list[tuple[int, bool, list[str]]] = []
    lines: list[str] = []
    indent: int | None = None

    def flush() -> None:
        if lines:
            raw = lines[0].strip() == "\b"
            paragraphs.append((indent or 0, raw, lines[1:] if raw else list(lines)))
            lines.clear()

    for line in text.splitlines():
        if not line:
            flush()
            indent = None
            continue
        if indent is None:
            indent = len(line) - len(line.lstrip())
        lines.append(line.lstrip() if not lines else line)
    flush()
    shown = []
    for extra, raw, block in paragraphs:
        first, rest = initial_indent + " " * extra, subsequent_indent + " " * extra
        if raw:
            shown.append("\n".join(_kept(row, first if i == 0 else rest, width) for i, row in enumerate(block)))
        else:
            shown.append(fill(" ".join(block), width, first, rest))
    return "\n\n".join(shown)


def _kept(row: str, indent: str, columns: int) -> str:
    """A line of a paragraph kept as written (after ``\\b``), but one of translated text too wide for the terminal
    filled under its own indent; a line with no wide character (an example command) is kept whole."""
    line = indent + row
    if width(line) <= columns or not any(_wide(c) for c in row):
        return line
    hang = indent + row[: len(row) - len(row.lstrip())]
    return fill(row.strip(), columns, hang, hang)
