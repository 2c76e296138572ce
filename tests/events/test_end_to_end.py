"""The tournament day of issue 13 end to end: a 16-player boa event and an 8-player sfb event, decklists in mixed
layouts, two illegal decks, a re-registration before the start, a failed deck check, one side exchange per round,
then status and export, every figure asserted. (The `tournament` fixture is in tests/events/conftest.py.)"""

from __future__ import annotations

import csv
import io
import json
import os
from collections import Counter

from backends import sql_rows
from deckcli.files.jsontext import json_value
from event_world import (
    BOA_EVENT,
    BOA_ILLEGAL,
    BOA_PLAYERS,
    FAILED_CHECK,
    PASSED_CHECK,
    REREGISTERED,
    SFB_EVENT,
    SFB_ILLEGAL,
    SFB_PLAYERS,
    SIDE_PLAYERS,
    json_of,
)


def _by_player(rows):
    return {r["player"]: r for r in rows}


def test_registration_of_both_events(tournament):
    t = tournament
    assert t.results["new boa"].exit_code == 0 and t.results["new sfb"].exit_code == 0
    assert "Created event 'Aeons Open <2099>' (boa, boa-standard, 2099-06-01)." in t.results["new boa"].stdout
    assert set(t.layouts.values()) == {"text", "json", "csv", "code", "cod", "arena", "mtgo", "mws", "forum"}

    imported = t.results["import boa"]
    assert imported.exit_code == 1  # one illegal deck is registered, flagged
    rows = _by_player(json_of(imported))
    assert sorted(rows) == sorted(BOA_PLAYERS)
    assert [p for p, r in rows.items() if not r["legal"]] == [BOA_ILLEGAL]
    assert rows[BOA_ILLEGAL]["problems"] == ["copy-limit"]
    assert "Registered 16 decklists for 'Aeons Open <2099>' (1 not legal)." in imported.stderr

    sfb = t.results["import sfb"]
    assert sfb.exit_code == 1
    rows = _by_player(json_of(sfb))
    assert sorted(rows) == sorted(SFB_PLAYERS)
    assert {p: r["player_id"] for p, r in rows.items()} == {p: f"ID-{100 + j}" for j, p in enumerate(SFB_PLAYERS)}
    assert [p for p, r in rows.items() if not r["legal"]] == [SFB_ILLEGAL]
    assert rows[SFB_ILLEGAL]["problems"] == ["deck-size", "champion-count"]
    assert "Registered 8 decklists for 'Brawl Night & Friends' (1 not legal)." in sfb.stderr


def test_re_registration_before_the_start_keeps_history_and_is_refused_after(tournament, db):
    t = tournament
    first = _by_player(json_of(t.results["import boa"]))[REREGISTERED]
    again = json_of(t.results["replace"])
    assert t.results["replace"].exit_code == 0 and again["replaced"] is True
    assert again["player"] == REREGISTERED  # typed in capitals, kept as first registered
    assert again["deck"] == "Dmitri v2" and again["fingerprint"] != first["fingerprint"]
    refused = t.results["replace after start"]
    assert refused.exit_code == 1
    assert "event 'Aeons Open <2099>' has started (since " in refused.stderr
    assert "a registered decklist cannot be replaced any more" in refused.stderr
    history = sql_rows(db, "SELECT deck, fingerprint, superseded_at IS NULL FROM registration r JOIN event e"
                       " ON e.id = r.event_id WHERE e.name = :event AND r.player = :player ORDER BY r.id",
                       {"event": BOA_EVENT, "player": REREGISTERED})
    assert history == [(REREGISTERED, first["fingerprint"], 0), ("Dmitri v2", again["fingerprint"], 1)]
    counts = sql_rows(db, "SELECT (SELECT count(*) FROM registration), (SELECT count(*) FROM registration WHERE"
                      " superseded_at IS NULL), (SELECT count(*) FROM deck_check),"
                      " (SELECT count(*) FROM side_exchange)")[0]
    assert counts == (16 + 1 + 8, 16 + 8, 2, 3)


def test_deck_checks_one_passing_one_failing(tournament, db):
    t = tournament
    passed = json_of(t.results["check passed"])
    assert t.results["check passed"].exit_code == 0 and passed["passed"] is True and passed["differences"] == []
    assert passed["presented_fingerprint"] == passed["registered_fingerprint"]
    failed = t.results["check failed"]
    assert failed.exit_code == 1
    result = json_of(failed)
    assert result["player"] == FAILED_CHECK and result["passed"] is False
    missing, extra = t.decks[BOA_EVENT][FAILED_CHECK][1][2], t.decks[BOA_EVENT][PASSED_CHECK][5][2]
    assert result["differences"] == sorted([
        {"zone": "main", "card": missing, "registered": 4, "presented": 3, "verdict": "too few"},
        {"zone": "main", "card": extra, "registered": 0, "presented": 1, "verdict": "not registered"},
    ], key=lambda r: r["card"].casefold())
    stored = sql_rows(db, "SELECT r.player, c.passed, c.result FROM deck_check c"
                      " JOIN registration r ON r.id = c.registration_id ORDER BY c.id")
    assert [(p, ok) for p, ok, _ in stored] == [(PASSED_CHECK, 1), (FAILED_CHECK, 0)]
    assert json_value(stored[1][2])["differences"] == result["differences"]


def test_one_side_exchange_per_round(tournament, db):
    t = tournament
    for round_no, player in SIDE_PLAYERS.items():
        result = t.results[f"side {round_no}"]
        assert result.exit_code == 0, result.output
        assert json_of(result) | {"at": None} == {"event": BOA_EVENT, "player": player, "round": round_no,
                                                   "legal": True, "at": None, "problems": [], "stored": True}
    rows = sql_rows(db, "SELECT s.round, r.player, s.legal, s.superseded_at FROM side_exchange s JOIN registration r"
                    " ON r.id = s.registration_id ORDER BY s.round")
    assert rows == [(n, p, 1, None) for n, p in SIDE_PLAYERS.items()]


def test_status_of_both_events(tournament):
    t = tournament
    for players, illegal, result in ((BOA_PLAYERS, BOA_ILLEGAL, t.results["status boa"]),
                                     (SFB_PLAYERS, SFB_ILLEGAL, t.results["status sfb"])):
        assert result.exit_code == 1  # a registered deck is illegal
        rows = json_of(result)
        assert len(rows) == len(players) and sorted(r["player"] for r in rows) == sorted(players)
        assert all(set(r) == {"player", "player_id", "deck", "legal", "problems", "fingerprint", "registered_at", "late"}
                   for r in rows)
        assert [r["player"] for r in rows if not r["legal"]] == [illegal]
        assert all(r["problems"] == [] for r in rows if r["legal"])
        assert len({r["fingerprint"] for r in rows}) == len(players)
    receipts = {**_by_player(json_of(t.results["import boa"])), **_by_player(json_of(t.results["import sfb"]))}
    receipts[REREGISTERED] = json_of(t.results["replace"])
    now = {**_by_player(json_of(t.results["status boa"])), **_by_player(json_of(t.results["status sfb"]))}
    assert {p: r["fingerprint"] for p, r in now.items()} == {p: r["fingerprint"] for p, r in receipts.items()}
    assert json_of(t.results["status boa"])[-1]["player"] == REREGISTERED  # the latest registration comes last


def test_event_list_counts(tournament):
    listed = {e["name"]: e for e in json_of(tournament.results["list"])}
    assert {n: (e["players"], e["legal"], e["illegal"], e["rounds"], e["date"]) for n, e in listed.items()} == {
        BOA_EVENT: (16, 15, 1, 3, "2099-06-01"), SFB_EVENT: (8, 7, 1, None, "2099-06-02")}
    assert listed[BOA_EVENT]["started"] is not None and listed[SFB_EVENT]["started"] is None


def test_export_json_holds_every_registered_card(tournament):
    t = tournament
    assert t.results["export boa json"].exit_code == 0
    data = json_of(t.results["export boa json"])
    assert data["event"]["name"] == BOA_EVENT and data["event"]["rounds"] == 3
    regs = _by_player(data["registrations"])
    assert sorted(regs) == sorted(BOA_PLAYERS)
    for player, deck in t.decks[BOA_EVENT].items():
        zones = regs[player]["zones"]
        got = Counter({(z, c["name"]): c["count"] for z, cards in zones.items() for c in cards})
        assert got == Counter({(z, name): n for z, n, name, _, _ in deck}), player
        assert all(c["set"] == "S01" and c["number"] for cards in zones.values() for c in cards)
    sizes = {p: {z: sum(c["count"] for c in cards) for z, cards in r["zones"].items()} for p, r in regs.items()}
    assert sizes[BOA_ILLEGAL] == {"main": 53, "limitbreak": 6, "side": 6}
    assert sizes[REREGISTERED] == {"main": 52, "limitbreak": 6, "side": 5}
    assert all(s == {"main": 52, "limitbreak": 6, "side": 6} for p, s in sizes.items()
               if p not in (BOA_ILLEGAL, REREGISTERED))
    assert regs[BOA_ILLEGAL]["problems"][0]["rule"] == "copy-limit"
    assert "5 copies of" in regs[BOA_ILLEGAL]["problems"][0]["message"]


def test_export_csv_one_row_per_card_with_formulas_inert(tournament):
    t = tournament
    assert t.results["export sfb csv"].exit_code == 0
    assert "Wrote 8 registrations of 'Brawl Night & Friends'" in t.results["export sfb csv"].stderr
    text = (t.root / "sfb.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0]) == ["player", "player_id", "deck", "legal", "fingerprint", "late", "zone", "count", "card",
                             "set", "number"]
    assert len(rows) == 7 * 18 + 12  # every action card of each team: 3 champions x 6, the illegal team 2 x 6
    assert {r["zone"] for r in rows} == {"main"} and {r["count"] for r in rows} == {"1"}
    per_player = Counter(r["player"] for r in rows)
    assert per_player["'=SUM(1)"] == 18 and "=SUM(1)" not in per_player  # the formula stays text
    assert per_player["<script>alert('x')</script>"] == 18
    assert per_player["Tariq Aziz"] == 12 and {r["legal"] for r in rows if r["player"] == "Tariq Aziz"} == {"no"}
    assert all(r["set"] == "CORE" and r["number"] for r in rows)


def test_a_registered_list_cannot_change_afterwards(tournament, run):
    """The stored copy's fingerprint is the receipt printed at registration, and the original file passes a check."""
    t = tournament
    receipts = _by_player(json_of(t.results["import boa"]))
    folder = t.root / "boa-decklists"
    for player in (p for p in BOA_PLAYERS if p != REREGISTERED):
        original = next(f for f in folder.iterdir() if f.stem == player)
        checked = run("event", "check", BOA_EVENT, player, original, "--json")
        assert checked.exit_code == 0, (player, checked.output)
        assert json_of(checked)["registered_fingerprint"] == receipts[player]["fingerprint"]
        assert json_of(checked)["presented_fingerprint"] == receipts[player]["fingerprint"]


def test_the_stored_copy_hashes_to_the_receipt(tournament, db):
    """The fingerprint is computed again from the locked copy in the database, not read from its column."""
    from deckcli.events.fingerprint import fingerprint
    from deckcli.events.locked import locked_decklist

    t = tournament
    receipts = {**_by_player(json_of(t.results["import boa"])), **_by_player(json_of(t.results["import sfb"]))}
    receipts[REREGISTERED] = json_of(t.results["replace"])
    stored = sql_rows(db, "SELECT player, decklist FROM registration WHERE superseded_at IS NULL")
    assert len(stored) == 24
    for player, data in stored:
        assert fingerprint(locked_decklist(json_value(data))) == receipts[player]["fingerprint"], player


def test_sheets_and_the_published_site_of_the_day(tournament, run, tmp_path):
    """event sheet and event publish over both events: a sheet per player with every card, the site's rows equal to
    event status --json plus each deck's cards, names inert in HTML and CSV, and (with Chromium) one A4 page each.
    An sfb team is registered as its champions' action cards; the champions head the sheet and the deck's page."""
    import shutil

    from markupsafe import escape

    import browser  # tests/support/browser.py

    t = tournament
    for event, players in ((BOA_EVENT, BOA_PLAYERS), (SFB_EVENT, SFB_PLAYERS)):
        site = tmp_path / f"site-{len(players)}"
        published = run("event", "publish", event, "-o", site)
        assert published.exit_code == 0, published.output
        assert published.stdout == (f"Published {len(players)} decks of {event!r} to {site}: index.html, "
                                    f"{len(players)} deck pages, decks.json, decks.csv.\n")
        rows = {r["player"]: r for r in json.loads((site / "decks.json").read_text(encoding="utf-8"))}
        status = json_of(t.results["status boa" if event == BOA_EVENT else "status sfb"])
        assert [{k: rows[r["player"]][k] for k in r} for r in status] == status
        assert list(rows) == [r["player"] for r in status]
        for player, deck in t.decks[event].items():
            row, named = rows[player], Counter({(z, name): n for z, n, name, _, _ in deck})
            if event == BOA_EVENT:
                assert Counter({(c["zone"], c["name"]): c["count"] for c in row["cards"]}) == named
            else:  # the champions' six actions each, and the champions as the deck's group
                assert row["group"] == sorted(name for _, name in named)
                assert sum(c["count"] for c in row["cards"]) == 6 * len(named) and len(row["cards"]) == 6 * len(named)
            assert (site / row["page"]).is_file()
        index = (site / "index.html").read_text(encoding="utf-8")
        assert all(f">{escape(p)}</a>" in index for p in players) and "<script" not in index and "<img" not in index
        cells = {line[0] for line in csv.reader(io.StringIO((site / "decks.csv").read_text(encoding="utf-8")))}
        assert "=SUM(1)" not in cells and ("'=SUM(1)" in cells) == (event == SFB_EVENT)

        sheets = run("event", "sheet", event, "-o", tmp_path / "sheets.html")
        assert sheets.exit_code == 0, sheets.output
        assert f"Wrote {len(players)} registration sheets of {event!r} to" in sheets.stderr
        html = (tmp_path / "sheets.html").read_text(encoding="utf-8")
        pages = html.split('<section class="sheet"')[1:]
        assert len(pages) == len(players) and "<script" not in html and "<img" not in html
        for player, row in rows.items():
            [page] = [p for p in pages if f"<dt>Player</dt><dd>{escape(player)}</dd>" in p]
            assert all(f'<span class="name">{escape(c["name"])}</span>' in page for c in row["cards"]), player
            assert f"<dd>{escape(' / '.join(row['group']))}</dd>" in page and row["fingerprint"] in page

    if shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome") or os.environ.get("CI"):
        browser.chromium()
        pdf = run("event", "sheet", BOA_EVENT, "-o", tmp_path / "boa.pdf")
        assert pdf.exit_code == 0, pdf.output
        assert [browser.is_a4(size) for size in browser.pdf_pages(tmp_path / "boa.pdf")] == [True] * 16
