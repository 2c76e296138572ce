"""Control and bidirectional-control characters never reach a terminal raw: a database row an older deckcli stored
with an escape sequence is shown escaped by every command (tables, plain lines, error messages); ``--json`` stays
JSON of the exact data and CSV written to a file or a pipe stays the data."""

from __future__ import annotations

import io
import json

import pytest

import paths  # tests/support/paths.py
from deckcli.cli.output import ShownText, data_stdout, shown_streams
from deckcli.textrules import shown

OSC = "\x1b]0;pwned\x07"  # sets the terminal's title; click strips only colour (CSI) codes from what is not a terminal
OSC_SHOWN = "\\x1b]0;pwned\\x07"


@pytest.fixture
def old_rows(db):
    """The boa sample set and its card Abyssal Leviathan as an older deckcli could have stored them."""
    from deckcli.files.jsontext import json_value

    with db.write() as tx:
        tx.run("UPDATE card_set SET name = :name WHERE game = 'boa'", {"name": f"Evil {OSC} set \u202eabc"})
        card_id, stored = tx.first("SELECT id, data FROM card WHERE game = 'boa' AND number = '012'")
        data = dict(json_value(stored), name=f"Abyssal {OSC}Leviathan", lore=f"Lore {OSC}", artist=f"Art {OSC}\u202e")
        tx.run("UPDATE card SET data = :data, name = :name WHERE id = :id",
               {"data": data, "name": f"Abyssal {OSC}Leviathan", "id": card_id})
    return db


def _no_raw_controls(text: str) -> None:
    assert not any(c in text for c in "\x1b\x07\u202e"), text


def test_games_shows_a_set_name_with_an_escape_sequence_escaped(run, old_rows):
    result = run("games")
    assert result.exit_code == 0
    _no_raw_controls(result.output)
    assert f"Evil {OSC_SHOWN} set \\u202eabc" in result.stdout


def test_json_stays_the_exact_data_and_csv_to_a_pipe_stays_the_data(run, old_rows):
    as_json = run("games", "--json")
    assert as_json.exit_code == 0
    _no_raw_controls(as_json.stdout)
    assert f"Evil {OSC} set \u202eabc" in [row["name"] for row in json.loads(as_json.stdout)]
    as_csv = run("games", "--csv")
    assert f"Evil {OSC} set \u202eabc" in as_csv.stdout  # not a terminal: the data as it is


def test_cards_show_and_search_show_lore_artist_and_name_escaped(run, old_rows):
    card = run("cards", "show", "Abyssal Leviathan")
    assert card.exit_code == 0
    _no_raw_controls(card.output)
    for line in (f"name      Abyssal {OSC_SHOWN}Leviathan", f"lore      Lore {OSC_SHOWN}",
                 f"artist    Art {OSC_SHOWN}\\u202e"):
        assert line in card.stdout.splitlines()
    found = run("cards", "search", "Leviathan")
    assert found.exit_code == 0
    _no_raw_controls(found.output)
    assert f"Abyssal {OSC_SHOWN}Leviathan" in found.stdout


def test_event_status_and_show_show_stored_names_escaped(run, db):
    assert run("event", "new", "Cup", "--game", "boa").exit_code == 0
    assert run("event", "register", "Cup", "Sam Example", paths.EXAMPLES / "ember-rush.txt").exit_code == 0
    with db.write() as tx:
        tx.run("UPDATE registration SET deck = :deck, player = :player",
               {"deck": f"Deck {OSC}", "player": "Sam \u202eelpmaxE"})
    status = run("event", "status", "Cup")
    assert status.exit_code == 0
    _no_raw_controls(status.output)
    assert "Sam \\u202eelpmaxE" in status.stdout and f"Deck {OSC_SHOWN}" in status.stdout
    as_json = run("event", "status", "Cup", "--json")
    _no_raw_controls(as_json.stdout)
    assert json.loads(as_json.stdout)[0]["deck"] == f"Deck {OSC}"


def test_deck_show_and_list_show_a_stored_deck_name_escaped(run, db):
    assert run("deck", "import", paths.EXAMPLES / "ember-rush.txt").exit_code == 0
    with db.write() as tx:
        tx.run("UPDATE deck SET name = :name", {"name": f"Ember {OSC}"})
    listed = run("deck", "list")
    shown_deck = run("deck", "show", "Ember Rush")
    assert listed.exit_code == 0
    _no_raw_controls(listed.output + shown_deck.output)
    assert f"Ember {OSC_SHOWN}" in listed.stdout


def test_an_error_message_naming_a_file_is_escaped(run, tmp_path):
    path = tmp_path / f"deck{OSC}.txt"
    path.write_text("Main Deck\n4 Ember Whelpp\n", encoding="utf-8")  # no card of any game: the game is unknown
    result = run("deck", "import", path)
    assert result.exit_code == 1
    _no_raw_controls(result.output)
    assert f"Error: {tmp_path}/deck{OSC_SHOWN}.txt: cannot tell which game this deck is for" in result.stderr


def test_the_streams_escape_while_a_command_runs_and_data_goes_out_exact_to_a_pipe():
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    pipe, terminal = io.StringIO(), Terminal()
    for raw in (pipe, terminal):
        stream = ShownText(raw)
        stream.write(f"a{OSC}\u202e\tb\r\n")
        assert raw.getvalue() == "a\\x1b]0;pwned\\x07\\u202e\tb\r\n"
    import sys

    saved = sys.stdout
    try:
        sys.stdout = pipe
        with shown_streams():
            assert data_stdout() is pipe
        sys.stdout = terminal
        with shown_streams():
            assert isinstance(data_stdout(), ShownText)
    finally:
        sys.stdout = saved


def test_shown_keeps_json_valid_and_escapes_every_unclean_character():
    data = {"name": f"x{OSC}\x85\u2028\u2066\u061c\ud800y", "fine": "日本語 \u200d ok"}
    text = shown(json.dumps(data, ensure_ascii=False))
    assert json.loads(text) == data
    assert text.isascii() or all(c not in text for c in "\x85\u2028\u2066\u061c")
    assert shown("lone\rreturn") == "lone\\x0dreturn"


#: What a terminal must not get raw, spelled out from the rule (not from deckcli's pattern): C0 and C1 controls but
#: tab and line feed, the bidirectional controls, the line and paragraph separators, lone surrogates.
UNCLEAN = {*map(chr, [*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20), *range(0x7F, 0xA0)])}
UNCLEAN |= {"\u061c", "\u200e", "\u200f", *map(chr, range(0x2028, 0x202F)), *map(chr, range(0x2066, 0x206A))}


def _expected(text: str) -> str:
    out = []
    for i, c in enumerate(text):
        bare_return = c == "\r" and text[i + 1 : i + 2] != "\n"
        if c in UNCLEAN or bare_return or 0xD800 <= ord(c) <= 0xDFFF:
            out.append(f"\\x{ord(c):02x}" if ord(c) < 0x20 else f"\\u{ord(c):04x}")
        else:
            out.append(c)
    return "".join(out)


def test_shown_escapes_exactly_the_unclean_characters_in_any_text():
    samples = ["a", "日", "\n", "\t", "\r", "\r\n", "é", "\u00a0", "\u200d", "\ufeff", "\U0001f600", "\ud800"]
    for unclean in [*samples, *sorted(UNCLEAN)]:
        for text in (unclean, "x" + unclean, unclean + "\n", "日" + unclean + "y", unclean + unclean):
            assert shown(text) == _expected(text), repr(text)
    listing = json.dumps([{"deck": f"deck {i}", "cards": "日本語 \u200d"} for i in range(20_000)], ensure_ascii=False)
    assert shown(listing) == listing  # a large clean listing, as --json of 1,000 decks prints it, left as it is
    for unclean in ("\x1b", "\u202e", "\r", "\x85"):
        middle = len(listing) // 2
        before, after = listing[:middle], listing[middle:]
        assert shown(before + unclean + after) == before + _expected(unclean) + after
