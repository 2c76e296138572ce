"""``event register``: a locked copy with a receipt; illegal decks flagged; bad input refused with nothing registered."""

from __future__ import annotations

import json

import pytest

import paths  # tests/support/paths.py
from event_decks import boa_deck, write_deck
from event_world import event_rows

EMBER = paths.EXAMPLES / "ember-rush.txt"
TEAM = paths.EXAMPLES / "team-shadows.txt"


@pytest.fixture
def open_event(run):
    assert run("event", "new", "Spring Open", "--game", "boa", "--date", "2099-05-01", "--rounds", "3").exit_code == 0
    return "Spring Open"


def test_a_legal_deck_is_registered_with_a_receipt_and_every_printing_named(run, open_event, db):
    from deckcli.events.store import event_registrations

    result = run("event", "register", "spring open", "Sam Example", EMBER, "--player-id", "1234")
    assert result.exit_code == 0, result.output
    assert "Registered 'Sam Example' with deck 'Ember Rush': legal." in result.stdout
    receipt = result.stdout.split("Receipt: ")[1].strip()
    info, regs = event_registrations(db, "SPRING OPEN")
    assert info.name == "Spring Open" and info.rounds == 3 and str(info.date) == "2099-05-01"
    (reg,) = regs
    assert (reg.player, reg.player_id, reg.deck, reg.legal, reg.fingerprint) == ("Sam Example", "1234", "Ember Rush",
                                                                                 True, receipt)
    assert all(e.set_code == "S01" and e.number for e in reg.decklist.entries)  # the locked copy names printings
    assert sum(e.count for e in reg.decklist.entries if e.zone == "main") == 51
    assert event_registrations(db, "Spring Open", "sam example")[1] == regs


def test_an_illegal_deck_is_registered_flagged_and_its_problems_printed(run, open_event, tmp_path, db):
    from deckcli.events.store import event_registrations

    bad = tmp_path / "bad.txt"
    bad.write_text(EMBER.read_text().replace("4 Fireball", "6 Fireball"), encoding="utf-8")
    result = run("event", "register", open_event, "Ann", bad)
    assert result.exit_code == 1
    assert "Registered 'Ann' with deck 'Ember Rush': NOT legal, 1 problem." in result.stdout
    assert "copy-limit" in result.stdout and "6 copies of 'Fireball'" in result.stdout
    (reg,) = event_registrations(db, open_event)[1]
    assert reg.legal is False and [p.rule for p in reg.problems] == ["copy-limit"]


def test_the_deck_name_is_the_name_line_else_the_file_name(run, open_event, tmp_path):
    nameless = write_deck(tmp_path, "my list", boa_deck(2), "mtgo", "ignored", "boa")
    result = run("event", "register", open_event, "Bo", nameless, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["deck"] == "my list"


@pytest.mark.parametrize("case, content, expected", [
    ("unknown card", "Name: X\nMain Deck\n4 Ember Whelpp\n",
     ["x.txt: line 3: [unknown-card] unknown card 'Ember Whelpp' in boa; did you mean 'Ember Whelp'",
      "1 problem in {file}; nothing was registered"]),
    ("empty", "", ["x.txt: empty decklist"]),
    ("no cards", "just some words\n", ["x.txt: no cards found"]),
    ("other game", TEAM.read_text(),
     ["this is a deck of Super Fantasy Brawl (sfb), but event 'Spring Open' is for Battle of Aeons (boa)",
      "[wrong-game] 3 lines (3 cards) name Super Fantasy Brawl (sfb) cards, not Battle of Aeons (boa) ones: this looks"
      " like a deck for sfb"]),
])
def test_a_decklist_that_cannot_be_read_registers_nothing(run, open_event, tmp_path, db, case, content, expected):
    file = tmp_path / "x.txt"
    file.write_text(content, encoding="utf-8")
    before = event_rows(db)
    result = run("event", "register", open_event, "Ann", file)
    assert result.exit_code == 1, case
    for text in expected:
        assert text.format(file=file) in result.stderr, (case, result.stderr)
    assert "Traceback" not in result.output and "internal error" not in result.output
    assert event_rows(db) == before


def test_an_unknown_event_is_named_with_the_closest_events(run, open_event, db):
    before = event_rows(db)
    result = run("event", "register", "Spring Opem", "Ann", EMBER)
    assert result.exit_code == 1
    assert "no event called 'Spring Opem'; did you mean 'Spring Open'?" in result.stderr
    assert event_rows(db) == before


def test_registering_twice_suggests_replace_which_keeps_the_history(run, open_event, tmp_path, db):
    assert run("event", "register", open_event, "Ann", EMBER, "--player-id", "77").exit_code == 0
    before = event_rows(db)
    again = run("event", "register", open_event, "ANN", EMBER)
    assert again.exit_code == 1
    assert ("'Ann' is already registered for event 'Spring Open'; give --replace to register the new decklist"
            in again.stderr)
    assert event_rows(db) == before
    other = write_deck(tmp_path, "v2", boa_deck(1), "json", "Version 2", "boa")
    replaced = run("event", "register", open_event, "ann", other, "--replace", "--json")
    assert replaced.exit_code == 0, replaced.output
    data = json.loads(replaced.stdout)
    assert (data["player"], data["player_id"], data["deck"], data["replaced"]) == ("Ann", "77", "Version 2", True)
    rows = event_rows(db)["registration"]
    assert len(rows) == 2 and rows[0][-2] is not None and rows[1][-2] is None  # superseded_at: history kept


@pytest.mark.parametrize("how", ["start", "date"])
def test_replace_is_refused_once_the_event_has_started(run, tmp_path, db, how):
    if how == "start":
        assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-01-01").exit_code == 0
    else:
        assert run("event", "new", "Cup", "--game", "boa", "--date", "2020-01-01").exit_code == 0
    late = ["--late"] if how == "date" else []  # a past event has started: a new player is a late one
    assert run("event", "register", "Cup", "Ann", EMBER, *late).exit_code == 0
    if how == "start":
        started = run("event", "start", "Cup")
        assert started.exit_code == 0 and "registrations are locked" in started.stdout
    before = event_rows(db)
    result = run("event", "register", "Cup", "Ann", EMBER, "--replace")
    assert result.exit_code == 1
    why = "since " if how == "start" else "its date 2020-01-01 is past"
    assert f"event 'Cup' has started ({why}" in result.stderr
    assert "a registered decklist cannot be replaced any more" in result.stderr
    assert event_rows(db) == before


@pytest.mark.parametrize("player", ["<script>alert(1)</script>", "=SUM(1)", "Zoë 山田"])
def test_player_names_are_kept_as_typed(run, open_event, db, player):
    from deckcli.events.store import event_registrations

    assert run("event", "register", open_event, f"  {player} ", EMBER).exit_code == 0
    assert [r.player for r in event_registrations(db, open_event)[1]] == [player]
    status = run("event", "status", open_event, "--csv")
    assert status.stdout.splitlines()[1].startswith("'=SUM(1)," if player.startswith("=") else f"{player},")


def test_a_player_name_with_a_control_character_is_refused(run, open_event, db):
    result = run("event", "register", open_event, "Ann\x07", EMBER)
    assert result.exit_code == 1 and "player name 'Ann\\x07' contains the control character U+0007" in result.stderr
    assert event_rows(db)["registration"] == []


def test_decks_are_checked_under_the_format_version_in_force_on_the_event_date(run, tmp_path):
    deck = tmp_path / "dragon.txt"  # 2 Infernal Dragon Lord, 1 Worldbreaker, 1 Counterspell
    deck.write_text(EMBER.read_text().replace("3 Counterspell", "1 Counterspell"), encoding="utf-8")
    for name, day in (("Before", "2099-05-01"), ("Old", "2026-05-01")):
        assert run("event", "new", name, "--game", "boa", "--format", "boa-advanced", "--date", day).exit_code == 0
    after = run("event", "register", "Before", "Ann", deck, "--json")  # the 2026-06-01 list bans the Dragon Lord
    assert after.exit_code == 1 and json.loads(after.stdout)["legal"] is False
    assert [p["rule"] for p in json.loads(after.stdout)["problems"]] == ["banned"]
    before = run("event", "register", "Old", "Ann", deck, "--json", "--late")  # the list before it: legal (late:
    # the event's date is past)
    assert before.exit_code == 0, before.output
