"""A filter or condition asked of one game's cards is checked against that game's own card fields, and a typo is
suggested a field of that game only (never one only another game's cards have)."""

from __future__ import annotations

import pytest

from deckcli.errors import InputError


def test_a_games_card_search_knows_only_its_own_fields(run):
    boa = run("cards", "search", "--game", "boa", "--where", "colr=red")
    assert boa.exit_code == 1 and "unknown field 'colr' in 'colr=red' (fields: ability, artist" in boa.stderr
    assert "colour" not in boa.stderr  # sfb's field, not boa's
    every = run("cards", "search", "--where", "colr=red")
    assert every.exit_code == 1 and "did you mean 'colour'?" in every.stderr  # no game: every game's fields


def test_the_builders_pool_filters_by_its_games_fields(db):
    from deckcli.building.pool import CardPool
    from deckcli.cards.index import CardIndex

    pool = CardPool(db, CardIndex(db, "boa"))
    assert pool.search("cost<=0")
    with pytest.raises(InputError) as refused:
        pool.search("colour=red")
    assert "unknown field 'colour'" in str(refused.value.text) and "champion" not in str(refused.value.text)


def test_the_builders_own_conditions_use_the_decks_games_fields():
    from deckcli.building.analysis import Analyst

    analyst = Analyst("boa", lambda name: pytest.fail(f"no card name here: {name}"))
    analyst.set_conditions(["1+ element=Fire"])
    with pytest.raises(InputError) as refused:
        analyst.set_conditions(["1+ colour=red"])
    assert "unknown field 'colour'" in str(refused.value.text) and "champion" not in str(refused.value.text)
    assert analyst.user_texts == ("1+ element=Fire",)  # the old conditions kept
