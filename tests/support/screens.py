"""The text of a Textual screenshot (an SVG of ``App.export_screenshot``), line by line: what a person reads on the
screen, without the colours and styles a new Textual release may draw differently."""

from __future__ import annotations

import html
import re

#: One text run of the SVG: its x, its width in pixels, its line, its text.
_RUN = re.compile(
    r'<text class="[^"]*" x="([\d.]+)" y="[\d.]+" textLength="([\d.]+)" clip-path="url\(#[\w-]+-line-(\d+)\)">([^<]*)</text>'
)
#: The width of one terminal cell in Rich's SVG export.
CELL = 12.2


def screen_lines(svg: str) -> list[str]:
    """Each line of the screen as text (trailing spaces dropped), its runs placed at their columns."""
    lines: dict[int, list[tuple[int, int, str]]] = {}
    for x, length, line, text in _RUN.findall(svg):
        lines.setdefault(int(line), []).append(
            (round(float(x) / CELL), round(float(length) / CELL), html.unescape(text))
        )
    shown = []
    for number in range(max(lines, default=-1) + 1):
        out, column = [], 0
        for start, cells, text in sorted(lines.get(number, [])):
            out.append(" " * max(0, start - column) + text.replace("\xa0", " "))
            column = start + cells
        shown.append("".join(out).rstrip())
    return shown
