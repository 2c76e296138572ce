"""Rounds with a new hand each (sfb): the exact chance that the hand of round r meets the conditions.

The model (GAMES.md): round 1's hand is the kept opening hand H1 (after the setup redraw, whose discards are
shuffled back, so the deck is then a uniformly shuffled ``deck - H1``). At each later upkeep the whole hand
goes to the discard pile and a new hand is drawn from the top; when the deck runs out during a draw, the
discard pile (every card not in the deck: the hand was just discarded) is shuffled into a new deck and the
draw goes on. Every shuffle is uniform, so given H1 the rest of the game treats the cards of H1 alike and the
other cards alike: the hand of round r is ``j`` cards drawn at random from H1 and ``n - j`` from the rest,
where the law of ``j`` (the overlap with H1) depends only on the deck and hand sizes. A scalar chain over
"cards of H1 still in the deck" gives that law exactly; :mod:`deckcli.odds.kept` gives the rest.

Without a mulligan H1 is a uniform hand, and so (relabel the cards) is every round's hand: each round equals
the opening figure. With the best setup redraw (the policy that maximises round 1; among equal choices it
keeps more cards) H1 is not uniform and rounds 2 and later differ.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from deckcli.odds.classes import DeckClasses
from deckcli.odds.kept import Composition, expected_success


def _hypergeometric(population: int, marked: int, draws: int) -> dict[int, Fraction]:
    """How many marked cards ``draws`` cards from ``population`` hold, exactly."""
    total = comb(population, draws)
    return {
        k: Fraction(comb(marked, k) * comb(population - marked, draws - k), total)
        for k in range(max(0, draws - population + marked), min(marked, draws) + 1)
    }


def overlap_by_round(deck_size: int, hand_size: int, rounds: int) -> list[dict[int, Fraction]]:
    """For rounds 1..``rounds``: the law of how many cards of round 1's hand the round's hand holds."""
    n, total = hand_size, deck_size
    laws = [{n: Fraction(1)}][:rounds]
    deck = total - n  # cards in the deck at round 2's draw
    in_deck = {0: Fraction(1)}  # law of how many of H1's cards are in the deck (the rest are in the discards)
    for _ in range(2, rounds + 1):
        law: dict[int, Fraction] = {}
        after: dict[int, Fraction] = {}
        for x, p in in_deck.items():
            if deck >= n:  # draw n from the deck
                for j, q in _hypergeometric(deck, x, n).items():
                    law[j] = law.get(j, 0) + p * q
                    after[x - j] = after.get(x - j, 0) + p * q
            else:  # the deck's cards, then n - deck from the reshuffled discards (n - x of H1's cards among them)
                for y, q in _hypergeometric(total - deck, n - x, n - deck).items():
                    law[x + y] = law.get(x + y, 0) + p * q
                    after[n - x - y] = after.get(n - x - y, 0) + p * q  # the new deck: all but the hand
        deck = deck - n if deck >= n else total - n
        laws.append(law)
        in_deck = after
    return laws


def round_odds(
    classes: DeckClasses, hand_size: int, rounds: int, kept: Mapping[Composition, Fraction]
) -> list[Fraction]:
    """The chance that the hand of each round 1..``rounds`` meets the conditions, given the law ``kept`` of
    round 1's hand (by class composition)."""
    n = min(hand_size, classes.size)
    laws = overlap_by_round(classes.size, n, rounds)
    pairs = {(j, n - j) for law in laws for j in law}
    success = expected_success(classes, kept, pairs)
    return [sum((q * success[(j, n - j)] for j, q in law.items()), Fraction(0)) for law in laws]
