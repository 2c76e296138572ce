"""``deck import FILE...``: many decklists in one call and one transaction, each named by its Name: line or its file
name; every problem of every file is listed and nothing is stored when any of them cannot be."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py

EMBER = (paths.EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8")


def _names(run) -> list[str]:
    return [d["name"] for d in json.loads(run("deck", "list", "--json").stdout)]


def _write(folder, name: str, text: str):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_many_files_are_stored_each_under_its_name(run, db, tmp_path):
    a = _write(tmp_path, "a.txt", EMBER.replace("Name: Ember Rush", "Name: Fire One"))
    b = _write(tmp_path, "b.txt", EMBER.replace("Name: Ember Rush", "Name: Fire Two"))
    plain = _write(tmp_path, "no-name-line.txt", "Game: boa\n4 Ember Whelp\n")
    committed = db.committed
    result = run("deck", "import", a, b, plain)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0].startswith("Imported deck 'Fire One' (boa, boa-standard): main 51")
    assert [line.split(" (")[0] for line in result.stdout.splitlines()] == [
        "Imported deck 'Fire One'", "Imported deck 'Fire Two'", "Imported deck 'no-name-line'"]
    assert "Warning: deck 'no-name-line' is not legal" in result.stderr
    assert _names(run) == ["Fire One", "Fire Two", "no-name-line"]
    assert db.committed == committed  # the command wrote through its own connection, not the fixture's


def test_every_problem_of_every_file_is_listed_and_nothing_stored(run, tmp_path):
    good = _write(tmp_path, "good.txt", EMBER)
    unknown = _write(tmp_path, "unknown.txt", "Game: boa\n4 Ember Whelp\n2 No Such Card\n1 Nor This\n")
    binary = tmp_path / "binary.txt"
    binary.write_bytes(b"\x00\x01\x02\xff" * 50)
    result = run("deck", "import", good, unknown, binary)
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [line.split(": line")[0] for line in lines[:2]] == [str(unknown), str(unknown)]
    assert "line 3: [unknown-card]" in lines[0] and "line 4: [unknown-card]" in lines[1]
    assert lines[2].startswith(f"{binary}: ")
    assert lines[-1] == "Error: 3 problems in 2 of 3 decklists; nothing was imported"
    assert _names(run) == []


def test_two_files_naming_the_same_deck_store_nothing(run, tmp_path):
    a = _write(tmp_path, "a.txt", EMBER)
    b = _write(tmp_path, "b.txt", EMBER.replace("Name: Ember Rush", "Name: EMBER RUSH"))
    result = run("deck", "import", a, b)
    assert result.exit_code == 1
    assert f"{b}: the deck name 'EMBER RUSH' is also the name of the deck in {a}" in result.stderr
    assert _names(run) == []


def test_names_already_stored_are_refused_together_or_replaced(run, tmp_path):
    a = _write(tmp_path, "a.txt", EMBER)
    b = _write(tmp_path, "b.txt", EMBER.replace("Name: Ember Rush", "Name: Second"))
    c = _write(tmp_path, "c.txt", EMBER.replace("Name: Ember Rush", "Name: Third"))
    assert run("deck", "import", a, b).exit_code == 0
    refused = run("deck", "import", a, b, c)
    assert refused.exit_code == 1
    assert ("stored decks already have the names of 2 of these decklists: 'Ember Rush' (" + str(a) + "), 'Second' ("
            + str(b) + "); rename them (Name: lines), or --replace to overwrite them; nothing was imported") in refused.output
    assert _names(run) == ["Ember Rush", "Second"]
    assert run("deck", "import", a, b, c, "--replace").exit_code == 0
    assert _names(run) == ["Ember Rush", "Second", "Third"]


def test_one_file_keeps_its_messages_and_name_is_for_one_file(run, tmp_path):
    a = _write(tmp_path, "a.txt", EMBER)
    b = _write(tmp_path, "b.txt", EMBER.replace("Name: Ember Rush", "Name: Second"))
    assert run("deck", "import", a).exit_code == 0
    again = run("deck", "import", a)
    assert again.exit_code == 1
    assert "a deck called 'Ember Rush' already exists; give another --name, or --replace to overwrite it" in again.output
    named = run("deck", "import", a, b, "--name", "X")
    assert named.exit_code == 1 and "--name names one deck: give one FILE" in named.output
    assert run("deck", "import").exit_code == 2  # FILE is required
