"""Each condition's axis in the exact counts: the largest matched count kept and whether counts past it saturate,
and which of its values meet the condition (plain Python: every counting module shares them).
"""

from __future__ import annotations

from collections.abc import Sequence

from deckcli.odds.conditions import Condition


def condition_axes(conditions: Sequence[Condition], deck_size: int) -> list[tuple[int, bool]]:
    """Per condition, its axis in the tables: (the largest count kept, whether counts past it saturate).

    ``N+`` saturates at N: more matching cards change nothing. ``N-M`` drops a state whose count passes M at once:
    counts only grow, so no subset reaching it (with any cards added later) ever meets the condition again.
    """
    axes = []
    for c in conditions:
        if c.high is not None and c.high < deck_size:
            axes.append((c.high, False))
        else:
            axes.append((min(c.cap, deck_size), True))
    return axes


def holding_lists(conditions: Sequence[Condition], axes: Sequence[tuple[int, bool]]) -> list[list[bool]]:
    """:func:`holds_tables` in plain lists (the Python-integer counts read them one value at a time)."""
    return [
        [c.holds(v) for v in range(limit + 1)] + ([] if saturate else [False])
        for c, (limit, saturate) in zip(conditions, axes)
    ]
