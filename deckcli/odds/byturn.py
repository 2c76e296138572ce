"""By-turn odds with the game's mulligan: the player keeps the opening hand only when it meets the
conditions (sfb: the best setup redraw), and the chance is that the cards seen by each turn meet them.

Whole-hand redraw, cards seen adding up (boa, aqa on the draw): with A "the opening hand meets" and S_t "the
cards seen by turn t meet", the figure is ``P(A and S_t) + (1 - P(A)) * P(S_t)`` (a redraw is a fresh
shuffle). When every condition is ``N+``, A implies S_t and the first term is P(A); otherwise one joint
count over (hand, later draws) gives it. Partial redraw: the kept hand's law (:mod:`deckcli.odds.kept`)
plus the draws from the rest. A new hand each round: :mod:`deckcli.odds.rounds`.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from deckcli.odds.classes import DeckClasses
from deckcli.odds.jointcounts import hand_and_seen_counts
from deckcli.odds.rules import OpeningRules


def kept_and_seen(classes: DeckClasses, hand_size: int, extras: Sequence[int]) -> dict[int, Fraction]:
    """For each ``e`` in ``extras``: P(the first ``hand_size`` cards meet the conditions and so do the first
    ``hand_size + e``).

    Both hold exactly when the hand has at least ``low`` of each condition and the cards seen at most ``high``
    (counts only grow), so the count tracks the hand's lower bounds and the seen cards' upper bounds, class by
    class: of a class's cards, ``a`` go to the hand and ``b`` are drawn later (the others stay in the deck). In
    Python integers while the states are few (:mod:`deckcli.odds.jointcounts`), else in the numpy table.
    """
    n, size = hand_size, classes.size
    few = hand_and_seen_counts(classes.counts, classes.signatures, classes.conditions, n, extras)
    if few is not None:
        return {e: Fraction(few[e], comb(size, n) * comb(size - n, e)) for e in extras}
    import numpy as np  # many states: the numpy table

    from deckcli.odds.sparse import SubsetCounts

    most = max(extras, default=0)
    conditions = classes.conditions
    lows = [i for i, c in enumerate(conditions) if c.low > 0]
    highs = [i for i, c in enumerate(conditions) if c.high is not None]
    # seen counts past ``high`` are dropped at once (they only grow), hand counts saturate at ``low``
    limits = [n, most, *(conditions[i].low for i in lows), *(c.high for c in conditions if c.high is not None)]
    bound = max(comb(size, a) * comb(size - a, e) for a in range(n + 1) for e in range(most + 1))
    table = SubsetCounts(limits, [False, False, *(True for _ in lows), *(False for _ in highs)], bound)
    for cls in classes.classes:
        hand_hits = [cls.signature[i] for i in lows]
        seen_hits = [cls.signature[i] for i in highs]
        table.add(
            [
                (
                    [a, b, *(a if hit else 0 for hit in hand_hits), *(a + b if hit else 0 for hit in seen_hits)],
                    comb(cls.count, a) * comb(cls.count - a, b),
                )
                for a in range(min(cls.count, n) + 1)
                for b in range(min(cls.count - a, most) + 1)
            ]
        )
    states = table.states
    met = np.all(states[:, 2 : 2 + len(lows)] == np.asarray([conditions[i].low for i in lows], dtype=np.int64), axis=1)
    met &= states[:, 0] == n
    good = table.totals(np.stack([met & (states[:, 1] == e) for e in extras])) if extras else []
    return {e: Fraction(g, comb(size, n) * comb(size - n, e)) for e, g in zip(extras, good)}


def by_turn_with_mulligan(
    classes: DeckClasses,
    rules: OpeningRules,
    seen: Sequence[int],
    p_opening: Fraction,
    p_seen: dict[int, Fraction],
    on_the_play: bool = True,
) -> list[Fraction]:
    """For each turn (``seen[t]`` cards seen by then), the chance with the game's mulligan.

    ``p_opening`` and ``p_seen`` (by cards seen) are the figures without the mulligan, already computed.
    """
    n = min(rules.hand_size, classes.size)
    if rules.new_hand_each_turn:
        if rules.mulligan != "partial-redraw" and not rules.redraws(on_the_play):
            return [p_opening] * len(seen)
        return _by_round(classes, rules, n, len(seen), on_the_play)
    if rules.mulligan == "partial-redraw":
        return _after_partial_redraw(classes, rules, n, seen, on_the_play)
    if not rules.redraws(on_the_play):
        return [p_seen[m] for m in seen]
    if all(c.high is None for c in classes.conditions):
        both = {m - n: p_opening for m in seen}
    else:
        both = kept_and_seen(classes, n, sorted({m - n for m in seen}))
    return [both[m - n] + (1 - p_opening) * p_seen[m] for m in seen]


def _by_round(classes: DeckClasses, rules: OpeningRules, n: int, rounds: int, on_the_play: bool) -> list[Fraction]:
    """A fresh hand each round: each round's chance from the kept hands' law (numpy, loaded only here)."""
    from deckcli.odds.kept import kept_hands
    from deckcli.odds.rounds import round_odds

    return round_odds(classes, n, rounds, kept_hands(classes, rules, n, on_the_play))


def _after_partial_redraw(
    classes: DeckClasses, rules: OpeningRules, n: int, seen: Sequence[int], on_the_play: bool
) -> list[Fraction]:
    """A partial redraw, cards seen adding up: the kept hand's law plus the draws from the rest (numpy, loaded
    only here)."""
    from deckcli.odds.kept import expected_success, kept_hands

    success = expected_success(classes, kept_hands(classes, rules, n, on_the_play), [(n, m - n) for m in seen])
    return [success[(n, m - n)] for m in seen]
