"""Exact probabilities that a hand meets every condition, with exact integers and fractions.

A dynamic programme walks the deck's classes once; its state is (cards drawn so far, per-condition count of
matching cards capped where the condition stops caring), kept for the reachable states only (Python integers
while they are few, :mod:`deckcli.odds.arraycounts` beyond), and it sums products of binomials. One pass gives
every hand size up to the largest asked for, so ``--turn 10`` costs about as much as the opening hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from deckcli.odds.axes import condition_axes, holding_lists
from deckcli.odds.classes import DeckClasses
from deckcli.odds.ordering import retiring_order
from deckcli.odds.polycounts import Unfinished, meeting_by_size


def meeting_counts(classes: DeckClasses, sizes: Sequence[int]) -> list[int]:
    """For each size ``n`` in ``sizes``, how many ``n``-card subsets of the deck meet every condition.

    The table of :func:`~deckcli.odds.arraycounts.subset_counts`, but each condition's axis is retired (failing
    states dropped, the axis forgotten) as soon as the last class matching its filter is in, classes taken in an
    order that finishes axes early: with many overlapping filters the states stay few, and at the end only the size
    is left. While the states are few, in Python integers (:mod:`deckcli.odds.polycounts`), else in numpy steps
    (:mod:`deckcli.odds.arraycounts`, imported only then: ``odds`` on a deck whose states stay few loads no numpy).
    """
    size = classes.size
    axes = condition_axes(classes.conditions, size)
    holding = holding_lists(classes.conditions, axes)
    signatures = classes.signatures
    order, finished = retiring_order(signatures, [limit + 1 for limit, _ in axes])
    few = meeting_by_size(classes.counts, signatures, axes, holding, order, finished, sizes)
    if not isinstance(few, Unfinished):
        return few
    from deckcli.odds.arraycounts import counts_from  # numpy: only when the states grow many

    return counts_from(few, classes, axes, holding, order, finished, sizes)


def p_by_size(classes: DeckClasses, sizes: Sequence[int]) -> dict[int, Fraction]:
    """For each hand size, the exact probability that a random hand of that size meets every condition."""
    sizes = [min(max(0, n), classes.size) for n in sizes]
    if not sizes:
        return {}
    wanted = sorted(set(sizes))
    good = meeting_counts(classes, wanted)
    return {n: Fraction(g, comb(classes.size, n)) for n, g in zip(wanted, good)}


def p_hand(classes: DeckClasses, hand_size: int) -> Fraction:
    """The exact probability that a hand of ``hand_size`` cards meets every condition."""
    return p_by_size(classes, [hand_size])[min(max(0, hand_size), classes.size)]


def impossibility_notes(classes: DeckClasses, hand_size: int) -> list[str]:
    """Why no hand of ``hand_size`` cards can meet the conditions (empty when some hand can)."""
    notes = []
    for i, condition in enumerate(classes.conditions):
        matching = classes.matching(i)
        others = classes.size - matching
        most = min(hand_size, matching)
        least = max(0, hand_size - others)
        if condition.low > most:
            if matching < condition.low:
                have = f"the deck has only {matching}" if matching else "no card in the deck matches"
                notes.append(f"'{condition.text}' needs {condition.describe()}, but {have}")
            else:
                notes.append(
                    f"'{condition.text}' needs {condition.describe()}, but a hand holds only {hand_size} cards"
                )
        elif condition.high is not None and condition.high < least:
            notes.append(
                f"'{condition.text}' allows at most {condition.high}, but every hand of {hand_size} cards holds at "
                f"least {least} cards matching {condition.filter} (only {others} cards of the deck do not match)"
            )
    return notes
