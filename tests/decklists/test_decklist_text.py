"""The text decklist: metadata, section headers, count spellings, printings, champions, bad lines."""

from __future__ import annotations

import pytest

from deckcli.decklists.model import DeckEntry, Decklist, ParseProblem
from deckcli.decklists.text import format_text, parse_text
from deckcli.errors import InputError

EXAMPLE = """\
# a comment
Name: Ember Rush
Game: boa
Format: boa-standard
Main Deck
4 Ember Whelp
2x Fireball
1 Worldbreaker (S01) 050
Limitbreak Deck
2 Ashen Titan
Side Deck
3 Frost Ward
"""


def cards(deck: Decklist) -> list[tuple]:
    return [(e.zone, e.count, e.name, e.set_code, e.number) for e in deck.entries]


def test_example_parses_with_metadata_zones_printings_and_lines():
    deck = parse_text(EXAMPLE, "ember.txt")
    assert deck.problems == []
    assert (deck.name, deck.game, deck.format, deck.meta, deck.source) == (
        "Ember Rush",
        "boa",
        "boa-standard",
        {},
        "ember.txt",
    )
    assert cards(deck) == [
        ("main", 4, "Ember Whelp", None, None),
        ("main", 2, "Fireball", None, None),
        ("main", 1, "Worldbreaker", "S01", "050"),
        ("limitbreak", 2, "Ashen Titan", None, None),
        ("side", 3, "Frost Ward", None, None),
    ]
    assert [e.line for e in deck.entries] == [6, 7, 8, 10, 12]


def test_example_formats_back_to_the_same_text():
    assert format_text(parse_text(EXAMPLE)) == EXAMPLE.replace("# a comment\n", "").replace(
        "2x Fireball", "2 Fireball"
    ).replace("Main Deck", "\nMain Deck").replace("Limitbreak Deck", "\nLimitbreak Deck").replace(
        "Side Deck", "\nSide Deck"
    )


@pytest.mark.parametrize(
    "header, zone",
    [
        ("Main", "main"),
        ("Main Deck", "main"),
        ("main deck:", "main"),
        ("  MAIN DECK  ", "main"),
        ("Deck", "main"),
        ("Deck:", "main"),
        ("Main Deck (50)", "main"),
        ("Main Deck (50):", "main"),
        ("// Main Deck", "main"),
        ("# Main", "main"),
        ("Limitbreak", "limitbreak"),
        ("Limitbreak Deck", "limitbreak"),
        ("Limit Break", "limitbreak"),
        ("limit break deck (20)", "limitbreak"),
        ("Side", "side"),
        ("Side Deck", "side"),
        ("Sideboard", "side"),
        ("SIDEBOARD:", "side"),
        ("// Sideboard", "side"),
        ("Champions", "champions"),
        ("Champion:", "champions"),
    ],
)
def test_every_header_spelling_opens_its_zone(header, zone):
    deck = parse_text(f"{header}\n1 Kilgore\n")
    assert deck.problems == []
    assert cards(deck) == [(zone, 1, "Kilgore", None, None)]


@pytest.mark.parametrize(
    "line", ["4 Ember Whelp", "4x Ember Whelp", "4 x Ember Whelp", "4X Ember Whelp", "4 X  Ember Whelp", "４ Ember Whelp"]
)
def test_count_spellings(line):
    deck = parse_text(line)
    assert cards(deck) == [("main", 4, "Ember Whelp", None, None)]


def test_names_that_start_like_x_or_digits_are_kept():
    deck = parse_text("2 Xenomorph\n1 X\n3 3 Musketeers\n2x x-Ray\n")
    assert [e.name for e in deck.entries] == ["Xenomorph", "X", "3 Musketeers", "x-Ray"]
    assert deck.problems == []


def test_cards_before_a_header_are_main_and_comments_and_blanks_are_skipped():
    deck = parse_text("\n// note\n4 Ember Whelp\n\n# more\nSide\n1 Frost Ward\n")
    assert cards(deck) == [("main", 4, "Ember Whelp", None, None), ("side", 1, "Frost Ward", None, None)]
    assert [e.line for e in deck.entries] == [3, 7]


def test_printing_forms():
    deck = parse_text("1 Worldbreaker (S01) 050\n2 Ember Whelp (boa-s1) 7a\n3 (S01) 051\n1 Odd (Name)\n1 A (B C) 1\n")
    assert cards(deck) == [
        ("main", 1, "Worldbreaker", "S01", "050"),
        ("main", 2, "Ember Whelp", "boa-s1", "7a"),
        ("main", 3, "", "S01", "051"),
        ("main", 1, "Odd (Name)", None, None),
        ("main", 1, "A (B C) 1", None, None),
    ]


def test_metadata_keys_player_and_nemu_spellings():
    text = "Name: 天使デッキ\nGame: AQA\nPlayer: Aki\nNemu: 天羽つかさ\n4 堕天使“天羽つかさ”\n"
    deck = parse_text(text)
    assert (deck.name, deck.game) == ("天使デッキ", "aqa")
    assert deck.meta == {"Player": "Aki", "Ne-mu": "天羽つかさ"}
    for spelling in ("Ne-mu", "nemu", "ネーム"):
        assert parse_text(f"{spelling}: 天羽つかさ\n4 X\n").meta == {"Ne-mu": "天羽つかさ"}


def test_metadata_only_at_the_top_and_empty_values_ignored():
    deck = parse_text("Player:\nName: A\n4 Ember Whelp\nEvent: Regionals\n")
    assert deck.name == "A" and deck.meta == {}
    assert [(p.line, p.message) for p in deck.problems] == [
        (4, 'metadata ("Key: value") must come before the first section and card; got "Event: Regionals"')
    ]


def test_champions_section():
    deck = parse_text("Game: sfb\nChampions\nKilgore\n1 Brina\nRatu (CORE) C03\n2 Fenrir\n")
    assert cards(deck) == [
        ("champions", 1, "Kilgore", None, None),
        ("champions", 1, "Brina", None, None),
        ("champions", 1, "Ratu", "CORE", "C03"),
    ]
    assert [(p.line, p.message) for p in deck.problems] == [
        (6, "each Champions line names one card, listed once; got count 2")
    ]


def test_bad_lines_become_problems_with_line_numbers_and_parsing_goes_on():
    text = "Main Deck\n4 Ember Whelp\n\nEmber Whelp x\n0 Fireball\n1000 Fireball\n4x\nExtra Deck\n2 Fireball\n"
    deck = parse_text(text)
    assert cards(deck) == [("main", 4, "Ember Whelp", None, None), ("main", 2, "Fireball", None, None)]
    assert [str(p) for p in deck.problems] == [
        'line 4: expected "COUNT NAME" (like "4 Ember Whelp"), got "Ember Whelp x"',
        'line 5: count must be at least 1, got "0 Fireball"',
        "line 6: count 1000 is too large (at most 999)",
        'line 7: expected "COUNT NAME" (like "4 Ember Whelp"), got "4x"',
        'line 8: unknown section "Extra Deck" (sections: Champions, Main Deck, Limitbreak Deck, Side Deck, Maybeboard), '
        'or expected "COUNT NAME" (like "4 Ember Whelp")',
    ]


def test_problems_are_bounded():
    deck = parse_text("\n".join(f"bad line #{i}" for i in range(100)))  # ("bad line 7" may be 7 "bad line")
    assert len(deck.problems) == 21
    assert deck.problems[19].line == 20
    assert deck.problems[-1] == ParseProblem("... and 80 more problems")
    assert deck.problem_total() == 100


def test_line_endings_and_bom():
    deck = parse_text("\ufeffName: A\r\n4 Ember Whelp\r2 Fireball\n")
    assert deck.name == "A"
    assert [(e.name, e.line) for e in deck.entries] == [("Ember Whelp", 2), ("Fireball", 3)]


def test_format_writes_metadata_headers_and_champions():
    deck = Decklist(
        name="Trio",
        game="sfb",
        format="sfb-standard",
        meta={"Player": "Aki"},
        entries=[DeckEntry("champions", 1, "Kilgore", "CORE", "C01"), DeckEntry("champions", 1, "Brina")],
    )
    assert format_text(deck) == (
        "Name: Trio\nGame: sfb\nFormat: sfb-standard\nPlayer: Aki\n\nChampions\nKilgore (CORE) C01\nBrina\n"
    )


@pytest.mark.parametrize(
    "zone, name, set_code, number, written",
    [
        ("main", "Foo (S01) 050", None, None, '4 "Foo (S01) 050"'),
        ("main", "Foo (S01) 050", "S02", "1", "4 Foo (S01) 050 (S02) 1"),
        ("main", "x Marks", None, None, '4 "x Marks"'),
        ("main", '"Quoted"', None, None, '4 ""Quoted""'),
        ("main", 'A" (S) 1', None, None, '4 "A" (S) 1"'),
        ("main", "", "S01", "050", "4 (S01) 050"),
        ("champions", "3 Musketeers", None, None, "1 3 Musketeers"),
        ("champions", "Main Deck", None, None, "1 Main Deck"),
        ("champions", "# Hash", None, None, "1 # Hash"),
        ("champions", "2 x Y (S) 1", None, None, '1 "2 x Y (S) 1"'),
    ],
)
def test_names_text_would_misread_are_quoted_and_round_trip(zone, name, set_code, number, written):
    count = 1 if zone == "champions" else 4
    deck = Decklist(entries=[DeckEntry(zone, count, name, set_code, number)])
    text = format_text(deck)
    assert text.splitlines()[-1] == written
    back = parse_text(text)
    assert back.problems == []
    assert cards(back) == [(zone, count, name, set_code, number)]


@pytest.mark.parametrize(
    "entry, message",
    [
        (DeckEntry("main", 1, "Two\nLines"), "control character U+000A"),
        (DeckEntry("main", 1, ""), "needs a name or a printing"),
        (DeckEntry("main", 0, "Zero"), "count must be a whole number from 1 to 999"),
        (DeckEntry("main", 1, "Bad Set", "(S)", "1"), "bad set code"),
        (DeckEntry("main", 1, "Bad Number", "S", "1 2"), "bad card number"),
        (DeckEntry("extra", 1, "Nowhere"), "unknown zone 'extra'"),
    ],
)
def test_unwritable_entries_raise_input_error(entry, message):
    with pytest.raises(InputError, match="cannot write the decklist as text") as err:
        format_text(Decklist(entries=[entry]))
    assert message in str(err.value)


def test_unwritable_metadata_raises_input_error():
    with pytest.raises(InputError, match="control character"):
        format_text(Decklist(name="A\nB", entries=[DeckEntry("main", 1, "X")]))
    with pytest.raises(InputError, match="decklist field"):
        format_text(Decklist(meta={"name": "A"}, entries=[DeckEntry("main", 1, "X")]))
    with pytest.raises(InputError, match="must be spelled 'Ne-mu'"):
        format_text(Decklist(meta={"Nemu": "A"}, entries=[DeckEntry("main", 1, "X")]))
