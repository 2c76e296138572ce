"""Registration sheets as HTML: every card of every zone under the game's zone titles, the player, event, date,
format, fingerprint and signature lines on each player's page; markup in a name stays text."""

from __future__ import annotations

import re

import pytest

import pages_support as ps
import paths  # tests/support/paths.py
from deckcli.errors import BrowserMissing, InputError
from deckcli.events.sheets import sheets_html, write_sheets

EXAMPLES = paths.EXAMPLES


def _text(html: str) -> str:
    """The HTML's text with tags dropped and entities of the escaped markup kept as they are."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _registrations(db, ev, *files):
    return [ps.register(db, ev, f"Player {i}", (EXAMPLES / f).read_text(encoding="utf-8"), player_id=f"P-{i:03}")
            for i, f in enumerate(files, 1)]


def test_each_player_gets_a_page_with_every_card_and_the_receipt(db):
    ev = ps.event("boa")
    regs = _registrations(db, ev, "ember-rush.txt") + [ps.register(db, ev, "Big", ps.biggest_boa_deck(), "P-999")]
    html = sheets_html(db, ev, regs)
    pages = html.split('<section class="sheet"')[1:]
    assert len(pages) == 2 and html.count("break-after: page") == 1 and "@page { size: A4" in html
    first, second = pages
    for title, count in (("Main Deck", 51), ("Limitbreak Deck", 6), ("Side Deck", 8)):
        assert f"{title} ({count})" in first  # zone titles come from carddb/boa/game.json
    for name in ("Ember Whelp", "Worldbreaker", "Ashen Titan", "Mirror Shield"):
        assert f'<span class="name">{name}</span>' in first
    assert "<span class=\"n\">4</span><span class=\"name\">Ember Whelp</span>" in first
    text = _text(first)
    for fact in ("Player Player 1", "Player ID P-001", "Event Spring Open", "Date 2026-12-05", "Format boa-standard",
                 "Game Battle of Aeons", "Deck Ember Rush", f"Fingerprint {regs[0].fingerprint}", "Elements Fire / Lightning",
                 "Player signature (Player 1)", "Judge signature", "legal · 65 cards"):
        assert fact in text, fact
    assert "Main Deck (60)" in second and "Limitbreak Deck (20)" in second and "Side Deck (20)" in second
    assert all(f">{line.name}<" in second for zone in [regs[1].decklist] for line in zone.entries)


def test_aqa_names_as_printed_with_the_english_name_beside(db):
    ev = ps.event("aqa")
    [reg] = _registrations(db, ev, "wizdom-standard.txt")
    html = sheets_html(db, ev, [reg])
    assert "Deck (40)" in html  # aqa's zone title
    # the decklist says "Datenshi "Amaha Tsukasa"" and "Kaado Torikku": the sheet prints the names on the cards
    assert '堕天使“天羽つかさ” <span class="en">Fallen Angel &#34;Tsukasa Amaha&#34;</span>' in html
    assert "Kaado Torikku" not in html and "Datenshi" not in html
    assert '<span class="name">カード・トリック <span class="en">Card Trick</span></span>' in html
    assert "Factions" in html and "WIZ-DOM" in html


def test_markup_and_formulas_in_names_stay_text(db):
    ev = ps.event("boa", name="<b>Open</b>")
    reg = ps.register(db, ev, "<script>alert(1)</script>", (EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8"),
                      player_id="=SUM(1)", deck="<img src=x onerror=alert(2)>")
    html = sheets_html(db, ev, [reg])
    assert "<script" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html and "&lt;img src=x onerror=alert(2)&gt;" in html
    assert "&lt;b&gt;Open&lt;/b&gt;" in html and "=SUM(1)" in html


def test_an_illegal_deck_shows_its_rules_and_unknown_lines_as_written(db):
    ev = ps.event("boa")
    reg = ps.register(db, ev, "Lee", "Main Deck\n4 Ember Whelp\n2 Not A Real Card\n", "L-1")
    html = sheets_html(db, ev, [reg])
    assert not reg.legal
    assert "NOT LEGAL: unknown-card, main-size" in _text(html)
    assert '<span class="name unknown">Not A Real Card</span>' in html


def test_no_registrations_is_an_error_naming_the_event(db):
    with pytest.raises(InputError, match="event 'Spring Open' has no registered players: there is no sheet to print"):
        sheets_html(db, ps.event("boa"), [])


def test_html_file_and_standard_output(db, tmp_path):
    ev = ps.event("sfb")
    regs = _registrations(db, ev, "team-shadows.txt")
    written = write_sheets(db, ev, regs, tmp_path / "s.html")
    assert written.path.read_text(encoding="utf-8") == written.html and "Action Deck (18)" in written.html
    assert "Champions Gwaien / Kilgore / Lil&#39;Y" in _text(written.html)
    assert write_sheets(db, ev, regs, "-").path is None
    with pytest.raises(InputError, match=r"a PDF is written to a file: give -o FILE\.pdf"):
        write_sheets(db, ev, regs, "-", to="pdf")
    with pytest.raises(InputError, match="unknown sheet target 'png'; choose one of html, pdf"):
        write_sheets(db, ev, regs, tmp_path / "s.png", to="png")


def test_pdf_without_chromium_says_what_to_install(db, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    ev = ps.event("boa")
    with pytest.raises(BrowserMissing) as caught:
        write_sheets(db, ev, _registrations(db, ev, "ember-rush.txt"), tmp_path / "s.pdf", to="pdf")
    message = str(caught.value)
    assert "no Chromium found on PATH (looked for chromium, chromium-browser, google-chrome)" in message
    assert "apt-get install chromium" in message and "--to html" in message
    assert not (tmp_path / "s.pdf").exists()
