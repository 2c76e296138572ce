"""The hypergeometric law, exactly: how many marked cards a random draw holds (every odds module asks it), and the
chain of such draws that says how much of round 1's hand each later round's hand holds (sfb: a new hand each round,
the discard pile shuffled into a new deck when the deck runs out; the by-round figures and the setup redraw's
tie-break ask it)."""

from __future__ import annotations

from fractions import Fraction
from math import comb


def hypergeometric(population: int, marked: int, draws: int) -> dict[int, Fraction]:
    """How many of ``marked`` cards ``draws`` cards drawn at random from ``population`` hold: each count's chance."""
    total = comb(population, draws)
    return {
        k: Fraction(comb(marked, k) * comb(population - marked, draws - k), total)
        for k in range(max(0, draws - population + marked), min(marked, draws) + 1)
    }


def p_at_least_one(population: int, marked: int, draws: int) -> Fraction:
    """The chance that ``draws`` cards drawn from ``population`` hold at least one of ``marked`` cards."""
    return 1 - hypergeometric(population, marked, min(draws, population)).get(0, Fraction(0))


def overlap_by_round(deck_size: int, hand_size: int, rounds: int) -> list[dict[int, Fraction]]:
    """For rounds 1..``rounds``: the law of how many cards of round 1's hand the round's hand holds.

    The model (GAMES.md): at each later upkeep the whole hand goes to the discard pile and a new hand is drawn;
    when the deck runs out during a draw, the discard pile is shuffled into a new deck and the draw goes on. Every
    shuffle is uniform, so given round 1's hand H1 the hand of round r is ``j`` cards at random from H1 and
    ``n - j`` from the rest; a chain over "cards of H1 still in the deck" gives the law of ``j`` exactly.
    """
    n, total = hand_size, deck_size
    laws = [{n: Fraction(1)}][:rounds]
    deck = total - n  # cards in the deck at round 2's draw
    in_deck = {0: Fraction(1)}  # law of how many of H1's cards are in the deck (the rest are in the discards)
    for _ in range(2, rounds + 1):
        law: dict[int, Fraction] = {}
        after: dict[int, Fraction] = {}
        for x, p in in_deck.items():
            if deck >= n:  # draw n from the deck
                for j, q in hypergeometric(deck, x, n).items():
                    law[j] = law.get(j, 0) + p * q
                    after[x - j] = after.get(x - j, 0) + p * q
            else:  # the deck's cards, then n - deck from the reshuffled discards (n - x of H1's cards among them)
                for y, q in hypergeometric(total - deck, n - x, n - deck).items():
                    law[x + y] = law.get(x + y, 0) + p * q
                    after[n - x - y] = after.get(n - x - y, 0) + p * q  # the new deck: all but the hand
        deck = deck - n if deck >= n else total - n
        laws.append(law)
        in_deck = after
    return laws
