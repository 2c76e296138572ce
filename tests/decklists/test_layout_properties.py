"""Properties of every decklist layout: a list written the way each tool writes it reads back to the same cards
(hypothesis round trips), deckcli's .cod writer and reader agree, and no input makes a reader crash or crawl."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from deckcli.decklists import layouts
from deckcli.decklists.io import read_decklist
from deckcli.decklists.layouts import cockatrice
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError
from deckcli.textrules import BIDI_CONTROLS

ROUNDS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Card names every tool writes bare: a letter first; no brackets, parentheses, markers, colons or hashes.
NAMES = st.builds(
    lambda first, rest: (first + rest).strip(),
    st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWYZabcdefghijklmnopqrstuvwyz"),  # no x: "4 x Marks" reads as 4x Marks
    st.text("abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789'-,!&.", max_size=20),
)
PRINTINGS = st.one_of(st.none(), st.tuples(st.from_regex(r"[A-Z][A-Z0-9]{1,3}", fullmatch=True),
                                           st.from_regex(r"[0-9]{1,3}[a-z]?", fullmatch=True)))
CARD = st.tuples(st.integers(1, 99), NAMES, PRINTINGS)


def _deck(main, side, maybe, name=None) -> Decklist:
    entries = []
    for zone, cards in (("main", main), ("side", side), ("maybe", maybe)):
        entries += [DeckEntry(zone, count, card, *(printing or (None, None))) for count, card, printing in cards]
    return Decklist(entries=entries, name=name)


def _upper(entries: tuple) -> tuple:
    """Canonical entries with set codes in one case: they match any case (Archidekt writes them lower-case)."""
    return tuple((zone, key, code and code.upper(), number, count) for zone, key, code, number, count in entries)


def _printing(printing, form: str) -> str:
    return form.format(set=printing[0], num=printing[1]) if printing else ""


def _sections(header: dict[str, str], line, cards: dict[str, list]) -> str:
    return "".join(f"{header[zone]}\n" + "".join(line(zone, c) + "\n" for c in cards[zone]) + "\n"
                   for zone in ("main", "side", "maybe") if cards[zone])


def arena(cards, name):
    about = f"About\nName {name}\n\n" if name else ""
    return about + _sections({"main": "Deck", "side": "Sideboard", "maybe": "Maybeboard"},
                             lambda z, c: f"{c[0]} {c[1]}{_printing(c[2], ' ({set}) {num}')}", cards)


def moxfield(cards, name):
    marks = [" *F*", "", " *E*"]  # the first card always has one (a list without any is plain text)
    lines = [(z, c, marks[i % 3]) for z in ("main", "side", "maybe") for i, c in enumerate(cards[z])]
    return _sections({"main": "", "side": "SIDEBOARD:", "maybe": "MAYBEBOARD:"},
                     lambda z, c: f"{c[0]} {c[1]}{_printing(c[2], ' ({set}) {num}')}{c[3]}",
                     {z: [(*c, m) for zz, c, m in lines if zz == z] for z in cards}).lstrip("\n")


def archidekt(cards, name):
    category = {"main": "Creature,Burn", "side": "Sideboard{noDeck}", "maybe": "Maybeboard{noDeck}{noPrice}"}
    return "".join(f"{c[0]}x {c[1]}{_printing(c[2], ' ({set}) {num}').lower()}{' *F*' if c[0] % 2 else ''} "
                   f"[{category[zone]}]{' ^Have,#37d67a^' if c[0] % 3 == 0 else ''}\n"
                   for zone in ("main", "side", "maybe") for c in cards[zone])


def deckstats(cards, name):
    sb = {"main": "", "side": "SB: ", "maybe": ""}
    return _sections({"main": "//Main", "side": "//Sideboard", "maybe": "//Maybeboard"},
                     lambda z, c: f"{sb[z]}{c[0]} {_printing(c[2], '[{set}#{num}] ')}{c[1]}", cards)


def apprentice(cards, name):
    meta = f"[metadata]\nName={name}\n[general]\nConstructed\n" if name else ""
    return meta + _sections({"main": "[main]", "side": "[sideboard]", "maybe": "[maybeboard]"},
                            lambda z, c: f"{c[0]} {c[1]}", cards)


def mws(cards, name):
    head = "// Deck file for Magic Workstation (http://www.magicworkstation.com)\n" + (f"// NAME : {name}\n" if name else "")
    return head + "".join(f"{'SB:  ' if zone == 'side' else '        '}{c[0]} [S01] {c[1]}\n"
                          for zone in ("main", "side") for c in cards[zone])


def forum(cards, name):
    forms = [lambda c: f"- {c[0]}x {c[1]}", lambda c: f"* {c[0]} {c[1]}", lambda c: f"{c[1]} x{c[0]}",
             lambda c: f"• {c[1]} (x{c[0]})"]
    return _sections({"main": "**Main Deck**", "side": "## Side Deck", "maybe": "__Considering:__"},
                     lambda z, c: forms[c[0] % 4](c), cards)


def mtgo(cards, name):
    return "".join(f"{c[0]} {c[1]}\n" for c in cards["main"]) + "\n" + "".join(f"{c[0]} {c[1]}\n" for c in cards["side"])


#: layout -> (how its tool writes a list, what it keeps: printings, maybeboard, the deck's name)
WRITERS = {
    "arena": (arena, True, True, True), "moxfield": (moxfield, True, True, False),
    "archidekt": (archidekt, True, True, False), "deckstats": (deckstats, True, True, False),
    "apprentice": (apprentice, False, True, True), "mws": (mws, False, False, True),
    "forum": (forum, False, True, False), "mtgo": (mtgo, False, False, False),
}


@ROUNDS
@given(st.sampled_from(sorted(WRITERS)), st.lists(CARD, min_size=1, max_size=8), st.lists(CARD, max_size=4),
       st.lists(CARD, max_size=3), st.one_of(st.none(), NAMES))
def test_each_tools_list_reads_back_to_its_cards(layout, main, side, maybe, name):
    write, printings, has_maybe, has_name = WRITERS[layout]
    if not printings:
        main, side, maybe = ([(n, c, None) for n, c, _ in cards] for cards in (main, side, maybe))
    if not has_maybe:
        maybe = []
    if layout == "mtgo":
        assume(side and sum(n for n, _, _ in side) * 2 < sum(n for n, _, _ in main + side))
    text = write({"main": main, "side": side, "maybe": maybe}, name)
    deck = layouts.read(text, path="list.txt", source="list.txt")
    # a list that shows none of its tool's marks (a Deckstats list without printings) is deckcli's text, read the same
    assert deck.layout == layout or (layouts.LAYOUTS[layout].sniff(text) == 0 and deck.layout == "text"), text
    assert deck.problems == [], text
    assert _upper(deck.canonical_entries()) == _upper(_deck(main, side, maybe).canonical_entries()), text
    if has_name:
        assert deck.name == name


GAMES = st.sampled_from(["boa", "aqa", "sfb", None])
ANY_NAME = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"), blacklist_characters="".join(BIDI_CONTROLS)),
                   min_size=1, max_size=24).map(str.strip)
ZONED = st.tuples(st.sampled_from(["main", "limitbreak", "side", "maybe"]), st.integers(1, 999), ANY_NAME, PRINTINGS)


@ROUNDS
@given(st.lists(ZONED, max_size=12), st.lists(st.tuples(st.sampled_from(["Kilgore", "Brina"]), PRINTINGS), max_size=3),
       st.one_of(st.none(), ANY_NAME), GAMES,
       st.dictionaries(st.sampled_from(["Player", "Event", "Ne-mu"]), ANY_NAME, max_size=2))
def test_cod_write_then_read_is_the_same_deck(cards, champions, name, game, meta):
    entries = [DeckEntry(z, n, c, *(p or (None, None))) for z, n, c, p in cards if c or p]
    entries += [DeckEntry("champions", 1, c, *(p or (None, None))) for c, p in champions]
    deck = Decklist(entries=entries, name=name or None, game=game, format=f"{game}-standard" if game else None,
                    meta={k: v for k, v in meta.items() if v})
    try:
        text = cockatrice.write(deck)
    except InputError as exc:  # names XML cannot hold (U+FFFE) are refused, as the text writer refuses its own
        assert "cannot write the decklist as a Cockatrice deck" in str(exc)
        return
    back = layouts.read(text, path="deck.cod", source="deck.cod")
    assert back.problems == [] and back.layout == "cod"
    assert back.canonical() == deck.canonical()
    assert cockatrice.write(back) == text


MARKUP = list("-*•+[]#:()x×0123456789 _^{}/\\\"'=<>&;!") + ["SB:", "//", "**", "\n", "\r\n", "Main", "Side", "Deck",
          "Sideboard", "Maybeboard", "Champions", "About", "Name ", "[main]", "[metadata]", "*F*", "<zone name=\"main\">",
          "<card number=\"4\" name=\"", "<cockatrice_deck version=\"1\">", "</zone>", "<!DOCTYPE x [", "<!ENTITY a \"",
          "&a;", "<?xml version=\"1.0\"?>", "Ember Whelp", "Kilgore", "1x", "4 ", "\ufeff", "(S01) 001", "[S01#001]"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(MARKUP), max_size=60).map("".join), st.sampled_from(sorted(layouts.LAYOUTS)))
def test_no_text_makes_a_reader_crash(text, name):
    try:
        deck = layouts.read(text, name, source="noise")
    except InputError:  # JSON, CSV and deck codes refuse whole files; the line layouts never do
        assert not layouts.layout(name).lines
        return
    assert len(deck.problems) <= 21
    assert all(p.line is None or p.line >= 1 for p in deck.problems)
    layouts.choose(text, "noise.txt"), layouts.choose(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(MARKUP), max_size=80).map("".join))
def test_no_bytes_on_stdin_give_anything_but_a_decklist_or_input_error(text):
    try:
        deck = read_decklist("-", stdin=text.encode("utf-8"))
    except InputError:
        return
    assert deck.entries or any(p.reading for p in deck.problems)  # (a line read another way may be a card)
    assert len(deck.problems) <= 21


@pytest.mark.parametrize("name", [n for n, lay in layouts.LAYOUTS.items() if lay.lines])
def test_pathological_lines_read_in_linear_time(name):
    spaces = " " * 100_000
    lines = [f"a{spaces}!", f"4 a{spaces}*F*{spaces}x", f"[a{spaces}!", f"_x_{spaces}!", f"**a{spaces}:{spaces}b",
             f"4x a{spaces}[{spaces}^", f"SB: 4 [{spaces}", f"- a{spaces}x{spaces}4)", f"4 a{spaces}#{spaces}",
             f"// NAME {spaces}", "[" * 20_000, f"4 a {'(x ' * 20_000}", f"Name{spaces}=", f"4 a{' *F*' * 10_000}", f"4 a{' *F*' * 10_000}x"]
    rng = random.Random(9)
    rng.shuffle(lines)
    deck = layouts.read("\n".join(lines) + "\n4 Ember Whelp\n", name, source="long")
    assert any(e.name == "Ember Whelp" for e in deck.entries)
