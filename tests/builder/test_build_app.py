"""``deckcli build`` driven headless by Textual's pilot: search, adding to each zone with the game's routing, the
verdict and odds following every change, undo and redo, saving, quitting with unsaved changes, a deck of each game,
and a terminal too small."""

from __future__ import annotations

import asyncio
from fractions import Fraction
from itertools import pairwise
from math import comb

import pytest
from textual import events
from textual.widgets import Input, Static

from deckcli.cli.builder.dialogs import AskText, Confirm, Reading
from deckcli.cli.context import AppContext
from deckcli.decklists.stored import stored_decklist

#: The screen is the same on both backends: only saving is tried on both.
screen_only = pytest.mark.sqlite_only


def _app(deck=None, game=None, fmt=None):
    from deckcli.cli.build import builder_app

    return builder_app(AppContext(None), deck, game, fmt)


def _drive(app, script, size=(120, 40)):
    """Run ``script(pilot)`` against ``app`` headless; returns the app after it."""

    async def scenario():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)
            await pilot.pause()

    asyncio.run(scenario())
    return app


def _text(app, selector: str) -> str:
    return str(app.query_one(selector, Static).render())


#: The character a named key types.
_TYPED = {"enter": "\r", "slash": "/", "plus": "+", "minus": "-", "space": " "}


async def _type(pilot, *keys: str) -> None:
    """Send ``keys`` (Textual's key names) as a fast typist does, all at once, then wait once for the app to settle.
    ``pilot.press`` waits for the app to go idle after every key, at least 40 ms a key: a 60-card deck took 24 s."""
    for key in keys:
        pilot.app.post_message(events.Key(key, _TYPED.get(key, key if len(key) == 1 else None)))
    await pilot.pause()


async def _search(pilot, text: str) -> None:
    """Search as a player does: /, the text (replacing the last search), Enter to the matches."""
    await _type(pilot, "slash", *(("space" if ch == " " else ch for ch in text) if text else ["backspace"]), "enter")


async def _add(pilot, typed: str, copies: int) -> None:
    """Search for ``typed`` and add ``copies`` of the first match with Enter."""
    await _search(pilot, typed)
    await _type(pilot, *["enter"] * copies)


def _stored(db, name):
    with db.rows() as rows:
        return {(e.zone, e.name): e.count for e in stored_decklist(rows, name).entries}


@screen_only
def test_search_filters_by_name_or_where_and_keeps_the_matches_on_a_half_typed_filter(db):
    async def script(pilot):
        app = pilot.app
        await _search(pilot, "WHELP")
        assert [c.name for c in app.matches] == ["Ember Whelp"]
        await _search(pilot, "cost<=0")
        assert app.matches and all(c.fields["cost"] == 0 for c in app.matches)
        await pilot.press("slash", *"cost")
        kept = list(app.matches)  # "cost" as a name: cards whose text holds it
        await pilot.press("<")
        search = app.query_one("#search", Input)
        assert "wrong" in search.classes and "cost" in str(search.border_subtitle)
        assert app.matches == kept

    _drive(_app("Fresh", "boa"), script)


@screen_only
def test_slash_selects_the_search_so_typing_replaces_it(db):
    async def script(pilot):
        await _search(pilot, "whelp")
        await _search(pilot, "salamander")
        assert pilot.app.query_one("#search", Input).value == "salamander"
        assert [c.name for c in pilot.app.matches] == ["Blazing Salamander"]

    _drive(_app("Fresh", "boa"), script)


@screen_only
def test_cards_go_to_their_zone_and_z_chooses_another_maybeboard_included(db):
    async def script(pilot):
        app = pilot.app
        await _search(pilot, "Ashen Titan")  # a Limitbreak monster: routed to the Limitbreak deck
        await pilot.press("enter")
        await _search(pilot, "Ember Whelp")
        await pilot.press("plus", "plus")
        await pilot.press("z")  # the Limitbreak deck
        await pilot.press("z")  # the side deck
        assert "Side Deck" in _text(app, "#status")
        await pilot.press("enter")
        while app.zone != "maybe":
            await pilot.press("z")
        await pilot.press("enter")
        await pilot.pause()
        held = {(h.zone, h.card.name): h.copies for h in app.draft.cards}
        assert held == {
            ("limitbreak", "Ashen Titan"): 1,
            ("main", "Ember Whelp"): 2,
            ("side", "Ember Whelp"): 1,
            ("maybe", "Ember Whelp"): 1,
        }
        assert "not counted" in "\n".join(r.text for r in app.deck_rows)

    _drive(_app("Fresh", "boa"), script)


@screen_only
def test_the_verdict_and_the_odds_follow_every_change_and_undo_redo_restore_them(db):
    async def script(pilot):
        app = pilot.app
        assert "Not legal" in _text(app, "#verdict-text")
        await _search(pilot, "Inferno Wyrm")  # cost 8: not what the key condition counts
        await pilot.press(*["enter"] * 4)
        assert "[main-size] Main Deck has 4 cards" in _text(app, "#verdict-text")
        assert app.analyst.analyse(app.draft).odds[0].p_opening == 0
        await _search(pilot, "Pyreclaw Drake")
        await pilot.press(*["enter"] * 4)
        await _search(pilot, "Ember Whelp")  # a monster of cost 1
        await pilot.press(*["enter"] * 5)
        assert "[copy-limit] 5 copies of 'Ember Whelp'" in _text(app, "#verdict-text")
        await pilot.press("u")
        assert "copy-limit" not in _text(app, "#verdict-text")
        hand = app.draft.format.opening.hand_size
        expected = 1 - Fraction(comb(8, hand), comb(12, hand))  # 4 cheap monsters in 12 cards, independently
        odds = app.analyst.analyse(app.draft).odds[0]
        assert odds.p_opening == expected
        assert f"{100 * float(expected):.1f}%" in _text(app, "#figures")
        await pilot.press("ctrl+y")
        assert app.draft.count(app.matches[0]) == 5
        await pilot.press("u", "u", "u", "u", "u")
        assert app.draft.count(app.matches[0]) == 0 and app.analyst.analyse(app.draft).odds[0].p_opening == 0

    _drive(_app("Fresh", "boa"), script)


def _build_from_empty(deck: str, game: str, picks: list[tuple[str, str, int]]) -> list[tuple[str, str, str]]:
    """Build ``deck`` of ``game`` from an empty screen with keys only: for each pick, type the start of its name, check
    the first match is the card, add its copies; then save with ``s``. Returns the verdict, the odds and the curve as
    shown after each pick, for the test to follow them."""
    shown = []

    async def script(pilot):
        app = pilot.app
        shown.append((_text(app, "#verdict-text"), *_text(app, "#figures").split("\n", 1)))
        for typed, name, copies in picks:
            before = app.draft.cards
            await _add(pilot, typed, copies)
            assert app.matches[0].name == name and app.draft.cards != before
            shown.append((_text(app, "#verdict-text"), *_text(app, "#figures").split("\n", 1)))
        await _type(pilot, "s")  # a new deck named on the command line is saved under that name, without asking

    app = _drive(_app(deck, game), script)
    assert not app.draft.dirty
    return shown


def _changed(values: list[str]) -> int:
    """How many times a panel's text changed along the way."""
    return sum(1 for before, after in pairwise(values) if before != after)


@screen_only
def test_a_legal_boa_deck_built_from_an_empty_screen(db, run):
    names = [
        "Ember Whelp",
        "Cinder Imp",
        "Blazing Salamander",
        "Forge Sentinel",
        "Pyreclaw Drake",
        "Tidepool Crab",
        "Reef Siren",
        "Coral Golem",
        "Drowned Mariner",
        "Riptide Serpent",
        "Gust Sprite",
        "Skyfin Hawk",
        "Cloudrunner Griffin",
        "Windmill Automaton",
        "Sparkwire Drone",
    ]
    shown = _build_from_empty("Sixty", "boa", [(name[:7], name, 4) for name in names])
    verdicts, odds, curves = zip(*shown)
    assert "[main-size] Main Deck has 0 cards; boa-standard needs 50–60" in verdicts[0]
    assert "[main-size] Main Deck has 48 cards" in verdicts[12]  # legal from 50 cards on
    assert set(verdicts[13:]) == {"Legal in boa-standard."}
    assert odds[0].startswith("no opening hand") and odds[-1].startswith("99.7% · 100.0% with mulligan")
    assert _changed(odds) >= 10 and _changed(curves) == len(names)  # every monster moves the curve
    out = run("deck", "show", "Sixty").output
    assert "Main Deck (60, 50–60)" in out and "4  Sparkwire Drone" in out
    assert "Verdict: legal under boa-standard" in out


@screen_only
def test_a_legal_aqa_deck_built_from_an_empty_screen(db, run):
    picks = [  # typed as a player without a Japanese keyboard types them: the romanised aliases
        ("Faiaab", "ファイアーボール", 4),  # a break first: no character in hand yet
        ("Honoo no", "炎の魔術師", 4),
        ("Koori no", "氷の魔女", 4),
        ("Renkinjutsu", "錬金術師", 4),
        ("Seikishi", "聖騎士", 4),
        ("Toshokan", "図書館の魔導師", 4),
        ("Datenshi", "堕天使“天羽つかさ”", 4),
        ("Tenshi no", "天使の祝福", 4),
        ("Kaado Tori", "カード・トリック", 4),
        ("Mahou", "魔法学院", 4),
    ]
    shown = _build_from_empty("Forty", "aqa", picks)
    verdicts, odds, curves = zip(*shown)
    assert "[deck-size] Deck has 36 cards; aqa-standard needs exactly 40" in verdicts[-2]
    assert verdicts[-1] == "Legal in aqa-standard."
    assert odds[1].startswith("0.0% · 0.0% with mulligan · A character in the opening hand")
    assert odds[2] != odds[1] and odds[-1] != odds[2] and _changed(curves) >= 3
    assert "Curve: Cost" in curves[-1]
    out = run("deck", "show", "Forty").output
    assert "Deck (40, exactly 40)" in out and "4  カード・トリック" in out and "Characters (24)" in out
    assert "Verdict: legal under aqa-standard" in out


@screen_only
def test_a_legal_sfb_team_built_from_an_empty_screen(db, run):
    picks = [("Kilgore", "Kilgore", 1), ("Al'kemi", "Al'kemi", 1), ("Sir Tent", "Sir Tentaclot", 1)]
    shown = _build_from_empty("Trio", "sfb", picks)  # a champion adds its six action cards
    verdicts, odds, curves = zip(*shown)
    assert "[champion-count] the deck has cards of 2 champions (Kilgore, Al'kemi)" in verdicts[-2]
    assert verdicts[-1] == "Legal in sfb-standard."
    assert len(set(odds)) == len(odds) and "All three colours in the opening hand" in odds[-1]
    assert _changed(curves) == 3
    out = run("deck", "show", "Trio").output
    assert "Champions: Kilgore, Al'kemi, Sir Tentaclot" in out and "Action Deck (18, exactly 18)" in out
    assert "Verdict: legal under sfb-standard" in out


@screen_only
def test_an_aqa_deck_and_an_sfb_team(db):
    async def aqa(pilot):
        app = pilot.app
        await _search(pilot, "kanzaki ren")  # its alias, in any case: 覚醒者“神崎レン”
        await pilot.press("enter")
        assert [(h.card.name, h.copies) for h in app.draft.cards] == [("覚醒者“神崎レン”", 1)]

    _drive(_app("Angels", "aqa"), aqa)

    async def sfb(pilot):
        app = pilot.app
        await _search(pilot, "Kilgore")
        await pilot.press("enter")  # a champion stands for its six action cards
        assert sum(h.copies for h in app.draft.cards) == 6
        assert "Kilgore" in "\n".join(r.text for r in app.deck_rows)
        await pilot.press("minus")  # and takes them out again
        assert app.draft.cards == ()

    _drive(_app("Brawlers", "sfb"), sfb)


def test_saving_a_deck_read_from_a_file_asks_its_name(db, tmp_path):
    decklist = tmp_path / "ember.txt"
    decklist.write_text("Game: boa\n4 Ember Whelp\n", encoding="utf-8")

    async def script(pilot):
        app = pilot.app
        assert app.draft.dirty  # not stored yet
        await pilot.press("s")
        assert isinstance(app.screen, AskText)
        await pilot.press(*"Kept Whelps", "enter")
        await pilot.pause()
        assert not app.draft.dirty and app.draft.stored_as == "Kept Whelps"

    _drive(_app(str(decklist)), script)
    assert _stored(db, "Kept Whelps") == {("main", "Ember Whelp"): 4}


@screen_only
def test_quit_asks_when_there_are_unsaved_changes(db):
    async def script(pilot):
        app = pilot.app
        await _search(pilot, "Ember Whelp")
        await pilot.press("enter", "q")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")
        assert app.is_running and not isinstance(app.screen, Confirm)
        await pilot.press("ctrl+c")
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")

    app = _drive(_app("Unsaved", "boa"), script)
    assert not app.is_running
    with db.rows() as rows:
        assert rows.all("SELECT count(*) FROM deck")[0][0] == 0  # nothing was saved


@screen_only
def test_keys_and_a_sample_hand(db):
    async def script(pilot):
        app = pilot.app
        await _search(pilot, "Ember Whelp")
        await pilot.press(*["enter"] * 4)
        await pilot.press("question_mark")
        assert isinstance(app.screen, Reading) and "Ctrl+Y" in str(app.screen.query_one("#text", Static).render())
        await pilot.press("escape", "h")
        assert isinstance(app.screen, Reading)
        hand = str(app.screen.query_one("#text", Static).render())
        assert hand.count("Ember Whelp") == 4  # a 4-card deck: the hand is the deck

    _drive(_app("Hands", "boa"), script)


@screen_only
def test_the_keys_line_shows_each_key_and_a_click_runs_it(db):
    async def script(pilot):
        app = pilot.app
        line = _text(app, "#keys")
        assert line.split("  ") == [
            "/ Search",
            "z Zone",
            "o Odds",
            "h Hand",
            "u Undo",
            "s Save",
            "e Export",
            "? Keys",
            "q Quit",
        ]
        await pilot.click("#keys", offset=(1 + line.index("? Keys"), 0))  # the line is padded by one column
        assert isinstance(app.screen, Reading) and "Ctrl+Y" in str(app.screen.query_one("#text", Static).render())

    _drive(_app("Clicks", "boa"), script, size=(80, 24))


@screen_only
def test_conditions_are_parsed_as_want_and_a_bad_one_is_refused_in_the_dialog(db):
    async def script(pilot):
        app = pilot.app
        await pilot.press("o")
        await pilot.press(*"1+ cost<", "enter")
        assert isinstance(app.screen, AskText)
        assert "cost" in str(app.screen.query_one("#error").render())
        await pilot.press(*'=2; 0 "Worldbreaker"', "enter")
        await pilot.pause()
        assert app.analyst.user_texts == ("1+ cost<=2", '0 "Worldbreaker"')
        assert '1+ cost<=2; 0 "Worldbreaker"' in _text(app, "#figures")

    _drive(_app("Odds", "boa"), script)


@screen_only
def test_a_terminal_too_small_says_so(db):
    async def script(pilot):
        assert "needs at least 80×24" in _text(pilot.app, "#too-small")
        assert pilot.app.screen.has_class("small")

    _drive(_app("Small", "boa"), script, size=(60, 20))
