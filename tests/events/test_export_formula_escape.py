"""Event exports and listings escape full-width and space-led formulas in player names, as every CSV does."""

from __future__ import annotations

import csv
import io

from event_decks import boa_deck, write_deck

PLAYERS = ["\uff1d1+1", "\u200b=HYPERLINK(1)", "\uff20SUM(A1)", "\uff0bcmd", "Plain Name"]


def _event(run, tmp_path):
    assert run("event", "new", "Cup", "--game", "boa", "--date", "2099-05-01").exit_code == 0
    for i, player in enumerate(PLAYERS):
        deck = write_deck(tmp_path, f"deck{i}", boa_deck(i), "text", f"Deck {i}", "boa")
        assert run("event", "register", "Cup", player, deck).exit_code == 0


def _escaped(player: str) -> str:
    return player if player == "Plain Name" else "'" + player


def test_event_export_csv_escapes_every_formula_spelling(run, tmp_path):
    _event(run, tmp_path)
    out = tmp_path / "cup.csv"
    result = run("event", "export", "Cup", "--to", "csv", "-o", out)
    assert result.exit_code == 0, result.output
    assert "Wrote 5 registrations of 'Cup'" in result.stderr
    players = {row["player"] for row in csv.DictReader(io.StringIO(out.read_text(encoding="utf-8")))}
    assert players == {_escaped(p) for p in PLAYERS}


def test_event_status_csv_escapes_them_too(run, tmp_path):
    _event(run, tmp_path)
    result = run("event", "status", "Cup", "--csv")
    assert result.exit_code == 0, result.output
    assert [row["player"] for row in csv.DictReader(io.StringIO(result.stdout))] == [_escaped(p) for p in PLAYERS]
