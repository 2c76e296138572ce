"""``deck show`` as text: every zone of the format (an empty one says so), the maybeboard apart and not counted,
the curve, the verdict with each problem on its own line, and the formats of the game the deck is legal in."""

from __future__ import annotations

import json


def test_an_empty_zone_the_maybeboard_and_each_problem(run, tmp_path):
    deck = tmp_path / "t.txt"
    deck.write_text("Name: T\nGame: boa\n4 Ember Whelp\nMaybeboard\n1 Fireball\n", encoding="utf-8")
    assert run("deck", "import", deck).exit_code == 0
    shown = run("deck", "show", "T")
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.endswith(
        "Main Deck (4, 50–60)\n  Monsters (4)\n      4  Ember Whelp  (S01 001)  — cost 1, Fire, Natural, Dragon, ATK 1, HP 2\n\n"
        "Limitbreak Deck (0, 0–20)\n    (empty)\n\nSide Deck (0, 0–20)\n    (empty)\n\n"
        "Maybeboard (1, not counted)\n      1  Fireball  (S01 083)  — cost 2, basic\n\n"
        "Cost curve (Main Deck)\n  1 | ████ 4\n\n"
        "Verdict: NOT legal under boa-standard (Battle of Aeons — Standard) — 1 problem:\n"
        "  - [main-size] Main Deck has 4 cards; boa-standard needs 50–60\n"
        "not in: boa-standard (main-size), boa-advanced (main-size)\n"
    )
    data = json.loads(run("deck", "show", "T", "--json").stdout)
    assert data["aside"] == {"maybe": {"label": "Maybeboard", "size": 1, "cards": [
        {"count": 1, "name": "Fireball", "set": "S01", "number": "083", "kind": "spell"}]}}
    assert data["zones"]["limitbreak"] == {"label": "Limitbreak Deck", "size": 0, "cards": []}
    assert data["formats"] == [{"format": "boa-standard", "legal": False, "rules": ["main-size"]},
                               {"format": "boa-advanced", "legal": False, "rules": ["main-size"]}]
