"""A card face shows what the card data says, through the game's data (summary fields, labels, text fields, the
back's title and colours), and holds a name or text with markup as text."""

from __future__ import annotations

import json

import paths  # tests/support/paths.py

from deckcli.cards.index import CardRef
from deckcli.play.faces import Back, card_face, game_back
from deckcli.play.tts import sheet_page


def _card(game: str, set_file: str, number: str) -> CardRef:
    doc = json.loads((paths.REPO / "carddb" / game / set_file).read_text(encoding="utf-8"))
    card = next(c for c in doc["cards"] if c["number"] == number)
    return CardRef(1, game, doc["set"]["code"], number, card["name"], card["kind"], card)


def test_each_games_face_shows_its_summary_fields_and_text():
    whelp = card_face(_card("boa", "sample.json", "001"))
    assert (whelp.name, whelp.cost, whelp.kind, whelp.printing) == ("Ember Whelp", "1", "monster", "S01 001")
    assert whelp.details == ("Fire", "Natural", "Dragon", "ATK 1", "HP 2")
    assert whelp.text == "A hatchling dragon that sneezes sparks whenever it gets excited."  # no rules text: its lore
    ren = card_face(_card("aqa", "sample.json", "001"))
    assert (ren.name, ren.translation) == ("覚醒者“神崎レン”", 'Awakened "Ren Kanzaki"')
    assert ren.details == ("E.G.O.", "ATK 3", "MP 2") and ren.text.startswith("このキャラクター")
    action = card_face(_card("sfb", "core.json", "C24-6"))
    assert (action.cost, action.details, action.text) == (None, ("Nevamor", "blue", "skill"), "")


def test_each_game_has_its_own_back_from_its_data():
    backs = {game: game_back(game) for game in ("boa", "aqa", "sfb")}
    assert backs["boa"] == Back("Battle of Aeons", "#7a1f12", "#f2c14e")
    assert len({b.background for b in backs.values()}) == 3
    assert card_face(_card("boa", "sample.json", "001")).frame == backs["boa"].background


def test_markup_in_a_name_or_text_stays_text_on_the_sheet_page():
    card = _card("boa", "sample.json", "001")
    card.fields.update(name="<img src=x onerror=alert(1)>", text="<script>alert(2)</script> & more")
    face = card_face(CardRef(1, "boa", "S01", "001", card.fields["name"], "monster", card.fields))
    page = sheet_page("<title>", [face], Back("<b>Back</b>", "#000000", "#ffffff"))
    assert "<img" not in page and "<script>" not in page and "<b>Back" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page and "&lt;script&gt;alert(2)&lt;/script&gt; &amp; more" in page
