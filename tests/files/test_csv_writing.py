"""The one CSV writer escapes every text cell a spreadsheet would run, the same in every CSV deckcli writes: a
decklist CSV export names a card exactly as a collection export does, and both read back."""

from __future__ import annotations

import csv
import io
import json

NAMES = ["=SUM(1)", "@Imp", "\uff0b1 Spark", "-Drain", "'Tis"]


def test_a_decklist_csv_and_a_collection_export_escape_a_card_name_alike(run, tmp_path):
    cards = [{"number": str(i), "name": name, "kind": "spell", "cost": 0, "spell_type": "basic", "text": "Deal 1."}
             for i, name in enumerate(NAMES, 1)]
    source = tmp_path / "set.json"
    source.write_text(json.dumps({"game": "boa", "set": {"code": "F1", "name": "Formulas"}, "cards": cards}),
                      encoding="utf-8")
    assert run("cards", "import", source).exit_code == 0
    assert run("deck", "new", "Sums", "--game", "boa").exit_code == 0
    for name in NAMES:
        assert run("deck", "add", "Sums", "--", name, "2").exit_code == 0
        assert run("collection", "add", "--", name, "2").exit_code == 0
    deck_csv = run("deck", "export", "Sums", "--to", "csv")
    assert deck_csv.exit_code == 0, deck_csv.output
    in_deck = {row["name"] for row in csv.DictReader(io.StringIO(deck_csv.stdout))}
    owned_csv = run("collection", "export")
    assert owned_csv.exit_code == 0, owned_csv.output
    owned = {row["name"] for row in csv.DictReader(io.StringIO(owned_csv.stdout))}
    assert in_deck == owned == {"'=SUM(1)", "'@Imp", "'\uff0b1 Spark", "'-Drain", "''Tis"}
    path = tmp_path / "deck.csv"
    path.write_text(deck_csv.stdout, encoding="utf-8")
    again = run("deck", "import", path, "--name", "Sums again")
    assert again.exit_code == 0, again.output
    shown = json.loads(run("deck", "show", "Sums again", "--json").stdout)
    assert sorted(c["name"] for c in shown["zones"]["main"]["cards"]) == sorted(NAMES)
