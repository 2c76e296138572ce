"""The event store as the pages and other helpers use it: ``event_registrations`` and its typed errors, and one
current registration per player even when two writers race."""

from __future__ import annotations

from datetime import date

import pytest

import paths  # tests/support/paths.py
from event_world import event_rows

EMBER = paths.EXAMPLES / "ember-rush.txt"


@pytest.fixture
def spring(db):
    from deckcli.events.store import create_event

    return create_event(db, "Spring Open", "boa", None, date(2099, 5, 1), 3)


def test_event_registrations_returns_the_event_and_current_registrations_in_order(db, spring, tmp_path):
    from deckcli.events.registering import register
    from deckcli.events.store import event_registrations

    register(db, "Spring Open", "Zed", str(EMBER))
    register(db, "Spring Open", "Amy", str(EMBER), player_id="9")
    other = tmp_path / "other.txt"
    other.write_text(EMBER.read_text().replace("3 Frost Ward", "2 Frost Ward"), encoding="utf-8")
    register(db, "Spring Open", "zed", str(other), replace=True)
    info, regs = event_registrations(db, "spring open")
    assert (info.name, info.game, info.format, info.date, info.rounds, info.started) == (
        "Spring Open", "boa", "boa-standard", date(2099, 5, 1), 3, None)
    assert [(r.player, r.player_id) for r in regs] == [("Amy", "9"), ("Zed", "")]  # Zed's latest comes last
    zed = regs[1]
    assert sum(e.count for e in zed.decklist.entries if e.zone == "side") == 7
    assert zed.problems == () and zed.legal and zed.deck == "Ember Rush"
    assert event_registrations(db, "Spring Open", "ZED") == (info, [zed])


def test_unknown_events_and_players_are_typed_errors_naming_the_closest(db, spring):
    from deckcli.errors import NotFoundError, UnknownEvent, UnknownPlayer
    from deckcli.events.registering import register
    from deckcli.events.store import event_registrations

    register(db, "Spring Open", "Sam Example", str(EMBER))
    with pytest.raises(UnknownEvent) as event:
        event_registrations(db, "Sprong Open")
    assert isinstance(event.value, NotFoundError) and event.value.suggestions == ["Spring Open"]
    with pytest.raises(UnknownPlayer) as player:
        event_registrations(db, "Spring Open", "Sam Exampl")
    assert player.value.suggestions == ["Sam Example"]
    assert str(player.value) == ("no player 'Sam Exampl' is registered for event 'Spring Open'; did you mean"
                                 " 'Sam Example'?")


def test_a_writer_that_lost_the_race_is_told_the_player_is_registered(db, spring, monkeypatch):
    """The check before writing saw no registration (another writer committed in between): the database's unique
    index refuses the second current row and the error says the player is registered; nothing else is written."""
    from deckcli.errors import AlreadyRegistered
    from deckcli.events import registering

    registering.register(db, "Spring Open", "Ann", str(EMBER))
    before = event_rows(db)
    monkeypatch.setattr(registering, "current_rows", lambda session, event, player=None: [])
    with pytest.raises(AlreadyRegistered) as refused:
        registering.register(db, "Spring Open", "ann", str(EMBER))
    assert "'ann' is already registered for event 'Spring Open'" in str(refused.value)
    assert event_rows(db) == before


def test_a_decklist_from_stdin_is_named_after_the_player(run, spring):
    text = "\n".join(line for line in EMBER.read_text().splitlines() if not line.startswith("Name:"))
    result = run("event", "register", "Spring Open", "Kim", "-", "--json", input=text)
    assert result.exit_code == 0, result.output
    assert '"deck": "Kim"' in result.stdout
