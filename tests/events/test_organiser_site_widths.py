"""The published site on a phone (issue 33): every page — the index with its charts, each deck's page, the rounds,
the standings and the bracket — fits 360 CSS pixels without scrolling sideways, a table scrolling inside its own box
with each row's first cells (a player's name, a table number, a rank) on screen; and at 1280 px nothing changes
that (no sideways scroll there either). Measured in real headless Chromium. The wall pairings sheet's names and
table numbers are set at 20 pt at least, in both its layouts (Chromium's computed style)."""

from __future__ import annotations

import re

import pytest

import browser  # tests/support/browser.py
import pages_support as ps
import paths  # tests/support/paths.py
import phone_widths  # tests/support/phone_widths.py
import rounds_support as rs
from deckcli.events.site import publish
from deckcli.rendering import browser as chromium_runs

pytestmark = pytest.mark.sqlite_only  # (pages, not storage: one backend is enough)


@pytest.fixture
def chromium():
    return browser.chromium()


def _boa_site(db, folder):
    """A boa event with its rounds, standings and top cut, an illegal deck among its decks."""
    ev = ps.event("boa", name="Spring Open of the Northern Counties, Summer Season Qualifier")
    cards = [c["name"] for c in ps.cards_of("boa") if c["kind"] != "limitbreak"]
    regs = [ps.register(db, ev, player, f"Main Deck\n4 {card}\n", player_id=f"ID-{1000 + n}",
                        deck=f"The rather long-named deck number {n}")
            for n, (player, card) in enumerate(zip(rs.PLAYERS, cards))]
    return publish(db, ev, regs, folder, tournament=rs.whole())


def _aqa_site(db, folder):
    """An aqa event of the example decks: the index has its metagame tables and charts."""
    ev = ps.event("aqa", name="Wizdom")
    regs = [ps.register(db, ev, player, (paths.EXAMPLES / name).read_text(encoding="utf-8"))
            for player, name in (("Ren Kanzaki", "wizdom-standard.txt"), ("神崎 蓮", "angels-yome.txt"))]
    return publish(db, ev, regs, folder)


@pytest.mark.parametrize("build", [_boa_site, _aqa_site])
def test_every_page_fits_a_phone_and_a_desktop(db, tmp_path, chromium, build):
    folder = tmp_path / "site"
    result = build(db, folder)
    pages = [f for f in result.files if f.endswith(".html")]
    assert "index.html" in pages and len(pages) > 2
    for width in (360, 1280):
        fits = phone_widths.measure(folder, pages, width, chromium)
        assert [f.page for f in fits] == pages
        for fit in fits:
            assert fit.inner == width, fit
            assert fit.scroll <= fit.inner, f"{fit.page} is {fit.scroll} px wide at {width} px"
            assert fit.outside == [], f"{fit.page} at {width} px: first cells off-screen: {fit.outside}"
        assert sum(f.rows for f in fits) > 10  # (the tables were there to measure)


def test_the_index_table_scrolls_in_its_own_box_with_the_names_first(db, tmp_path, chromium):
    """At 360 px the decks table is wider than the screen: it scrolls inside itself, the names on screen."""
    folder = tmp_path / "site"
    _boa_site(db, folder)
    index = (folder / "index.html").read_text(encoding="utf-8")
    assert re.search(r"table \{[^}]*overflow-x: auto", index)  # the table is its own scroll box
    fit = phone_widths.measure(folder, ["index.html"], 360, chromium)[0]
    assert fit.scroll <= 360 and fit.outside == [] and fit.rows >= len(rs.PLAYERS)


def test_the_wall_sheet_sets_names_and_tables_at_20_points(db, tmp_path, chromium):
    """Both layouts of the pairings sheet (one column, and two for a long round), as Chromium computes them."""
    from deckcli.events.slips import slips_html

    ev = ps.event("boa")
    for tournament in (rs.whole(), rs.big_round(80)):
        page = tmp_path / f"slips-{len(tournament.rounds[0].pairings)}.html"
        html = slips_html(ev, tournament, "1")
        probe = ("<script>window.addEventListener('load', () => { const px = [];"
                 " for (const el of document.querySelectorAll('.wall .name, .wall .table'))"
                 " px.push(parseFloat(getComputedStyle(el).fontSize));"
                 " document.getElementById('probe').textContent = Math.min(...px) + ' ' + px.length; });</script>"
                 "<pre id=\"probe\"></pre></body>")
        page.write_text(html.replace("</body>", probe), encoding="utf-8")
        dom = chromium_runs.run_chromium(page, ["--virtual-time-budget=5000", "--dump-dom"], None, chromium)[0]
        smallest, count = re.search(r'<pre id="probe">([\d.]+) (\d+)</pre>', dom).groups()
        assert int(count) >= 2 * len(tournament.rounds[0].pairings) - 1
        assert float(smallest) * 0.75 >= 20  # CSS px to points: 20 pt is 26.67 px
