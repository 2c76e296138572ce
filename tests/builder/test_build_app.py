"""``deckcli build`` driven headless by Textual's pilot: search, adding to each zone with the game's routing, the
verdict and odds following every change, undo and redo, saving, quitting with unsaved changes, a deck of each game,
and a terminal too small."""

from __future__ import annotations

import asyncio
from fractions import Fraction
from math import comb

import pytest
from textual.widgets import DataTable, Input, Static

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


async def _search(pilot, text: str) -> None:
    await pilot.press("slash")
    await pilot.press(*text) if text else await pilot.press("backspace")
    await pilot.press("enter")
    await pilot.pause()


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


@screen_only
def test_a_legal_boa_deck_built_from_an_empty_screen(db):
    picks = {
        "Ember Whelp": 4,
        "Cinder Imp": 4,
        "Blazing Salamander": 4,
        "Forge Sentinel": 4,
        "Pyreclaw Drake": 4,
        "Tidepool Crab": 4,
        "Reef Siren": 4,
        "Coral Golem": 4,
        "Drowned Mariner": 4,
        "Riptide Serpent": 4,
        "Gust Sprite": 4,
        "Skyfin Hawk": 4,
        "Cloudrunner Griffin": 4,
        "Windmill Automaton": 4,
        "Sparkwire Drone": 4,
    }

    async def script(pilot):
        app = pilot.app
        for name, copies in picks.items():
            await _search(pilot, name[:7])  # what a player types: the start of the name, then Enter and Enter
            assert app.matches[0].name == name
            await pilot.press(*["enter"] * copies)
        assert _text(app, "#verdict-text") == "Legal in boa-standard."
        assert "with mulligan" in _text(app, "#figures")
        await pilot.press("s")  # a new deck named on the command line is saved under that name, without asking

    app = _drive(_app("Sixty", "boa"), script)
    assert not app.draft.dirty
    assert sum(_stored(db, "Sixty").values()) == 60


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
