"""Two clients storing one row at once, in real processes on either backend, beyond decks (tests/decks/
test_deck_concurrency.py): two ``event new`` of one name store one event and tell the other it exists; two ``cards
import`` of one set file both succeed, the second finding the first one's cards (the set's row, an upsert, orders
them); two side exchanges of one player's round both land, the second superseding the first, as when they come one
after the other; two ``collection import --replace`` of one file leave the file's counts, not twice them. Never an
internal error. The race is forced (tests/support/race.py): on PostgreSQL the table is held
until both wait to write it."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py
from backends import sql_rows
from race import commands_at_once  # tests/support/race.py
from swiss_support import new_event


def test_two_event_new_of_one_name_at_once_store_one_and_refuse_the_other(db, tmp_path):
    command = ["event", "new", "Open", "--game", "boa"]
    done = commands_at_once(tmp_path, db, "event", command, command)
    outcomes = sorted((d.returncode, d.stderr) for d in done)
    assert outcomes == [(0, ""), (1, "Error: an event called 'Open' already exists; choose another name\n")], done
    assert sql_rows(db, "SELECT name FROM event") == [("Open",)]



def test_two_event_new_of_one_name_in_two_spellings_at_once_refuse_naming_the_stored_one(db, tmp_path):
    done = commands_at_once(tmp_path, db, "event", ["event", "new", "Open", "--game", "boa"],
                            ["event", "new", "OPEN", "--game", "boa"])
    (stored,), = sql_rows(db, "SELECT name FROM event")
    outcomes = sorted((d.returncode, d.stderr) for d in done)
    assert outcomes == [(0, ""), (1, f"Error: an event called {stored!r} already exists; choose another name\n")], done

def test_one_set_imported_twice_at_once_is_stored_once(db, tmp_path):
    cards = [{"number": f"{i:03d}", "name": f"Spark {i}", "kind": "spell", "cost": 0, "spell_type": "basic",
              "text": "Deal 1.", "aliases": [f"Sparkle {i}"]} for i in range(1, 6)]
    source = tmp_path / "set.json"
    source.write_text(json.dumps({"game": "boa", "set": {"code": "R1", "name": "Races"}, "cards": cards}),
                      encoding="utf-8")
    done = commands_at_once(tmp_path, db, "card_set", ["cards", "import", source], ["cards", "import", source])
    assert sorted((d.returncode, d.stderr) for d in done) == [  # the second finds the first one's cards
        (0, "boa R1: 0 added, 0 changed, 5 unchanged, 0 removed\n"),
        (0, "boa R1: 5 added, 0 changed, 0 unchanged, 0 removed\n"),
    ], done
    assert sql_rows(db, "SELECT count(*) FROM card_set WHERE code = 'R1'") == [(1,)]
    assert sql_rows(db, "SELECT count(*) FROM card WHERE set_code = 'R1'") == [(5,)]
    names = sql_rows(db, "SELECT n.display FROM card_name n JOIN card c ON c.id = n.card_id"
                         " WHERE c.set_code = 'R1' ORDER BY n.display")
    assert [d for (d,) in names] == sorted([f"Spark {i}" for i in range(1, 6)] + [f"Sparkle {i}" for i in range(1, 6)])


def test_two_side_exchanges_of_one_player_and_round_at_once_keep_one_current_record(run, db, tmp_path):
    players = [f"Player {i:02d}" for i in range(4)]
    new_event(run, db, tmp_path, players)
    assert run("event", "pair", "Spring Open").exit_code == 0
    (deck,) = (tmp_path / "decks").iterdir()
    command = ["event", "side", "Spring Open", "Player 00", "1", deck]
    done = commands_at_once(tmp_path, db, "side_exchange", command, command)
    assert [(d.returncode, d.stderr) for d in done] == [(0, ""), (0, "")], done
    shown = sorted(d.stdout.splitlines()[0] for d in done)
    assert shown == ["Round 1 side exchange of 'Player 00': legal (replaces the earlier record of that round).",
                     "Round 1 side exchange of 'Player 00': legal."], shown  # as when one comes after the other
    current = sql_rows(db, "SELECT count(*) FROM side_exchange WHERE superseded_at IS NULL")
    assert current == [(1,)] and sql_rows(db, "SELECT count(*) FROM side_exchange") == [(2,)]


def test_one_collection_replaced_twice_at_once_holds_the_file_once(run, db, tmp_path):
    source = paths.DATA / "layouts" / "deckcli" / "collection.csv"
    done = commands_at_once(tmp_path, db, "collection_item", *[["collection", "import", source, "--replace"]] * 2)
    assert [d.returncode for d in done] == [0, 0], done
    counts = "SELECT card_id, finish, condition, language, tag, proxy, count FROM collection_item ORDER BY 1, 2, 3, 4, 5"
    raced = sql_rows(db, counts)
    assert run("collection", "import", source, "--replace").exit_code == 0
    assert raced == sql_rows(db, counts) and raced, "the entries of one import: none doubled"
