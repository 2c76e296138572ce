"""A re-imported set that removes printings names who used them: the current event registrations whose locked
lists name one (a warning, and ``registrations`` in ``--json``), and the stored decks that keep it from being
removed."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py

EMBER = paths.EXAMPLES / "ember-rush.txt"


def _renumbered(run, tmp_path, renumber: dict[str, str]):
    exported = tmp_path / "s01.json"
    assert run("cards", "export", "--game", "boa", "--set", "S01", "-o", exported).exit_code == 0
    doc = json.loads(exported.read_text(encoding="utf-8"))
    for card in doc["cards"]:
        card["number"] = renumber.get(card["number"], card["number"])
    target = tmp_path / "s01-renumbered.json"
    target.write_text(json.dumps(doc), encoding="utf-8")
    return target


def _register(run, event, *players):
    assert run("event", "new", event, "--game", "boa", "--date", "2099-05-01").exit_code == 0
    for player in players:
        assert run("event", "register", event, player, EMBER).exit_code == 0


def test_the_registrations_naming_a_removed_printing_are_named(run, tmp_path):
    _register(run, "Open", "Sam Example", "Kim")
    _register(run, "Later", "Ana")
    without = tmp_path / "without.txt"  # Kim's current list names neither printing; the one it replaced did
    without.write_text(EMBER.read_text(encoding="utf-8").replace("4 Ember Whelp\n4 Cinder Imp\n", ""), encoding="utf-8")
    replaced = run("event", "register", "Open", "Kim", without, "--replace")
    assert replaced.exit_code == 1 and "Re-registered 'Kim'" in replaced.stdout
    renumbered = _renumbered(run, tmp_path, {"001": "901", "002": "902"})
    result = run("cards", "import", renumbered, "--json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)[0]
    assert (found["removed"], found["added"]) == (2, 2)
    printings = ["Cinder Imp (S01) 002", "Ember Whelp (S01) 001"]
    assert found["registrations"] == [
        {"event": "Later", "player": "Ana", "deck": "Ember Rush", "printings": printings},
        {"event": "Open", "player": "Sam Example", "deck": "Ember Rush", "printings": printings},
    ]
    assert result.stderr.splitlines() == [
        f"Warning: boa S01: the registration of {player!r} in event {event!r} (deck 'Ember Rush') names"
        " Cinder Imp (S01) 002, Ember Whelp (S01) 001, which this import removed"
        for event, player in (("Later", "Ana"), ("Open", "Sam Example"))
    ] + ["boa S01: 2 added, 0 changed, 110 unchanged, 2 removed"]


def test_an_import_removing_nothing_a_registration_names_warns_of_nothing(run, tmp_path):
    _register(run, "Open", "Sam Example")
    result = run("cards", "import", _renumbered(run, tmp_path, {"112": "912"}), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)[0]["registrations"] == []
    assert result.stderr == "boa S01: 1 added, 0 changed, 111 unchanged, 1 removed\n"  # no warning


def test_a_stored_deck_holding_a_removed_printing_is_named_and_nothing_is_imported(run, tmp_path):
    assert run("deck", "import", EMBER).exit_code == 0
    assert run("collection", "add", "Ember Whelp", "1", "--game", "boa").exit_code == 0
    renumbered = _renumbered(run, tmp_path, {"001": "901"})
    result = run("cards", "import", renumbered)
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"Error: {renumbered}: set boa/S01 no longer has 1 card still used by"
                                     " deck 'Ember Rush' and the collection; remove them from those first")
    assert "901" not in run("cards", "show", "Ember Whelp", "--game", "boa").stdout
