"""The published site: index, one page per deck, decks.json and decks.csv; the metagame and the key opening-hand
figures against exact values worked out here; markup and formulas stay inert; nothing is fetched from outside."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
from fractions import Fraction
from math import comb

import browser  # tests/support/browser.py
import pages_support as ps
import paths  # tests/support/paths.py
from deckcli.events.site import publish
from deckcli.events.slugs import slug, unique_slugs

EXAMPLES = paths.EXAMPLES
EVIL, FORMULA = "<script>alert(1)</script>", "=SUM(1)"


def _example(name: str) -> str:
    return (EXAMPLES / name).read_text(encoding="utf-8")


def _boa_event(db):
    ev = ps.event("boa")
    regs = [ps.register(db, ev, EVIL, _example("ember-rush.txt"), player_id="+1", deck=FORMULA),
            ps.register(db, ev, "Ann Lee", _example("ember-rush.txt"), player_id="A-1"),
            ps.register(db, ev, "ann lee!", ps.biggest_boa_deck(), player_id="A-2"),
            ps.register(db, ev, "Bo", "Main Deck\n4 Ember Whelp\n2 Not A Real Card\n", player_id="B-1")]
    return ev, regs


def test_every_file_is_written_and_names_stay_inert(db, tmp_path):
    ev, regs = _boa_event(db)
    result = publish(db, ev, regs, tmp_path / "site")
    assert result.files == ("index.html", "deck-script-alert-1-script.html", "deck-ann-lee.html", "deck-ann-lee-2.html",
                            "deck-bo.html", "decks.json", "decks.csv")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    for name in result.files:
        text = (tmp_path / "site" / name).read_text(encoding="utf-8")
        assert browser.external_references(text) == [], name
        if name.endswith(".html"):
            assert "<script" not in text and "<link" not in text and "<img" not in text, name
    assert '<a href="deck-script-alert-1-script.html">&lt;script&gt;alert(1)&lt;/script&gt;</a>' in index
    assert "<td>=SUM(1)</td>" in index
    page = (tmp_path / "site" / "deck-script-alert-1-script.html").read_text(encoding="utf-8")
    assert "<title>=SUM(1) — &lt;script&gt;alert(1)&lt;/script&gt; — Spring Open</title>" in page

    rows = list(csv.DictReader(io.StringIO((tmp_path / "site" / "decks.csv").read_text(encoding="utf-8"))))
    evil = [r for r in rows if r["player"] == EVIL]
    assert evil and {r["deck"] for r in evil} == {"'=SUM(1)"} and {r["player_id"] for r in evil} == {"'+1"}
    assert len(evil) == 22 and sum(int(r["count"]) for r in evil) == 65  # one row per card line


def test_decks_json_has_the_status_rows_and_the_cards(db, tmp_path):
    tmp_path = tmp_path / "site"  # (the data folder is in tmp_path: a site needs a folder of its own)
    ev, regs = _boa_event(db)
    publish(db, ev, regs, tmp_path)
    rows = json.loads((tmp_path / "decks.json").read_text(encoding="utf-8"))
    assert [{k: r[k] for k in ("player", "player_id", "deck", "legal", "problems", "fingerprint")} for r in rows] == [
        {"player": EVIL, "player_id": "+1", "deck": FORMULA, "legal": True, "problems": [], "fingerprint": regs[0].fingerprint},
        {"player": "Ann Lee", "player_id": "A-1", "deck": "Ember Rush", "legal": True, "problems": [],
         "fingerprint": regs[1].fingerprint},
        {"player": "ann lee!", "player_id": "A-2", "deck": "Everything Once", "legal": True, "problems": [],
         "fingerprint": regs[2].fingerprint},
        {"player": "Bo", "player_id": "B-1", "deck": "Bo", "legal": False, "problems": ["unknown-card", "main-size"],
         "fingerprint": regs[3].fingerprint},
    ]
    assert rows[1]["page"] == "deck-ann-lee.html" and rows[2]["page"] == "deck-ann-lee-2.html"
    assert {"zone": "main", "count": 1, "name": "Worldbreaker", "set": "S01", "number": "050"} in rows[1]["cards"]
    assert {"zone": "main", "count": 2, "name": "Not A Real Card", "set": None, "number": None} in rows[3]["cards"]
    assert sum(c["count"] for c in rows[2]["cards"]) == 100
    assert rows[1]["group"] == ["Fire", "Lightning"]


def _fraction(p: float) -> Fraction:
    return Fraction(p).limit_denominator(10**12)


def _key_figure(rows, player):
    return next(r for r in rows if r["player"] == player)["opening_hand"]


def test_boa_key_figure_is_the_exact_hypergeometric_chance(db, tmp_path):
    tmp_path = tmp_path / "site"  # (the data folder is in tmp_path: a site needs a folder of its own)
    ev, regs = _boa_event(db)
    publish(db, ev, regs[1:2], tmp_path)
    cards = {c["name"]: c for c in ps.cards_of("boa")}
    deck = [(cards[e.name], e.count) for e in regs[1].decklist.entries if e.zone == "main"]
    size, good = sum(n for _, n in deck), sum(n for c, n in deck if c["kind"] == "monster" and c["cost"] <= 2)
    assert (size, good) == (51, 20)
    miss = Fraction(comb(size - good, 6), comb(size, 6))
    figure = _key_figure(json.loads((tmp_path / "decks.json").read_text(encoding="utf-8")), "Ann Lee")
    assert figure["hand_size"] == 6 and figure["conditions"] == ["1+ kind=monster,cost<=2"]
    assert abs(figure["p_opening"] - float(1 - miss)) < 1e-12
    assert abs(figure["p_with_mulligan"] - float(1 - miss * miss)) < 1e-12  # one full redraw
    page = (tmp_path / "deck-ann-lee.html").read_text(encoding="utf-8")
    assert f"<strong>{100 * float(1 - miss):.2f}%</strong>" in page
    assert "<th>cost</th>" in page and page.count("<rect ") == 10  # cost 0..9, one bar each


def test_aqa_and_sfb_figures_and_groups(db, tmp_path):
    aqa = ps.event("aqa")
    publish(db, aqa, [ps.register(db, aqa, "Rin", _example("wizdom-standard.txt"))], tmp_path / "aqa")
    [row] = json.loads((tmp_path / "aqa" / "decks.json").read_text(encoding="utf-8"))
    characters = sum(e.count for e in row_entries(db, aqa, "wizdom-standard.txt") if e.kind == "character")
    miss = Fraction(comb(40 - characters, 7), comb(40, 7))
    assert row["group"] == ["WIZ-DOM"] and characters == 24
    assert abs(row["opening_hand"]["p_opening"] - float(1 - miss)) < 1e-12
    assert abs(row["opening_hand"]["p_with_mulligan"] - float(1 - miss * miss)) < 1e-12  # going second: one redraw

    sfb = ps.event("sfb")
    publish(db, sfb, [ps.register(db, sfb, "Kai", _example("team-shadows.txt"))], tmp_path / "sfb")
    [row] = json.loads((tmp_path / "sfb" / "decks.json").read_text(encoding="utf-8"))
    assert row["group"] == ["Gwaien", "Kilgore", "Lil'Y"]
    # all three colours in 5 cards from 6 red, 6 yellow, 6 blue: inclusion-exclusion over the missing colours
    all_three = 1 - Fraction(3 * comb(12, 5) - 3 * comb(6, 5), comb(18, 5))
    assert abs(row["opening_hand"]["p_opening"] - float(all_three)) < 1e-12
    assert row["opening_hand"]["p_with_mulligan"] > row["opening_hand"]["p_opening"]
    index = (tmp_path / "sfb" / "index.html").read_text(encoding="utf-8")
    assert "Metagame: Champions" in index and "<td>Gwaien / Kilgore / Lil&#39;Y</td>" in index


def row_entries(db, ev, example):
    """The resolved main-deck cards of an example decklist (each with its kind)."""
    from deckcli.legality.resolve import Resolver

    deck = Resolver(db).resolve(ps.register(db, ev, "x", _example(example)).decklist, ev.format, ev.game)
    return [dataclasses.make_dataclass("E", ["count", "kind"])(n, ref.kind) for ref, n in deck.zone_cards("main")]


def test_the_index_sums_up_the_metagame_and_the_most_played_cards(db, tmp_path):
    tmp_path = tmp_path / "site"  # (the data folder is in tmp_path: a site needs a folder of its own)
    ev, regs = _boa_event(db)
    publish(db, ev, regs, tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "4 decks, 3 legal" in index
    # groups: two Ember Rush (Fire / Lightning), the 60-card spread (no element at 25%: its most common, Fire), Bo (Fire)
    assert re.search(r"<tr><td>Fire</td><td class=\"n\">4</td><td class=\"n\">100.0%</td></tr>", index)
    assert re.search(r"<tr><td>Lightning</td><td class=\"n\">2</td><td class=\"n\">50.0%</td></tr>", index)
    assert re.search(r"<tr><td>Fire / Lightning</td><td class=\"n\">2</td><td class=\"n\">50.0%</td></tr>", index)
    # Ember Whelp: 4 + 4 + 1 + 4 copies in all four decks; an unknown card is never a most-played card
    assert re.search(r"<tr><td>Ember Whelp</td><td class=\"n\">13</td><td class=\"n\">100.0%</td></tr>", index)
    assert "Not A Real Card" not in index.split('id="cards"')[1]
    charts = re.findall(r"<svg class=\"chart\".*?</svg>", index, re.S)
    assert len(charts) == 3 and [c.count("<rect ") for c in charts[:2]] == [2, 2]
    widths = [float(w) for w in re.findall(r'<rect x="180" y="\d+" width="([\d.]+)"', charts[0])]
    assert widths[0] == 300 and widths[1] == 150  # bars in proportion: 4 decks against 2


def test_anonymous_names_no_player(db, tmp_path):
    tmp_path = tmp_path / "site"  # (the data folder is in tmp_path: a site needs a folder of its own)
    ev, regs = _boa_event(db)
    result = publish(db, ev, regs, tmp_path, anonymous=True)
    assert sorted(result.files[1:5]) == ["deck-player-1.html", "deck-player-2.html", "deck-player-3.html",
                                         "deck-player-4.html"]
    for name in result.files:
        text = (tmp_path / name).read_text(encoding="utf-8")
        for secret in ("Ann Lee", "ann lee", "script", "A-1", "A-2", "B-1"):
            assert secret not in text, (name, secret)
    rows = json.loads((tmp_path / "decks.json").read_text(encoding="utf-8"))
    assert [r["player"] for r in rows] == ["Player 1", "Player 2", "Player 3", "Player 4"]  # not in registration order
    assert [r["fingerprint"] for r in rows] == sorted(r.fingerprint for r in regs)
    assert {r["player_id"] for r in rows} == {None} and {r["registered_at"] for r in rows} == {None}


def test_a_game_without_event_data_gets_no_metagame_and_no_figure(db, tmp_path, monkeypatch):
    tmp_path = tmp_path / "site"  # (the data folder is in tmp_path: a site needs a folder of its own)
    from deckcli.games import registry

    games = {code: dataclasses.replace(g, event={}) for code, g in registry.games().items()}
    monkeypatch.setattr(registry, "games", lambda: games)
    ev, regs = _boa_event(db)
    publish(db, ev, regs, tmp_path)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    assert "Metagame" not in index and "Most-played cards" in index
    assert "Opening hand" not in (tmp_path / "deck-ann-lee.html").read_text(encoding="utf-8")
    rows = json.loads((tmp_path / "decks.json").read_text(encoding="utf-8"))
    assert {r["opening_hand"] for r in rows} == {None} and {tuple(r["group"]) for r in rows} == {()}


def test_slugs_are_safe_and_unique():
    assert slug("Renée O'Brien") == "renee-o-brien" and slug("神崎レン") == "player" and slug("../../etc") == "etc"
    assert unique_slugs(["Ann Lee", "ann-lee", "ANN LEE", "ann-lee-2", "神崎", "山田"]) == [
        "ann-lee", "ann-lee-2", "ann-lee-3", "ann-lee-2-2", "player", "player-2"]
    assert len(slug("x" * 500)) == 48


def test_publishing_again_removes_only_the_pages_of_players_gone(db, tmp_path):
    tmp_path = tmp_path / "site"
    ev, regs = _boa_event(db)
    publish(db, ev, regs, tmp_path)
    publish(db, ev, regs[1:3], tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        ".deckcli-site.json", "deck-ann-lee-2.html", "deck-ann-lee.html", "decks.csv", "decks.json", "index.html"]
    assert not [p for p in tmp_path.parent.iterdir() if "deckcli-" in p.name and p.name != "deckcli-data"]


def test_an_event_with_no_registrations_publishes_an_empty_site(db, tmp_path):
    result = publish(db, ps.event("sfb"), [], tmp_path / "site")
    assert result.files == ("index.html", "decks.json", "decks.csv") and result.decks == 0
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "0 decks, 0 legal" in index and "sfb-standard" in index
    assert json.loads((tmp_path / "site" / "decks.json").read_text(encoding="utf-8")) == []
    assert (tmp_path / "site" / "decks.csv").read_text(encoding="utf-8").splitlines() == [",".join(
        ["player", "player_id", "deck", "legal", "problems", "fingerprint", "registered_at", "late", "zone", "count",
         "name", "set", "number"])]
