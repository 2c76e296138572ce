"""CSV decklists: the header, column aliases and order, bad rows, and formula escaping."""

from __future__ import annotations

import pytest

from deckcli.decklists.csvfmt import format_csv, parse_csv
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError


def cards(deck):
    return [(e.zone, e.count, e.name, e.set_code, e.number, e.line) for e in deck.entries]


def test_header_and_rows():
    text = (
        "section,count,name,set,number\n"
        "main,4,Ember Whelp,,\nmain,1,Worldbreaker,S01,050\nlimitbreak,2,Ashen Titan,,\n"
    )
    deck = parse_csv(text, "d.csv")
    assert cards(deck) == [
        ("main", 4, "Ember Whelp", None, None, 2),
        ("main", 1, "Worldbreaker", "S01", "050", 3),
        ("limitbreak", 2, "Ashen Titan", None, None, 4),
    ]
    assert deck.problems == [] and deck.name is None and deck.meta == {}


def test_columns_any_order_any_case_with_aliases_and_extra_columns():
    text = "Name,QTY,Notes,Section\nEmber Whelp,4,good,Main\nFrost Ward,3,,Sideboard\n"
    assert cards(parse_csv(text)) == [
        ("main", 4, "Ember Whelp", None, None, 2),
        ("side", 3, "Frost Ward", None, None, 3),
    ]
    assert cards(parse_csv("Quantity,Name\n2,Fireball\n")) == [("main", 2, "Fireball", None, None, 2)]


def test_champion_rows_default_to_one():
    text = "section,count,name\nchampions,,Kilgore\nchampions,1,Brina\nchampions,2,Ratu\n"
    deck = parse_csv(text)
    assert [(e.zone, e.count, e.name) for e in deck.entries] == [("champions", 1, "Kilgore"), ("champions", 1, "Brina")]
    assert [(p.line, p.message) for p in deck.problems] == [(4, "each champions row names one card, listed once; got count 2")]


def test_bad_rows_are_problems_with_line_numbers():
    text = (
        "section,count,name,set,number\n"
        "main,four,Ember Whelp,,\n"
        'main,2,"Multi\nLine",,\n'
        "extra,1,X,,\n"
        "main,0,Y,,\n"
        "main,1,,S01,\n"
        "main,1,Fine,,\n"
    )
    deck = parse_csv(text)
    assert cards(deck) == [("main", 1, "Fine", None, None, 8)]
    problems = [(p.line, p.message) for p in deck.problems]
    assert problems[0] == (2, "count must be a whole number, got 'four'")
    assert problems[1][0] == 3 and "control character U+000A" in problems[1][1]
    assert problems[2] == (5, "unknown section 'extra' (sections: champions, main, limitbreak, side, maybe)")
    assert problems[3] == (6, "count must be from 1 to 999, got 0")
    assert problems[4][0] == 7 and "a printing needs both a set code and a number" in problems[4][1]


def test_missing_header_is_an_input_error():
    with pytest.raises(InputError, match=r"^x\.csv: line 1: expected the header section,count,name,set,number"):
        parse_csv("main,4,Ember Whelp\n", "x.csv")
    with pytest.raises(InputError, match="empty CSV"):
        parse_csv("\n\n", "x.csv")


def test_unterminated_quote_is_a_problem_not_a_crash():
    deck = parse_csv('count,name\n1,Fine\n2,"open\n')
    assert [e.name for e in deck.entries] == ["Fine"]
    assert [(p.line, p.message) for p in deck.problems] == [(3, 'not CSV: a quoted cell is not closed (a " is missing)')]


def test_format_writes_header_zones_in_order_and_no_metadata():
    deck = Decklist(
        name="Secret",
        entries=[
            DeckEntry("side", 3, "Frost Ward"),
            DeckEntry("main", 1, "Worldbreaker", "S01", "050"),
            DeckEntry("champions", 1, "Kilgore"),
        ],
    )
    assert format_csv(deck) == (
        "section,count,name,set,number\nchampions,1,Kilgore,,\nmain,1,Worldbreaker,S01,050\nside,3,Frost Ward,,\n"
    )


@pytest.mark.parametrize(
    "name, cell",
    [
        ("=HYPERLINK(1)", "'=HYPERLINK(1)"),
        ("+1", "'+1"),
        ("-Minus", "'-Minus"),
        ("@SUM", "'@SUM"),
        ("'=x", "''=x"),
        ("'Tis", "''Tis"),  # every CSV deckcli writes escapes a leading ' (files/csvwriting.py); a hand-typed 'Tis reads as is
        ('Quote "x", comma', '"Quote ""x"", comma"'),
    ],
)
def test_formula_cells_are_escaped_and_unescaped(name, cell):
    text = format_csv(Decklist(entries=[DeckEntry("main", 2, name, "S01", "-1")]))
    assert text.splitlines()[1] == f"main,2,{cell},S01,'-1"
    assert [(e.name, e.number) for e in parse_csv(text).entries] == [(name, "-1")]


def test_unwritable_entry_raises():
    with pytest.raises(InputError, match="cannot write the decklist as CSV"):
        format_csv(Decklist(entries=[DeckEntry("main", 1000, "X")]))
