"""Deck codes: canonical, compact, and every corruption is an InputError (fuzzed with hypothesis)."""

from __future__ import annotations

import base64
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckcli.decklists.code import PREFIX, decode_code, encode_code
from deckcli.decklists.model import DeckEntry, Decklist
from deckcli.errors import InputError
from deckcli.games.registry import zone_order

FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def boa_deck() -> Decklist:
    entries = [DeckEntry("main", 3, f"Card {i}", "S01", f"{i * 5:03d}") for i in range(20)]
    return Decklist(name="Twenty", game="boa", format="boa-standard", meta={"Player": "Aki"}, entries=entries)


def printings(deck: Decklist) -> tuple:
    return tuple(sorted((zone_order().index(z), s, n, c) for z, _, s, n, c in deck.canonical_entries()))


def test_round_trip_keeps_game_format_zones_counts_printings_but_not_names_or_meta():
    deck = Decklist(
        game="boa",
        format="boa-standard",
        name="Dropped",
        meta={"Player": "Dropped"},
        entries=[
            DeckEntry("main", 4, "Ember Whelp", "S01", "001"),
            DeckEntry("main", 1, "Worldbreaker", "S01", "050"),
            DeckEntry("limitbreak", 2, "Ashen Titan", "S01", "101"),
            DeckEntry("side", 3, "Frost Ward", "S02", "7a"),
            DeckEntry("champions", 1, "Kilgore", "CORE", "C01"),
        ],
    )
    back = decode_code(encode_code(deck), "pasted")
    assert (back.game, back.format, back.name, back.meta, back.source) == ("boa", "boa-standard", None, {}, "pasted")
    assert printings(back) == printings(deck)
    assert all(e.name == "" and e.line is None for e in back.entries)


def test_the_declared_ne_mu_survives_so_an_aqa_yome_deck_stays_legal():
    entries = [DeckEntry("main", 4, "", "S01", "022"), DeckEntry("main", 4, "", "S01", "023")]
    deck = Decklist(game="aqa", format="aqa-yome", meta={"Player": "Aki", "Ne-mu": " 天羽つかさ "}, entries=entries)
    code = encode_code(deck)
    back = decode_code(code)
    assert back.meta == {"Ne-mu": "天羽つかさ"}
    assert encode_code(back) == code
    too_long = Decklist(game="aqa", meta={"Ne-mu": "天" * 40}, entries=entries)
    with pytest.raises(InputError, match="the Ne-mu is longer than 100 bytes"):
        encode_code(too_long)


def test_a_deck_without_ne_mu_keeps_its_code():
    deck = Decklist(game="boa", format="boa-standard", entries=[DeckEntry("main", 4, "", "S01", "001")])
    assert encode_code(deck) == "dk1AQNib2EMYm9hLXN0YW5kYXJkAQEBA1MwMQEEAReaYo7J"


def test_code_is_canonical_whatever_the_order_or_split_of_entries():
    a = Decklist(game="boa", entries=[DeckEntry("main", 4, "A", "S01", "1"), DeckEntry("side", 1, "B", "S01", "2")])
    b = Decklist(
        game="boa",
        entries=[
            DeckEntry("side", 1, "other name", "S01", "2"),
            DeckEntry("main", 1, "A", "S01", "1"),
            DeckEntry("main", 3, "A", "S01", "1"),
        ],
    )
    assert encode_code(a) == encode_code(b)
    assert encode_code(a).startswith(PREFIX)
    assert encode_code(decode_code(encode_code(a))) == encode_code(a)


def test_sixty_card_boa_deck_with_twenty_cards_is_short():
    code = encode_code(boa_deck())
    assert len(code) <= 100, (len(code), code)
    assert set(code[len(PREFIX) :]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def test_leading_zero_and_non_numeric_numbers_survive():
    numbers = ["0", "00", "050", "1234567", "12345678", "C01-1", "SP★1", "-1"]
    deck = Decklist(entries=[DeckEntry("main", 1, "", "S01", n) for n in numbers])
    assert sorted(e.number for e in decode_code(encode_code(deck)).entries) == sorted(numbers)


def test_whitespace_inside_a_code_is_ignored():
    code = encode_code(boa_deck())
    wrapped = "  " + "\n".join(code[i : i + 20] for i in range(0, len(code), 20)) + "\n"
    assert printings(decode_code(wrapped)) == printings(boa_deck())


def test_entry_without_printing_is_named_in_the_error():
    deck = Decklist(entries=[DeckEntry("main", 4, "Ember Whelp", line=7)])
    with pytest.raises(InputError, match=r"the main card 'Ember Whelp' \(line 7\) has no printing"):
        encode_code(deck)


def test_too_many_copies_after_summing_is_an_error():
    deck = Decklist(entries=[DeckEntry("main", 999, "A", "S", "1"), DeckEntry("main", 1, "A", "S", "1")])
    with pytest.raises(InputError, match="more than 999 copies"):
        encode_code(deck)


def _with_checksum(payload: bytes) -> str:
    raw = payload + zlib.crc32(payload).to_bytes(4, "big")
    return PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty deck code"),
        ("hello", "'hello' is not a deck code (deck codes start with 'dk1')"),
        ("dk", "is not a deck code"),
        ("dk9AAAA", "unknown deck code version 9"),
        ("dk1!abc", "contains '!', which is not a base64url character"),
        ("dk1A", "not valid base64url"),
        ("dk1AB", "its last character is not a valid ending"),
        ("dk1AAA", "truncated"),
        ("dk1" + "A" * 30000, "too long for a deck code"),
        (_with_checksum(b"\x02\x00\x00\x00"), "payload has version 2"),
        (_with_checksum(b"\x01\x03aqa\x00\x00\x01X\x07"), "1 unexpected trailing bytes"),
        (_with_checksum(b"\x01\x03aqa\x00\x00\x07"), "truncated (the Ne-mu needs 7 bytes"),
        (_with_checksum(b"\x01\x03aqa\x00\x00\x00"), "the Ne-mu '' is malformed"),
        (_with_checksum(b"\x01\x03aqa\x00\x00\x02X "), "the Ne-mu 'X ' is malformed"),
        (_with_checksum(b"\x01\x03boa\x00\x00\x02XY"), "3 unexpected trailing bytes"),  # boa decks declare none
        (_with_checksum(b"\x01\x05boa"), "truncated"),
        (_with_checksum(b"\x01\x00\x00\x01\x00\x01\x03S01\x01\xe8\x07"), "card count 1000 is out of range"),
        (_with_checksum(b"\x01\x00\x00\x01\x00\x01\x03S01\x01\x01\xff\xff\xff\xff\xff\x01"), "absurd"),
        (_with_checksum(b"\x01\x00\x00\x3f"), "zone count 63 is out of range"),
        (_with_checksum(b"\x01\x00\x00\x01\x01\x01\x03S01\x01\x01\x02\x23\x13"), "card numbers are out of order"),
    ],
)
def test_bad_codes_say_what_is_wrong(text, message):
    with pytest.raises(InputError) as err:
        decode_code(text, "arg")
    assert str(err.value).startswith("arg: ")
    assert message in str(err.value)


def test_checksum_catches_a_flipped_card():
    code = encode_code(boa_deck())
    raw = bytearray(base64.urlsafe_b64decode(code[3:] + "=="))
    raw[-6] ^= 0x01
    bad = PREFIX + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")
    with pytest.raises(InputError, match="checksum mismatch"):
        decode_code(bad)


VALID_CODES = st.builds(
    lambda entries, game: encode_code(Decklist(game=game, format=f"{game}-standard", entries=entries)),
    st.lists(
        st.builds(
            DeckEntry,
            zone=st.sampled_from(zone_order()),
            count=st.integers(1, 99),
            name=st.just(""),
            set_code=st.sampled_from(["S01", "S02", "CORE"]),
            number=st.from_regex(r"[0-9A-Z-]{1,5}", fullmatch=True),
        ),
        max_size=12,
    ),
    st.sampled_from(["boa", "aqa", "sfb"]),
)
BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"


@FUZZ
@given(st.text(max_size=200))
def test_random_text_raises_only_input_error(text):
    with pytest.raises(InputError):
        decode_code(text)


@FUZZ
@given(st.text(alphabet=BASE64URL, max_size=200))
def test_random_base64_after_the_prefix_raises_only_input_error(body):
    with pytest.raises(InputError):
        decode_code(PREFIX + body)


@FUZZ
@given(st.binary(max_size=300))
def test_random_payload_with_a_good_checksum_decodes_or_raises_input_error(payload):
    try:
        deck = decode_code(_with_checksum(b"\x01" + payload))
    except InputError:
        return
    assert encode_code(deck) == _with_checksum(b"\x01" + payload)


@FUZZ
@given(VALID_CODES, st.data())
def test_any_changed_character_is_detected(code, data):
    position = data.draw(st.integers(0, len(code) - 1))
    replacement = data.draw(st.sampled_from(BASE64URL + "!= .").filter(lambda c: c != code[position]))
    with pytest.raises(InputError):
        decode_code(code[:position] + replacement + code[position + 1 :])


@FUZZ
@given(VALID_CODES, st.data())
def test_any_flipped_bit_is_detected(code, data):
    raw = bytearray(base64.urlsafe_b64decode(code[3:] + "=" * (-len(code[3:]) % 4)))
    index = data.draw(st.integers(0, len(raw) - 1))
    raw[index] ^= 1 << data.draw(st.integers(0, 7))
    with pytest.raises(InputError):
        decode_code(PREFIX + base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("="))


@FUZZ
@given(VALID_CODES, st.data())
def test_truncated_codes_are_detected(code, data):
    cut = data.draw(st.integers(0, len(code) - 1))
    with pytest.raises(InputError):
        decode_code(code[:cut])
