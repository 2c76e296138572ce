"""Player names that look like a registered player's without being the same name: refused unless --new-player."""

from __future__ import annotations

import csv
import json

import pytest

from event_decks import boa_deck, deck_text, write_deck
from event_world import event_rows

CYRILLIC_A = "\u0410"  # looks like a Latin A
GREEK_ANNA = "\u0391\u039d\u039d\u0391"  # Greek capitals alpha, nu, nu, alpha: ANNA


@pytest.fixture
def cup(run):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    return "Cup"


@pytest.fixture
def deck(tmp_path):
    return write_deck(tmp_path, "deck", boa_deck(0), "text", "Deck", "boa")


def _register(run, cup, player, deck, *more):
    return run("event", "register", cup, player, deck, *more)


def test_a_cyrillic_letter_in_a_registered_players_name_is_refused_naming_both(run, cup, deck, db):
    assert _register(run, cup, "Alice", deck).exit_code == 0
    before = event_rows(db)
    result = _register(run, cup, f"{CYRILLIC_A}lice", deck)
    assert result.exit_code == 1
    assert (f"player '{CYRILLIC_A}lice' looks like the registered player 'Alice' (it mixes Latin and Cyrillic"
            " letters); register under the same spelling, or give --new-player if they are different players"
            ) in result.stderr
    assert "Traceback" not in result.output and event_rows(db) == before


def test_a_full_width_spelling_is_the_same_player_and_already_registered(run, cup, deck):
    assert _register(run, cup, "Alice", deck).exit_code == 0
    full = _register(run, cup, "\uff21lice", deck)  # full-width A: name_key folds it, so it is Alice herself
    assert full.exit_code == 1
    assert "'Alice' is already registered for event 'Cup'; give --replace" in full.stderr
    cyrillic = _register(run, cup, f"{CYRILLIC_A}lice", deck, "--replace")  # not Alice's key: no replacement
    assert cyrillic.exit_code == 1 and "looks like the registered player 'Alice'" in cyrillic.stderr


def test_a_name_of_another_script_that_reads_the_same_is_refused(run, cup, deck):
    assert _register(run, cup, GREEK_ANNA, deck).exit_code == 0
    result = _register(run, cup, "ANNA", deck)
    assert result.exit_code == 1
    assert (f"player 'ANNA' looks like the registered player '{GREEK_ANNA}' (it is written in Latin letters,"
            f" '{GREEK_ANNA}' in look-alike Greek ones)") in result.stderr


def test_new_player_registers_a_look_alike_name_as_another_player(run, cup, deck):
    assert _register(run, cup, "Alice", deck).exit_code == 0
    result = _register(run, cup, f"{CYRILLIC_A}lice", deck, "--new-player")
    assert result.exit_code == 0, result.output
    assert f"Registered '{CYRILLIC_A}lice' with deck 'Deck': legal." in result.stdout
    status = json.loads(run("event", "status", cup, "--json").stdout)
    assert [r["player"] for r in status] == ["Alice", f"{CYRILLIC_A}lice"]


@pytest.mark.parametrize("name", ["山田 太郎", "やまだ タロウ", "Taro山田", "ＴＡＲＯ やまだ", "Zoë Ångström", "Δημήτρης"])
def test_names_mixing_other_scripts_are_accepted(run, cup, deck, name):
    assert _register(run, cup, "Taro", deck).exit_code == 0
    result = _register(run, cup, name, deck)  # Han, kana and Latin in one name; accents; a Greek name
    assert result.exit_code == 0, result.output
    assert f"Registered {name!r} with deck 'Deck': legal." in result.stdout


def test_a_lone_mixed_script_name_is_accepted_and_its_latin_twin_refused_after(run, cup, deck):
    assert _register(run, cup, f"Bob {CYRILLIC_A}dams", deck).exit_code == 0
    result = _register(run, cup, "Bob Adams", deck)
    assert result.exit_code == 1
    assert (f"player 'Bob Adams' looks like the registered player 'Bob {CYRILLIC_A}dams' ('Bob {CYRILLIC_A}dams'"
            " mixes Latin and Cyrillic letters)") in result.stderr


def _form(tmp_path, rows):
    path = tmp_path / "form.csv"
    with path.open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["Player", "ID", "Decklist"])
        writer.writerows(rows)
    return path


def test_an_import_refuses_a_row_that_looks_like_a_registered_player_or_an_earlier_row(run, cup, deck, tmp_path, db):
    assert _register(run, cup, "Alice", deck).exit_code == 0
    text = deck_text(boa_deck(1), "text", "Form deck", "boa")
    form = _form(tmp_path, [[f"{CYRILLIC_A}lice", "1", text], ["Oskar", "2", text], ["\u041e" + "skar", "3", text]])
    before = event_rows(db)
    result = run("event", "import", cup, form)
    assert result.exit_code == 1
    span = text.count("\n") + 1
    err = result.stderr
    assert (f"form.csv: line 2: player '{CYRILLIC_A}lice' looks like the registered player 'Alice' (it mixes Latin"
            " and Cyrillic letters)") in err
    assert (f"form.csv: line {2 + 2 * span}: player '\u041eskar' looks like the player 'Oskar' of"
            f" {form}: line {2 + span} (it mixes Latin and Cyrillic letters); give each player one spelling, or give"
            " --new-player if they are different players") in err
    assert "problems in 2 of 3 decklists; nothing was registered" in err and event_rows(db) == before
    done = run("event", "import", cup, form, "--new-player", "--json")
    assert done.exit_code == 0, done.output
    assert len(json.loads(done.stdout)) == 3


def test_a_folder_import_checks_file_names_too(run, cup, deck, tmp_path):
    assert _register(run, cup, "Alice", deck).exit_code == 0
    folder = tmp_path / "decks"
    folder.mkdir()
    write_deck(folder, f"{CYRILLIC_A}lice", boa_deck(2), "text", "Folder deck", "boa")
    result = run("event", "import", cup, folder, "--skip-bad")
    assert result.exit_code == 1
    assert f"Skipped {folder / (CYRILLIC_A + 'lice.txt')}: player '{CYRILLIC_A}lice' looks like" in result.stderr
    assert "Registered 0 decklists for 'Cup' (0 not legal, 1 skipped)." in result.stderr


def test_a_bidi_override_in_a_player_name_is_refused(run, cup, deck):
    assert _register(run, cup, "Alice", deck).exit_code == 0
    result = _register(run, cup, "\u202eecilA", deck)  # shows as "Alice"
    assert result.exit_code == 1 and "U+202E" in result.stderr


def test_a_look_alike_registered_by_another_judge_meanwhile_is_refused_when_storing(run, cup, deck, db, monkeypatch):
    """Two judges at once: 'Alice' is registered by another client while this one reads and checks 'Аlice'; the
    check made under the event's lock when storing refuses it, and nothing of it is stored."""
    from deckcli.events import decks as event_decks

    checking = event_decks.EventDecks.check

    def check_while_another_judge_registers(self, source):
        checked = checking(self, source)
        monkeypatch.setattr(event_decks.EventDecks, "check", checking)
        assert _register(run, cup, "Alice", deck).exit_code == 0
        return checked

    monkeypatch.setattr(event_decks.EventDecks, "check", check_while_another_judge_registers)
    result = _register(run, cup, f"{CYRILLIC_A}lice", deck)
    assert result.exit_code == 1
    assert f"player '{CYRILLIC_A}lice' looks like the registered player 'Alice'" in result.stderr
    players = run("event", "status", cup, "--json")
    assert [row["player"] for row in json.loads(players.stdout)] == ["Alice"]
