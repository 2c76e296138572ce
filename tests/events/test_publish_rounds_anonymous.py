"""``event publish --anonymous`` with rounds: the round pages, the standings and the bracket show each player only as
the 'Player N' of their deck's page (linked to it), and no file of the site holds a name, an id or a registration
time."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pages_support as ps
import rounds_support as rs
from deckcli.events.site import publish
from deckcli.events.tournament import Tournament

NAMES = {"Ann Lee": "Annabel Quill", "bo": "Bodhi Xu", rs.WIDE: "Ｍｏｏｎ Ｃａｔ", "Dan": "Dandelion Vex",
         rs.EVIL: "<i>Ivo</i>", rs.FORMULA: "=HYPERLINK(Zora)"}
SECRETS = ["Annabel", "Quill", "Bodhi", "Xu", "Ｍｏｏｎ", "Moon", "Dandelion", "Vex", "Ivo", "HYPERLINK", "Zora",
           "ID-", "08:30"]


def test_an_anonymous_site_shows_rounds_by_the_deck_pages_labels_only(db, tmp_path):
    ev = ps.event("boa")
    cards = [c["name"] for c in ps.cards_of("boa") if c["kind"] != "limitbreak"]
    regs = [ps.register(db, ev, NAMES[p], f"Main Deck\n4 {card}\n") for p, card in zip(rs.PLAYERS, cards)]
    site = tmp_path / "site"
    result = publish(db, ev, regs, site, anonymous=True, tournament=rs.renamed(rs.whole(), NAMES))
    assert list(result.round_pages) == ["round-1.html", "round-2.html", "standings.html", "bracket.html"]
    for path in sorted(site.iterdir()):
        text = path.read_text(encoding="utf-8")
        assert [s for s in SECRETS if s in text] == [], path.name

    decks = json.loads((site / "decks.json").read_text(encoding="utf-8"))
    label = {r.player: next(d["player"] for d in decks if d["fingerprint"] == r.fingerprint) for r in regs}
    page = {r.player: next(d["page"] for d in decks if d["fingerprint"] == r.fingerprint) for r in regs}

    def shown(player: str) -> str:
        name = NAMES[player]
        return f'<a href="{page[name]}">{label[name]}</a>'

    two = (site / "round-2.html").read_text(encoding="utf-8")
    rows = re.findall(r"<tr>\n<td class=\"n\">(\d+)</td>\n<td[^>]*>(.*?)</td>", two)
    assert rows == [("1", shown("Dan")), ("2", shown("bo")), ("3", shown(rs.WIDE))]
    standings = (site / "standings.html").read_text(encoding="utf-8")
    ranked = re.findall(r'<tr><td class="n">(\d+)</td><td>(<a [^>]*>[^<]*</a>)', standings)
    assert ranked == [(str(s.rank), shown(s.player)) for s in rs.STANDINGS]
    bracket = (site / "bracket.html").read_text(encoding="utf-8")
    assert f'<p class="champion">Winner: {shown("Ann Lee")}</p>' in bracket


def test_tied_players_are_listed_by_their_labels(db, tmp_path):
    """Standings tied on rank come in the order of the labels, so no order of names shows through."""
    ev = ps.event("boa")
    cards = [c["name"] for c in ps.cards_of("boa") if c["kind"] != "limitbreak"]
    regs = [ps.register(db, ev, NAMES[p], f"Main Deck\n4 {card}\n") for p, card in zip(rs.PLAYERS, cards)]
    tied = tuple(replace(s, rank=1) for s in rs.STANDINGS)
    tournament = Tournament("Spring Open", 2, (rs.ROUND_1, rs.ROUND_2), tied)
    publish(db, ev, regs, tmp_path / "site", anonymous=True, tournament=rs.renamed(tournament, NAMES))
    standings = (tmp_path / "site" / "standings.html").read_text(encoding="utf-8")
    labels = re.findall(r'<tr><td class="n">1</td><td><a [^>]*>Player (\d+)</a>', standings)
    assert labels == ["1", "2", "3", "4", "5", "6"]
