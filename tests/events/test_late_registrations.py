"""After ``event start`` registrations are locked: a new player is refused unless ``--late``, and a late registration
is marked in ``event status``, ``event export`` and the published site. (Before: a new player registered as if the
event had not started, and nothing told them apart.) A database at revision 0002 gets the ``late`` column."""

from __future__ import annotations

import csv
import io
import json

import pytest

import paths  # tests/support/paths.py
from event_decks import boa_deck, write_deck
from event_world import event_rows
from old_revisions import upgraded_database  # tests/support/old_revisions.py

EMBER = paths.EXAMPLES / "ember-rush.txt"


@pytest.fixture
def started(run):
    """'Spring Open' (boa, 2099) with Ann registered, then started."""
    assert run("event", "new", "Spring Open", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    assert run("event", "register", "Spring Open", "Ann", EMBER).exit_code == 0
    begun = run("event", "start", "Spring Open")
    assert begun.exit_code == 0 and "registrations are locked (event register --late registers a new player late)" \
        in begun.stdout
    return "Spring Open"


def test_a_new_player_after_the_start_is_refused_without_late(run, started, db):
    before = event_rows(db)
    refused = run("event", "register", started, "Zed", EMBER)
    assert refused.exit_code == 1
    assert refused.stderr.startswith("Error: event 'Spring Open' has started (since 20")
    assert refused.stderr.rstrip().endswith("UTC): registrations are locked; add --late to register 'Zed' late")
    assert event_rows(db) == before


def test_a_late_registration_is_marked_in_status_export_and_the_site(run, started, tmp_path):
    done = run("event", "register", started, "Zed", EMBER, "--late")
    assert done.exit_code == 0, done.output
    assert "Registered 'Zed' late with deck 'Ember Rush': legal." in done.stdout

    rows = json.loads(run("event", "status", started, "--json").stdout)
    assert [(r["player"], r["late"]) for r in rows] == [("Ann", False), ("Zed", True)]
    table = run("event", "status", started).stdout.splitlines()
    assert table[0].split()[-1] == "late" and table[2].split()[-1] == "no" and table[3].split()[-1] == "yes"

    exported = json.loads(run("event", "export", started, "--to", "json").stdout)
    assert [(r["player"], r["late"]) for r in exported["registrations"]] == [("Ann", False), ("Zed", True)]
    cards = list(csv.DictReader(io.StringIO(run("event", "export", started, "--to", "csv").stdout)))
    assert {(r["player"], r["late"]) for r in cards} == {("Ann", "no"), ("Zed", "yes")}

    site = tmp_path / "site"
    assert run("event", "publish", started, "-o", site).exit_code == 0
    index = (site / "index.html").read_text(encoding="utf-8")
    assert '<a href="deck-zed.html">Zed</a> <span class="late">late</span></td>' in index
    assert '<a href="deck-ann.html">Ann</a></td>' in index
    assert '· <span class="late">registered late</span> ·' in (site / "deck-zed.html").read_text(encoding="utf-8")
    assert "registered late" not in (site / "deck-ann.html").read_text(encoding="utf-8")
    assert [r["late"] for r in json.loads((site / "decks.json").read_text(encoding="utf-8"))] == [False, True]

    hidden = tmp_path / "anonymous"  # when a player registered is not for an anonymous site to say
    assert run("event", "publish", started, "-o", hidden, "--anonymous").exit_code == 0
    assert {r["late"] for r in json.loads((hidden / "decks.json").read_text(encoding="utf-8"))} == {None}
    assert not [p.name for p in hidden.iterdir() if 'class="late"' in p.read_text(encoding="utf-8")]


def test_an_import_after_the_start_needs_late_for_every_new_player(run, started, tmp_path, db):
    folder = tmp_path / "decks"
    folder.mkdir()
    for i, player in enumerate(("Bo", "Cy")):
        write_deck(folder, player, boa_deck(i), "text", f"Deck {i}", "boa")
    before = event_rows(db)
    refused = run("event", "import", started, folder)
    assert refused.exit_code == 1
    assert refused.stderr.rstrip().endswith("UTC): registrations are locked; add --late to register 'Bo', 'Cy' late")
    assert event_rows(db) == before
    done = run("event", "import", started, folder, "--late", "--json")
    assert done.exit_code == 0, done.output
    assert [(r["player"], r["late"]) for r in json.loads(done.stdout)] == [("Bo", True), ("Cy", True)]


def test_a_long_refusal_names_the_first_five_new_players(run, started, tmp_path):
    folder = tmp_path / "many"
    folder.mkdir()
    for n in range(1, 8):
        (folder / f"P{n}.txt").write_text(EMBER.read_text(encoding="utf-8"), encoding="utf-8")
    refused = run("event", "import", started, folder)
    assert refused.exit_code == 1
    assert "add --late to register 'P1', 'P2', 'P3', 'P4', 'P5' and 2 more late\n" in refused.stderr


def test_late_does_not_let_a_registered_decklist_be_replaced(run, started, db):
    before = event_rows(db)
    refused = run("event", "register", started, "Ann", EMBER, "--replace", "--late")
    assert refused.exit_code == 1
    assert "has started (since" in refused.stderr
    assert "a registered decklist cannot be replaced any more" in refused.stderr
    assert event_rows(db) == before


def test_before_the_start_late_changes_nothing(run):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    done = run("event", "register", "Cup", "Ann", EMBER, "--late", "--json")
    assert done.exit_code == 0 and json.loads(done.stdout)["late"] is False


_EVENT_0002 = (
    "INSERT INTO event (name, key, game, format, date, rounds, created, started)"
    " VALUES ('Cup', 'cup', 'boa', 'boa-standard', '2099-05-01', 3, '2026-11-30 10:00:00', NULL)"
)
_REGISTRATION_0002 = (
    "INSERT INTO registration (event_id, player, player_key, player_id, deck, decklist, legal, problems,"
    " fingerprint, registered_at, superseded_at) SELECT id, 'Ann', 'ann', '7', 'Ember Rush',"
    """ '{"name": "Ember Rush", "zones": {"main": [{"count": 4, "name": "Ember Whelp", "set": "S01", "number": "001"}]}}',"""
    " false, '[]', 'AAAA-BBBB-CC', '2026-11-30 10:05:00', NULL FROM event WHERE key = 'cup'"
)


def test_a_revision_0002_database_gets_the_late_column_keeping_its_registrations(backend, request, runner, tmp_path):
    """A database at revision 0002 (events, no ``late``): upgraded, every registration kept, none of them late."""
    from deckcli.cli.main import cli
    from deckcli.storage.revisions import HEAD_REVISION

    target = upgraded_database(backend, request, runner, tmp_path, "0002", [_EVENT_0002, _REGISTRATION_0002]).target
    status = runner.invoke(cli, ["--db", target, "event", "status", "Cup", "--json"])
    assert status.exit_code == 1, status.output  # (the stored verdict: not legal)
    [row] = json.loads(status.stdout)
    assert (row["player"], row["player_id"], row["fingerprint"], row["late"]) == ("Ann", "7", "AAAA-BBBB-CC", False)
    assert row["registered_at"] == "2026-11-30T10:05:00+00:00"  # (stored UTC, written with its offset)
    state = json.loads(runner.invoke(cli, ["--db", target, "db", "status", "--json"]).stdout)
    assert (state["current"], state["state"]) == (HEAD_REVISION, "current")
    begun = runner.invoke(cli, ["--db", target, "event", "start", "Cup"])
    assert begun.exit_code == 0, begun.output
    late = runner.invoke(cli, ["--db", target, "event", "register", "Cup", "Zed", str(EMBER), "--late", "--json"])
    assert late.exit_code == 0, late.output
    assert json.loads(late.stdout)["late"] is True
    if backend == "postgresql":
        request.getfixturevalue("pg_server").drop(target)
