"""Tables laid out without tabulate print exactly what tabulate prints (``simple`` with headers, ``plain``
without), and tables this module cannot be sure of go to tabulate itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from deckcli.cli.tables import _layout, table

_CHARS = st.sampled_from(list("aZ09 -_.:;,'()/+*#%&!?") + list("天使のつかさネーム・ー火竜ＡＢ１") + ["é", "—", "…", "★"])
_TEXT = st.text(alphabet=_CHARS, max_size=12)
#: Cells of several lines too (a header never has one).
_CELL_TEXT = st.text(alphabet=st.one_of(_CHARS, st.just("\n")), max_size=12)
_CELL = st.one_of(_CELL_TEXT, st.integers(min_value=-10**6, max_value=10**9), st.sampled_from(["001", "1.5", "", "inf"]))


def _reference(rows, headers, numparse):
    if headers is None:
        return tabulate(rows, tablefmt="plain", disable_numparse=not numparse)
    return tabulate(rows, headers=headers, disable_numparse=not numparse)


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=1, max_value=4).flatmap(
    lambda n: st.tuples(st.lists(st.lists(_CELL, min_size=n, max_size=n), min_size=1, max_size=6),
                        st.one_of(st.none(), st.lists(st.text(alphabet=_CHARS, min_size=1, max_size=8).map(str.strip)
                                                      .filter(bool), min_size=n, max_size=n)),
                        st.booleans())))
def test_the_same_text_as_tabulate(case):
    rows, headers, numparse = case
    assert table(rows, headers, numparse) == _reference(rows, headers, numparse)


def test_common_tables_are_laid_out_here():
    rows = [["Fireball", 4, 0, 4], ["天使のつかさ", 12, 3, 9]]
    laid = _layout(rows, ["name", "need", "have", "missing"], True)
    assert laid == tabulate(rows, headers=["name", "need", "have", "missing"])
    assert laid.splitlines()[3] == "天使のつかさ      12       3          9"
    card = [["name", "Ember Whelp"], ["number", "001"], ["cost", 1], ["text", "Draw a card."]]
    assert _layout(card, None, True) == tabulate(card, tablefmt="plain")


def test_a_cell_of_several_lines_is_laid_out_here_a_line_each():
    rows = [["parse", "gone.txt: no cards found\ngone.txt: line 1: expected a card"], ["x", "y"]]
    laid = _layout(rows, ["rule", "message"], True)
    assert laid == tabulate(rows, headers=["rule", "message"])
    assert laid.splitlines()[3] == "        gone.txt: line 1: expected a card"


def test_cells_tabulate_treats_its_own_way_go_to_tabulate():
    for rows in ([["a", 1.5]], [["a", True]], [["a", None]], [["multi\n line", 1]], [[" padded", 1]], [["x", "1.5"], ["y", "2"]]):
        assert _layout(rows, ["k", "v"], True) is None
        assert table(rows, ["k", "v"]) == tabulate(rows, headers=["k", "v"])


def test_json_is_indented_unless_large_and_always_the_same_values():
    import json

    from deckcli.cli.output import LARGE_JSON, LARGE_TEXT, dump_json

    small = [{"deck": "Ember Rush", "cards": 51, "missing": [{"name": "天使", "need": 4}]}]
    assert dump_json(small) == json.dumps(small, ensure_ascii=False, indent=2)
    assert dump_json([]) == "[]" and dump_json({"a": 1}) == '{\n  "a": 1\n}'
    many = small * (LARGE_JSON + 1)
    assert dump_json(many).splitlines()[1] == '  {"deck": "Ember Rush", "cards": 51, "missing": [{"name": "天使", "need": 4}]},'
    big = [{"problems": ["x" * 100] * (LARGE_TEXT // 100)}]
    assert len(dump_json(big).splitlines()) == 3
    for data in (small, many, big):
        assert json.loads(dump_json(data)) == data
