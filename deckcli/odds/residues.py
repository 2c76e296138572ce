"""Counts past int64 held as int64 residues modulo primes below 2**31, and made exact again (Chinese remainder
theorem): what lets the sparse tables of :mod:`deckcli.odds.sparse` stay in int64 arrays for any deck size."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from math import prod

#: Below this every count is held as it is (sums of a few of them still fit int64).
EXACT_LIMIT = 1 << 62
_WITNESSES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)  # deterministic Miller-Rabin far beyond 2**31


def _is_prime(n: int) -> bool:
    if n < 2:
        return False
    for p in _WITNESSES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for a in _WITNESSES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


@cache
def moduli(bound: int) -> tuple[int, ...]:
    """The primes below 2**31 (largest first) whose product passes ``bound``; none when int64 holds it as it is."""
    if bound < EXACT_LIMIT:
        return ()
    found: list[int] = []
    candidate = (1 << 31) - 1
    while prod(found) <= bound:
        if _is_prime(candidate):
            found.append(candidate)
        candidate -= 2 if candidate % 2 else 1
    return tuple(found)


def exact(residues: Sequence[int], mods: Sequence[int]) -> int:
    """The integer below the product of ``mods`` with these residues (Chinese remainder theorem)."""
    if not mods:
        return int(residues[0])
    value, modulus = 0, 1
    for r, m in zip(residues, mods):
        step = ((int(r) - value) * pow(modulus, -1, m)) % m
        value, modulus = value + modulus * step, modulus * m
    return value
