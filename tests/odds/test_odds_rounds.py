"""sfb rounds (a fresh hand each round, the discard pile reshuffled when the deck runs out), exactly.

Three independent checks of :mod:`deckcli.odds.mulligan` (by round): every ordering of every shuffle of a 5-card deck, an
exact walk over labelled cards (which cards are in the deck) for 7- and 8-card decks, and a Markov chain over
the deck's class composition for the 18-card team. The setup redraw follows the library's best policy (its
optimality is checked against brute force in test_odds_mulligan.py); the checks here are of what follows it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from math import comb

import pytest

from deckcli.cards.conditions import parse_conditions
from deckcli.odds import odds, split_classes
from deckcli.odds.bestpolicy import best_policy
from deckcli.odds.hypergeometric import overlap_by_round
from deckcli.odds.mulligan import compositions, partial_hands, round_odds, uniform_hands

FIELDS = {"name": "string", "colour": "string"}
COLOURS = ["1+ colour=red", "1+ colour=yellow", "1+ colour=blue"]


def deck_of(colours: str):
    """One card per letter: r, y, b."""
    names = {"r": "red", "y": "yellow", "b": "blue"}
    return [({"name": f"{c}{i}", "colour": names[c]}, 1) for i, c in enumerate(colours)]


def opening(hand_size: int, mulligan: str = "partial-redraw") -> dict:
    return {"hand_size": hand_size, "mulligan": mulligan, "draws_per_turn": hand_size,
            "first_turn_draw": "none", "new_hand_each_turn": True}


class Game:
    """A small deck as labelled cards 0..N-1, with the library's classes (to look the policy up)."""

    def __init__(self, cards, wants, hand_size, redraw):
        self.conditions = parse_conditions(wants, FIELDS)
        self.classes = split_classes(cards, self.conditions)
        index = {c.signature: i for i, c in enumerate(self.classes.classes)}
        self.of = [index[tuple(bool(c.filter.matches(card)) for c in self.conditions)]
                   for card, n in cards for _ in range(n)]
        self.size, self.n, self.redraw = len(self.of), hand_size, redraw
        self.policy = best_policy(self.classes, hand_size) if redraw else None

    def meets(self, hand) -> bool:
        return self.classes.meets(self.composition(hand))

    def composition(self, hand) -> tuple[int, ...]:
        counts = [0] * len(self.classes.classes)
        for card in hand:
            counts[self.of[card]] += 1
        return tuple(counts)

    def discards(self, hand) -> list[int]:
        """The cards the policy discards (the last ones of each class: cards of a class are alike)."""
        if self.policy is None:
            return []
        drop = [h - k for h, k in zip(self.composition(hand), self.policy.keep(self.composition(hand)).kept)]
        out = []
        for card in reversed(hand):
            if drop[self.of[card]]:
                drop[self.of[card]] -= 1
                out.append(card)
        return out


def by_orderings(game: Game, rounds: int) -> list[Fraction]:
    """Every ordering of every shuffle: the setup deal, the deck after the setup, each reshuffled discard pile."""
    totals = [Fraction(0)] * rounds

    def play(weight, deck, discard, hand, r):
        totals[r - 1] += weight * game.meets(hand)
        if r == rounds:
            return
        discard = discard + list(hand)
        deal(weight, list(deck), discard, [], r + 1)

    def deal(weight, deck, discard, drawn, r):
        while len(drawn) < game.n and deck:
            drawn.append(deck.pop(0))
        if len(drawn) == game.n:
            play(weight, deck, discard, drawn, r)
            return
        orders = list(permutations(discard))
        for order in orders:
            deal(weight / len(orders), list(order), [], list(drawn), r)

    first = list(permutations(range(game.size)))
    for order in first:
        hand = list(order[: game.n])
        dropped = game.discards(hand)
        kept = [c for c in hand if c not in dropped]
        h1 = kept + list(order[game.n: game.n + len(dropped)])
        rest = [c for c in range(game.size) if c not in h1]
        decks = list(permutations(rest))
        for deck in decks:
            play(Fraction(1, len(first) * len(decks)), deck, [], h1, 1)
    return totals


def by_labelled_cards(game: Game, rounds: int) -> list[Fraction]:
    """Exact walk over which labelled cards are in the deck: each draw is every subset, equally likely."""
    everything = frozenset(range(game.size))

    @cache
    def later(deck: frozenset, r: int) -> tuple[Fraction, ...]:
        """Chances for rounds r..rounds, the deck holding ``deck`` (the rest in the discard pile) at r's draw."""
        if r > rounds:
            return ()
        outcomes = []
        if len(deck) >= game.n:
            for hand in combinations(sorted(deck), game.n):
                outcomes.append((hand, deck - set(hand)))
        else:
            for more in combinations(sorted(everything - deck), game.n - len(deck)):
                hand = tuple(sorted(deck | set(more)))
                outcomes.append((hand, everything - set(hand)))
        out = [Fraction(0)] * (rounds - r + 1)
        for hand, left in outcomes:
            out[0] += Fraction(game.meets(hand), len(outcomes))
            for i, p in enumerate(later(left, r + 1)):
                out[i + 1] += p / len(outcomes)
        return tuple(out)

    totals = [Fraction(0)] * rounds
    hands = list(combinations(range(game.size), game.n))
    for hand in hands:
        dropped = game.discards(list(hand))
        kept = [c for c in hand if c not in dropped]
        rest = sorted(everything - set(hand))
        for drawn in combinations(rest, len(dropped)):
            h1 = frozenset(kept) | set(drawn)
            weight = Fraction(1, len(hands) * comb(len(rest), len(dropped)))
            totals[0] += weight * game.meets(h1)
            for i, p in enumerate(later(everything - h1, 2)):
                totals[i + 1] += weight * p
    return totals


@pytest.mark.parametrize("colours, wants, hand_size, rounds", [
    ("rrybb", ["1+ colour=red", "1+ colour=blue"], 2, 4),
    ("rybbb", ["1+ colour=yellow", "0-1 colour=blue"], 2, 4),
])
@pytest.mark.parametrize("redraw", [False, True])
def test_rounds_match_every_ordering_of_every_shuffle(colours, wants, hand_size, rounds, redraw):
    game = Game(deck_of(colours), wants, hand_size, redraw)
    result = odds(deck_of(colours), game.conditions, opening(hand_size, "partial-redraw" if redraw else "none"),
                  turns=rounds)
    figures = result.by_turn_with_mulligan if redraw else [p for _, _, p in result.by_turn]
    assert figures == by_orderings(game, rounds)
    assert [seen for _, seen, _ in result.by_turn] == [hand_size] * rounds


@pytest.mark.parametrize("colours, wants, hand_size", [
    ("rrryybb", COLOURS, 3),
    ("rrybbyy", ["1+ colour=red", "2+ colour=yellow"], 3),
    ("rryybbrb", COLOURS, 3),
    ("rrryyybb", ["1-2 colour=red", "1+ colour=blue"], 4),
])
def test_rounds_with_the_setup_redraw_match_an_exact_walk_over_labelled_cards(colours, wants, hand_size):
    game = Game(deck_of(colours), wants, hand_size, redraw=True)
    result = odds(deck_of(colours), game.conditions, opening(hand_size), turns=7)
    expected = by_labelled_cards(game, 7)
    assert result.by_turn_with_mulligan == expected
    assert expected[0] == result.p_with_mulligan
    assert len(set(expected[1:])) > 1  # the rounds after the first do differ with the redraw


@pytest.mark.parametrize("colours, hand_size", [("rrryybb", 3), ("rryybbrb", 3), ("rrybbyy", 4)])
def test_without_the_redraw_every_round_is_the_opening_hand(colours, hand_size):
    """Exchangeability: relabelling the cards changes nothing, so each round's hand is a uniform hand."""
    game = Game(deck_of(colours), COLOURS, hand_size, redraw=False)
    p_open = odds(deck_of(colours), game.conditions, opening(hand_size, "none")).p_opening
    walked = by_labelled_cards(game, 7)
    assert walked == [p_open] * 7
    # the library's general round model, fed a uniform first hand, agrees
    assert round_odds(game.classes, hand_size, 7, uniform_hands(game.classes, hand_size)) == [p_open] * 7


def composition_chain(classes, hand_size, rounds, first):
    """Rounds by a Markov chain over the deck's class composition at each draw (no symmetry argument)."""
    total = classes.counts
    n = hand_size
    p_hand = lambda pool, k: {h: Fraction(w, comb(sum(pool), k)) for h, w in compositions(pool, k)}  # noqa: E731
    out = [sum((p for h, p in first.items() if classes.meets(h)), Fraction(0))]
    states = Counter()
    for h1, p in first.items():
        states[tuple(t - h for t, h in zip(total, h1))] += p
    for _ in range(2, rounds + 1):
        good, after = Fraction(0), Counter()
        for deck, p in states.items():
            if sum(deck) >= n:
                for hand, q in p_hand(deck, n).items():
                    good += p * q * classes.meets(hand)
                    after[tuple(d - h for d, h in zip(deck, hand))] += p * q
            else:
                discard = [t - d for t, d in zip(total, deck)]
                for more, q in p_hand(discard, n - sum(deck)).items():
                    hand = tuple(d + m for d, m in zip(deck, more))
                    good += p * q * classes.meets(hand)
                    after[tuple(t - h for t, h in zip(total, hand))] += p * q
        out.append(good)
        states = after
    return out


def test_the_team_of_eighteen_matches_a_chain_over_deck_compositions():
    cards = deck_of("rryybb" * 3)
    conditions = parse_conditions(COLOURS, FIELDS)
    classes = split_classes(cards, conditions)
    result = odds(cards, conditions, opening(5), turns=9)
    assert result.by_turn_with_mulligan == composition_chain(classes, 5, 9, partial_hands(classes, 5))
    assert [p for _, _, p in result.by_turn] == composition_chain(classes, 5, 9, uniform_hands(classes, 5))
    assert result.by_turn_with_mulligan[0] == result.p_with_mulligan


def test_overlap_with_the_first_hand_is_a_law_for_every_round():
    for size, n in ((18, 5), (12, 4), (7, 3), (5, 5)):
        laws = overlap_by_round(size, n, 12)
        assert laws[0] == {n: 1}
        assert all(sum(law.values()) == 1 and all(0 <= j <= n for j in law) for law in laws)
    # 18 cards, hands of 5: rounds 2 and 3 come from the 13 other cards; round 4 takes 3 of them and 2 of the
    # 15 reshuffled (5 of which were round 1's hand)
    laws = overlap_by_round(18, 5, 4)
    assert laws[1] == laws[2] == {0: 1}
    assert laws[3] == {j: Fraction(comb(5, j) * comb(10, 2 - j), comb(15, 2)) for j in range(3)}
