"""What people paste: a post's first line is the deck's name (said in a note), and a judge's ``ember whelp 4`` (the
count after the name) is read when that name is a card and the whole line is not; other lines stay ``parse``."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py
from deck_support import stored

TITLE = "Tide Control by Jo — for Saturday!!"
TITLE_NOTE = f'line 1, "{TITLE}", was read as the deck\'s name'
#: A legal boa deck with no Name line: the example less its metadata and comment.
BODY = "".join(
    line
    for line in (paths.REPO / "examples" / "ember-rush.txt").read_text(encoding="utf-8").splitlines(keepends=True)
    if not line.startswith(("#", "Name:", "Format:", "Player:"))
)


def _write(tmp_path, text, name="post.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _report(run, path):
    result = run("validate", path, "--json")
    return result, json.loads(result.stdout)[0]


def test_a_posts_title_line_is_the_decks_name_with_a_note(run, tmp_path):
    path = _write(tmp_path, f"{TITLE}\n{BODY}")
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    assert f"{path} (boa, boa-standard): legal" in result.stdout
    assert f"Note: {path}: {TITLE_NOTE}.\n" in result.stderr
    result, report = _report(run, path)
    assert report["legal"] is True and report["problems"] == [] and report["notes"] == [TITLE_NOTE]


def test_deck_import_stores_the_deck_under_its_title(run, db, tmp_path):
    result = run("deck", "import", _write(tmp_path, f"{TITLE}\n\n{BODY}"))
    assert result.exit_code == 0, result.output
    assert f"Imported deck '{TITLE}' (boa, boa-standard)" in result.stdout
    assert f"Note: {TITLE_NOTE}." in result.stderr
    assert stored(db, TITLE)["name"] == TITLE and sum(stored(db, TITLE)["cards"].values()) == 65


def test_only_the_first_line_is_a_title_and_a_name_line_wins(run, tmp_path):
    text = TITLE + "\n" + BODY.replace("Game: boa\n", "Game: boa\nbring sleeves\n")
    _, report = _report(run, _write(tmp_path, text))
    assert [(p["rule"], p["line"], p["message"]) for p in report["problems"]] == [
        ("parse", 3, 'expected "COUNT NAME" (like "4 Ember Whelp"), got "bring sleeves"')]
    assert report["notes"] == [TITLE_NOTE]
    _, report = _report(run, _write(tmp_path, f"{TITLE}\nName: Tide Control\n{BODY}"))
    assert [(p["rule"], p["line"], p["message"]) for p in report["problems"]] == [
        ("parse", 1, f'expected "COUNT NAME" (like "4 Ember Whelp"), got "{TITLE}"')]
    assert "notes" not in report


def test_a_line_after_the_first_card_is_never_a_title(run, tmp_path):
    _, report = _report(run, _write(tmp_path, f"Game: boa\n4 Ember Whelp\n{TITLE}\n"))
    assert (report["problems"][0]["rule"], report["problems"][0]["line"]) == ("parse", 3) and "notes" not in report


def test_a_title_alone_is_no_deck(run, tmp_path):
    result = run("validate", _write(tmp_path, f"{TITLE}\n"))
    assert result.exit_code == 1
    assert 'no cards found (expected lines like "4 Ember Whelp")' in result.output
    assert f'line 1: expected "COUNT NAME" (like "4 Ember Whelp"), got "{TITLE}"' in result.output


def test_a_judges_count_after_the_name_is_read(run, tmp_path):
    path = _write(tmp_path, BODY.replace("4 Ember Whelp", "ember whelp 4").replace("2 Ashen Titan", "Ashen Titan 2"))
    result = run("validate", path)
    assert result.exit_code == 0, result.output
    assert f"{path} (boa, boa-standard): legal" in result.stdout
    result = run("validate", _write(tmp_path, BODY + "ember whelp 1\n"))  # counted with the other copies
    assert result.exit_code == 1 and "5 copies of 'Ember Whelp' (Main Deck 4, Side Deck 1); at most 4" in result.stdout


def test_a_list_of_counts_after_names_only_is_read(run, tmp_path):
    text = "Game: boa\nember whelp 4\nFireball 2\nzzz 3\n"
    _, report = _report(run, _write(tmp_path, text))
    assert [(p["rule"], p.get("line"), p["message"]) for p in report["problems"]] == [
        ("parse", 4, 'expected "COUNT NAME" (like "4 Ember Whelp"), got "zzz 3"'),
        ("main-size", None, "Main Deck has 6 cards; boa-standard needs 50–60")]


def test_a_whole_line_that_is_a_card_name_is_not_read_as_a_count(run, db, tmp_path):
    from deckcli.cards.importer import import_cardsets

    def spell(number, name):
        return {"number": number, "name": name, "kind": "spell", "spell_type": "basic", "cost": 1, "text": "Test."}

    cards = _write(tmp_path, json.dumps({"game": "boa", "set": {"code": "X04", "name": "Test"},
                                         "cards": [spell("1", "Agent"), spell("2", "Agent 47")]}), "x04.json")
    import_cardsets(db, [str(cards)])
    _, report = _report(run, _write(tmp_path, "Game: boa\nAgent 47\nAgent 2\n4 Ember Whelp\n"))
    assert [(p["rule"], p.get("line"), p["message"]) for p in report["problems"]] == [
        ("parse", 2, 'expected "COUNT NAME" (like "4 Ember Whelp"), got "Agent 47"'),
        ("main-size", None, "Main Deck has 6 cards; boa-standard needs 50–60")]
