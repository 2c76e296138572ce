"""The sparse table's steps (deckcli/odds/sparse.py) against a plain dictionary DP written here: moves of whole
classes, lists of moves, retired axes, several classes in one step; every way a step can be computed (all axes
at once or one by one, int64 keys or rows, counts as they are or as residues, one column or many, group sums row
by row or by running sums); the order that finishes axes early; and the code paths of plain odds and of the sfb
policy each forced in turn, equal to the dense reference and to the hand-by-hand search."""

from __future__ import annotations

import random
from math import comb, prod

import dense_reference as dense
import numpy as np
import pytest

from deckcli.odds import arraycounts
from deckcli.odds import exact as exact_odds
from deckcli.odds import parse_conditions, policy, polycounts, sparse, split_classes
from deckcli.odds.mulligan import _compute_policy, _policy_hand_by_hand, best_policy
from deckcli.odds.ordering import retiring_order
from deckcli.odds.residues import EXACT_LIMIT
from deckcli.odds.sparse import SubsetCounts, exact

FIELDS = {"name": "string", "kind": "string", "cost": "integer", "colour": "string"}
COLOURS = ("red", "blue", "yellow")


def _reference_step(table: dict, moves, limits, saturate) -> dict:
    """Every state takes every (step, ways) move; saturating axes stop at their limit, others drop the state."""
    out: dict = {}
    for state, weight in table.items():
        for step, ways in moves:
            moved = []
            for value, k, limit, sat in zip(state, step, limits, saturate):
                if value + k > limit and not sat:
                    break
                moved.append(min(value + k, limit))
            else:
                key = tuple(moved)
                out[key] = out.get(key, 0) + weight * ways
    return {k: v for k, v in out.items() if v}


def _reference_retire(table: dict, axis: int, keep) -> dict:
    out: dict = {}
    for state, weight in table.items():
        if keep[state[axis]]:
            key = state[:axis] + (0,) + state[axis + 1:]
            out[key] = out.get(key, 0) + weight
    return out


def _as_dict(table: SubsetCounts, column: int = 0) -> dict:
    rows = table.weights.tolist()
    values = [exact(row, table.moduli) if table.moduli else row[column] for row in rows]
    return {tuple(s): v for s, v in zip(table.states.tolist(), values) if v}


def _random_classes(rng: random.Random, axes: int, classes: int, top: int):
    """Classes as (count, the axes beyond axis 0 they move)."""
    return [(rng.randint(1, top), [a for a in range(1, axes) if rng.random() < 0.45]) for _ in range(classes)]


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("mode", ["keys", "by-axis", "rows", "residues", "one-class-steps", "row-by-row", "running-sums"])
def test_class_steps_and_retirement_equal_a_dictionary_dp(seed, mode, monkeypatch):
    rng = random.Random(seed)
    axes = rng.randint(4 if mode == "rows" else 2, 5)
    limits = [rng.randint(3, 8)] + [rng.randint(1, 3) for _ in range(axes - 1)]
    saturate = [False] + [rng.random() < 0.6 for _ in range(axes - 1)]
    bound = 10**90 if mode == "residues" else 10**12  # residues: counts far past int64
    if mode == "rows":
        limits = [limits[0], *([2**20] * (axes - 1))]  # no int64 key holds every combination
    if mode == "by-axis":
        monkeypatch.setattr(sparse, "SMALL_STEP", 0)
    if mode == "row-by-row":
        monkeypatch.setattr(sparse, "WIDE_ROWS", 1)
    if mode == "running-sums":
        monkeypatch.setattr(sparse, "WIDE_ROWS", 0)
        monkeypatch.setattr(sparse, "SMALL_GROUPS", 0)
    table = SubsetCounts(limits, saturate, bound)
    too_many = prod(limit + 1 for limit in limits) >= EXACT_LIMIT  # no int64 key holds every combination
    assert too_many == (mode == "rows") and bool(table.moduli) == (mode == "residues")
    reference = {tuple([0] * axes): 1}
    classes = _random_classes(rng, axes, rng.randint(2, 7), 4)
    start = 0
    while start < len(classes):  # consecutive classes in one step, then some axes retired
        size = 1 if mode == "one-class-steps" else rng.randint(1, 3)
        group = []
        for count, along in classes[start:start + size]:
            ways = [comb(count, k) * (3**20 if mode == "residues" else 1) for k in range(count + 1)]
            moves = [([k, *(k if a in along else 0 for a in range(1, axes))], w) for k, w in enumerate(ways)]
            reference = _reference_step(reference, moves, limits, saturate)
            group.append(([0, *along], ways))
        finish = []
        for a in range(1, axes):
            if rng.random() < 0.3:
                keep = np.ones(limits[a] + 2, dtype=bool)
                keep[:6] = [rng.random() < 0.7 for _ in range(len(keep[:6]))]
                finish.append((a, keep))
        for axis, keep in finish:
            reference = _reference_retire(reference, axis, keep)
        table.add_classes(group, finish)
        start += size
    assert _as_dict(table) == reference


@pytest.mark.parametrize("seed", range(8))
def test_lists_of_moves_equal_a_dictionary_dp(seed):
    rng = random.Random(100 + seed)
    limits, saturate = [6, 5, 2, 1], [False, False, True, False]
    table, reference = SubsetCounts(limits, saturate, 10**12), {(0, 0, 0, 0): 1}
    for _ in range(4):
        c = rng.randint(1, 4)
        moves = [([a, b, a if rng.random() < 0.5 else 0, a + b], comb(c, a) * comb(c - a, b))
                 for a in range(c + 1) for b in range(c - a + 1)]
        table.add(moves)
        reference = _reference_step(reference, moves, limits, saturate)
    assert _as_dict(table) == reference


def test_several_classes_in_one_step_equal_one_at_a_time():
    """The combined moves of a step: products of the classes' ways, past-limit moves left out before use."""
    limits, saturate = [5, 2, 1, 3], [False, True, False, True]
    classes = [([0, 1], [1, 4, 6, 4, 1]), ([0, 2, 3], [1, 3, 3, 1]), ([0, 1, 3], [1, 2, 1])]
    together, apart = SubsetCounts(limits, saturate, 10**9), SubsetCounts(limits, saturate, 10**9)
    together.add_classes(classes)
    for one in classes:
        apart.add_classes([one])
    assert _as_dict(together) == _as_dict(apart) and len(_as_dict(apart)) > 5


def test_many_columns_in_small_integer_types_equal_one_column_each():
    """The policy's rest tables: a column per hand, int16 or int32 when the bound allows; per-column ways."""
    rng = np.random.default_rng(3)
    for bound, dtype in ((1000, np.int16), (10**6, np.int32), (10**12, np.int64)):
        table = SubsetCounts([6, 2, 1], [False, True, False], bound, columns=5)
        assert table.weights.dtype == dtype
        singles = [SubsetCounts([6, 2, 1], [False, True, False], bound) for _ in range(5)]
        for along in ([0, 1], [0, 2], [0, 1, 2], [0]):
            rest = rng.integers(0, 4, 5)
            ways = np.array([[comb(int(r), k) for r in rest] for k in range(4)])
            table.add_classes([(along, ways)])
            for c, single in enumerate(singles):
                single.add_classes([(along, ways[:, c].tolist())])
        for c, single in enumerate(singles):
            assert _as_dict(table, c) == _as_dict(single)


@pytest.mark.parametrize("path", ["reduceat", "row by row", "running sums"])
def test_group_sums_stay_exact_when_running_sums_wrap(path, monkeypatch):
    """int16 rows whose running sum passes 2**15 several times, in groups whose sums fit int16."""
    monkeypatch.setattr(sparse, "WIDE_ROWS", {"reduceat": 10**9, "row by row": 1, "running sums": 1}[path])
    monkeypatch.setattr(sparse, "SMALL_GROUPS", 0 if path == "running sums" else 32)
    rng = np.random.default_rng(1)
    rows = rng.integers(0, 3000, (60, 20)).astype(np.int16)
    first = np.array([0, 3, 4, 8, 18, 21, 30, 39, 49, 50, 59], dtype=np.int64)  # groups of at most 10 rows
    sums = np.add.reduceat(rows.astype(np.int64), first, axis=0)
    assert sums.max() < 2**15 < rows.astype(np.int64).sum(axis=0).min()
    assert (sparse._group_sums(rows.copy(), first) == sums).all()


@pytest.mark.parametrize("seed", range(30))
def test_the_retiring_order_finishes_each_axis_after_its_last_class(seed):
    rng = random.Random(seed)
    classes, axes = rng.randint(0, 9), rng.randint(0, 7)
    moves = [[rng.random() < 0.3 for _ in range(axes)] for _ in range(classes)]
    order, finished = retiring_order(moves, [rng.randint(2, 5) for _ in range(axes)])
    assert sorted(order) == list(range(classes)) and len(finished) == classes + 1
    assert sorted(a for done in finished for a in done) == list(range(axes))
    for a in range(axes):
        movers = [p for p, c in enumerate(order) if moves[c][a]]
        where = next(i for i, done in enumerate(finished) if a in done)
        assert where == (movers[-1] + 1 if movers else 0)


def test_the_retiring_order_keeps_few_axes_live():
    """Two blocks of classes over disjoint axes: the greedy order finishes one block before starting the other."""
    moves = [[True, True, False, False], [False, False, True, True], [True, False, False, False],
             [False, False, False, True], [False, True, False, False], [False, False, True, False]]
    order, _ = retiring_order(moves, [4, 4, 4, 4])
    blocks = ["ab" if moves[c][0] or moves[c][1] else "cd" for c in order]
    assert blocks in (["ab"] * 3 + ["cd"] * 3, ["cd"] * 3 + ["ab"] * 3)


def _random_deck(rng: random.Random, cards: int, printings: int):
    deck = [({"name": f"C{i}", "kind": rng.choice(["monster", "spell"]), "cost": rng.randint(0, 4),
              "colour": rng.choice(COLOURS)}, rng.randint(1, 3)) for i in range(printings)]
    while sum(n for _, n in deck) > cards:
        deck.pop()
    return deck


WANTS = ["1+ kind=monster", "0-1 colour=red", "2+ cost<=2", "1 kind=spell", "0 cost=4", "1-2 colour!=yellow"]


@pytest.mark.parametrize("budget", [1, 64, 10**9])
@pytest.mark.parametrize("most_states", [0, 5, 10**9])  # numpy steps only; Python integers, then numpy; Python only
def test_plain_odds_equal_the_dense_dp_whatever_the_classes_per_step(budget, most_states, monkeypatch):
    monkeypatch.setattr(arraycounts, "STEP_BUDGET", budget)
    monkeypatch.setattr(polycounts, "MOST_STATES", most_states)
    rng = random.Random(budget + most_states)
    for _ in range(6):
        deck = _random_deck(rng, 16, 7)
        conditions = parse_conditions(rng.sample(WANTS, rng.randint(1, 5)), FIELDS)
        classes = split_classes(deck, conditions)
        sizes = list(range(classes.size + 1))
        assert exact_odds.p_by_size(classes, sizes) == dense.p_by_size(classes, sizes)


# from the whole deck's counts; parts shape by shape from rest tables (queries told apart by flags, or sorted);
# one list of every hand's parts
@pytest.mark.parametrize("many_hands, dense_queries, whole_deck",
                         [(0, 1 << 16, 1 << 21), (0, 1 << 16, 0), (0, 0, 1 << 21), (10**9, 1 << 16, 1 << 21)])
@pytest.mark.parametrize("path", ["float32", "float64", "int64", "one-column-products", "cross-products"])
def test_every_policy_path_equals_the_dense_search(path, many_hands, dense_queries, whole_deck, monkeypatch):
    monkeypatch.setattr(policy, "MANY_HANDS", many_hands)
    monkeypatch.setattr(policy, "DENSE_QUERIES", dense_queries)
    monkeypatch.setattr(policy, "WHOLE_DECK_CELLS", whole_deck)
    if path in ("float64", "int64"):
        monkeypatch.setattr(policy, "FLOAT32_EXACT", 0)
    if path == "int64":
        monkeypatch.setattr(policy, "FLOAT_EXACT", 0)
    if path == "one-column-products":
        monkeypatch.setattr(policy, "SINGLE_THREAD", 1)
    if path == "cross-products":
        monkeypatch.setattr(policy, "SCORE_LIMIT", 0)
    rng = random.Random(path)
    for _ in range(40 if path == "cross-products" else 8):
        deck = _random_deck(rng, 12, 6)
        conditions = parse_conditions(rng.sample(WANTS, rng.randint(1, 4)), FIELDS)
        classes = split_classes(deck, conditions)
        n = min(rng.randint(2, 5), classes.size)
        reference_n, reference_table, reference_p = dense.compute_policy(classes, n)
        found = _compute_policy(classes, n)
        assert (found.hand_size, found.p_with_mulligan) == (reference_n, reference_p)
        assert dict(found.table) == reference_table


def test_a_policy_past_int16_counts_equals_the_hand_by_hand_search():
    """30 cards, hands of 5: C(25, 5) passes int16, so the rest tables count in int32."""
    deck = [({"name": f"N{i}", "kind": ("monster", "spell")[i % 2], "cost": i % 5, "colour": COLOURS[i % 3]}, 3)
            for i in range(10)]
    conditions = parse_conditions(["1+ kind=spell", "0-1 colour=red", "2+ cost<=2"], FIELDS)
    classes = split_classes(deck, conditions)
    assert comb(25, 5) >= 2**15
    batched, by_hand = _compute_policy(classes, 5), _policy_hand_by_hand(classes, 5)
    assert batched.p_with_mulligan == by_hand.p_with_mulligan and dict(batched.table) == by_hand.table


def test_the_keep_table_answers_as_the_dense_search_before_and_after_it_is_listed():
    """The table made on first use gives the same size, hands and keeps whichever is asked first."""
    deck = [({"name": f"A{i}", "kind": "action", "colour": COLOURS[i % 3], "cost": i % 2}, 1) for i in range(12)]
    classes = split_classes(deck, parse_conditions(["1+ colour=red", "1+ colour=blue", "0-1 cost=1"], FIELDS))
    reference = dense.compute_policy(classes, 4)[1]
    counted, looked_up = _compute_policy(classes, 4).table, _compute_policy(classes, 4).table
    assert len(counted) == len(reference)  # (counted before anything else is asked)
    hand = next(iter(reference))
    assert looked_up[hand] == reference[hand] and hand in looked_up and (99,) * len(hand) not in looked_up
    assert dict(counted) == reference and dict(looked_up) == reference and len(looked_up) == len(reference)


@pytest.mark.parametrize("cross_products", [False, True])
def test_the_best_part_is_the_best_chance_then_the_most_cards_kept_then_the_first(cross_products, monkeypatch):
    """Ties everywhere: a hand of two blue cards before a deck of only red ones succeeds surely by redrawing one
    card or both, and keeps one; random decks whose hands tie at 0 and at 1 keep what the dense search keeps."""
    if cross_products:
        monkeypatch.setattr(policy, "SCORE_LIMIT", 0)
    reds = 4 + cross_products  # (another deck each time: best_policy remembers a deck's policy)
    deck = [({"name": "B", "kind": "action", "colour": "blue", "cost": 0}, 2),
            ({"name": "R", "kind": "action", "colour": "red", "cost": 0}, reds)]
    classes = split_classes(deck, parse_conditions(["1+ colour=red"], FIELDS))
    found = best_policy(classes, 2)
    blue_hand = next(hand for hand in found.table if list(classes.matched(hand)) == [0])
    keep = found.keep(blue_hand)
    assert keep.p_success == 1 and sum(keep.kept) == 1  # redraw one card, not both
    assert dict(found.table) == dense.compute_policy(classes, 2)[1]
    rng = random.Random(7 + cross_products)
    for _ in range(6):
        deck = _random_deck(rng, 12, 6)
        conditions = parse_conditions(["1+ kind=monster", *rng.sample(WANTS, rng.randint(0, 2))], FIELDS)
        classes = split_classes(deck, conditions)
        n = min(rng.randint(2, 5), classes.size)
        reference_n, reference_table, reference_p = dense.compute_policy(classes, n)
        found = best_policy(classes, n)
        assert (found.hand_size, found.p_with_mulligan, dict(found.table)) == (reference_n, reference_p, reference_table)


def test_classes_compare_each_value_once_and_agree_with_the_filters():
    """split_classes remembers a comparison's answer per plain card value: True and 1, 2 and 2.0 stay apart; list
    values and card names go to the filter itself."""
    fields = {"name": "string", "cost": "integer", "flag": "boolean", "tags": "array", "colour": "string"}
    wants = ["1+ cost=1", "1+ flag=true", "0-2 tags=fast", "1+ colour=Red", "1+ cost>=2,colour!=blue", "1 \"Nova\""]
    conditions = parse_conditions(wants, fields)
    values = [1, True, 2, 2.0, 0, False, None, "1"]
    cards = [({"name": "Nova" if i == 3 else f"X{i}", "cost": values[i % len(values)], "flag": values[(i + 3) % 8],
               "tags": ["fast", "big"][: i % 3], "colour": ["red", "RED", "blue", None][i % 4]}, 1 + i % 2)
             for i in range(24)]
    classes = split_classes(cards, conditions)
    for cls in classes.classes:
        for card, _ in cls.cards:
            assert cls.signature == tuple(bool(c.filter.matches(card)) for c in conditions)
    assert sum(cls.count for cls in classes.classes) == sum(n for _, n in cards)
    assert len({cls.signature for cls in classes.classes}) == len(classes.classes) > 4


def test_a_policy_whose_overall_sum_passes_int64_stays_exact(monkeypatch):
    """The overall chance's sum over hands in Python integers when it would pass int64 (forced here)."""
    from deckcli.odds import mulligan

    deck = [({"name": f"A{i}", "kind": "action", "colour": COLOURS[i % 3], "cost": i % 2}, 1) for i in range(14)]
    classes = split_classes(deck, parse_conditions(["1+ colour=red", "1+ colour=blue", "0-1 cost=1"], FIELDS))
    expected = dense.compute_policy(classes, 5)[2]
    monkeypatch.setattr(mulligan, "EXACT_LIMIT", 0)
    assert mulligan._compute_policy(classes, 5).p_with_mulligan == expected


def test_counts_handed_over_to_numpy_midway_equal_the_dense_dp(monkeypatch):
    """Past MOST_STATES the Python-integer counts stop and the numpy table goes on from their states."""
    monkeypatch.setattr(polycounts, "MOST_STATES", 3)
    handed = []
    real = arraycounts._handed_over
    monkeypatch.setattr(arraycounts, "_handed_over", lambda *args: handed.append(real(*args)) or handed[-1])
    rng = random.Random(12)
    for _ in range(8):
        deck = _random_deck(rng, 16, 7)
        conditions = parse_conditions(rng.sample(WANTS, rng.randint(2, 5)), FIELDS)
        classes = split_classes(deck, conditions)
        sizes = list(range(classes.size + 1))
        assert exact_odds.p_by_size(classes, sizes) == dense.p_by_size(classes, sizes)
    assert any(table is not None for table in handed)  # some went on from where the Python counts stopped
