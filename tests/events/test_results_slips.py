"""The result slips and the pairings sheet as a judge uses them with ``event result --from``: each slip carries its
table's line of a results file, the sheet's footer the command and layout, and the lines as written read back; the
top cut's slips have no drawn-games or drop boxes, their line no drawn games."""

from __future__ import annotations

import html
import json
import re

import pages_support as ps
import rounds_support as rs
from deckcli.events.slips import slips_html
from swiss_support import new_event

_LINE = re.compile(r'<div class="slip" id="slip-(\d+)">.*?<span class="csv">(.*?)</span> <span class="hint">(.*?)</span>',
                   re.S)


def _lines(page: str) -> list[tuple[int, str, str]]:
    """Each slip's table, its results-file line with every blank as ``_``, and the hint beside it."""
    return [(int(t), re.sub(r'<span class="blank"></span>', "_", line), html.unescape(hint))
            for t, line, hint in _LINE.findall(page)]


def test_a_swiss_slip_carries_its_table_line_and_the_sheet_the_layout():
    page = slips_html(ps.event("boa"), rs.whole(), "1")
    assert _lines(page) == [(t, f"{t},_-_-_", "(games won by the first player, by the second, drawn)") for t in (1, 2, 3)]
    assert page.count("Drawn games") == 3 and page.count("<th>Drop</th>") == 3
    footer = html.unescape(re.search(r'<p class="footer">(.*?)</p>', page).group(1))
    assert footer == ("Results: deckcli event result 'Spring Open' 1 --from FILE, one line per table as on the slips:"
                      " table,result, e.g. 1,2-1-0")


def test_a_top_cut_slip_has_no_drawn_games_nor_drop_box():
    page = slips_html(ps.event("boa"), rs.whole(), "top4")
    assert _lines(page) == [(t, f"{t},_-_", "(games won by the first player, by the second)") for t in (1, 2)]
    assert "Drawn games" not in page and "Drop" not in page and page.count('class="box tick"') == 0
    assert "<h1>Pairings — Top 4</h1>" in page and "e.g. 1,2-1</p>" in page


def test_the_slips_lines_as_written_are_what_from_reads_back(run, db, tmp_path):
    new_event(run, db, tmp_path, [f"Player {i}" for i in range(6)])
    tables = json.loads(run("event", "pair", "Spring Open", "--json").stdout)["pairings"]
    assert run("event", "slips", "Spring Open", "-o", tmp_path / "r1.html").exit_code == 0
    lines = _lines((tmp_path / "r1.html").read_text(encoding="utf-8"))
    written = [line.replace("_", str(n), 1).replace("_", "1", 1).replace("_", "0") for n, (_, line, _) in
               zip((2, 0, 1), lines, strict=True)]  # the blanks filled in by hand: 2-1-0, 0-1-0, 1-1-0
    assert written == ["1,2-1-0", "2,0-1-0", "3,1-1-0"]
    (tmp_path / "r1.csv").write_text("\n".join(written) + "\n", encoding="utf-8")
    done = run("event", "result", "Spring Open", "1", "--from", tmp_path / "r1.csv")
    assert done.stdout == f"Round 1: 3 results stored from {tmp_path / 'r1.csv'}.\n", done.output
    shown = json.loads(run("event", "pair", "Spring Open", "--json").stdout)  # round 1 complete: round 2 pairs
    assert shown["round"] == "2" and len(tables) == 3
