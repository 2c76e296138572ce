"""Many lines of one game at once (``CardResolver.lookup_many``): the same answers as one ``lookup`` per line (NO_CARD
standing for the plain unknown card it words), each distinct line answered once, and a deck of more than MANY_NAMES
names read in a few queries, not one per name."""

from __future__ import annotations

import pytest

from deckcli.carderrors import UnknownCard
from deckcli.cards import resolver as resolver_mod
from deckcli.cards.resolver import NO_CARD, CardResolver
from deckcli.errors import DeckcliError

#: Known names in several spellings, another game's card, printings good and bad, a shared alias, unknown names.
LINES = [
    ("Ember Whelp", "", ""), ("ember  whelp", "", ""), ("Worldbreaker", "S01", "050"), ("Worldbreaker", "S01", "999"),
    ("Kilgore", "", ""), ("", "S01", "001"), ("", "S01", "zzz"), ("Fireballz", "", ""), ("Ember Whelp", "NOPE", ""),
    ("Nope\u200b Card", "", ""), ("  ", "", ""),
]


def _answer(found, line=("", "", "")) -> tuple:
    if found is NO_CARD:
        return "UnknownCard", UnknownCard.wording(line[0].strip(), "boa")
    if isinstance(found, DeckcliError):
        return type(found).__name__, str(found)
    return "card", found.id


class CountingReads:
    """The database's reads, counted."""

    def __init__(self, db):
        self.db, self.queries = db, 0

    def rows(self):
        outer = self

        class Counted:
            def __enter__(self):
                self.inner = outer.db.rows()
                rows = self.inner.__enter__()

                class Rows:
                    def all(self, sql, params=None):
                        outer.queries += 1
                        return rows.all(sql, params)

                return Rows()

            def __exit__(self, *exc):
                return self.inner.__exit__(*exc)

        return Counted()


@pytest.mark.parametrize("unknown", [0, 3000])
def test_the_same_answers_as_one_lookup_a_line(db, unknown):
    lines = LINES + [(f"Unknown Card {i}", "", "") for i in range(unknown)] + LINES
    batch = CardResolver(db).lookup_many(lines, "boa")
    one = CardResolver(db)
    assert [_answer(f, line) for f, line in zip(batch, lines)] == [_answer(one.lookup(*line, "boa", suggest=False))
                                                                    for line in lines]
    assert _answer(batch[4])[0] == "WrongGame" and _answer(batch[7], lines[7]) == ("UnknownCard",
                                                                                 "unknown card 'Fireballz' in boa")
    assert (batch[-4] is NO_CARD) == bool(unknown)  # Fireballz: told by the name keys alone after a large prefetch


def test_thousands_of_unknown_names_cost_a_few_queries(db):
    assert resolver_mod.MANY_NAMES < 5000
    reads = CountingReads(db)
    found = CardResolver(reads).lookup_many([(f"Unknown Card {i}", "", "") for i in range(5000)], "boa")
    assert all(f is NO_CARD for f in found)
    assert reads.queries <= 6  # the game's name keys, the other games' names; no IN list of 5,000 names
