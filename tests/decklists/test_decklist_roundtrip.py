"""Round trips for generated decklists of all three games: every format reads back what it wrote."""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcli.decklists.code import decode_code, encode_code
from deckcli.decklists.csvfmt import format_csv, parse_csv
from deckcli.decklists.io import format_deck, parse_decklist
from deckcli.decklists.jsonfmt import format_json, parse_json
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.decklists.text import format_text, parse_text

ROUNDS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

LATIN = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '’,!?-.&:"
TRICKY = '()"#/x@=+'
JAPANESE = "あいうえおかきくけこさしすつてとなのまみむもやゆよらりるれろわをん" "アイウエオカキクサシスセソタチツテトナノマミメモラリルレロン" "ー天羽堕使熾魔術師竜王剣星帝国"
FULL_WIDTH = "ＡＢＣｘ０１２（）！？　・"


def _clean(text: str) -> str:
    return text.strip()


def names(alphabet: str) -> st.SearchStrategy[str]:
    return st.text(alphabet=alphabet, min_size=1, max_size=24).map(_clean).filter(bool)


LATIN_NAMES = st.one_of(
    names(LATIN),
    names(LATIN + TRICKY),
    st.sampled_from(
        ["Ember Whelp", "Foo (S01) 050", "x Marks", '"Quoted"', "Main Deck", "# Hash", "// Slash", "3 Musketeers",
         "Player: Bob", "Sideboard", "(S01) 050", "=SUM(A1)", "-Minus", "'=x"]
    ),
)
JAPANESE_NAMES = st.one_of(
    names(JAPANESE + FULL_WIDTH),
    st.builds(lambda a, b: f"{a}“{b}”", names(JAPANESE), names(JAPANESE)),
    st.builds(lambda a, b: f'{a}"{b}"', names(JAPANESE), names(JAPANESE)),
    st.sampled_from(["堕天使“天羽つかさ”", "熾天使“天羽つかさ”", "ＷＩＺ－ＤＯＭ", "E.G.O."]),
)
SETS = st.one_of(
    st.sampled_from(["S01", "S02", "CORE", "boa-s1"]), st.from_regex(r"[A-Z0-9][A-Z0-9-]{0,4}", fullmatch=True)
)
NUMBERS = st.one_of(
    st.sampled_from(["050", "001", "7a", "C01-1", "SP★1", "-1", "=2"]),
    st.from_regex(r"[A-Za-z0-9\-★]{1,6}", fullmatch=True),
)
PRINTINGS = st.one_of(st.just((None, None)), st.tuples(SETS, NUMBERS))


def entries(zone: str, name_strategy, *, champions: bool = False, printed: bool = False, max_size: int = 8):
    counts = st.just(1) if champions else st.integers(1, 99)
    printing = st.tuples(SETS, NUMBERS) if printed else PRINTINGS
    return st.lists(
        st.builds(lambda c, n, p: DeckEntry(zone, c, n, *p), counts, name_strategy, printing), max_size=max_size
    )


def metas(game: str):
    keys = ["Player", "Event", "Notes", "デッキ"] + (["Ne-mu"] if game == "aqa" else [])
    values = names(LATIN + JAPANESE)
    return st.dictionaries(st.sampled_from(keys), values, max_size=3)


def decks(game: str, *, printed: bool = False) -> st.SearchStrategy[Decklist]:
    if game == "boa":
        zones = st.tuples(
            entries("main", LATIN_NAMES, printed=printed),
            entries("limitbreak", LATIN_NAMES, printed=printed, max_size=3),
            entries("side", LATIN_NAMES, printed=printed, max_size=3),
        )
    elif game == "aqa":
        zones = st.tuples(entries("main", JAPANESE_NAMES, printed=printed))
    else:
        zones = st.tuples(
            entries("champions", LATIN_NAMES, champions=True, printed=printed, max_size=3),
            entries("main", LATIN_NAMES, printed=printed, max_size=3),
        )
    optional = lambda s: st.one_of(st.none(), s)  # noqa: E731
    return st.builds(
        lambda zs, name, fmt, meta: Decklist(
            entries=[e for z in zs for e in z], name=name, game=game, format=fmt, meta=meta
        ),
        zones,
        optional(st.one_of(names(LATIN), names(JAPANESE))),
        optional(st.sampled_from([f"{game}-standard", f"{game}-casual", "Extreme"])),
        metas(game),
    )


ANY_DECK = st.one_of(decks("boa"), decks("aqa"), decks("sfb"))
PRINTED_DECK = st.one_of(decks("boa", printed=True), decks("aqa", printed=True), decks("sfb", printed=True))


def in_order(deck: Decklist) -> list[tuple]:
    return [(e.zone, e.count, e.name, e.set_code, e.number) for e in deck.entries]


@ROUNDS
@given(ANY_DECK)
def test_text_round_trip(deck):
    text = format_text(deck)
    back = parse_text(text)
    assert back.problems == []
    assert back.canonical() == deck.canonical()
    assert in_order(back) == in_order(deck)
    lines = text.split("\n")
    assert all(e.name in lines[e.line - 1] for e in back.entries)
    assert format_text(back) == text


@ROUNDS
@given(ANY_DECK)
def test_json_round_trip(deck):
    text = format_json(deck)
    back = parse_json(text, "gen.json")
    assert back.canonical() == deck.canonical()
    assert in_order(back) == in_order(deck)
    assert format_json(back) == text


@ROUNDS
@given(ANY_DECK)
def test_csv_round_trip_keeps_the_cards(deck):
    text = format_csv(deck)
    back = parse_csv(text, "gen.csv")
    assert back.problems == []
    assert back.canonical_entries() == deck.canonical_entries()
    assert in_order(back) == in_order(deck)
    assert format_csv(back) == text


@ROUNDS
@given(PRINTED_DECK)
def test_code_round_trip_keeps_game_format_zones_counts_printings(deck):
    code = encode_code(deck)
    back = decode_code(code)
    unnamed = dataclasses.replace(deck, entries=[dataclasses.replace(e, name="") for e in deck.entries])
    assert back.canonical_entries() == unnamed.canonical_entries()
    assert (back.game, back.format) == (deck.game, deck.format)
    assert encode_code(back) == code


@ROUNDS
@given(ANY_DECK, st.sampled_from(["text", "json", "csv"]))
def test_detected_format_reads_back_what_format_deck_wrote(deck, fmt):
    if not deck.entries:
        return
    back = parse_decklist(format_deck(deck, fmt), None, "x")
    assert back.canonical_entries() == deck.canonical_entries()
    assert back.source == "x"


@ROUNDS
@given(PRINTED_DECK)
def test_code_converts_to_every_other_format_and_back(deck):
    decoded = decode_code(encode_code(deck))
    for fmt in ("text", "json", "csv"):
        again = parse_decklist(format_deck(decoded, fmt), fmt)
        assert again.canonical_entries() == decoded.canonical_entries()
        if fmt != "csv":  # CSV has no game or format
            assert encode_code(again) == encode_code(deck)
