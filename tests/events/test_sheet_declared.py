"""A registration sheet shows what the decklist declares for its game's name-level rule (an aqa-yome deck's
``Ne-mu``, the key spelled as the game's data spells it), beside the other facts a judge checks; a deck that
declares nothing gets no such line. Counts on the sheet agree with their noun ("1 card")."""

from __future__ import annotations

import re

import pages_support as ps
import paths  # tests/support/paths.py
from deckcli.events.sheets import sheets_html


def _facts(html: str) -> list[list[tuple[str, str]]]:
    """Each sheet's (label, value) facts, in order."""
    return [re.findall(r"<dt>([^<]*)</dt><dd[^>]*>([^<]*)</dd>", page) for page in html.split('<section class="sheet"')[1:]]


def test_the_yome_sheet_shows_the_declared_nemu(db):
    ev = ps.event("aqa", fmt="aqa-yome")
    declared = ps.register(db, ev, "Rin", (paths.EXAMPLES / "angels-yome.txt").read_text(encoding="utf-8"))
    plain = ps.register(db, ev, "Kai", (paths.EXAMPLES / "wizdom-standard.txt").read_text(encoding="utf-8"))
    yome, other = _facts(sheets_html(db, ev, [declared, plain]))
    assert ("Ne-mu", "天羽つかさ") in yome and yome[-1] == ("Ne-mu", "天羽つかさ")
    assert all(label != "Ne-mu" for label, _ in other)


def test_a_key_written_another_way_is_shown_as_the_games_data_spells_it(db):
    ev = ps.event("aqa", fmt="aqa-yome")
    text = (paths.EXAMPLES / "angels-yome.txt").read_text(encoding="utf-8").replace("Ne-mu: ", "ネーム: ")
    (facts,) = _facts(sheets_html(db, ev, [ps.register(db, ev, "Rin", text)]))
    assert facts[-1] == ("Ne-mu", "天羽つかさ")


def test_a_one_card_sheet_says_one_card(db):
    ev = ps.event("boa")
    html = sheets_html(db, ev, [ps.register(db, ev, "Sam", "Main Deck\n1 Ember Whelp\n")])
    assert "· 1 card</p>" in html and "1 cards" not in html
