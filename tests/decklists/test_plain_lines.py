"""The fast path for plain ``N Name`` lines reads every line exactly as deckcli's full line rules do (the rules a
layout that overrides them keeps), whatever the mix of headers, comments, metadata, counts, markers and printings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from deckcli.decklists import lines
from deckcli.decklists.lines import Syntax, read_lines


class FullRules(Syntax):
    """deckcli's own rules, through an override: read_lines then takes no fast path."""

    def card(self, line: str, zone: str, number: int):
        return super().card(line, zone, number)


LINE = st.sampled_from([
    "4 Ember Whelp", "1 Worldbreaker", "12 x", "999 Fireball", "1000 Fireball", "0 Fireball", "-1 Fireball",
    "4x Ember Whelp", "4 x Ember Whelp", "4 X-Ray", "4 xeno", "4  Ember Whelp", "4\tEmber Whelp", "04 Ember Whelp",
    '4 "Quoted (S01) 001"', "4 Worldbreaker (S01) 050", "4 Name (with) parens", "4 Name\u3000wide", "4 Dash - name",
    "Main Deck", "Side Deck", "Champions", "Kilgore", "1 Kilgore", "2 Kilgore", "# comment", "// Sideboard", "",
    "Game: boa", "Name: Test", "Player: Aki", "Sideboard:", "Limitbreak Deck (2):", "٤ Ember Whelp", "4 Ember Whelp ",
    "  3 Ashen Titan", "Maybeboard", "5 Fireball", '4 Ember "Whelp"', "4 Name)",
])


def _read(text: str, syntax: Syntax):
    deck = read_lines(text, "d.txt", syntax)
    entries = [(e.zone, e.count, e.name, e.set_code, e.number, e.line, e.placed) for e in deck.entries]
    return entries, [(p.message, p.line) for p in deck.problems], deck.name, deck.game, deck.meta


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.lists(LINE, max_size=30), st.sampled_from(["\n", "\r\n"]))
def test_the_fast_path_reads_as_the_full_rules(chosen, newline):
    text = newline.join(chosen)
    assert _read(text, Syntax()) == _read(text, FullRules())


def test_a_plain_line_takes_the_fast_path(monkeypatch):
    """(So the property above compares two different paths.)"""
    calls, full = [], lines.card_entry
    monkeypatch.setattr(lines, "card_entry", lambda *args: calls.append(args[0]) or full(*args))
    deck = read_lines("Game: boa\n4 Ember Whelp\n2 Fireball\n3 Ashen Titan (S01) 070\n", None, Syntax())
    assert [(e.count, e.name) for e in deck.entries] == [(4, "Ember Whelp"), (2, "Fireball"), (3, "Ashen Titan")]
    assert calls == ["4 Ember Whelp", "3 Ashen Titan (S01) 070"]  # the first card line ends the metadata
