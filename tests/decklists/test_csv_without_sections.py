"""A decklist CSV with no section column (a Deckbox deck export) is a list without sections: a card the main deck
does not hold goes where its kind goes, with a note; a row whose section names the main deck keeps it there."""

from __future__ import annotations

import json

from deck_support import stored

DECKBOX = "Count,Tradelist Count,Name,Edition,Edition Code,Card Number,Condition,Language,Foil\r\n"


def _csv(tmp_path, rows):
    path = tmp_path / "deck.csv"
    path.write_text(DECKBOX + "".join(f"{n},0,{name},,S01,,Near Mint,English,\r\n" for n, name in rows))
    return path


def test_a_limitbreak_monster_in_a_csv_without_sections_goes_to_the_limitbreak_deck(run, db, tmp_path):
    path = _csv(tmp_path, [(4, "Ember Whelp"), (2, "Ashen Titan")])
    (report,) = json.loads(run("validate", path, "--json").stdout)
    assert report["notes"] == ["2 Limitbreak monsters moved to the Limitbreak Deck"]
    assert [p["rule"] for p in report["problems"]] == ["main-size"]
    result = run("deck", "import", path, "--name", "Whelps")
    assert result.exit_code == 0, result.output
    assert "Imported deck 'Whelps' (boa, boa-standard): main 4, limitbreak 2." in result.stdout
    assert "Note: 2 Limitbreak monsters moved to the Limitbreak Deck." in result.stderr
    assert stored(db, "Whelps")["cards"] == {("main", "S01", "001"): 4, ("limitbreak", "S01", "067"): 2}


def test_a_csv_row_naming_the_main_deck_keeps_its_card_there(run, tmp_path):
    path = tmp_path / "deck.csv"
    path.write_text("section,count,name\nmain,4,Ember Whelp\nmain,2,Ashen Titan\n", encoding="utf-8")
    (report,) = json.loads(run("validate", path, "--json").stdout)
    assert "notes" not in report
    assert ("zone-kind", "'Ashen Titan' is a limitbreak card; the Main Deck holds only monster and spell cards") in [
        (p["rule"], p["message"]) for p in report["problems"]]
