"""``deck show`` and ``deckcli curve`` draw one curve: the same buckets, in the same order, for the same deck."""

from __future__ import annotations

import json
import re

import paths  # tests/support/paths.py


def _show_buckets(run, name: str) -> list[tuple[str, int]]:
    shown = run("deck", "show", name, "--json")
    assert shown.exit_code == 0, shown.output
    return [(b["value"], b["cards"]) for b in json.loads(shown.stdout)["curve"]["buckets"]]


def _curve_buckets(run, name: str) -> list[tuple[str, int]]:
    result = run("curve", "--deck", name, "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["distributions"][0]["rows"]
    return [(str(r["bucket"]), r["count"]) for r in rows]


def test_a_cost_curve_has_the_same_buckets_gaps_included(run):
    assert run("deck", "import", paths.EXAMPLES / "ember-rush.txt").exit_code == 0
    expected = [("0", 8), ("1", 11), ("2", 15), ("3", 6), ("4", 3), ("5", 3), ("6", 2), ("7", 0), ("8", 2), ("9", 1)]
    assert _show_buckets(run, "Ember Rush") == _curve_buckets(run, "Ember Rush") == expected
    shown = run("deck", "show", "Ember Rush").stdout
    assert "  6 | ██ 2\n  7 | 0\n  8 | ██ 2\n" in shown
    table = run("curve", "--deck", "Ember Rush").stdout
    assert re.search(r"^ +7 +0 +0\.0% +0\.0%$", table, re.M), table


def test_a_colour_curve_follows_the_games_colour_order_in_both(run):
    assert run("deck", "import", paths.EXAMPLES / "team-shadows.txt").exit_code == 0
    name = "Shadows and Steel"
    assert _show_buckets(run, name) == _curve_buckets(run, name) == [("red", 6), ("yellow", 6), ("blue", 6)]
    shown = run("deck", "show", name).stdout
    assert "Colours (Action Deck)\n     red | ██████ 6\n  yellow | ██████ 6\n    blue | ██████ 6\n" in shown
    table = run("curve", "--deck", name).stdout
    assert [line.split()[0] for line in table.splitlines()[4:7]] == ["red", "yellow", "blue"]


def test_an_event_deck_page_shows_the_same_buckets(run, db, tmp_path):
    import pages_support as ps
    from deckcli.events.site import publish

    ev = ps.event("boa")
    text = (paths.EXAMPLES / "ember-rush.txt").read_text(encoding="utf-8")
    publish(db, ev, [ps.register(db, ev, "Ann", text)], tmp_path / "site")
    page = (tmp_path / "site" / "deck-ann.html").read_text(encoding="utf-8")
    page = page[page.index('<h2 id="curve">Curve: cost</h2>') : page.index("</table>", page.index('id="curve"'))]
    labels = re.findall(r'<th class="n">([^<]*)</th>', page)
    counts = re.findall(r'<td class="n">(\d+)</td>', page)
    assert run("deck", "import", paths.EXAMPLES / "ember-rush.txt").exit_code == 0
    assert list(zip(labels, map(int, counts))) == _curve_buckets(run, "Ember Rush")
