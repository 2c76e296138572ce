"""``collection buildable --together`` may weigh decks of several games at once: each card short names its game, in
the table, --csv and --json alike, so an sfb card never sits unmarked among boa rows."""

from __future__ import annotations

import csv
import io
import json


def _decks(run, tmp_path):
    boa, sfb = tmp_path / "whelps.txt", tmp_path / "team.txt"
    boa.write_text("Name: Whelps\nGame: boa\n3 Ember Whelp\n2 Fireball\n", encoding="utf-8")
    sfb.write_text("Name: Team\nGame: sfb\n1 Twin Blades\n", encoding="utf-8")
    run("collection", "add", "Ember Whelp", "1")
    return boa, sfb


def test_cards_short_for_decks_of_several_games_name_their_game(run, tmp_path):
    boa, sfb = _decks(run, tmp_path)
    result = run("collection", "buildable", "--together", boa, sfb)
    assert result.exit_code == 0, result.output
    header, _, *rows = result.stdout.splitlines()
    assert header.split() == ["name", "game", "need", "have", "missing", "decks"]
    assert [row.split()[:4] for row in rows] == [
        ["Ember", "Whelp", "boa", "3"], ["Fireball", "boa", "2", "0"], ["Twin", "Blades", "sfb", "1"]]
    assert "Short of 5 cards to build Whelps, Team together" in result.stderr


def test_the_game_is_in_csv_and_json_too(run, tmp_path):
    boa, sfb = _decks(run, tmp_path)
    rows = list(csv.DictReader(io.StringIO(run("collection", "buildable", "--together", boa, sfb, "--csv").stdout)))
    assert [(r["name"], r["game"], r["missing"], r["decks"]) for r in rows] == [
        ("Ember Whelp", "boa", "2", "Whelps"), ("Fireball", "boa", "2", "Whelps"), ("Twin Blades", "sfb", "1", "Team")]
    data = json.loads(run("collection", "buildable", "--together", boa, sfb, "--json").stdout)
    assert data["missing"][-1] == {"name": "Twin Blades", "game": "sfb", "need": 1, "have": 0, "missing": 1,
                                   "decks": ["Team"]}


def test_the_cards_short_together_are_a_typed_figure(run, db, tmp_path):
    from deckcli.collection.needs import together
    from deckcli.legality.reports import open_decks

    boa, sfb = _decks(run, tmp_path)
    result = together(db, open_decks(db, [str(boa), str(sfb)]))
    assert (result.missing, result.as_dict()["short"], result.buildable) == (5, 5, False)
