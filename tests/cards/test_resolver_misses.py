"""The card resolver says "no such card" one way: a look-up answers a printing or a Miss (a value), and only the
functions the commands call raise it, as the error class its kind names, with the words a report gives it. The pass
stops at the first step that answers: a card of another game costs no closest names."""

from __future__ import annotations

import pytest

from deckcli import carderrors
from deckcli.cards.index import CardIndex
from deckcli.cards.resolver import CardResolver, Miss

#: (name, set, number, game) -> the error class a miss of that look-up is raised as, and its message.
MISSES = [
    (("Ember Whelpp", "", "", "boa"), carderrors.UnknownCard,
     "unknown card 'Ember Whelpp' in boa; did you mean 'Ember Whelp'?"),
    (("Kilgore", "", "", "boa"), carderrors.WrongGame,
     "'Kilgore' is a card of Super Fantasy Brawl (sfb), not of Battle of Aeons (boa)"),
    (("Worldbreaker", "ZZ9", "050", "boa"), carderrors.UnknownSet, "unknown set 'ZZ9' in boa; known sets: S01"),
    (("Worldbreaker", "S01", "001", "boa"), carderrors.UnknownPrinting,
     "unknown card 'Worldbreaker (S01) 001' in boa: (S01) 001 is 'Ember Whelp'; did you mean 'Worldbreaker (S01) 050'?"),
    (("", "S01", "999", "boa"), carderrors.UnknownCard, "unknown card '(S01) 999' in boa"),
    (("Fireball", "", "", None), carderrors.AmbiguousCard,
     "'Fireball' names cards of several games: Fireball (boa), Fireball (sfb); give --game"),
    (("Kilgor", "", "", None), carderrors.UnknownCard, "unknown card 'Kilgor'; did you mean 'Kilgore'?"),
]


@pytest.mark.parametrize(("asked", "kind", "message"), MISSES, ids=[m[0][0] or m[0][1] for m in MISSES])
def test_a_miss_is_a_value_raised_only_by_find_as_its_error(db, asked, kind, message):
    resolver = CardResolver(db)
    miss = resolver.lookup(*asked)
    assert isinstance(miss, Miss) and miss.kind is kind
    assert str(miss.message) == message
    with pytest.raises(kind) as raised:
        resolver.find(*asked)
    assert type(raised.value) is kind and str(raised.value) == message
    with pytest.raises(kind) as again:  # remembered as a value, raised afresh: no traceback kept between the two
        resolver.find(*asked)
    assert again.value is not raised.value


def test_a_card_of_another_game_costs_no_closest_names(db, monkeypatch):
    def no_suggestions(self, name, limit=3):
        raise AssertionError("closest names looked up for a card of another game")

    monkeypatch.setattr(CardIndex, "suggest", no_suggestions)
    miss = CardResolver(db).lookup("Kilgore", game="boa")
    assert isinstance(miss, Miss) and miss.kind is carderrors.WrongGame and miss.near == ("sfb",)


def test_the_name_in_the_game_comes_before_another_game(db):
    """aqa's ファイアーボール is "Fireball" in English: in aqa the name finds it, though boa and sfb have a Fireball."""
    found = CardResolver(db).lookup("Fireball", game="aqa")
    assert not isinstance(found, Miss) and found.game == "aqa"


def test_only_the_edge_raises_and_nothing_catches():
    """The resolver's pass returns misses; only find and across_games raise, and no function catches an error to
    turn it into an answer (the mix of returned and raised errors this replaced)."""
    import ast
    import inspect

    from deckcli.cards import resolver

    tree = ast.parse(inspect.getsource(resolver))
    raising = {
        f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef) and any(isinstance(n, ast.Raise) for n in ast.walk(f))
    }
    assert raising == {"find", "across_games"}
    assert not [n for n in ast.walk(tree) if isinstance(n, ast.Try)]
