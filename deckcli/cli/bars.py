"""Text bar charts: one way to draw a bar for cost curves, distributions, histograms and set completion."""

from __future__ import annotations

BLOCK = "█"
TRACK = "░"


def bar(value: float, full: float, width: int = 30, *, track: bool = False) -> str:
    """A bar ``width`` blocks long when ``value`` equals ``full``; a positive value gets at least one block.

    With ``track``, the rest of the width is drawn in light shade (a completion bar such as ``███░░░``).
    """
    blocks = 0
    if full > 0 and value > 0:
        blocks = min(width, max(1, round(width * value / full)))
    return BLOCK * blocks + (TRACK * (width - blocks) if track else "")


def bar_chart(buckets: list[tuple[str, int]], width: int = 40) -> list[str]:
    """Lines such as ``2 | ████ 4``: one block per card, scaled down when the biggest bucket is wider than ``width``."""
    if not buckets:
        return []
    label_width = max(len(label) for label, _ in buckets)
    full = max(width, *(count for _, count in buckets))
    lines = []
    for label, count in buckets:
        drawn = bar(count, full, width)
        lines.append(f"{label:>{label_width}} | {drawn}{' ' if drawn else ''}{count}".rstrip())
    return lines
