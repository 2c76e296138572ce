"""Export -> import gives the same stored deck back, in every decklist format, for decks of all three games.

What each format keeps: text and JSON everything (name, game, format, metadata, zones, counts, printings);
CSV the cards only (zones, counts, printings: the game is told by the card names, the format is the
game's default, the name comes from the file name); a deck code the game, format, cards and the
declared Ne-mu (an aqa-yome deck's legality depends on it).
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deck_support import SFB_TEXT, legal_aqa_text, legal_boa_text, stored, write
from deckcli.cards.index import CardIndex
from deckcli.decks.store import delete_deck, save_deck
from deckcli.legality.formats import default_format, list_formats

FORMATS = {"text": "txt", "json": "json", "csv": "csv", "code": "code"}
#: Which parts of a deck each format carries (the rest comes back as the import's defaults).
KEEPS = {
    "text": {"name", "game", "format", "meta", "cards"},
    "json": {"name", "game", "format", "meta", "cards"},
    "csv": {"game", "cards"},
    "code": {"game", "format", "cards"},
}


def round_trip(run, db, tmp_path, name: str, fmt: str) -> dict:
    """Export the stored deck ``name`` as ``fmt``, delete it, import the file back; the deck as stored again."""
    path = tmp_path / f"export.{FORMATS[fmt]}"
    result = run("deck", "export", "--to", fmt, "-o", path, "--", name)  # -- : a generated name may start with -
    assert result.exit_code == 0, result.output
    assert run("deck", "delete", "--yes", "--", name).exit_code == 0
    args = [] if "name" in KEEPS[fmt] else ["--name", name]
    result = run("deck", "import", path, *args)
    assert result.exit_code == 0, result.output
    return stored(db, name)


def assert_same(before: dict, after: dict, fmt: str) -> None:
    keeps = KEEPS[fmt]
    for part in ("name", "game", "format", "meta", "cards"):
        if part in keeps:
            assert after[part] == before[part], f"{fmt} lost the deck's {part}"
    if "meta" not in keeps:
        # a code carries the declared ネーム of a game whose decks declare one (aqa's name-level hook in game.json)
        kept = {k: v for k, v in before["meta"].items() if k == "Ne-mu" and before["game"] == "aqa"} if fmt == "code" else {}
        assert after["meta"] == kept
    if "format" not in keeps:
        assert after["format"] == default_format(before["game"]).name


@pytest.fixture
def decks(run, db, tmp_path):
    """Stored decks of all three games: boa with all three zones (under boa-advanced), aqa with Japanese names
    (under aqa-yome with a Ne-mu), sfb as complete champions, and an sfb deck that is not."""
    boa = legal_boa_text(db).replace("Format: boa-standard", "Format: boa-advanced")
    boa = boa.replace("Main Deck\n", "Main Deck\n1 Worldbreaker (S01) 050\n")
    assert run("deck", "import", write(tmp_path, "boa.txt", boa)).exit_code == 0
    aqa = legal_aqa_text(db).replace("Format: aqa-standard", "Format: aqa-yome\nNe-mu: 天羽つかさ\nPlayer: 山田")
    assert run("deck", "import", write(tmp_path, "aqa.txt", aqa)).exit_code == 0
    assert run("deck", "import", write(tmp_path, "sfb.txt", SFB_TEXT)).exit_code == 0
    assert run("deck", "import", write(tmp_path, "loose.txt", "Game: sfb\n2 Throw\n1 Kilgore\nSide\n1 Flank\n")).exit_code == 0
    return ["Ember Rush", "天使デッキ", "Brawlers", "loose"]


@pytest.mark.parametrize("fmt", list(FORMATS))
@pytest.mark.parametrize("which", range(4))
def test_export_import_gives_the_same_deck(run, db, tmp_path, decks, fmt, which):
    name = decks[which]
    before = stored(db, name)
    assert before["cards"]
    after = round_trip(run, db, tmp_path, name, fmt)
    assert_same(before, after, fmt)


def test_the_fixture_decks_cover_what_matters(db, decks):
    boa, aqa = stored(db, "Ember Rush"), stored(db, "天使デッキ")
    assert {zone for zone, _, _ in boa["cards"]} == {"main", "limitbreak", "side"}
    assert boa["format"] == "boa-advanced" and boa["meta"] == {"Player": "Ann"}
    assert aqa["meta"] == {"Ne-mu": "天羽つかさ", "Player": "山田"} and aqa["format"] == "aqa-yome"


def test_sfb_both_forms_import_to_the_same_deck(run, db, tmp_path, decks):
    text = run("deck", "export", "Brawlers").stdout
    assert "Champions\n" in text
    listed = run("deck", "export", "Brawlers", "--to", "csv").stdout
    run("deck", "import", write(tmp_path, "champions.txt", text), "--name", "A")
    run("deck", "import", write(tmp_path, "cards.csv", listed), "--name", "B")
    assert stored(db, "A")["cards"] == stored(db, "B")["cards"] == stored(db, "Brawlers")["cards"]


def test_code_is_canonical_for_equal_decks(run, db, tmp_path):
    write(tmp_path, "one.txt", "Game: boa\n4 Ember Whelp\n2 Fireball\nSide\n1 Frost Ward\n")
    write(tmp_path, "two.txt", "Game: boa\nSide\n1 Frost Ward\nMain\n2 Fireball\n2 Ember Whelp\n2 ember whelp\n")
    run("deck", "import", tmp_path / "one.txt")
    run("deck", "import", tmp_path / "two.txt")
    assert run("deck", "export", "one", "--to", "code").stdout == run("deck", "export", "two", "--to", "code").stdout


# -- generated decks ----------------------------------------------------------------------------------
_counter = itertools.count()
NAME_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 '-!&天羽堕使デッキ炎の"


@st.composite
def generated_decks(draw, cards: dict[str, list[int]], formats: dict[str, list[str]]):
    """(game, format, name, meta, [(zone, card id, count)]) drawn from the bundled cards of one game."""
    game = draw(st.sampled_from(sorted(cards)))
    fmt = draw(st.sampled_from(formats[game]))
    name = draw(st.text(NAME_CHARS, min_size=1, max_size=20).map(str.strip).filter(bool))
    meta = draw(st.dictionaries(st.sampled_from(["Player", "Event", "Ne-mu"]),
                                st.text(NAME_CHARS, min_size=1, max_size=12).map(str.strip).filter(bool), max_size=2))
    rows = draw(st.lists(
        st.tuples(st.sampled_from(["main", "main", "limitbreak", "side"]), st.sampled_from(cards[game]), st.integers(1, 4)),
        min_size=1, max_size=25,
    ))
    return game, fmt, name, meta, rows


def _bundled(db):
    cards = {g: [r.id for r in CardIndex(db, g).cards()] for g in ("boa", "aqa", "sfb")}
    formats = {g: sorted(f.name for f in list_formats() if f.game == g) for g in cards}
    return cards, formats


def test_generated_stored_decks_round_trip_in_every_format(run, db, tmp_path):
    cards, formats = _bundled(db)

    @settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(generated_decks(cards, formats), st.sampled_from(list(FORMATS)))
    def check(deck, fmt):
        game, format_name, name, meta, rows = deck
        name = f"{name} {next(_counter)}"
        with db.write() as session:
            save_deck(session, name, game, format_name, rows, meta)
        try:
            before = stored(db, name)
            after = round_trip(run, db, tmp_path, name, fmt)
            assert_same(before, after, fmt)
        finally:
            delete_deck(db, name)

    check()
