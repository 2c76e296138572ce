"""Many lines of one game at once (``CardResolver.lookup_many``): the same answers as one ``lookup`` per line (a Miss
for each line no card answers, worded as its error words it), each distinct line answered once, a deck of more than
MANY_NAMES names read in a few queries, not one per name, and no error made for a line no card answers."""

from __future__ import annotations

import pytest

from deckcli import carderrors
from deckcli.cards import resolver as resolver_mod
from deckcli.cards.resolver import CardResolver, Miss

#: Known names in several spellings, another game's card, printings good and bad, a shared alias, unknown names.
LINES = [
    ("Ember Whelp", "", ""), ("ember  whelp", "", ""), ("Worldbreaker", "S01", "050"), ("Worldbreaker", "S01", "999"),
    ("Kilgore", "", ""), ("", "S01", "001"), ("", "S01", "zzz"), ("Fireballz", "", ""), ("Ember Whelp", "NOPE", ""),
    ("Nope\u200b Card", "", ""), ("  ", "", ""),
]


def _answer(found) -> tuple:
    """A printing's id, or the error a miss is raised as and its message (the same words the miss gives a report)."""
    if isinstance(found, Miss):
        error = found.error()
        assert str(found.message) == str(error)
        return type(error).__name__, str(error)
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
    singly = [one.lookup(*line, "boa", suggest=False) for line in lines]
    assert batch == singly  # a Miss is a value: equal when it says the same
    assert [_answer(f) for f in batch] == [_answer(f) for f in singly]
    assert _answer(batch[4])[0] == "WrongGame" and _answer(batch[7]) == ("UnknownCard", "unknown card 'Fireballz' in boa")


def test_thousands_of_unknown_names_cost_a_few_queries(db):
    assert resolver_mod.MANY_NAMES < 5000
    reads = CountingReads(db)
    found = CardResolver(reads).lookup_many([(f"Unknown Card {i}", "", "") for i in range(5000)], "boa")
    assert all(f == Miss(carderrors.UnknownCard, f"Unknown Card {i}", "boa") for i, f in enumerate(found))
    assert reads.queries <= 6  # the game's name keys, the other games' names; no IN list of 5,000 names


@pytest.mark.parametrize("unknown", [50, 3000])
def test_a_line_no_card_answers_makes_no_error(db, monkeypatch, unknown):
    """A miss is a value until a command raises it: a batch of unknown names, small (looked up one by one) or large
    (told by the name keys), makes no exception object at all."""
    def refused(*args, **kwargs):
        raise AssertionError("an error was made for a miss")

    for kind in (carderrors.UnknownCard, carderrors.UnknownSet, carderrors.AmbiguousCard):
        monkeypatch.setattr(kind, "__init__", refused)
    lines = [(f"Unknown Card {i}", "", "") for i in range(unknown)] + [("Kilgore", "", ""), ("Ember Whelp", "NOPE", "")]
    found = CardResolver(db).lookup_many(lines, "boa")
    assert [f.kind for f in found[-3:]] == [carderrors.UnknownCard, carderrors.WrongGame, carderrors.UnknownSet]
