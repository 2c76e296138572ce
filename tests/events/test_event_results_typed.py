"""The results of the event commands are types (issue 34 item 2): a registration carries its problems as
:class:`Problem` (stored as their JSON, read back key for key), ``event show`` is one :class:`EventDetails`, a deck
check lists :class:`Difference` rows, and each gives its ``--json`` through ``as_dict``."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from event_decks import boa_deck, write_deck

EMBER = paths.EXAMPLES / "ember-rush.txt"
EVENT = "Spring Open"


@pytest.fixture
def registered(run, tmp_path):
    """An event with a legal deck and one of two problems (49 cards in the main deck, 5 copies of a name)."""
    assert run("event", "new", EVENT, "--game", "boa", "--date", "2099-05-01", "--rounds", "3").exit_code == 0
    assert run("event", "register", EVENT, "Sam Example", EMBER, "--player-id", "12").exit_code == 0
    short = [card for card in boa_deck(3, copies_of_first=5) if card[0] != "limitbreak"][:-4]
    bad = write_deck(tmp_path, "bad", short, "text", "Bad", "boa")
    assert run("event", "register", EVENT, "Ann", bad).exit_code == 1
    return EVENT


def test_stored_problem_gives_back_the_problem_as_stored_key_for_key():
    from deckcli.events.records import stored_problem
    from deckcli.legality.resolved import Problem

    whole = Problem("copy-limit", "5 copies", ["Fireball"], "main", 4, {"count": 5, "max": 4})
    bare = Problem("main-size", "too few")
    for problem in (whole, bare):
        stored = json.loads(json.dumps(problem.as_dict()))
        back = stored_problem(stored)
        assert back == problem and list(back.as_dict().items()) == list(stored.items())


def test_a_registration_reads_its_problems_back_as_problems(registered, db):
    from deckcli.events.store import event_registrations
    from deckcli.files.jsontext import json_value
    from deckcli.legality.resolved import Problem

    sam, ann = event_registrations(db, registered)[1]
    assert sam.problems == () and sam.rule_ids == []
    assert all(isinstance(p, Problem) for p in ann.problems)
    assert ann.rule_ids == ["main-size", "copy-limit"]
    copies = ann.problems[1]
    assert (copies.rule, copies.zone, copies.extra) == ("copy-limit", "main", {"count": 5, "max": 4})
    assert copies.message.startswith("5 copies of ")
    with db.rows() as rows:
        [(stored,)] = rows.all("SELECT problems FROM registration WHERE player = 'Ann'")
    assert [p.as_dict() for p in ann.problems] == json_value(stored)


def test_event_show_is_one_typed_result_whose_as_dict_is_its_json(run, registered, db):
    from deckcli.events.reporting import EventDetails, event_details
    from deckcli.events.rounds import RoundFacts

    details = event_details(db, "spring open")
    assert isinstance(details, EventDetails)
    assert details.summary.info.name == EVENT and (details.summary.players, details.summary.illegal) == (2, 1)
    assert details.rounds == RoundFacts(3, None, details.rounds.seed) and details.rounds.seed
    assert [(p.player, p.problem.rule) for p in details.problems] == [("Ann", "main-size"), ("Ann", "copy-limit")]
    shown = run("event", "show", EVENT, "--json")
    assert json.loads(shown.stdout) == json.loads(json.dumps(details.as_dict()))
    assert list(json.loads(shown.stdout))[-4:] == ["total_rounds", "current_round", "seed", "problems"]


def test_a_deck_check_lists_typed_differences(run, registered, db, tmp_path):
    from deckcli.events.checking import Difference, deck_check

    presented = tmp_path / "presented.txt"
    presented.write_text(EMBER.read_text().replace("4 Fireball", "3 Fireball"), encoding="utf-8")
    result = deck_check(db, registered, "Sam Example", str(presented))
    assert result.differences == [Difference("main", "Fireball", 4, 3, "too few")]
    assert result.as_dict()["differences"] == [
        {"zone": "main", "card": "Fireball", "registered": 4, "presented": 3, "verdict": "too few"}
    ]
