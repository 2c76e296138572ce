"""A card face shows what the card data says, through the game's data (summary fields, labels, the lines of rules
of face.rules, the back's title and colours), and holds a name or text with markup as text; every rules field of
every bundled card is on its face and in its Cockatrice text."""

from __future__ import annotations

import html
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
    assert ren.details == ("E.G.O.", "ATK 3", "MP 2")
    assert ren.text == "アイコン: ♂, 超能力者\nこのキャラクターがバトルに勝利した時、カードを1枚引く。"
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


def _bundled() -> list[tuple[str, dict]]:
    """Every bundled card of every game, with its game."""
    found = []
    for game_dir in sorted((paths.REPO / "carddb").iterdir()):
        for set_file in sorted(game_dir.glob("*.json")):
            if set_file.name != "game.json":
                doc = json.loads(set_file.read_text(encoding="utf-8"))
                found += [(game_dir.name, card) for card in doc["cards"]]
    return found


#: Fields naming a card, not ruling it (printed in their own places, or not at all).
NAMING = {"number", "name", "names", "aliases", "kind", "rarity", "artist"}


def _words(game_doc: dict) -> dict[str, dict[str, str]]:
    """A field path's words as the game's face.rules give them, read from game.json itself."""
    words = {}
    for rule in game_doc["face"].get("rules", []):
        words[rule["field"]] = rule.get("words", {})
        words.update({tag["field"]: tag["words"] for tag in rule.get("tags", [])})
    return words


def _expected(game_doc: dict, card: dict, prefix: str = "") -> list[str]:
    """The texts a card's rules fields must print: every field but the naming ones and the summary fields (shown
    as details), a list's items, a flag's word when it is set, a value's word where the game gives one."""
    words, texts = _words(game_doc), []
    for key, value in card.items():
        path = prefix + key
        if isinstance(value, dict):
            texts += _expected(game_doc, value, f"{path}.")
        elif path.split(".")[0] in NAMING or path in game_doc["summary_fields"]:
            continue
        elif isinstance(value, bool):
            texts += [words.get(path, {}).get("true", "yes")] if value else []
        elif isinstance(value, list):
            texts += [str(item) for item in value]
        else:
            texts.append(words.get(path, {}).get(str(value), str(value)))
    return texts


def test_every_rules_field_of_every_bundled_card_is_on_its_face_and_in_its_cockatrice_text(run):
    from lxml import etree

    games = {g: json.loads((paths.REPO / "carddb" / g / "game.json").read_text(encoding="utf-8"))
             for g in ("boa", "aqa", "sfb")}
    cockatrice = {}
    for game in games:
        root = etree.fromstring(run("cards", "export", "--game", game, "--to", "cockatrice").stdout_bytes)
        cockatrice[game] = {card.findtext("name"): card.findtext("text") or "" for card in root.iter("card")}
    missing, with_rules = [], {game: 0 for game in games}
    for game, card in _bundled():
        face = card_face(CardRef(1, game, "S", card["number"], card["name"], card["kind"], card))
        expected = _expected(games[game], card)
        with_rules[game] += bool(expected)
        page = html.unescape(sheet_page("t", [face], game_back(game)))  # the text the page shows
        for text in expected:
            for where, shown in (("face", face.text), ("page", page), ("cockatrice", cockatrice[game][card["name"]])):
                if text not in shown:
                    missing.append((game, card["name"], where, text))
    assert missing == []
    assert with_rules["boa"] == 112 and with_rules["aqa"] > 0 and with_rules["sfb"] > 0


def test_a_face_lays_out_rules_as_the_card_prints_them():
    wyrm = card_face(_card("boa", "sample.json", "006"))  # an active ability with the Special symbol
    assert wyrm.text == "Active · Special: Pay 2 Points: deal 2 damage to every monster in your opponent's front row." \
        " You can use this during either player's turn."
    titan = card_face(_card("boa", "sample.json", "067"))  # a Limitbreak monster: its offering, then its ability
    assert titan.text.splitlines() == [
        "Offering: Send 2 Fire monsters from your field to oblivion",
        "Passive: When this monster is summoned, deal 2 damage to every monster on your opponent's field.",
    ]
    page = sheet_page("t", [titan], game_back("boa"))
    assert '<p class="rule"><b>Offering:</b> Send 2 Fire monsters' in page
    blast = card_face(_card("aqa", "sample.json", "052"))  # a break: its required factor
    assert blast.text.splitlines()[0] == "必要ファクター: E.G.O., E.G.O."
    kilgore = card_face(_card("sfb", "core.json", "C01"))  # a champion: levelled HP beside its HP
    assert kilgore.details == ("HP 7", "armour 1") and kilgore.text == "Levelled HP: 8"
