"""A deck check and a side exchange compare the presented deck with the registration's locked copy by zone and card
name, reading the locked copy's own names: a printing renumbered or removed since, or a number an older deckcli
stored with a trailing space, changes nothing."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py

EMBER = paths.EXAMPLES / "ember-rush.txt"


@pytest.fixture
def registered(run):
    assert run("event", "new", "Open", "--game", "boa", "--date", "2099-05-01", "--rounds", "2").exit_code == 0
    assert run("event", "register", "Open", "Sam Example", EMBER).exit_code == 0
    return "Open"


def renumbered_set(run, tmp_path, renumber: dict[str, str]):
    """The bundled boa set exported, its printings numbered ``renumber`` (old -> new) instead."""
    exported = tmp_path / "s01.json"
    assert run("cards", "export", "--game", "boa", "--set", "S01", "-o", exported).exit_code == 0
    doc = json.loads(exported.read_text(encoding="utf-8"))
    for card in doc["cards"]:
        card["number"] = renumber.get(card["number"], card["number"])
    target = tmp_path / "s01-renumbered.json"
    target.write_text(json.dumps(doc), encoding="utf-8")
    return target


def _passes(run, event):
    checked = run("event", "check", event, "Sam Example", EMBER)
    assert checked.exit_code == 0, checked.output
    assert "Deck check of 'Sam Example': passed, the deck matches the registered list" in checked.stdout
    assert "unknown card" not in checked.output + checked.stderr
    sided = run("event", "side", event, "Sam Example", "1", EMBER)
    assert sided.exit_code == 0, sided.output
    assert sided.stdout.startswith("Round 1 side exchange of 'Sam Example': legal.")


def test_checks_after_the_set_renumbered_a_registered_printing(run, registered, tmp_path):
    # Ember Whelp was S01 001 at registration; the worldbreaker line of the list names its printing (S01 050)
    imported = run("cards", "import", renumbered_set(run, tmp_path, {"001": "901", "050": "950"}))
    assert imported.exit_code == 0, imported.output
    _passes(run, registered)


def test_a_check_still_finds_a_difference_by_name(run, registered, tmp_path):
    assert run("cards", "import", renumbered_set(run, tmp_path, {"001": "901"})).exit_code == 0
    fewer = tmp_path / "fewer.txt"
    fewer.write_text(EMBER.read_text(encoding="utf-8").replace("4 Ember Whelp", "3 Ember Whelp"), encoding="utf-8")
    checked = run("event", "check", registered, "Sam Example", fewer, "--json")
    assert checked.exit_code == 1
    assert json.loads(checked.stdout)["differences"] == [
        {"zone": "main", "card": "Ember Whelp", "registered": 4, "presented": 3, "verdict": "too few"}]
    sided = run("event", "side", registered, "Sam Example", "1", fewer)
    assert sided.exit_code == 1
    assert "'Ember Whelp' 4 -> 3" in sided.stdout


def test_a_printing_numbered_with_a_trailing_space_is_checked(run, registered, db):
    from sqlalchemy import update
    from sqlmodel import select

    from backends import orm_session
    from deckcli.storage.tables import Card, RegistrationRow

    # as an older deckcli stored a set whose schema let "001 " through, and locked it
    with orm_session(db) as session, session.begin():
        session.execute(update(Card).where(Card.game == "boa", Card.set_code == "S01", Card.number == "001")
                        .values(number="001 "))
        row = session.exec(select(RegistrationRow)).one()
        locked = json.loads(json.dumps(row.decklist))
        for item in locked["zones"]["main"]:
            if item["number"] == "001":
                item["number"] = "001 "
        assert "001 " in json.dumps(locked)
        row.decklist = locked
        session.add(row)
    _passes(run, registered)
