"""The sfb setup discard's tie-break (GAMES.md's Decision): among discards giving the opening hand the same best
chance, the one giving round 2's hand the best chance, then the one keeping more cards. Checked against a brute
force over labelled cards (every hand, discard, replacement draw and later hand, the reshuffle rule included),
on a named hand through the library and the CLI, and for the opening figure, which the tie-break never changes."""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from itertools import combinations
from math import comb, lcm

import pytest

from deckcli.cards.conditions import parse_conditions
from deckcli.odds import odds, split_classes
from deckcli.odds.bestpolicy import best_policy
from odds_support import expand, hits_of

FIELDS = {"name": "string", "colour": "string", "kind": "string"}
NAMES = {"r": "red", "y": "yellow", "b": "blue"}
SFB = {"hand_size": 5, "mulligan": "partial-redraw", "draws_per_turn": 5, "first_turn_draw": "none",
       "new_hand_each_turn": True}


def team(colours: str, kinds: str = ""):
    """One card per letter (r, y, b), a skill where ``kinds`` has an s at its place, else an attack."""
    return [({"name": f"{c}{i}", "colour": NAMES[c], "kind": "skill" if kinds[i:i + 1] == "s" else "attack"}, 1)
            for i, c in enumerate(colours)]


def brute_rounds(cards, wants, n, rounds):
    """By-round chances with the setup redraw, over labelled cards: for every hand, every discard is tried with every
    replacement draw; the best is the Decision's (opening chance, round 2's chance, cards kept), then deckcli's own
    order (the most cards of the first kind of card, by which conditions' filters it matches, in deck order, then of
    the next). Later rounds walk which cards are in the deck: each round's hand is every subset of it alike, the
    discard pile reshuffled into a new deck when it runs out mid-draw (the setup's discards are back in the deck)."""
    conditions = parse_conditions(wants, FIELDS)
    hits = hits_of(expand(cards), conditions)
    size = len(hits)
    everything = frozenset(range(size))
    kinds = list(dict.fromkeys(tuple(h) for h in hits))  # kinds of card, in the order the deck first shows them

    def composition(kept) -> tuple[int, ...]:
        return tuple(sum(tuple(hits[i]) == kind for i in kept) for kind in kinds)

    def meets(hand) -> bool:
        return all(c.holds(sum(hits[i][k] for i in hand)) for k, c in enumerate(conditions))

    @cache
    def later(deck: frozenset, r: int) -> tuple[Fraction, ...]:
        """Chances for rounds r..rounds, the deck holding ``deck`` (the rest in the discard pile) at r's draw."""
        if r > rounds:
            return ()
        if len(deck) >= n:
            outcomes = [(hand, deck - set(hand)) for hand in combinations(sorted(deck), n)]
        else:
            outcomes = []
            for more in combinations(sorted(everything - deck), n - len(deck)):
                hand = deck | set(more)
                outcomes.append((hand, everything - hand))
        out = [Fraction(0)] * (rounds - r + 1)
        for hand, left in outcomes:
            out[0] += Fraction(meets(hand), len(outcomes))
            for i, p in enumerate(later(left, r + 1)):
                out[i + 1] += p / len(outcomes)
        return tuple(out)

    finals = {}  # round 1's hand (a bit mask of cards): whether it meets, then the later rounds' chances
    for hand in combinations(range(size), n):
        finals[sum(1 << i for i in hand)] = (Fraction(meets(hand)), *later(everything - set(hand), 2))
    scale = lcm(*(f.denominator for figures in finals.values() for f in figures))
    whole = {mask: [int(f * scale) for f in figures] for mask, figures in finals.items()}  # integers: fast sums

    hands = list(combinations(range(size), n))
    ways = lcm(*(comb(size - n, d) for d in range(min(n, size - n) + 1)))  # every replacement draw's count divides it
    totals = [0] * rounds
    for hand in hands:
        rest = sorted(everything - set(hand))
        options = []
        for keep in range(n + 1):
            draws = [sum(1 << i for i in d) for d in combinations(rest, n - keep)]
            for kept in combinations(hand, keep) if draws else ():
                mask = sum(1 << i for i in kept)
                figures = [sum(f) * (ways // len(draws)) for f in zip(*(whole[mask | d] for d in draws))]
                options.append(((figures[0], figures[1] if rounds > 1 else 0, keep, composition(kept)), figures))
        best = max(key for key, _ in options)
        chosen = {tuple(figures) for key, figures in options if key == best}
        assert len(chosen) == 1  # alike cards: the same figures
        totals = [t + f for t, f in zip(totals, chosen.pop())]
    return [Fraction(t, len(hands) * ways * scale) for t in totals]


CASES = [
    (team("rryybbrybby", "srsrsrsrsrs"), ["1+ colour=red", "1+ kind=skill"], 5, 3),
    (team("rryybbrybby"), ["1+ colour=red", "0-1 colour=blue"], 5, 3),
    (team("rrybbyy"), ["1+ colour=red", "1+ colour=yellow"], 4, 3),  # round 2 takes a card of round 1's hand
]


@pytest.mark.parametrize("cards, wants, n, rounds", CASES)
def test_by_round_figures_equal_a_brute_force_over_labelled_cards(cards, wants, n, rounds):
    opening = {**SFB, "hand_size": n, "draws_per_turn": n}
    result = odds(cards, parse_conditions(wants, FIELDS), opening, turns=rounds)
    expected = brute_rounds(cards, wants, n, rounds)
    assert result.by_turn_with_mulligan == expected
    assert result.p_with_mulligan == expected[0]


@pytest.mark.parametrize("cards, wants, n, rounds", CASES[2:])
def test_the_opening_figure_is_the_best_chance_whatever_the_tie_break(cards, wants, n, rounds):
    """The tie-break only chooses among discards with the same best chance: the opening figure stays that chance
    (the brute force of the best chance alone, no tie-break)."""
    from odds_support import brute_partial

    conditions = parse_conditions(wants, FIELDS)
    result = odds(cards, conditions, {**SFB, "hand_size": n, "draws_per_turn": n}, turns=rounds)
    assert result.p_with_mulligan == result.by_turn_with_mulligan[0] == brute_partial(cards, conditions, n)


def test_a_hand_that_meets_discards_its_spare_red_for_round_two():
    """Two reds and three yellows meet "1+ red" kept whole or with one red redrawn: both surely; redrawing leaves
    round 2 more reds in the deck (a red comes back only 5 times in 13), so the spare red goes."""
    cards = team("rrrrrryyyyyybbbbbb")
    classes = split_classes(cards, parse_conditions(["1+ colour=red"], FIELDS))
    red = classes.signatures.index((True,))
    hand = tuple(2 if i == red else 3 for i in range(2))
    keep = best_policy(classes, 5).keep(hand)
    assert keep.p_success == 1
    assert keep.kept == tuple(1 if i == red else 3 for i in range(2))


def _round_two_by_hand() -> tuple[float, float, float]:
    """An 18-card team (6 red, 12 not) and "1+ red", worked out by hand: the opening figure with the redraw, and
    round 2's with the Decision's tie-break and with every meeting hand kept whole (the old choice). A hand of
    ``x`` reds: none, redraw all five from 6 reds in 13; else keep one red and the rest, redraw the ``x - 1``
    spare reds from the 13 (``6 - x`` reds). Round 2: 5 of the 13 cards left, ``6 - f`` of them red, ``f`` the
    reds of round 1's hand."""
    from deckcli.odds.hypergeometric import hypergeometric

    def round_two(f: int) -> Fraction:
        return 1 - Fraction(comb(7 + f, 5), comb(13, 5))

    opening, redrawn, whole = Fraction(0), Fraction(0), Fraction(0)
    for x, p in hypergeometric(18, 6, 5).items():
        if x == 0:
            law = hypergeometric(13, 6, 5)
            opening += p * (1 - law[0])
            redrawn += p * sum(q * round_two(f) for f, q in law.items())
            whole += p * sum(q * round_two(f) for f, q in law.items())
        else:
            opening += p
            redrawn += p * sum(q * round_two(1 + f) for f, q in hypergeometric(13, 6 - x, x - 1).items())
            whole += p * round_two(x)
    return float(opening), float(redrawn), float(whole)


def test_odds_json_gives_round_two_with_the_tie_break(run, tmp_path):
    path = tmp_path / "team.txt"
    path.write_text("Game: sfb\nChampions\n1 Kilgore\n1 Lil'Y\n1 Gwaien\n", encoding="utf-8")
    result = run("odds", path, "--want", "1+ colour=red", "--turn", "2", "--json")
    assert result.exit_code == 0, result.output + result.stderr
    data = json.loads(result.stdout)
    opening, redrawn, whole = _round_two_by_hand()
    assert abs(data["p_with_mulligan"] - opening) < 1e-12
    assert abs(data["p_by_turn_with_mulligan"][0] - opening) < 1e-12
    assert abs(data["p_by_turn_with_mulligan"][1] - redrawn) < 1e-12
    assert redrawn - whole > 0.01  # what keeping every meeting hand whole gave
