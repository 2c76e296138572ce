"""Small hand-built decks shared by the odds tests (card dicts as the odds library takes them), and the brute-force
best partial redraw over labelled cards they are checked against."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations


def card(name, kind="monster", cost=1, colour=None, element=None):
    """A card dict with the fields the test filters use."""
    data = {"name": name, "kind": kind, "cost": cost}
    if colour:
        data["colour"] = colour
    if element:
        data["element"] = element
    return data


def small_deck():
    """12 cards with filters that overlap: cheap monsters, red cards, spells."""
    return [
        (card("A", "monster", 1, "red"), 2),
        (card("B", "monster", 3, "red"), 2),
        (card("C", "spell", 1, "blue"), 3),
        (card("D", "monster", 2, "blue"), 1),
        (card("E", "spell", 4, "red"), 2),
        (card("F", "monster", 5, "yellow"), 2),
    ]


def expand(cards):
    """Every card once per copy: the deck as labelled cards."""
    return [c for c, n in cards for _ in range(n)]


def hits_of(deck, conditions):
    """Per labelled card, whether it matches each condition's filter."""
    return [[c.filter.matches(x) for c in conditions] for x in deck]


def meets(hits, conditions, positions):
    """Whether the labelled cards at ``positions`` meet every condition."""
    return all(cond.holds(sum(hits[i][k] for i in positions)) for k, cond in enumerate(conditions))


def brute_partial(cards, conditions, hand_size):
    """For every hand, the best subset to keep (over all 2^n), replacements drawn from the cards not in the hand."""
    deck = expand(cards)
    hits = hits_of(deck, conditions)
    positions = range(len(deck))

    def vector(cards_at):
        return tuple(sum(hits[i][k] for i in cards_at) for k in range(len(conditions)))

    def ok(counts):
        return all(cond.holds(v) for cond, v in zip(conditions, counts))

    total = Fraction(0)
    hands = list(combinations(positions, hand_size))
    for hand in hands:
        rest = [i for i in positions if i not in hand]
        # every replacement draw, tallied by its per-condition counts
        draws = {d: Counter(vector(c) for c in combinations(rest, d)) for d in range(hand_size + 1)}
        best = Fraction(0)
        for size in range(max(0, hand_size - len(rest)), hand_size + 1):  # never more draws than the rest holds
            for kept in combinations(hand, size):
                base = vector(kept)
                options = draws[hand_size - size]
                good = sum(n for d, n in options.items() if ok([a + b for a, b in zip(base, d)]))
                best = max(best, Fraction(good, sum(options.values())))
        total += best
    return total / len(hands)
