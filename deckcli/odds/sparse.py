"""Exact counts of card subsets by what they hold, kept for the reachable states only (a sparse dynamic programme).

A state is a row of small integers, one per axis: how many cards were taken (an axis whose states past its limit
are dropped) and, per condition, how many of them match its filter (an axis that saturates at its cap: the
condition stops caring there). Classes of cards are added one or a few at a time; each state takes every move
they offer (``k`` of a class's cards, and how many ways), and equal states merge. Only states some subset
reaches are ever stored, where a dense tensor would hold every combination of capped counts
(``(cap + 1) ** filters`` cells, most of them unreachable when filters overlap).

Weights are exact counts held in int64 until the final sums: as they are when no count can pass 2**62, else as
residues modulo several primes below 2**31 (a residue times a residue fits int64), enough primes for their
product to pass every count; a final sum is made exact again by the Chinese remainder theorem
(:mod:`deckcli.odds.residues`). No step ever switches to Python integers in numpy (object arrays), whatever the
deck size. Several columns of small counts (the partial-redraw policy's rest tables) are held in int16 or int32.

A step is a handful of array operations whatever its number of moves: every state's key after every move at
once (with the keys' change as one exact float product when keys are below 2**53), one sort of the surviving
keys, each new state's rows gathered in that order and summed group by group.

An axis whose value is final (no class left to add moves it) can be *retired*: states whose value fails are
dropped and the axis is forgotten, so states differing only there merge. Adding classes in an order that
finishes axes early (:func:`deckcli.odds.ordering.retiring_order`) keeps the table small when many filters
overlap.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod

import numpy as np

from deckcli.odds.residues import EXACT_LIMIT, exact, moduli

#: Group sums (see ``_group_sums``) row by row for rows at least this wide in groups of at most this many rows.
WIDE_ROWS, SMALL_GROUPS = 16, 32
#: A step moving at most this many (move, state, axis) values computes them in one array.
SMALL_STEP = 1 << 16
#: Below this float64 holds every integer exactly.
FLOAT_EXACT = 1 << 53


class SubsetCounts:
    """How many subsets of the cards added so far reach each state (see the module's docstring).

    ``limits[a]`` is axis ``a``'s largest value; ``saturate[a]`` says whether a state past it stays at it (an
    ``N+`` condition's cap) or is dropped (cards taken past the largest hand; an ``N-M`` condition's count past
    M, which no later card can bring back). ``bound`` is at least every count the table will hold. ``columns``
    counts several decks at once over the same states (a move's ways then one per column; exact counts only).

    States are held as one int64 key each (axis 0 the most significant digit) while every combination fits one,
    else as rows.
    """

    def __init__(self, limits: Sequence[int], saturate: Sequence[bool], bound: int, columns: int = 1):
        self.limits = np.asarray(limits, dtype=np.int64)
        self.saturate = np.asarray(saturate, dtype=bool)
        self.moduli, self._bound = moduli(bound), bound
        if columns > 1 and self.moduli:
            raise ValueError("several columns of counts need counts that int64 holds as they are")
        self._mods = np.asarray(self.moduli, dtype=np.int64)
        # several columns of counts below 2**31 (the partial-redraw policy's rest tables): int16 or int32, less
        # memory to move
        self._dtype = np.int64 if columns == 1 or bound >= 1 << 31 else np.int16 if bound < 1 << 15 else np.int32
        self.weights = np.ones((1, max(columns, len(self.moduli))), dtype=self._dtype)
        sizes = [int(v) + 1 for v in self.limits]
        self._float_keys = prod(sizes) < FLOAT_EXACT  # every key also exact as a float64
        if prod(sizes) < EXACT_LIMIT:
            self._place = [prod(sizes[a + 1 :]) for a in range(len(sizes))]
            self._places = np.asarray(self._place, dtype=np.int64)
            self._keys: np.ndarray | None = np.zeros(1, dtype=np.int64)
            self._rows: np.ndarray | None = None
        else:  # too many combinations for one int64 key: keep the rows themselves
            self._keys, self._rows = None, np.zeros((1, len(sizes)), dtype=np.int64)
        self._decoded: np.ndarray | None = None

    @property
    def bound(self) -> int:
        """At least every count the table holds."""
        return self._bound

    def pick_columns(self, index: np.ndarray) -> None:
        """Columns ``index`` of the weights as the new columns (repeated or left out): a column splits into several
        that go on differently (exact counts only)."""
        self.weights = self.weights[:, index]

    @property
    def states(self) -> np.ndarray:
        """Every state as a row of axis values (one row per weight)."""
        if self._rows is not None:
            return self._rows
        if self._decoded is None:
            keys = self._keys
            assert keys is not None  # exactly one of _keys and _rows is held
            self._decoded = (
                np.stack([(keys // place) % (int(limit) + 1) for place, limit in zip(self._place, self.limits)], axis=1)
                if len(keys)
                else np.zeros((0, len(self.limits)), dtype=np.int64)
            )
        return self._decoded

    def add(self, moves: Sequence[tuple[Sequence[int], int]], finish: Sequence[tuple[int, np.ndarray]] = ()) -> None:
        """Every state takes each move (its step on every axis, and the number of ways to take it); equal states
        merge, adding their counts. A state that passes a dropping axis's limit is left out. Then each
        ``(axis, keep)`` of ``finish`` is retired (:meth:`retire`)."""
        moves = [(step, ways) for step, ways in moves if ways]
        axes = sorted({a for step, _ in moves for a, k in enumerate(step) if k})
        steps = np.asarray([[step[a] for a in axes] for step, _ in moves], dtype=np.int64)
        steps = steps.reshape(len(moves), len(axes))
        self._step(axes, steps, self._residues([ways for _, ways in moves]), finish)

    def _merge(self, states: np.ndarray, weights: np.ndarray) -> None:
        """Equal states as one, their weights added."""
        if self._keys is not None:
            order = np.argsort(states, kind="stable")
            keys = states[order]
            first = np.concatenate(([True], keys[1:] != keys[:-1])).nonzero()[0]
            self._keys = keys[first]
        else:
            order = np.lexsort(states.T[::-1])
            ordered = states[order]
            first = np.flatnonzero(np.concatenate(([True], np.any(ordered[1:] != ordered[:-1], axis=1))))
            self._rows = ordered[first]
        summed = _group_sums(weights[order], first)
        if self.moduli:
            summed %= self._mods
        self.weights = summed

    def _values(self, axis: int) -> np.ndarray:
        """Every state's value on ``axis``."""
        if self._keys is None:
            assert self._rows is not None  # exactly one of _keys and _rows is held
            return self._rows[:, axis]
        if self._decoded is not None:
            return self._decoded[:, axis]
        return (self._keys // self._place[axis]) % (int(self.limits[axis]) + 1)

    def add_classes(
        self, classes: Sequence[tuple[Sequence[int], Sequence]], finish: Sequence[tuple[int, np.ndarray]] = ()
    ) -> None:
        """Add several classes in one step. A class ``(along, ways)`` offers ``k`` of its cards for each ``k`` below
        ``len(ways)``, in ``ways[k]`` ways (a number, or a row of one per column), each card moving every axis in
        ``along`` by one; every state takes each combination of one move per class (the product of their ways,
        which must stay within the table's bound once past-limit moves are left out). Then each ``(axis, keep)``
        of ``finish`` is retired (:meth:`retire`) before equal states merge: a few array operations a step."""
        axes = sorted({a for along, _ in classes for a in along})
        if not classes:
            self._step(axes, np.zeros((1, 0), dtype=np.int64), np.ones((1, 1), dtype=self._dtype), finish)
            return
        hits = np.asarray([[a in along for a in axes] for along, _ in classes], dtype=np.float64)
        taken = np.indices([len(ways) for _, ways in classes]).reshape(len(classes), -1).T  # (moves, classes)
        steps = (taken.astype(np.float64) @ hits).astype(np.int64)  # (moves, axes moved): small integers, exactly
        scale = None  # a move's ways: the product of its classes'
        for c, (_, ways) in enumerate(classes):
            part = self._residues(ways)[taken[:, c]]
            scale = part if scale is None else scale * part % self._mods if self.moduli else scale * part
        assert scale is not None  # there is a class (none returned above)
        self._step(axes, steps, scale, finish)

    def _step(self, axes: list[int], steps: np.ndarray, scale: np.ndarray, finish) -> None:
        """Every state takes every move (``steps[j]`` on ``axes``, ``scale[j]`` ways), then ``finish`` retired."""
        inside = [(axes.index(axis), np.asarray(kept, dtype=bool)) for axis, kept in finish if axis in axes]
        self._take(np.asarray(axes, dtype=np.int64), steps, scale, inside)
        for axis, kept in finish:
            if axis not in axes:
                self.retire(axis, kept)

    def _take(
        self, axes: np.ndarray, steps: np.ndarray, scale: np.ndarray, inside: list[tuple[int, np.ndarray]]
    ) -> None:
        """:meth:`_step` itself; ``inside``: the axes to retire, by their place in ``axes``."""
        limits, dropping = self.limits[axes], ~self.saturate[axes]
        if dropping.any():  # moves past a limit whatever the state (their ways may have wrapped: never used)
            fits = (steps[:, dropping] <= limits[dropping]).all(axis=1)
            steps, scale = steps[fits], scale[fits]
        self._decoded = None
        retired = dict(inside)
        if self._keys is None:
            assert self._rows is not None  # exactly one of _keys and _rows is held
            weights = self.weights[None] * scale[:, None, :]
            if self.moduli:
                weights %= self._mods
            full = np.zeros((len(steps), len(self.limits)), dtype=np.int64)
            full[:, axes] = steps
            moved = self._rows[None] + full[:, None, :]
            keep = ((moved <= self.limits) | self.saturate).all(axis=2)
            moved = np.minimum(moved, self.limits)
            for where, kept in retired.items():
                keep &= kept[moved[:, :, axes[where]]]
                moved[:, :, axes[where]] = 0
            self._store(moved[keep], weights[keep])
            return
        if self._float_keys and len(steps) * len(self._keys) * len(axes) <= SMALL_STEP:
            keys, keep = self._moved_at_once(axes, steps, retired)
        else:
            keys, keep = self._moved_by_axis(axes, steps, retired)
        keys = np.broadcast_to(keys, (len(steps), len(self._keys))).ravel()
        taken = np.arange(len(keys)) if keep is None else np.flatnonzero(keep)
        if keep is not None:
            keys = keys[taken]
        if not len(keys):
            self._keys, self.weights = keys, self.weights[:0]
            return
        order = np.argsort(keys)  # merge: each new state's rows, gathered once in key order, then summed
        keys = keys[order]
        first = np.concatenate(([True], keys[1:] != keys[:-1])).nonzero()[0]
        move, state = np.divmod(taken[order], len(self._keys))
        rows = self.weights[state]
        rows *= scale[move]
        if self.moduli:
            rows %= self._mods
        self._keys, self.weights = keys[first], _group_sums(rows, first)
        if self.moduli:
            self.weights %= self._mods

    def _moved_at_once(self, axes: np.ndarray, steps: np.ndarray, retired: dict[int, np.ndarray]):
        """Every state's key after every move, and which survive: all axes in one array (a small step), the keys'
        change as one float product (exact: every key is below 2**53)."""
        limits, places = self.limits[axes], self._places[axes]
        assert self._keys is not None  # (called only when keys are held)
        values = (self._keys[:, None] // places) % (limits + 1)  # (states, axes moved)
        moved = values + steps[:, None, :]  # (moves, states, axes moved)
        dropping = ~self.saturate[axes]
        keep = (moved[:, :, dropping] <= limits[dropping]).all(axis=2) if dropping.any() else None
        np.minimum(moved, limits, out=moved)
        for j, kept in retired.items():  # the final value decides, then the axis reads 0
            ok = kept[moved[:, :, j]]
            keep = ok if keep is None else keep & ok
            moved[:, :, j] = 0
        change = (moved - values).astype(np.float64) @ places.astype(np.float64)
        return self._keys + change.astype(np.int64), keep

    def _moved_by_axis(self, axes: np.ndarray, steps: np.ndarray, retired: dict[int, np.ndarray]):
        """:meth:`_moved_at_once` one axis at a time (a large step, or keys past 2**53)."""
        limits, dropping = self.limits[axes], ~self.saturate[axes]
        keys, keep = self._keys, None  # keys grow to (moves, states) as axes move
        for j, axis in enumerate(axes.tolist()):
            limit, place, step = int(limits[j]), self._place[axis], steps[:, j : j + 1]
            values = (self._keys // place) % (limit + 1)
            reached = values + step
            ok = reached <= limit if dropping[j] else None
            if j in retired:  # the final value decides, then the axis reads 0
                final = retired[j][np.minimum(reached, limit)]
                ok = final if ok is None else ok & final
                keys = keys - values * place
            elif dropping[j]:
                keys = keys + step * place
            else:
                keys = keys + (np.minimum(reached, limit) - values) * place
            if ok is not None:
                keep = ok if keep is None else keep & ok
        return keys, keep

    def _residues(self, ways: Sequence) -> np.ndarray:
        """The numbers of ways as the table holds them: a row each, int64 as they are or their residues."""
        if self.moduli:
            return np.asarray([[int(w) % m for m in self.moduli] for w in ways], dtype=np.int64)
        return np.asarray(ways, dtype=self._dtype).reshape(len(ways), -1)

    def retire(self, axis: int, keep: np.ndarray) -> None:
        """Drop the states whose value on ``axis`` is not kept (``keep[value]``), then forget the axis (its value
        becomes 0) and merge the states that become equal. Only for an axis no class added later moves."""
        values = self._values(axis)
        ok = np.asarray(keep, dtype=bool)[values]
        weights = self.weights[ok]
        if self._keys is not None:
            states = self._keys[ok] - values[ok] * self._place[axis]
        else:
            assert self._rows is not None  # exactly one of _keys and _rows is held
            states = self._rows[ok]
            states[:, axis] = 0
        self._decoded = None
        self._store(states, weights)

    def _store(self, states: np.ndarray, weights: np.ndarray) -> None:
        """These states (keys or rows) and weights, equal states merged, as the table."""
        if len(weights):
            self._merge(states, weights)
        elif self._keys is not None:
            self._keys, self.weights = states, weights
        else:
            self._rows, self.weights = states, weights

    def totals(self, selections: np.ndarray) -> list[int]:
        """Per row of ``selections`` (a boolean matrix, one column per state), the exact count of the subsets whose
        states it selects. The caller selects states of one size at a time, so each sum is at most ``bound``."""
        if len(self.weights) == 0:
            return [0] * len(selections)
        sums = selections.astype(np.int64) @ self.weights
        if self.moduli:
            sums %= self._mods
        return [exact(row, self.moduli) for row in sums.tolist()]


def _group_sums(rows: np.ndarray, first: np.ndarray) -> np.ndarray:
    """The sums of consecutive groups of rows starting at ``first``: ``np.add.reduceat`` for narrow rows (it is slow
    down the rows of a wide matrix). Wide rows in small groups: the groups' first rows, plus their second rows
    where they have one, and so on. Else differences of running sums: a running sum may wrap past its integer
    type, but the difference of two is exact modulo that type's range, and every group sum fits it."""
    if rows.shape[1] < WIDE_ROWS:  # narrow rows: reduceat is quick
        return np.add.reduceat(rows, first, axis=0)
    sizes = np.diff(first, append=len(rows))
    if int(sizes.max(initial=0)) <= SMALL_GROUPS:
        sums = rows[first]
        for j in range(1, int(sizes.max(initial=0))):
            longer = np.flatnonzero(sizes > j)
            sums[longer] += rows[first[longer] + j]
        return sums
    running = np.cumsum(rows, axis=0, dtype=rows.dtype, out=rows)
    ends = running[first + sizes - 1]
    sums = np.empty_like(ends)
    sums[:1] = ends[:1]
    np.subtract(ends[1:], ends[:-1], out=sums[1:])
    return sums
